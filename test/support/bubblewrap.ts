import { execFileSync } from 'node:child_process';

/**
 * Whether real bubblewrap can be run here (Linux with `bwrap` on the PATH): the containment tests
 * (D§13) run against it, and say what to install when it is missing (scripts/ensureSystem.mjs
 * installs it for `npm test`).
 */
export const HAVE_BUBBLEWRAP: boolean = (() => {
  if (process.platform !== 'linux') return false;
  try {
    execFileSync('bwrap', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
