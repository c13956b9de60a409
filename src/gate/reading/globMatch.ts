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

/** One pattern position: a star, or one character that `test` accepts. */
type GlobToken = { star: true } | { star: false; test: (ch: string) => boolean };

/** The positions of a pattern, read as {@link globMatch} reads it (`caseInsensitive` applied by the caller). */
function globTokens(pattern: string, options: GlobOptions): GlobToken[] {
  const out: GlobToken[] = [];
  for (let p = 0; p < pattern.length; ) {
    const pc = pattern[p]!;
    if (pc === '*') {
      if (!out[out.length - 1]?.star) out.push({ star: true });
      p++;
    } else if (pc === '?') {
      out.push({ star: false, test: () => true });
      p++;
    } else if (pc === '[' && matchBracket(pattern, p, '', options) !== null) {
      const next = matchBracket(pattern, p, '', options)!.next;
      const start = p;
      out.push({ star: false, test: (ch) => matchBracket(pattern, start, ch, options)!.matched });
      p = next;
    } else if (pc === '\\' && options.backslashEscapes && p + 1 < pattern.length) {
      const literal = pattern[p + 1]!;
      out.push({ star: false, test: (ch) => ch === literal });
      p += 2;
    } else {
      out.push({ star: false, test: (ch) => ch === pc });
      p++;
    }
  }
  return out;
}

/** Most positions a pattern may have for {@link globsMeet}; a longer one is taken to meet anything. */
const MAX_MEET_TOKENS = 256;

/**
 * A name (one or more characters, no `/`) that both patterns match, or `null` when there is none:
 * whether a glob can stand for a name that another pattern describes (`x*` and `*.code-workspace`
 * meet in `x.code-workspace`), decided on the patterns, never by listing a folder. `firstNotDot`:
 * the name may not start with `.` (a glob whose pattern does not start with a literal `.`, with
 * the shells' default options). Tried over every printable ASCII character but `/`, one character
 * beyond ASCII and every character either pattern writes, which between them take every branch a
 * class of these patterns has.
 * A pattern of more than {@link MAX_MEET_TOKENS} positions meets everything (answered with `a`).
 * Never throws.
 */
export function globsMeet(a: string, b: string, options: GlobOptions, firstNotDot = false): string | null {
  if (options.caseInsensitive) {
    a = a.toLowerCase();
    b = b.toLowerCase();
  }
  const ta = globTokens(a, options);
  const tb = globTokens(b, options);
  // Every character either pattern names (a literal, a class member or a range's end: two ranges
  // that overlap share one of their ends) besides the sample: a name beyond ASCII (`prøject`) meets too.
  const alphabet = [...new Set([...MEET_ALPHABET, ...`${a}${b}`])].filter((ch) => ch !== '/');
  if (ta.length > MAX_MEET_TOKENS || tb.length > MAX_MEET_TOKENS) return 'a';
  // Breadth first over (position in a, position in b, a character taken yet); the path back is the name.
  const key = (i: number, j: number, started: boolean) => (i * (tb.length + 1) + j) * 2 + (started ? 1 : 0);
  const parent = new Map<number, { from: number; ch: string } | null>();
  const queue: Array<[number, number, boolean]> = [];
  const visit = (i: number, j: number, started: boolean, from: { from: number; ch: string } | null) => {
    const k = key(i, j, started);
    if (parent.has(k)) return;
    parent.set(k, from);
    queue.push([i, j, started]);
  };
  visit(0, 0, false, null);
  for (let q = 0; q < queue.length; q++) {
    const [i, j, started] = queue[q]!;
    const here = key(i, j, started);
    if (i === ta.length && j === tb.length && started) {
      let name = '';
      for (let at: number | undefined = here; ; ) {
        const step: { from: number; ch: string } | null | undefined = parent.get(at);
        if (!step) break;
        name = step.ch + name;
        at = step.from;
      }
      return name;
    }
    // A star may match nothing.
    if (ta[i]?.star) visit(i + 1, j, started, { from: here, ch: '' });
    if (tb[j]?.star) visit(i, j + 1, started, { from: here, ch: '' });
    if (i === ta.length || j === tb.length) continue;
    for (const ch of alphabet) {
      if (!started && firstNotDot && ch === '.') continue;
      const x = ta[i]!;
      const y = tb[j]!;
      if (!x.star && !x.test(ch)) continue;
      if (!y.star && !y.test(ch)) continue;
      visit(x.star ? i : i + 1, y.star ? j : j + 1, true, { from: here, ch });
    }
  }
  return null;
}

const MEET_ALPHABET: readonly string[] = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, k) => String.fromCharCode(0x20 + k)).filter((ch) => ch !== '/'),
  '\u00e9',
];
