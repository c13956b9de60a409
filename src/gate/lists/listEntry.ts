import { RE2JS } from 're2js';
import * as z from 'zod';
import { normaliseForDetection } from '../reading/normalise';
import { resolve } from '../reading/resolver';
import { MAX_COMMAND_LENGTH, type Resolution } from '../reading/resolution';

/**
 * List entries (D§6): what a user (or a person's grant, or the built-in default list) says about
 * commands, parsed once at load into a form the matcher can apply without re-reading the text.
 *
 * Entry forms and their exact meaning:
 * - a string `"git status"` is `{match: "prefix", pattern: "git status"}`;
 * - `prefix`: the command's literal argv starts with the pattern's words, compared word by word
 *   (`git status --short` yes, `git statusx` no, `git -c x=y status` no). Patterns are written
 *   like shell words: quotes group (`grep -e 'a b'`), a backslash escapes one character, a
 *   leading unquoted `~` stands for the home folder. Shell operators are refused (an entry names
 *   the words of ONE command), and so is an unquoted `*` (that is what `glob` is for).
 * - `glob`: like prefix but anchored at both ends; a word that is just an unquoted `*` matches
 *   any run of words (including none); a `*` inside a word matches any run of characters within
 *   that one word (`test:*` matches `test:unit`, never `test: unit`). Quote a `*` to mean a star.
 * - `exact`: the command (or one segment of it) is exactly this command: the pattern is read by
 *   the same resolver and compared word for word, with its assignments and redirects. A
 *   one-command pattern covers any segment that equals it; a pattern with several commands
 *   covers only a whole line with the same commands and operators. Deny and escalate also
 *   compare the normalised text, case-insensitively.
 * - `regexp`: RE2 syntax (linear-time engine: no backreferences, no lookaround), at most 200
 *   characters, compiled at load. On allow it must match a segment's whole argv text (as if
 *   anchored); on deny and escalate it may match anywhere in any text the matcher looks at.
 *
 * `rate` defaults to false for exact entries and true for the others; built-in default entries
 * and grants are never rated. `writes` (default false) lets a prefix, glob or regexp allow entry
 * cover output redirects to files.
 */

export type ListName = 'allow' | 'deny' | 'escalate' | 'default-allow' | 'grant';
export type MatchKind = 'exact' | 'prefix' | 'glob' | 'regexp';
export const MATCH_KINDS: readonly MatchKind[] = ['exact', 'prefix', 'glob', 'regexp'];

/** Longest regexp pattern accepted (D§6). */
export const MAX_REGEXP_LENGTH = 200;
/**
 * Largest compiled RE2 program accepted. RE2 runs in time proportional to program size times
 * text length; this keeps the worst case over a 64 KiB command in the tens of milliseconds.
 */
export const MAX_REGEXP_PROGRAM_SIZE = 3000;
/**
 * Time budget for one regexp evaluation. The engine is linear, so this is a backstop for a slow
 * or overloaded machine: an evaluation that took longer than this counts as inconclusive (no
 * match on allow, a match on deny and escalate).
 */
export const REGEXP_TIME_BUDGET_MS = 50;

/** One word of a prefix or glob pattern: literal pieces separated by in-word wildcards. */
export interface PatternWord {
  kind: 'word';
  /** The word split at each unquoted `*` (a word without stars has one piece). */
  pieces: string[];
  /** The word began with an unquoted `~` (alone or before `/`): the first piece follows the home folder. */
  home: boolean;
}
/** A glob word that is a lone unquoted `*`: any run of words, including none. */
export interface PatternAnyWords {
  kind: 'any-words';
}
export type PatternItem = PatternWord | PatternAnyWords;

/** The result of evaluating a regexp under its time budget. */
export type RegexpOutcome = 'match' | 'no-match' | 'over-budget';

/** A regexp compiled once at load with a linear-time engine. */
export class CompiledRegexp {
  /**
   * The budget used when a caller gives none. Tests lower it to exercise the over-budget paths
   * deterministically; nothing else should change it.
   */
  static budgetMs: number = REGEXP_TIME_BUDGET_MS;

  private readonly engine: RE2JS;

  /**
   * Text every whole-text match starts with (`^git branch( …)*$` → `git branch`), or '' when
   * none is known. Lets the allow matcher pass over a segment without running the engine.
   */
  readonly anchoredPrefix: string;

  constructor(readonly source: string) {
    this.engine = RE2JS.compile(source);
    this.anchoredPrefix = anchoredLiteralPrefix(source);
  }

  get programSize(): number {
    return this.engine.programSize();
  }

  /**
   * `whole`: the pattern must match the entire text (allow); otherwise any match counts.
   * Never throws: an engine failure is reported as over budget, which each caller treats in
   * its fail-closed direction.
   */
  evaluate(text: string, whole: boolean, budgetMs: number = CompiledRegexp.budgetMs): RegexpOutcome {
    const started = performance.now();
    let matched: boolean;
    try {
      matched = whole ? this.engine.matches(text) : this.engine.test(text);
    } catch {
      return 'over-budget';
    }
    if (performance.now() - started > budgetMs) return 'over-budget';
    return matched ? 'match' : 'no-match';
  }
}

/** Characters that stand for themselves in RE2 outside a class (and are no quantifier). */
const PLAIN_REGEXP_CHARACTER = /^[A-Za-z0-9 _,:/=@%-]$/;

/**
 * The literal text right after a leading `^`, for patterns simple enough to be sure of it: no
 * backslash, no top-level `|` (which would make the `^` apply to one branch only). Character
 * classes are skipped whole (a `]` right after `[` or `[^` is a member, and `[:alpha:]` is one,
 * as in RE2), so a `|` or a parenthesis inside one counts for nothing; one left open gives ''.
 * The literal start ends at the first character that is not plain (a class among them); a
 * character followed by a quantifier is left out. '' when in any doubt.
 */
function anchoredLiteralPrefix(source: string): string {
  if (!source.startsWith('^') || source.includes('\\')) return '';
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '[') {
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']') {
        // A named class (`[:alpha:]`) holds its own brackets.
        if (source.startsWith('[:', j)) {
          const close = source.indexOf(':]', j + 2);
          if (close === -1) return '';
          j = close + 2;
        } else j++;
      }
      if (j >= source.length) return '';
      i = j;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth <= 0) return '';
  }
  let end = 1;
  while (end < source.length && PLAIN_REGEXP_CHARACTER.test(source[end]!)) end++;
  const quantified = '*+?{'.includes(source[end] ?? '') && end < source.length;
  return source.slice(1, quantified ? end - 1 : end);
}

/** The parsed form of a pattern, per match kind. */
export type CompiledPattern =
  | {
      match: 'exact';
      /** The pattern after detection normalisation, lower-cased (deny/escalate text comparison). */
      normalisedLower: string;
      /** The pattern as the resolver reads it, per home folder (read lazily, then cached). */
      resolutions: Map<string, Resolution>;
    }
  | { match: 'prefix' | 'glob'; items: PatternItem[] }
  | { match: 'regexp'; regexp: CompiledRegexp };

export interface ListEntry {
  list: ListName;
  match: MatchKind;
  pattern: string;
  rate: boolean;
  writes: boolean;
  /** Where the entry came from: `approvalsGate.allow (user)`, `--allow`, `session`, `built-in`, … */
  source: string;
  /** The entry as the user wrote it (the string, or the object as JSON), for decision records. */
  text: string;
  /** Built here; read only by the matcher. */
  compiled: CompiledPattern;
}

export interface ListEntryError {
  list: ListName;
  source: string;
  /** Position in the list, or -1 when the list itself is not a list. */
  index: number;
  /** The offending entry as text (shortened when very long). */
  entry: string;
  message: string;
}

const EntryObject = z.strictObject({
  match: z.enum(['exact', 'prefix', 'glob', 'regexp']),
  pattern: z.string(),
  rate: z.boolean().optional(),
  writes: z.boolean().optional(),
});
const RawList = z.array(z.unknown());

/** Lists whose entries let a command run: they get the stricter load-time checks. */
function widensApproval(list: ListName): boolean {
  return list === 'allow' || list === 'default-allow' || list === 'grant';
}

/**
 * Parses the entries of one list. Never throws. An invalid entry is reported with its index and
 * text and left out: it is never read as something broader than what was written. A missing
 * list (`undefined` or `null`) is an empty list.
 */
export function parseListEntries(raw: unknown, list: ListName, source: string): { entries: ListEntry[]; errors: ListEntryError[] } {
  const entries: ListEntry[] = [];
  const errors: ListEntryError[] = [];
  if (raw === undefined || raw === null) return { entries, errors };
  const parsedList = RawList.safeParse(raw);
  if (!parsedList.success) {
    errors.push({ list, source, index: -1, entry: describe(raw), message: 'The list must be an array of entries (strings or objects).' });
    return { entries, errors };
  }
  parsedList.data.forEach((item, index) => {
    try {
      const result = parseOne(item, list, source);
      if ('message' in result) errors.push({ list, source, index, entry: describe(item), message: result.message });
      else entries.push(result);
    } catch (error) {
      // A parser bug must not turn into an entry; report it like any other invalid entry.
      errors.push({ list, source, index, entry: describe(item), message: `The entry could not be read: ${error instanceof Error ? error.message : String(error)}` });
    }
  });
  return { entries, errors };
}

/** A grant (D§11): the exact normalised command a person allowed; never rated, never widened. */
export function grantEntry(normalisedCommand: string, source: string): ListEntry {
  return {
    list: 'grant',
    match: 'exact',
    pattern: normalisedCommand,
    rate: false,
    writes: false,
    source,
    text: normalisedCommand,
    compiled: compileExact(normalisedCommand),
  };
}

function parseOne(item: unknown, list: ListName, source: string): ListEntry | { message: string } {
  let match: MatchKind;
  let pattern: string;
  let rate: boolean | undefined;
  let writes: boolean | undefined;
  let text: string;
  if (typeof item === 'string') {
    match = 'prefix';
    pattern = item;
    text = item;
  } else {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return { message: `An entry must be a string or an object with "match" and "pattern"; got ${item === null ? 'null' : Array.isArray(item) ? 'an array' : typeof item}.` };
    }
    const proto = Object.getPrototypeOf(item) as unknown;
    if (proto !== Object.prototype && proto !== null) return { message: 'An entry object must be a plain object.' };
    const parsed = EntryObject.safeParse(item);
    if (!parsed.success) {
      return { message: parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ') };
    }
    ({ match, pattern, rate, writes } = parsed.data);
    text = asText(item);
  }
  const compiled = compilePattern(match, pattern, list);
  if ('message' in compiled) return compiled;
  const neverRated = list === 'default-allow' || list === 'grant';
  return {
    list,
    match,
    pattern,
    rate: neverRated ? false : (rate ?? match !== 'exact'),
    writes: writes ?? false,
    source,
    text,
    compiled,
  };
}

function compilePattern(match: MatchKind, pattern: string, list: ListName): CompiledPattern | { message: string } {
  if (pattern.trim() === '') return { message: 'The pattern is empty.' };
  if (match === 'regexp') return compileRegexp(pattern);
  if (pattern.length > MAX_COMMAND_LENGTH) return { message: `The pattern is longer than ${MAX_COMMAND_LENGTH} characters.` };
  if (match === 'exact') {
    if (widensApproval(list)) {
      const reading = resolve(pattern, { home: '/', shell: 'bash' });
      if (!reading.resolved) {
        return { message: `The gate cannot read this command exactly (${reading.mechanisms.join(', ')}), so an allow entry for it could never apply.` };
      }
    }
    return compileExact(pattern);
  }
  const words = tokenisePattern(pattern);
  if ('message' in words) return words;
  if (words.length === 0) return { message: 'The pattern has no words.' };
  const items: PatternItem[] = [];
  for (const word of words) {
    const item = toPatternItem(word, match);
    if ('message' in item) return item;
    items.push(item);
  }
  if (widensApproval(list)) {
    const first = items[0]!;
    if (first.kind !== 'word' || first.pieces.length !== 1) {
      return { message: 'The first word of an allow entry must name a program literally: a wildcard there would allow any program.' };
    }
  }
  return { match, items };
}

function compileExact(pattern: string): CompiledPattern {
  return {
    match: 'exact',
    normalisedLower: normaliseForDetection(pattern).text.toLowerCase(),
    resolutions: new Map(),
  };
}

function compileRegexp(pattern: string): CompiledPattern | { message: string } {
  if (pattern.length > MAX_REGEXP_LENGTH) {
    return { message: `The regexp is ${pattern.length} characters long; at most ${MAX_REGEXP_LENGTH} are accepted.` };
  }
  let regexp: CompiledRegexp;
  try {
    regexp = new CompiledRegexp(pattern);
  } catch (error) {
    return { message: `The regexp does not compile (RE2 syntax): ${error instanceof Error ? error.message : String(error)}` };
  }
  if (regexp.programSize > MAX_REGEXP_PROGRAM_SIZE) {
    return { message: `The regexp is too complex (${regexp.programSize} instructions compiled; at most ${MAX_REGEXP_PROGRAM_SIZE}).` };
  }
  return { match: 'regexp', regexp };
}

/** One character of a pattern word and whether it was written inside quotes or escaped. */
interface PatternChar {
  char: string;
  quoted: boolean;
}

/** Characters that mean shell syntax when unquoted; an entry names the words of one command. */
const SHELL_SYNTAX = new Set([';', '&', '|', '<', '>', '(', ')', '`', '$', '{', '}', '#', '\n', '\r']);

/**
 * Splits a prefix or glob pattern into words, shell style but without any expansion: quotes
 * group, a backslash escapes the next character, and the characters that would make this more
 * than one plain command are refused.
 */
function tokenisePattern(pattern: string): PatternChar[][] | { message: string } {
  const words: PatternChar[][] = [];
  let current: PatternChar[] | null = null;
  const push = (char: string, quoted: boolean): void => {
    (current ??= []).push({ char, quoted });
  };
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === ' ' || c === '\t') {
      if (current) words.push(current);
      current = null;
      i++;
    } else if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end < 0) return { message: 'The pattern has an unbalanced single quote.' };
      current ??= [];
      for (const ch of pattern.slice(i + 1, end)) push(ch, true);
      i = end + 1;
    } else if (c === '"') {
      current ??= [];
      let j = i + 1;
      for (;;) {
        if (j >= pattern.length) return { message: 'The pattern has an unbalanced double quote.' };
        const d = pattern[j]!;
        if (d === '"') break;
        if (d === '$' || d === '`') return { message: `The pattern uses "${d}" inside double quotes; write the words literally (single quotes keep it literal).` };
        if (d === '\\' && j + 1 < pattern.length && '"\\$`'.includes(pattern[j + 1]!)) {
          push(pattern[j + 1]!, true);
          j += 2;
        } else {
          push(d, true);
          j++;
        }
      }
      i = j + 1;
    } else if (c === '\\') {
      if (i + 1 >= pattern.length) return { message: 'The pattern ends with a lone backslash.' };
      push(pattern[i + 1]!, true);
      i += 2;
    } else if (SHELL_SYNTAX.has(c)) {
      return { message: `The pattern contains the shell operator "${c}"; an entry names the words of one command (quote the character to mean it literally).` };
    } else {
      push(c, false);
      i++;
    }
  }
  if (current) words.push(current);
  return words;
}

function toPatternItem(word: PatternChar[], match: 'prefix' | 'glob'): PatternItem | { message: string } {
  const hasStar = word.some((c) => c.char === '*' && !c.quoted);
  if (hasStar && match === 'prefix') {
    return { message: 'An unquoted "*" in a prefix entry: use {"match": "glob"} for wildcards, or quote the star to mean a star.' };
  }
  if (word.length === 1 && word[0]!.char === '*' && !word[0]!.quoted) return { kind: 'any-words' };
  const home = word.length > 0 && word[0]!.char === '~' && !word[0]!.quoted && (word.length === 1 || word[1]!.char === '/');
  const chars = home ? word.slice(1) : word;
  const pieces: string[] = [''];
  for (const c of chars) {
    if (c.char === '*' && !c.quoted) pieces.push('');
    else pieces[pieces.length - 1] += c.char;
  }
  return { kind: 'word', pieces, home };
}

/** The entry as the user wrote it: the string itself, or the object as JSON. */
function asText(item: unknown): string {
  try {
    return typeof item === 'string' ? item : (JSON.stringify(item) ?? String(item));
  } catch {
    return Object.prototype.toString.call(item);
  }
}

/** The entry for an error message, shortened past 300 characters. */
function describe(item: unknown): string {
  const text = asText(item);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
