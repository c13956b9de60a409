import { strict as assert } from 'node:assert';
import { floorArm } from '../../../support/languageTable';

/**
 * Code in shapes that would make a reader quadratic (nesting, many calls, many strings, nested
 * evals and templates) is read in time that grows about linearly with its size: 64 KiB against
 * 8 KiB of the same shape. Linear growth is 8x, quadratic 64x; the bound (24x, and 15 s at most)
 * leaves room for a loaded machine, which a fixed budget in milliseconds did not (timing figures
 * belong in `npm run bench`; this only guards against a reader that hangs).
 */
describe('code in other languages: hang guard', () => {
  const K = 64 * 1024;
  const shapes: Record<string, (size: number) => string> = {
    'nested calls': (n) => 'f('.repeat(n / 4) + ')'.repeat(n / 4),
    'many process calls': (n) => fill('os.system("echo x");', n),
    'many strings': (n) => fill('"a" + ', n),
    'many f-strings': (n) => fill('f"{x}{y}" ', n),
    brackets: (n) => '['.repeat(n / 2) + ']'.repeat(n / 2),
    'nested evals': (n) => fill('eval("eval(\\"1\\")");', n),
    'member chain': (n) => 'x' + '.y'.repeat(n / 2 - 1) + '()',
    'nested templates': (n) => '`${'.repeat(n / 4) + '}`'.repeat(n / 4),
  };
  const timed = (program: string, code: string): number => {
    const started = performance.now();
    floorArm(`${program} '${code.replace(/'/g, `'\\''`)}'`);
    return performance.now() - started;
  };
  for (const [shape, make] of Object.entries(shapes)) {
    for (const program of ['python3 -c', 'node -e', 'perl -e', 'pwsh -c']) {
      it(`${shape} (${program})`, () => {
        const small = timed(program, make(K / 8));
        const large = timed(program, make(K));
        assert.ok(large < 15_000, `${Math.round(large)} ms for 64 KiB`);
        // Below half a second the fixed costs dominate and a ratio says nothing.
        if (large > 500) assert.ok(large / Math.max(small, 20) < 24, `${Math.round(small)} ms for 8 KiB, ${Math.round(large)} ms for 64 KiB`);
      });
    }
  }
});

function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}
