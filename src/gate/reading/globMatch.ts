/**
 * Shell pattern matching (`*`, `?`, `[…]`) of one whole name, for the floors that ask which
 * names a glob word can stand for: the hardline floor (does `/*` or `/[a-z]*` reach a system
 * folder?) and the write floor (can `cp x dir/*.json` land on a protected name?). One matcher;
 * the two callers differ only in the three {@link GlobOptions} below, each of which says why.
 *
 * No extglob, no `[:class:]` forms, no locale collation: a range compares UTF-16 code units.
 * Linear in name length times pattern length (one star is backtracked to at a time), so a
 * pattern of thousands of stars stays fast.
 */

/** How a pattern is read. */
export interface GlobOptions {
  /**
   * Compare without regard to case: pattern and name are lower-cased whole before matching
   * (so `[A-Z]` is read as `[a-z]`). For a floor that must not miss on a case-insensitive
   * file system (macOS, Windows).
   */
  readonly caseInsensitive: boolean;
  /**
   * A backslash quotes the next pattern character (`\*` is a star), as in bash. When false a
   * backslash is an ordinary character to match. Inside `[…]` a backslash is always ordinary.
   */
  readonly backslashEscapes: boolean;
  /**
   * A `]` straight after `[!` or `[^` is a member of the class, as it is straight after `[`
   * (bash, POSIX): `[!]]` is "not `]`". When false, that `]` closes the class, so `[!]` is a
   * whole class with no members, negated: any one character. The two readings differ only for
   * patterns with a `]` right after the negation.
   */
  readonly bracketAfterNegationIsMember: boolean;
}

/** Bash's own pattern matching (case kept, backslash escapes, POSIX brackets). */
export const BASH_PATTERN: GlobOptions = Object.freeze({
  caseInsensitive: false,
  backslashEscapes: true,
  bracketAfterNegationIsMember: true,
});

/**
 * Whether `pattern` matches the whole of `name`. A `[` without a closing `]` is an ordinary
 * character. A leading dot is matched by `*` and `?` like any character: callers that care about
 * `dotglob` decide before asking. Never throws.
 */
export function globMatch(pattern: string, name: string, options: GlobOptions): boolean {
  if (options.caseInsensitive) {
    pattern = pattern.toLowerCase();
    name = name.toLowerCase();
  }
  let p = 0;
  let s = 0;
  // The last star seen and the name position it was tried from: on a mismatch the star takes
  // one more character and matching resumes after it.
  let starP = -1;
  let starS = 0;
  while (s < name.length) {
    if (p < pattern.length) {
      const pc = pattern[p]!;
      if (pc === '*') {
        starP = p++;
        starS = s;
        continue;
      }
      if (pc === '?') {
        p++;
        s++;
        continue;
      }
      if (pc === '[') {
        const cls = matchBracket(pattern, p, name[s]!, options);
        if (cls !== null) {
          if (cls.matched) {
            p = cls.next;
            s++;
            continue;
          }
        } else if (name[s] === '[') {
          p++;
          s++;
          continue;
        }
      } else if (pc === '\\' && options.backslashEscapes && p + 1 < pattern.length) {
        if (pattern[p + 1] === name[s]) {
          p += 2;
          s++;
          continue;
        }
      } else if (pc === name[s]) {
        p++;
        s++;
        continue;
      }
    }
    if (starP === -1) return false;
    p = starP + 1;
    s = ++starS;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** A `[…]` class at `start`: whether `ch` is in it and where it ends; null when unterminated. */
function matchBracket(pattern: string, start: number, ch: string, options: GlobOptions): { matched: boolean; next: number } | null {
  let i = start + 1;
  const negate = pattern[i] === '!' || pattern[i] === '^';
  if (negate) i++;
  let matched = false;
  // Whether the character at `i` is a member even when it is `]` (see the option).
  let first = !negate || options.bracketAfterNegationIsMember;
  while (i < pattern.length && (first || pattern[i] !== ']')) {
    first = false;
    const lo = pattern[i]!;
    if (pattern[i + 1] === '-' && i + 2 < pattern.length && pattern[i + 2] !== ']') {
      const hi = pattern[i + 2]!;
      if (ch >= lo && ch <= hi) matched = true;
      i += 3;
    } else {
      if (ch === lo) matched = true;
      i++;
    }
  }
  if (i >= pattern.length) return null;
  return { matched: matched !== negate, next: i + 1 };
}
