import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { shellBuiltinNames } from '../../../src/gate/reading/shellBuiltins';

/** The builtin names a real shell reports, or null when the shell is not installed here. */
function realBuiltins(shell: string, script: string): Set<string> | null {
  try {
    return new Set(execFileSync(shell, ['-c', script], { encoding: 'utf8' }).split('\n').filter((name) => name !== ''));
  } catch {
    return null;
  }
}

// The list exempts builtins from the "no row, no safe rating" rule (docs/decisions.md): a name
// listed that is no builtin of either shell would let a program without a row through.
describe('shell builtins (reading/shellBuiltins.ts) against the real shells', () => {
  const bash = realBuiltins('bash', 'compgen -b');
  const zsh = realBuiltins('zsh', 'print -l ${(k)builtins}');

  it('every name listed is a builtin of bash or zsh', function () {
    if (bash === null || zsh === null) this.skip();
    const strays = shellBuiltinNames().filter((name) => !bash!.has(name) && !zsh!.has(name));
    assert.deepEqual(strays, []);
  });

  it('every builtin of bash and zsh is listed', function () {
    if (bash === null || zsh === null) this.skip();
    const listed = new Set(shellBuiltinNames());
    assert.deepEqual([...bash!, ...zsh!].filter((name) => !listed.has(name)).sort(), []);
  });
});
