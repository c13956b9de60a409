/**
 * The tokens the Python and JavaScript tokenizers give the code reader (reader.ts): string
 * literals decoded (f-strings and template literals with their interpolated expressions as token
 * lists of their own), names (NFKC-folded, as Python folds identifiers; JavaScript `\u` escapes in
 * names decoded), numbers and punctuation. Comments are dropped.
 */

/** A piece of an f-string or a template literal: literal text, or the tokens of an interpolation. */
export type StringPart = string | readonly Token[];

export type Token =
  | { kind: 'name'; value: string; start: number }
  | {
      kind: 'string';
      /** The decoded literal text (interpolations left out). */
      value: string;
      start: number;
      /** Set for f-strings and templates: literal text and interpolations in order. */
      parts?: readonly StringPart[];
      /** A JavaScript regular expression literal's body, or a Python bytes literal. */
      flavour?: 'regex' | 'bytes';
    }
  | { kind: 'number'; value: string; start: number }
  | { kind: 'punct'; value: string; start: number };

/** What a tokenizer gives back: the tokens, and whether it met text it could not read exactly. */
export interface Tokens {
  tokens: Token[];
  /** An unterminated string or comment, or a character no token starts with: set, the reader is approximate. */
  unreadable: string | null;
}

/** Multi-character operators both languages share enough of for the reader (it only needs `=`, `==`, `=>`, `.`, `?.`). */
export const OPERATORS = ['===', '!==', '**=', '...', '>>>', '?.', '=>', '==', '!=', '<=', '>=', '+=', '-=', '*=', '/=', '%=', '&&', '||', '??', '**', '//', '->', ':=', '<<', '>>'];

/** Reads one operator or punctuation character at `i`. */
export function operatorAt(src: string, i: number): string {
  for (const op of OPERATORS) if (src.startsWith(op, i)) return op;
  return src[i]!;
}

/** Decodes `\x..`, `\u....`, `\u{…}`, `\U........` escapes' hex digits; null when malformed. */
export function hexChar(hex: string): string | null {
  if (!/^[0-9a-fA-F]+$/.test(hex)) return null;
  const code = parseInt(hex, 16);
  if (code > 0x10ffff) return null;
  return String.fromCodePoint(code);
}

/**
 * Verbs of deleting, as words of a name (docs/decisions.md "Names that say they delete, or name the
 * home folder"): a library's own deletion call that no language row lists (`deleteTreeAbsolute`,
 * `rmdir_rf`, `del_tree`, `remove_all`) is read as the listed ones are. Moving to a trash can is
 * left out: it can be undone.
 */
export const DELETING_VERBS: ReadonlySet<string> = new Set(['delete', 'del', 'remove', 'rm', 'rmdir', 'rmtree', 'deltree', 'rimraf', 'erase', 'destroy', 'purge', 'wipe', 'unlink', 'nuke']);

/** The words of a name: split at `_`, `-`, `!` and lower-to-upper case changes, lower-cased (`deleteTreeAbsolute` → delete, tree, absolute). */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[_\-!\s]+/)
    .filter((word) => word !== '');
}

/**
 * Words that say the deletion takes a whole tree or what a path holds (`remove_tree`, `deleteSync`,
 * `removeAll`, `rm_rf`): with a deleting verb, a name the exact readers read as a recursive
 * deletion of its path (docs/decisions.md "Names that say they delete, in Python and JavaScript").
 */
const TREE_WORDS: ReadonlySet<string> = new Set(['tree', 'dir', 'dirs', 'directory', 'directories', 'folder', 'folders', 'file', 'files', 'path', 'paths', 'all', 'recursive', 'recursively', 'rf', 'r', 'sync', 'force', 'contents', 'everything']);
/** Verbs that already say a whole tree. */
const TREE_VERBS: ReadonlySet<string> = new Set(['rmtree', 'deltree', 'rimraf']);

/**
 * A name that says it deletes a tree: a deleting verb with a word of {@link TREE_WORDS}, written
 * apart (`delete_tree`, `deleteSync`) or run together (`removetree`, `rmdirs`), or a verb that says
 * a tree alone (`rimraf`). A bare verb (`delete`, `remove`: an HTTP route, a list's item, a map's
 * key) and a verb with another noun (`removeprefix`, `removeListener`) are no such name.
 */
export function saysItDeletes(name: string): boolean {
  const words = nameWords(name);
  if (words.some((word) => TREE_VERBS.has(word))) return true;
  for (const [k, word] of words.entries()) {
    if (DELETING_VERBS.has(word) && words.some((other, j) => j !== k && TREE_WORDS.has(other))) return true;
    for (const verb of DELETING_VERBS) if (word.length > verb.length && word.startsWith(verb) && TREE_WORDS.has(word.slice(verb.length))) return true;
  }
  return false;
}
