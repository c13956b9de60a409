import type { Word } from '../reading/resolution';

/**
 * One place a command writes ({@link WriteTarget}), and how a word of the command becomes one:
 * its path when the gate can read it, the folder and name pattern of a plain glob, else an
 * unreadable target with the word's source. Shared by the redirect targets
 * (`redirectTargets.ts`) and the program targets (`writeTargets.ts`); what a target means for
 * the floors is `preflight/protectedWrite.ts`'s business.
 */

/** One place a command writes. */
export interface WriteTarget {
  /**
   * The path as bash passes it (a leading `~` already expanded by the resolver), relative to the
   * working directory unless absolute; `null` when the word is opaque (`> $F`, `tee "$OUT"`)
   * or the program picks the name itself.
   */
  path: string | null;
  /** What writes it: `redirect >`, `tee`, `cp`, `sed -i`, `git config`, … */
  via: string;
  /**
   * How much is written at `path`:
   * - `file` (default): the path itself;
   * - `tree`: a directory tree, anything below `path` may be written;
   * - `new-tree`: a tree, but only if `path` does not exist yet (`cp -r src dest`: an existing
   *   `dest` gets `dest/src` instead, which is listed as its own target);
   * - `child`: an entry of unknown name directly inside the directory `path` (a glob or a
   *   variable was copied there); `childPattern` narrows the name when it came from a glob.
   */
  scope?: 'file' | 'tree' | 'new-tree' | 'child';
  /** For `child`: a glob the unknown name matches; absent when it may be any name. */
  childPattern?: string;
  /** For `child` and trees: the unknown entry may itself be a directory tree. */
  childTree?: boolean;
  /** The word as written, when `path` is `null` (for the card: `$OUT`). */
  source?: string;
}

/** A target for a word: its path, or `null` with the word's source when the gate cannot read it. */
export function targetOf(word: Word, via: string, extra: Partial<WriteTarget> = {}): WriteTarget {
  const path = pathText(word);
  if (path !== null) return { path, via, ...extra };
  // `sed -i … src/*.ts`: the folder is known and the glob limits the names written in it.
  const glob = globParts(word);
  if (glob && extra.scope === undefined) return { path: glob.folder, via, scope: 'child', childPattern: glob.pattern };
  return { path: null, via, source: word.raw, ...extra };
}

/**
 * A glob word whose only glob characters are in its last component (`src/*.ts`, `*.json`):
 * the literal folder and the pattern of the names. `null` for anything else (globs in folder
 * components, quotes, escapes, variables, braces).
 */
function globParts(word: Word): { folder: string; pattern: string } | null {
  if (word.kind !== 'opaque' || !word.expansions.every((e) => e === 'glob')) return null;
  const slash = word.raw.lastIndexOf('/');
  const folder = slash < 0 ? '.' : word.raw.slice(0, slash) || '/';
  const pattern = word.raw.slice(slash + 1);
  if (!/^[A-Za-z0-9._/~+@%,=:-]*$/.test(folder) || folder.startsWith('~')) return null;
  if (!/^[A-Za-z0-9._*?[\]!^@%+,=:-]+$/.test(pattern)) return null;
  return { folder, pattern };
}

/**
 * The path a word names. Besides literal words this reads a plain word whose only expansion is a
 * tilde after `=` or `:` (`of=~/.profile`): bash may or may not expand that tilde, and the
 * expanded reading (`~/` = the home folder) is the one that can reach a protected path.
 */
export function pathText(word: Word): string | null {
  if (word.kind === 'literal') return word.value;
  if (word.expansions.length > 0 && word.expansions.every((e) => e === 'tilde') && /^[A-Za-z0-9_.,:=+@%~\/-]+$/.test(word.raw)) {
    return word.raw;
  }
  return null;
}
