import type { PatternItem, PatternWord } from './listEntry';
import type { Word } from '../reading/resolution';

/**
 * Word patterns (D§6): how a prefix or glob entry's words meet a run of argv words, and the argv
 * text that regexp and exact entries see. Both directions of list matching use them: allow with
 * case kept and opaque words matching nothing (`allowMatcher.ts`), deny and escalate case-folded
 * with an opaque word standing for any run of words (`blockingMatcher.ts`). The options say which;
 * the matching itself is one automaton, linear on any input.
 *
 * The argv text that regexp and exact entries see for a segment is its literal words joined by
 * single spaces, each word left bare when it is made only of `A-Z a-z 0-9 _ @ % + = : , . / -`
 * and single-quoted otherwise (`git commit -m 'fix: a b'`). Assignments and redirects are not part
 * of that text: they are judged separately (harmless names, `writes`).
 */

/**
 * A word of rough text that contains an expansion (`$GIT`, `*`, a backtick): it stands for one
 * word the gate cannot read. (An opaque word of a resolved command, `null`, may stand for any run
 * of words; rough text is already split too finely for that to mean anything.)
 */
export const ANY_ONE_WORD = Symbol('any one word');
export type RunWord = string | null | typeof ANY_ONE_WORD;

export interface WordMatchOptions {
  /** The pattern must consume the whole run (glob), or only a prefix of it (prefix). */
  anchorEnd: boolean;
  /** The pattern may also start anywhere in the run (rough text). */
  contained: boolean;
  /** Compare in lower case; the caller then passes runs whose words are already lower-cased. */
  caseInsensitive: boolean;
  /** An opaque word may stand for any run of words (deny); otherwise it matches nothing (allow). */
  opaqueMatchesAnything: boolean;
  home: string;
}

/** Pattern items with their literal pieces ready to compare (home folder filled in, case folded). */
export interface WordPattern {
  items: readonly PatternItem[];
  /** Per item: the pieces of a word, or null for a lone `*`. */
  pieces: Array<string[] | null>;
  /**
   * When every item is a word without wildcards (every prefix entry, most globs): those words,
   * which match a run word for word (the automaton then has one state); else null.
   */
  plain: string[] | null;
}

export function wordPattern(items: readonly PatternItem[], options: Pick<WordMatchOptions, 'caseInsensitive' | 'home'>): WordPattern {
  const pieces = items.map((item) => (item.kind === 'word' ? patternPieces(item, options) : null));
  // Never for a pattern without items: no words would then match every argv (the parser
  // refuses an empty pattern; this holds even for an entry made some other way).
  const plain = pieces.length > 0 && pieces.every((word) => word !== null && word.length === 1) ? pieces.map((word) => word![0]!) : null;
  return { items, pieces, plain };
}

/** Allow patterns by entry, for the home folder they were last made for (entries outlive decisions). */
const allowPatterns = new WeakMap<readonly PatternItem[], { home: string; pattern: WordPattern }>();

/** The case-sensitive pattern of an allow entry under `home`, made once per entry and home. */
export function allowWordPattern(items: readonly PatternItem[], home: string): WordPattern {
  let cached = allowPatterns.get(items);
  if (cached === undefined || cached.home !== home) {
    cached = { home, pattern: wordPattern(items, { caseInsensitive: false, home }) };
    allowPatterns.set(items, cached);
  }
  return cached.pattern;
}

function patternPieces(word: PatternWord, options: Pick<WordMatchOptions, 'caseInsensitive' | 'home'>): string[] {
  const pieces = word.home ? [options.home + word.pieces[0]!, ...word.pieces.slice(1)] : [...word.pieces];
  return options.caseInsensitive ? pieces.map((p) => p.toLowerCase()) : pieces;
}

/**
 * Matches a pattern against a run of words by simulating it as a small automaton over word
 * positions: linear in the number of words times the number of pattern items, on any input
 * (no backtracking).
 */
export function matchWords(pattern: WordPattern, words: readonly RunWord[], options: WordMatchOptions): boolean {
  const { items, pieces } = pattern;
  const size = items.length;
  let state = new Uint8Array(size + 1);
  let next = new Uint8Array(size + 1);
  state[0] = 1;
  closeOverAnyWords(items, state);
  if (!options.anchorEnd && state[size]) return true;
  for (const word of words) {
    next.fill(0);
    if (word === null) {
      if (options.opaqueMatchesAnything) {
        const lowest = state.indexOf(1);
        if (lowest !== -1) next.fill(1, lowest);
      }
    } else if (word === ANY_ONE_WORD) {
      if (options.opaqueMatchesAnything) {
        for (let i = 0; i < size; i++) if (state[i]) next[items[i]!.kind === 'any-words' ? i : i + 1] = 1;
      }
    } else {
      for (let i = 0; i < size; i++) {
        if (!state[i]) continue;
        const item = pieces[i];
        if (item === null || item === undefined) next[i] = 1;
        else if (wordMatches(item, word)) next[i + 1] = 1;
      }
    }
    if (options.contained) next[0] = 1;
    closeOverAnyWords(items, next);
    if (!options.anchorEnd && next[size]) return true;
    if (next.indexOf(1) === -1) return false;
    [state, next] = [next, state];
  }
  return state[size] === 1;
}

/** A lone `*` may match no words: whoever stands before it also stands after it. */
function closeOverAnyWords(items: readonly PatternItem[], state: Uint8Array): void {
  for (let i = 0; i < items.length; i++) if (state[i] && items[i]!.kind === 'any-words') state[i + 1] = 1;
}

/** A word against literal pieces joined by in-word `*` wildcards. */
function wordMatches(pieces: readonly string[], word: string): boolean {
  if (pieces.length === 1) return word === pieces[0];
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (word.length < first.length + last.length || !word.startsWith(first) || !word.endsWith(last)) return false;
  let at = first.length;
  const end = word.length - last.length;
  for (let k = 1; k < pieces.length - 1; k++) {
    const found = word.indexOf(pieces[k]!, at);
    if (found === -1 || found + pieces[k]!.length > end) return false;
    at = found + pieces[k]!.length;
  }
  return true;
}

/**
 * A pattern of plain words against argv: `anchorEnd` (glob) wants exactly these words, else
 * (prefix) these words first. An opaque word matches none (and would be an obstacle anyway).
 */
export function plainWordsMatch(words: readonly string[], argv: readonly Word[], anchorEnd: boolean): boolean {
  if (anchorEnd ? argv.length !== words.length : argv.length < words.length) return false;
  for (let i = 0; i < words.length; i++) {
    const word = argv[i]!;
    if (word.kind !== 'literal' || word.value !== words[i]) return false;
  }
  return true;
}

const BARE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * The text regexp and exact entries see for an argv: words joined by single spaces, bare when
 * plain, single-quoted otherwise. `original`, when given, marks which words are opaque: those
 * are rendered as written (deny and escalate only; allow never renders an opaque word).
 */
export function argvText(words: readonly string[], original?: readonly Word[]): string {
  let text = '';
  for (let i = 0; i < words.length; i++) {
    if (i > 0) text += ' ';
    text += original?.[i]?.kind === 'opaque' ? words[i]! : wordText(words[i]!);
  }
  return text;
}

/** One literal word as the argv text shows it: bare when plain, single-quoted otherwise. */
export function wordText(word: string): string {
  if (word === '') return "''";
  return BARE_WORD.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
