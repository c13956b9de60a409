import type { Redirect } from '../reading/resolution';
import { textOf } from './grammar';
import { targetOf, type WriteTarget } from './writeTarget';

/**
 * Redirect targets (D§4.2, D§7): the file an output redirect writes, or nothing for input
 * redirects, descriptor duplications and the harmless sinks (`/dev/null`, `/dev/stderr`, …).
 * Apart from the program targets because allow matching asks about redirects alone (whether an
 * entry needs `writes: true`), and the write floor asks about both.
 */

/** Output redirect targets that write nothing a later command could read (D§4.2). */
const HARMLESS_SINKS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/fd/1', '/dev/fd/2']);

/**
 * The path an output redirect writes, or `undefined` when it writes nothing (input redirects,
 * fd duplications such as `2>&1` and `>&-`, harmless sinks).
 */
export function redirectWrite(redirect: Redirect): WriteTarget | undefined {
  const { op, target } = redirect;
  if (op === '<') return undefined;
  const value = textOf(target);
  if (op === '>&' || op === '<&') {
    // `>&2`, `2>&1`, `>&-`, `3<&0` duplicate or close a descriptor. `<&word` with anything
    // else is an error; `>&word` with a file name writes that file (like `&>word`).
    if (value !== null && /^(\d+-?|-)$/.test(value)) return undefined;
    if (op === '<&') return undefined;
  }
  if (value !== null && HARMLESS_SINKS.has(value)) return undefined;
  return targetOf(target, `redirect ${op}`);
}
