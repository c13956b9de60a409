/**
 * Brace expansion of a plain word, exactly as bash and zsh make it with their default options
 * (docs/decisions.md, "A brace word is the words it makes"). A word such as `x.txt{,.bak}` or
 * `{src,.git/hooks}/x` is several arguments once the shell has expanded it: a row that read it
 * as one word would count `cp x{,.bak}` as one operand and miss the file it writes. The resolver
 * hands the words this makes to every later stage instead of the one opaque word.
 *
 * Only the form both shells expand the same way is read; anything else stays one opaque word,
 * taken at its worst by the floors:
 * - the word is unquoted plain text (letters, digits, `._/+@%,=:-`, the braces and the globs `*`
 *   and `?`): no quotes, escapes, expansions, tildes or brackets;
 * - every `{` is closed by a `}` before the next `{` (no nesting), every group holds a `,` and no
 *   `..` (sequences), and no `}` stands outside a group;
 * - no word it makes is empty (bash drops an empty word, zsh passes it on) or starts with `=`
 *   (zsh's EQUALS makes `=ls` the path of `ls`);
 * - it makes at most {@link MAX_BRACE_WORDS} words.
 * Proven against the real bash and zsh in `test/unit/reading/braces.test.ts`.
 */

/** Most words one brace word is unfolded into; a longer product stays one opaque word. */
export const MAX_BRACE_WORDS = 64;

/** The characters of a word this reader unfolds. */
const PLAIN_BRACE_WORD = /^[A-Za-z0-9._/+@%,=:*?{}-]+$/;

/**
 * The words the shell makes of `text`, left to right, or `null` when `text` has no brace group or
 * is not a word both shells expand the same way (see the module comment).
 */
export function braceWords(text: string): string[] | null {
  if (!PLAIN_BRACE_WORD.test(text) || !text.includes('{')) return null;
  // The word as literal pieces and groups of alternatives, in order.
  const pieces: Array<string | string[]> = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    const strayClose = text.indexOf('}', at);
    if (strayClose >= 0 && (open < 0 || strayClose < open)) return null;
    if (open < 0) {
      pieces.push(text.slice(at));
      break;
    }
    const close = text.indexOf('}', open + 1);
    if (close < 0) return null;
    const inner = text.slice(open + 1, close);
    if (inner.includes('{') || !inner.includes(',') || inner.includes('..')) return null;
    pieces.push(text.slice(at, open), inner.split(','));
    at = close + 1;
  }
  let words = [''];
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      words = words.map((word) => word + piece);
      continue;
    }
    if (words.length * piece.length > MAX_BRACE_WORDS) return null;
    words = words.flatMap((word) => piece.map((alternative) => word + alternative));
  }
  if (words.some((word) => word === '' || word.startsWith('='))) return null;
  return words;
}
