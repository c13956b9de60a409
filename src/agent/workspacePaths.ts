import { lstat, realpath } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';

/**
 * Confinement of the agent's file tools to the workspace folder. A path the model gives is
 * resolved against the workspace root, then through the file system: `..` that climbs out, an
 * absolute path elsewhere, or a symbolic link (anywhere on the way) that leads out are refused.
 * The check is on real paths, so `link/../..` and links to links are judged by where they land.
 *
 * What this cannot do: stop a process that swaps a folder for a link between the check and the
 * use. The tools narrow that window (they open the checked real path with `O_NOFOLLOW`), and the
 * shell tool — the only way the agent can create such a race — goes through the gate.
 */

/** Longest path accepted from the model. */
export const MAX_PATH_CHARS = 4096;

/** A path inside the workspace, or why it is refused. */
export type ConfinedPath =
  | {
      ok: true;
      /** The real path (links resolved; for a path that does not exist yet, its real parent plus the rest). */
      real: string;
      /** The path as given, resolved against the root without touching the file system. */
      lexical: string;
      /** `real` relative to the real workspace root (`.` for the root itself). */
      relative: string;
      /** Whether something exists at the path. */
      exists: boolean;
      /** The real workspace root. */
      root: string;
    }
  | { ok: false; error: string };

/** The words the tools use when a path leaves the workspace. */
function outside(path: string, root: string): string {
  return `${JSON.stringify(path)} is outside the workspace (${root}); the file tools only reach files inside it.`;
}

/** True when `path` is `root` or below it (both absolute and normalised). */
export function isWithin(path: string, root: string): boolean {
  if (path === root) return true;
  const base = root.endsWith(sep) ? root : root + sep;
  return path.startsWith(base);
}

/**
 * Resolves `requested` inside the workspace.
 * - `mustExist`: a missing path is an error (reading); otherwise the deepest existing ancestor
 *   must lie inside and the rest is appended (writing a new file).
 */
export async function confinePath(workspaceRoot: string, requested: unknown, mustExist: boolean): Promise<ConfinedPath> {
  if (typeof requested !== 'string') return { ok: false, error: 'The path must be a string.' };
  if (requested.includes('\0')) return { ok: false, error: 'The path contains a NUL character, which no file name can hold.' };
  if (requested.length > MAX_PATH_CHARS) return { ok: false, error: `The path is longer than ${MAX_PATH_CHARS} characters.` };
  let root: string;
  try {
    root = await realpath(workspaceRoot);
  } catch {
    return { ok: false, error: `The workspace folder ${JSON.stringify(workspaceRoot)} is not available.` };
  }
  const given = requested === '' ? '.' : requested;
  const lexical = isAbsolute(given) ? normalize(given) : resolve(root, given);
  // The root as configured may itself sit behind a link (`/tmp` on macOS): an absolute path
  // written against either spelling is accepted; the real-path check below decides.
  const configuredRoot = resolve(workspaceRoot);
  const lexicalInside = isWithin(lexical, root) || isWithin(lexical, configuredRoot);
  if (!lexicalInside) return { ok: false, error: outside(requested, root) };

  let real: string;
  let exists = true;
  try {
    real = await realpath(lexical);
  } catch (error) {
    if (!isMissing(error)) return { ok: false, error: `${JSON.stringify(requested)} cannot be read: ${errorText(error)}.` };
    // A dangling link is not "missing": writing through it would create its target, wherever that is.
    if (await isLink(lexical)) return { ok: false, error: `${JSON.stringify(requested)} is a symbolic link whose target does not exist; the file tools do not follow it.` };
    if (mustExist) return { ok: false, error: `${JSON.stringify(requested)} does not exist in the workspace.` };
    exists = false;
    const parent = await deepestExisting(lexical);
    if (!parent.ok) return { ok: false, error: `${JSON.stringify(requested)} cannot be reached: ${parent.error}.` };
    real = parent.rest.length > 0 ? join(parent.real, ...parent.rest) : parent.real;
  }
  if (!isWithin(real, root)) return { ok: false, error: `${outside(requested, root)} (It leads through a symbolic link to ${real}.)` };
  return { ok: true, real, lexical, relative: relative(root, real) || '.', exists, root };
}

/** The real path of the deepest ancestor of `path` that exists, and the names below it. */
async function deepestExisting(path: string): Promise<{ ok: true; real: string; rest: string[] } | { ok: false; error: string }> {
  const rest: string[] = [];
  let current = path;
  for (;;) {
    const parent = resolve(current, '..');
    rest.unshift(current.slice(parent === sep ? 1 : parent.length + 1));
    if (parent === current) return { ok: false, error: 'no part of it exists' };
    try {
      const real = await realpath(parent);
      return { ok: true, real, rest };
    } catch (error) {
      if (!isMissing(error)) return { ok: false, error: errorText(error) };
      if (await isLink(parent)) return { ok: false, error: 'a folder on the way is a symbolic link whose target does not exist' };
      current = parent;
    }
  }
}

async function isLink(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isSymbolicLink();
  } catch {
    return false;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A file-system error in a few words (the code and the system's message, no stack). */
export function errorText(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const message = typeof e?.message === 'string' ? e.message.split('\n', 1)[0]! : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
