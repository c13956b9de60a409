import { strict as assert } from 'node:assert';
import { floorArm } from '../../../support/languageTable';

/**
 * 64 KiB of code in shapes that would make a reader quadratic (nesting, many calls, many strings,
 * nested evals and templates) is read in well under the time a decision may take.
 */
describe('code in other languages: hang guard', () => {
  const K = 64 * 1024;
  const fill = (unit: string): string => unit.repeat(Math.ceil(K / unit.length)).slice(0, K);
  const shapes: Record<string, string> = {
    'nested calls': 'f('.repeat(K / 4) + ')'.repeat(K / 4),
    'many process calls': fill('os.system("echo x");'),
    'many strings': fill('"a" + '),
    'many f-strings': fill('f"{x}{y}" '),
    brackets: '['.repeat(K / 2) + ']'.repeat(K / 2),
    'nested evals': fill('eval("eval(\\"1\\")");'),
    'member chain': 'x' + '.y'.repeat(K / 2 - 1) + '()',
    'nested templates': '`${'.repeat(K / 4) + '}`'.repeat(K / 4),
  };
  for (const [shape, code] of Object.entries(shapes)) {
    for (const program of ['python3 -c', 'node -e', 'perl -e', 'pwsh -c']) {
      it(`${shape} (${program})`, () => {
        const started = Date.now();
        floorArm(`${program} '${code.replace(/'/g, `'\\''`)}'`);
        const elapsed = Date.now() - started;
        assert.ok(elapsed < 2000, `${elapsed} ms`);
      });
    }
  }
});
