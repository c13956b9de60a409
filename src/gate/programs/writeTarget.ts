import type { ReadingShell, Word } from '../reading/resolution';

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
  /**
   * Set for `child` when the entries a glob names are removed by a program that acts on a link
   * itself (`rm`, `rmdir`, `unlink`), never written through: the shell whose default options
   * decide which names the pattern can match (a leading `.` only for a pattern that starts with
   * one), and `deep` when the glob reaches below the folder (a last component `**`, zsh's
   * recursive glob). See docs/decisions.md, "Deleting through a glob in the workspace".
   */
  removed?: { shell: ReadingShell; deep: boolean };
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
 * What a removing program (`rm`, `rmdir`, `unlink`: they act on a link, never through it) deletes
 * for a glob operand: each entry the glob names, as a tree, inside the glob's literal folder
 * (`build/*`, `./*.log`, `src/*.egg-info`). Only the last component may be a pattern: the shell
 * goes through the folders a pattern in the middle matches, a link to anywhere among them
 * (`build/*` followed by `/x`). Two exceptions reach below the folder without going through
 * links (`deep`): a last component `**` (with the default options it is `*`; bash's `globstar` lists the tree
 * without following links since bash 4.3), and, in zsh only, `**` followed by `/PATTERN` (zsh's
 * recursive glob, which does not follow links; bash without `globstar` reads that `**` as `*`).
 * `null` for anything else (a folder that is not plain literal text, a trailing `/`, which makes
 * `rm` go through a link, `.` or `..` after the first pattern): the caller keeps the word
 * unreadable.
 */
export function removedGlobTarget(word: Word, via: string, shell: ReadingShell): WriteTarget | null {
  if (word.kind !== 'opaque' || word.expansions.length === 0 || !word.expansions.every((e) => e === 'glob')) return null;
  if (!/^[A-Za-z0-9._/+@%,=:*?[\]!^-]+$/.test(word.raw) || word.raw.endsWith('/')) return null;
  const parts = word.raw.split('/');
  const first = parts.findIndex((part) => /[*?[]/.test(part));
  if (first < 0) return null;
  const rest = parts.slice(first);
  const last = rest[rest.length - 1]!;
  if (rest.some((part) => part === '' || part === '.' || part === '..')) return null;
  const zshRecursive = shell === 'zsh' && rest.length === 2 && rest[0] === '**' && last !== '**';
  if (rest.length > 1 && !zshRecursive) return null;
  const folder = parts.slice(0, first).join('/') || (word.raw.startsWith('/') ? '/' : '.');
  return { path: folder, via, scope: 'child', childPattern: last, childTree: true, removed: { shell, deep: zshRecursive || last === '**' } };
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
