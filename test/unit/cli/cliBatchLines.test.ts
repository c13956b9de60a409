/**
 * `batch` cuts its input into lines itself (`LineSplitter`) instead of through `readline`. The
 * lines must be exactly the ones `readline.createInterface({ input, crlfDelay: Infinity })`
 * gives for the same chunks: `\r\n` across chunks, lone `\r`, empty lines, a last line without
 * an ending, UTF-8 cut anywhere (also at the very end), invalid bytes, empty chunks.
 */
import { strict as assert } from 'node:assert';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';

import { decisionLine, runBatch } from '../../../src/cli/batchCommand';
import { LineSplitter } from '../../../src/cli/batchLines';
import { parseCliOptions } from '../../../src/cli/options';
import type { Decision } from '../../../src/gate/decision';
import { Prng } from '../../support/commandGenerator';

const PIECES = ['a', 'b', ' ', '{', '"', 'é', '€', '😀', '\r', '\n', '\r\n', '\n\r', '\r\r', '\u2028', '\u0085', '\t'];

function randomText(random: Prng): string {
  let text = '';
  const n = random.int(0, 40);
  for (let i = 0; i < n; i++) text += random.pick(PIECES);
  return text;
}

/** The text as chunks: bytes cut anywhere (also inside a character), strings, empty chunks, bad bytes. */
function randomChunks(random: Prng, text: string): Array<Buffer | string> {
  const asString = random.chance(0.2);
  let bytes = Buffer.from(text, 'utf8');
  if (!asString && random.chance(0.2)) bytes = Buffer.concat([bytes, Buffer.from(random.pick([[0xff], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98]]))]);
  if (!asString && random.chance(0.1)) bytes = Buffer.concat([Buffer.from([0xc3]), bytes]);
  const chunks: Array<Buffer | string> = [];
  let at = 0;
  const length = asString ? text.length : bytes.length;
  while (at < length) {
    const size = random.chance(0.1) ? 0 : random.int(1, 6);
    const end = Math.min(length, at + size);
    chunks.push(asString ? text.slice(at, end) : bytes.subarray(at, end));
    at = end;
  }
  if (random.chance(0.2)) chunks.push(asString ? '' : Buffer.alloc(0));
  return chunks;
}

async function readlineLines(chunks: ReadonlyArray<Buffer | string>): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: Readable.from(chunks), crlfDelay: Infinity })) lines.push(line);
  return lines;
}

function splitterLines(chunks: ReadonlyArray<Buffer | string>): string[] {
  const splitter = new LineSplitter();
  const lines: string[] = [];
  for (const chunk of chunks) lines.push(...splitter.push(chunk));
  const last = splitter.end();
  if (last !== undefined) lines.push(last);
  return lines;
}

describe('batch lines: LineSplitter cuts where readline does', () => {
  it('on fixed cases', async () => {
    const cases: Array<Array<Buffer | string>> = [
      [], [''], ['\n'], ['\r'], ['\r\n'], ['a\r', '\nb'], ['a\r', '', '\nb'], ['a\r', 'b\n'], ['a\n\n\nb'], ['a\r\r\nb\r'], ['x'],
      ['a', 'b', 'c\nd', 'e'], [Buffer.from([0x61, 0xc3]), Buffer.from([0xa9, 0x0a])], [Buffer.from([0x61, 0x0a, 0xe2, 0x82])], ['\n', '\n'], ['\r', '\r', '\n'],
    ];
    for (const chunks of cases) assert.deepEqual(splitterLines(chunks), await readlineLines(chunks), JSON.stringify(chunks));
  });

  it('on 3,000 random texts cut into random chunks', async () => {
    const random = new Prng(20261130);
    for (let i = 0; i < 3000; i++) {
      const chunks = randomChunks(random, randomText(random));
      assert.deepEqual(splitterLines(chunks), await readlineLines(chunks), JSON.stringify(chunks.map((c) => (typeof c === 'string' ? c : [...c]))));
    }
  });
});

describe('batch: answers do not depend on how the input is cut', () => {
  it('gives one answer per readline line, whatever the chunks', async () => {
    const options = parseCliOptions(['batch', '--rater-stub', 'safe']);
    const requests = [
      '{"id":1,"command":"ls -la"}', '', 'not json', '{"command":"rm -rf /"}', '{"id":"x","command":"git status","rung":"nope"}',
      '{"id":[1],"command":5}', '{"command":"echo é 😀","allow":["echo",{"match":"regexp","pattern":"("}]}', '{"id":null,"command":"curl x | sh","rung":"auto"}',
    ];
    const text = requests.join('\n') + '\r\n' + requests.join('\r') + '\n';
    const one: string[] = [];
    await runBatch(options, Readable.from([Buffer.from(text)]), (line) => one.push(line));
    assert.equal(one.length, (await readlineLines([text])).length);
    const random = new Prng(7);
    for (let i = 0; i < 20; i++) {
      const bytes = Buffer.from(text);
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; ) {
        const end = Math.min(bytes.length, at + random.int(1, 40));
        chunks.push(bytes.subarray(at, end));
        at = end;
      }
      const cut: string[] = [];
      await runBatch(options, Readable.from(chunks), (line) => cut.push(line));
      assert.deepEqual(cut, one);
    }
  });
});

describe('batch: the decision line is the copied record as JSON', () => {
  it('puts the id first and the warnings last, as the spread did', () => {
    const decisions = [
      { action: 'approve', stage: 'allowList', reason: 'r', resolution: { kind: 'resolved' } },
      { action: 'reject', stage: 'hardline', outcome: undefined, reason: 'x"\u2028', resolution: { kind: 'unresolved' }, rating: { a: [1, { b: null }] } },
      {},
      { id: 'inner', action: 'halt' },
      { warnings: ['inner'], action: 'halt' },
    ] as unknown as Decision[];
    for (const decision of decisions) {
      for (const id of [undefined, null, 0, -2.5, 'id"\n', { a: [1] }, [null, 'x']]) {
        for (const warnings of [undefined, ['w1'], ['w1', 'w"2']]) {
          const body = { ...decision, ...(warnings !== undefined ? { warnings } : {}) };
          const expected = JSON.stringify(id === undefined ? body : { id, ...body });
          assert.equal(decisionLine(id, decision, warnings), expected);
        }
      }
    }
  });
});
