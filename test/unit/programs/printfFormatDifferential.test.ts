/**
 * printfFormat.ts against the real bash builtin: generated formats and arguments, run in one bash
 * (NUL between outputs). Every answer marked exact must be what bash prints; an inexact one must be
 * rare enough that the floor mostly reads exact text (counted, not frozen).
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { echoEscapes, printfOutput } from '../../../src/gate/programs/printfFormat';

const FORMAT_PIECES = ['rm', ' -rf ', '/', '%s', '%b', '%c', '%d', '%i', '%%', '%5s', '%-4s', '%.2s', '%03d', '\\n', '\\t', '\\\\', '\\x72', '\\162', '\\0101', '\\u00e9', '\\q', '\\', '%', '%f', '%*s', 'a', '~', ' '];
const ARG_PIECES = ['rm', '-rf', '/', '12', '-3', 'x', '\\n', '\\c', '\\0101', '\\x2f', '\\', 'é', ' ', '%s', ''];

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)]!;
}

function generated(count: number, seed: number): string[][] {
  const next = random(seed);
  const cases: string[][] = [];
  for (let n = 0; n < count; n++) {
    const format = Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(FORMAT_PIECES, next)).join('');
    const args = Array.from({ length: Math.floor(next() * 4) }, () => Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(ARG_PIECES, next)).join(''));
    cases.push([format, ...args]);
  }
  return cases;
}

/** Between two outputs: text no generated case can print. */
const SEPARATOR = '<<end-of-case-7f3a>>';

/** What bash prints for each case (printf, or `echo -e` when `echo` is set), in one bash run. */
function bashOutputs(cases: readonly string[][], echo: boolean): string[] {
  const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
  const script = cases.map((words) => `${echo ? 'echo -ne' : 'printf'} ${words.map(quote).join(' ')} 2>/dev/null; printf '%s' '${SEPARATOR}'`).join('\n');
  const run = spawnSync('bash', ['--norc', '--noprofile', '-s'], { input: Buffer.from(script, 'utf8'), timeout: 60_000, env: { LC_ALL: 'C.UTF-8', PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  assert.equal(run.error, undefined);
  // bash wrote bytes; each output is read back as UTF-8 on its own.
  const outputs = run.stdout.toString('latin1').split(SEPARATOR);
  assert.equal(outputs.length, cases.length + 1);
  return outputs.slice(0, -1).map((output) => Buffer.from(output, 'latin1').toString('utf8'));
}

describe('printf format (printfFormat.ts) against bash', function () {
  this.timeout(120_000);

  it('agrees with the bash builtin on every exact answer of 3,000 generated printf lines', () => {
    const cases = generated(3000, 31);
    const outputs = bashOutputs(cases, false);
    let exact = 0;
    const wrong: string[] = [];
    cases.forEach((words, k) => {
      const mine = printfOutput(words);
      assert.ok(mine !== null);
      if (!mine.exact) return;
      exact++;
      if (mine.text !== outputs[k]) wrong.push(`${JSON.stringify(words)}: bash ${JSON.stringify(outputs[k])}, read ${JSON.stringify(mine.text)}`);
    });
    assert.deepEqual(wrong.slice(0, 10), []);
    assert.ok(exact >= 1500, `only ${exact} of ${cases.length} read exactly`);
  });

  it('agrees with bash echo -e on every exact answer of 2,000 generated lines', () => {
    const cases = generated(2000, 7).map((words) => words.filter((word) => !word.startsWith('-')));
    const outputs = bashOutputs(cases, true);
    const wrong: string[] = [];
    cases.forEach((words, k) => {
      const mine = echoEscapes(words);
      if (mine.exact && mine.text !== outputs[k]) wrong.push(`${JSON.stringify(words)}: bash ${JSON.stringify(outputs[k])}, read ${JSON.stringify(mine.text)}`);
    });
    assert.deepEqual(wrong.slice(0, 10), []);
  });

  it('prints nothing for printf -v (it assigns a variable)', () => {
    assert.equal(printfOutput(['-v', 'x', 'rm -rf /']), null);
  });
});
