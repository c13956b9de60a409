/**
 * `batch` encodes its answer lines into one buffer per event-loop turn (`LineWriter`). What
 * reaches stdout must be exactly `line + "\n"` in UTF-8 for every line, in order, whatever the
 * lines hold (non-ASCII, astral characters, empty lines) and however the buffer fills (lines
 * that just fit, lines bigger than the buffer); a buffer handed to the sink must never change
 * afterwards; and nothing may wait past the next turn of the event loop.
 */
import { strict as assert } from 'node:assert';
import { LineWriter } from '../../../src/cli/lineWriter';
import { Prng } from '../../support/commandGenerator';

const PIECES = ['a', '{"id":1}', ' ', '"', '\\', 'é', '€', '😀', '\u2028', '\t', 'x'.repeat(40)];

function randomLine(random: Prng): string {
  let line = '';
  const n = random.chance(0.1) ? 0 : random.int(1, random.chance(0.1) ? 120 : 12);
  for (let i = 0; i < n; i++) line += random.pick(PIECES);
  return line;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batch line writer', () => {
  it('hands the sink exactly each line and a newline, in order, for 300 random runs through small buffers', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = new Prng(seed);
      const capacity = random.int(1, 400);
      const received: Buffer[] = [];
      const snapshots: Buffer[] = [];
      const writer = new LineWriter((bytes) => {
        received.push(bytes);
        snapshots.push(Buffer.from(bytes));
      }, capacity);
      const lines: string[] = [];
      const count = random.int(0, 60);
      for (let i = 0; i < count; i++) {
        const line = randomLine(random);
        lines.push(line);
        writer.write(line);
        if (random.chance(0.1)) writer.flush();
      }
      writer.flush();
      const expected = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
      assert.deepEqual(Buffer.concat(received), expected, `seed ${seed}, capacity ${capacity}`);
      // Later writes never reach into a buffer the sink already has.
      received.forEach((bytes, k) => assert.deepEqual(bytes, snapshots[k], `seed ${seed}: buffer ${k} changed after it was handed over`));
      assert.ok(received.every((bytes) => bytes.length > 0), `seed ${seed}: an empty write`);
    }
  });

  it('writes a line longer than the buffer whole, after the lines before it', () => {
    const received: string[] = [];
    const writer = new LineWriter((bytes) => received.push(bytes.toString('utf8')), 16);
    writer.write('first');
    writer.write('é'.repeat(30));
    writer.write('last');
    writer.flush();
    assert.deepEqual(received, ['first\n', `${'é'.repeat(30)}\n`, 'last\n']);
  });

  it('holds lines until the event loop turns, then writes them in one go', async () => {
    const received: string[] = [];
    const writer = new LineWriter((bytes) => received.push(bytes.toString('utf8')));
    writer.write('one');
    writer.write('two');
    assert.deepEqual(received, [], 'written before the turn ended');
    await turn();
    assert.deepEqual(received, ['one\ntwo\n']);
    writer.write('three');
    await turn();
    assert.deepEqual(received, ['one\ntwo\n', 'three\n']);
    writer.flush();
    assert.equal(received.length, 2, 'an empty flush wrote something');
  });

  it('writes at once when the buffer fills, without waiting for the turn', () => {
    const received: string[] = [];
    const writer = new LineWriter((bytes) => received.push(bytes.toString('utf8')), 32);
    for (let i = 0; i < 10; i++) writer.write(`line ${i}`);
    assert.ok(received.length > 0, 'nothing written although the buffer filled');
    writer.flush();
    assert.equal(received.join(''), Array.from({ length: 10 }, (_, i) => `line ${i}\n`).join(''));
  });
});
