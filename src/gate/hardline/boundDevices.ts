/**
 * A host's devices bound into a container under another folder (`-v /dev:/mnt/dev`, `-b /:/h`):
 * a device path of the container below such a bind is the host's device (D§5, docs/decisions.md
 * "A program without a row binds the host folders its words spell"). The device arms read device
 * words as written, so the words are given to them as the host's paths.
 */
import type { Word } from '../reading/resolution';
import type { PathPlace } from '../programs/pathResolver';

/** The host's /dev and everything below it. */
const HOST_DEVICES = /^\/dev(?:\/|$)/;

/**
 * `args` with each path (a whole word, or the value of `KEY=`/`--opt=`) that lies below a bind
 * landing in the host's /dev written as that host path; null when none does (nothing to read again).
 */
export function devicesThroughBinds(args: readonly Word[], place: PathPlace): Word[] | null {
  const mounts = place.mounts ?? [];
  if (mounts.length === 0) return null;
  let changed = false;
  const out = args.map((word): Word => {
    if (word.kind !== 'literal') return word;
    const eq = /^(?:--?)?[A-Za-z][\w-]*=/.exec(word.value);
    const prefix = eq === null ? '' : eq[0];
    const path = word.value.slice(prefix.length);
    if (!path.startsWith('/')) return word;
    for (const mount of mounts) {
      if (mount.readOnly === true || (path !== mount.inside && !path.startsWith(`${mount.inside}/`))) continue;
      const host = (mount.host === '/' ? '' : mount.host) + path.slice(mount.inside === '/' ? 0 : mount.inside.length);
      if (!HOST_DEVICES.test(host) || host === path) return word;
      changed = true;
      const value = prefix + host;
      return { kind: 'literal', value, raw: value };
    }
    return word;
  });
  return changed ? out : null;
}
