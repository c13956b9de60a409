/**
 * Containers and VMs that reach the host (D§5, docs/decisions.md "Containers and VMs reach the
 * host"): a command run inside a container is judged by where its paths land on this machine (the
 * path resolver's `containerRun`/`placeInside` map them through the runner's binds). Its redirects
 * are read the same way: `-v /proc:/hp … sh -c 'echo o > /hp/sysrq-trigger'` writes the host's
 * SysRq trigger, `-v /dev:/d … > /d/sda` the host's disk. A truncating redirect onto a bound
 * critical file (`-v /etc:/e … : > /e/passwd`) is the one truncation arm's
 * (protectedTrees.ts `checkRedirectedFiles`), whose `criticalFileTarget` reads through the binds.
 */
import type { PathPlace } from '../programs/pathResolver';
import { landingPaths } from '../programs/pathResolver';
import type { Redirect } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { literalText } from './commandName';
import { isRawBlockDevicePath } from './paths';

/** Output redirects of a command inside a container, read at the host paths they land on. */
export function checkMappedRedirects(redirects: readonly Redirect[], place: PathPlace): HardlineFinding | null {
  if (place.mounts === undefined || place.mounts.length === 0) return null;
  for (let k = 0; k < redirects.length; k++) {
    const redirect = redirects[k]!;
    if (redirect.op === '<' || redirect.op === '<&' || redirect.op === '>&') continue;
    const text = literalText(redirect.target);
    if (text === null || !text.startsWith('/')) continue;
    for (const path of landingPaths(text, place, true).paths) {
      if (path === '/proc/sysrq-trigger') return hardlineFinding('shutdown', `a write to /proc/sysrq-trigger of the host (${text} lands there)`);
      if (isRawBlockDevicePath(path, true)) return hardlineFinding('raw-device-write', `a redirect (${redirect.op}) writing to the host's ${path} (${text} lands there)`);
    }
  }
  return null;
}
