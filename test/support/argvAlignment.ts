/**
 * Compares what the resolver predicts with what the bash oracle recorded.
 *
 * The resolver gives segments and the connectors between them; the oracle gives the argv of every
 * simple command bash ran while every program returned the same status. From the segments, the
 * connectors, the `negated` flags and that status this module works out which segments bash must
 * have run, and in which order, and then matches them against the records:
 * - a literal word must equal one recorded argument byte for byte (the value encoded as UTF-8);
 * - an opaque word may stand for any run of zero or more recorded arguments;
 * - the segments of one pipeline run concurrently, so they match as a multiset;
 * - with a `&` anywhere, background lists race with what follows, so the whole run matches as a
 *   multiset;
 * - a segment with no argv (only assignments or redirects) runs nothing and succeeds;
 * - a program named by a path where the sandbox has nothing to run cannot be recorded: bash
 *   fails to execute it (status 126/127), so it is expected to leave no record and to fail;
 * - a segment whose redirects bash cannot set up runs nothing and fails: certainly when they copy a
 *   closed descriptor (`echo a >&- |& cat`), perhaps when a target is opaque (`> $VAR`,
 *   `2>/dev/null{a,b}`) or a copied descriptor is one the shell may not have (`2>&3`); see
 *   `redirectSetup`. Where the outcome depends on what the resolver cannot know, both are
 *   accepted for each such segment, and every combination of them is tried.
 *
 * zsh (`AlignmentOptions.shell`), as observed with zsh 5.9 (docs/differential-testing.md):
 * - a word that fails to expand is an error. zsh expands `~user`, `=cmd` and parameters
 *   (`${x?}`) before it forks for an external program, and globs after: a failed glob (no match, a
 *   bad pattern) in an external program fails only that command (status 1), while a failed glob
 *   in a builtin, or any other failed expansion, stops the whole command line: nothing after it
 *   runs, and members of its pipeline may or may not have run. What runs in a process of its own
 *   (a pipeline member but the last, a background job) only fails itself. Every opaque word that
 *   can fail (`mayFailToExpand`) is tried both ways;
 * - the typeset family spelled as reserved words (`export a=1`) runs the real builtin, which the
 *   oracle cannot record: such a segment is expected to leave no record, with either status;
 * - `N>&word` and `>&word` with a word that is not a number open the file `word`.
 */
import type { Segment, Word } from '../../src/gate/reading/resolution';
import { ORACLE_INPUT_FILES, type RecorderMode } from './bashOracle';

/** Which shell's rules the alignment follows, and what it needs to know about that shell. */
export interface AlignmentOptions {
  shell: 'bash' | 'zsh';
  /** zsh: names of the shell's builtins (run in the shell itself, so an expansion error there stops the line). */
  builtins?: readonly string[];
  /** zsh: reserved words that run a builtin the oracle cannot record. */
  unrecordedWords?: readonly string[];
}

const BASH: AlignmentOptions = { shell: 'bash' };

/** The pipelines bash must run, in order, each as the segments that execute a program. */
export interface ExpectedExecution {
  pipelines: Segment[][];
  /** False when a `&` lets records arrive in any order. */
  ordered: boolean;
  /** zsh: members of the pipeline whose expansion error stopped the line, which may or may not have run (after `pipelines`). */
  optional: Segment[];
}

/** What the alignment assumes about each uncertain segment in one combination. */
interface Outcomes {
  /** Redirects that did not open (no record, status 1). */
  unopened: ReadonlySet<Segment>;
  /** zsh: segments whose globs failed to expand. */
  expansionFailed: ReadonlySet<Segment>;
  /** zsh: segments whose words failed before the fork (`~user`, `${x?}`): they stop the line even for an external program. */
  preforkFailed: ReadonlySet<Segment>;
  /** zsh: unrecorded builtins (reserved typeset words) taken to have failed; the others succeeded. */
  unrecordedFailed: ReadonlySet<Segment>;
}

const NO_OUTCOMES: Outcomes = { unopened: new Set(), expansionFailed: new Set(), preforkFailed: new Set(), unrecordedFailed: new Set() };

/**
 * zsh: true when a word can fail to expand, stopping its command: a glob (no match, a bad
 * pattern), `~user` or another named directory, or a parameter form that can fail or glob
 * (`${x?}`, `${x:?}`, `${~x}`).
 */
export function mayFailToExpand(word: Word): boolean {
  return mayFailToGlob(word) || mayFailBeforeFork(word);
}

/** zsh: a glob (or `${~x}`) that may match nothing or be a bad pattern. */
function mayFailToGlob(word: Word): boolean {
  if (word.kind === 'literal') return false;
  return word.expansions.includes('glob') || (word.expansions.includes('variable') && word.raw.includes('~'));
}

/**
 * zsh: `~user`, `~+`/`~-`-like names, `${x?}`: expansions zsh does before it forks. After a
 * parameter that expands to nothing zsh still expands a `~` or `=` that then starts the word
 * (`$EMPTY~root` is /root, `$EMPTY=nosuch` is "nosuch not found"), so a parameter in a word
 * with `~` or `=` can fail too.
 */
function mayFailBeforeFork(word: Word): boolean {
  if (word.kind === 'literal') return false;
  if (word.expansions.includes('tilde-user')) return true;
  if (word.expansions.includes('tilde') && !/^~(?:\/|$)/.test(word.raw)) return true;
  return word.expansions.includes('variable') && /[?~=]/.test(word.raw);
}

/** The words zsh expands for a segment: assignment values (`E=~y p` fails on an unknown user, seed 615), argv, redirect targets. */
function segmentWords(segment: Segment): Word[] {
  return [...segment.assignments.map((assignment) => assignment.value), ...segment.argv, ...segment.redirects.map((redirect) => redirect.target)];
}

/** zsh: the segment's program is a reserved typeset word, which runs the real builtin unrecorded. */
function isUnrecorded(segment: Segment, options: AlignmentOptions): boolean {
  const program = segment.argv[0];
  // A reserved word is an unquoted word; a line continuation inside it is removed before that test.
  return options.shell === 'zsh' && program?.kind === 'literal' && program.raw.replace(/\\\n/g, '') === program.value && (options.unrecordedWords ?? []).includes(program.value);
}

export type AlignmentResult =
  | { ok: true; comparedSegments: number }
  | { ok: false; reason: string; expected: Array<Array<string | null>>; actual: string[][] };

/**
 * What the sandbox holds at a program path (a program word containing `/`): a recorder, or
 * nothing bash can execute. Words without `/` are looked up as functions or through PATH and are
 * always recorded.
 */
export type ProgramPathKind = 'recorder' | 'absent';
export type ProgramPathLookup = (programWord: string) => ProgramPathKind;

const everyPathRecorded: ProgramPathLookup = () => 'recorder';

/** True when bash will leave a record for this segment's program. */
function leavesRecord(segment: Segment, lookup: ProgramPathLookup, options: AlignmentOptions = BASH): boolean {
  if (segment.argv.length === 0) return false;
  if (isUnrecorded(segment, options)) return false;
  const program = segment.argv[0]!;
  if (program.kind !== 'literal' || !program.value.includes('/')) return true;
  return lookup(program.value) === 'recorder';
}

/** The status every program returns in a run of the given mode. */
export function recorderStatus(mode: RecorderMode): number {
  return mode === 'succeed' ? 0 : 1;
}

/**
 * Walks the and-or lists the way bash does: a pipeline after `&&` runs only when the last status
 * is 0, after `||` only when it is not; after `;`, newline or `&` it always runs. A skipped
 * pipeline leaves the last status as it was, which is what makes `a || b && c` run `c` when `a`
 * succeeds.
 */
export function expectedExecution(
  segments: readonly Segment[],
  mode: RecorderMode,
  lookup: ProgramPathLookup = everyPathRecorded,
  outcomes: Outcomes | ReadonlySet<Segment> = NO_OUTCOMES,
  options: AlignmentOptions = BASH,
): ExpectedExecution {
  const { unopened, expansionFailed, preforkFailed, unrecordedFailed } = outcomes instanceof Set ? { ...NO_OUTCOMES, unopened: outcomes } : (outcomes as Outcomes);
  const pipelines: Segment[][] = [];
  let optional: Segment[] = [];
  let ordered = true;
  let lastStatus = 0;
  let before: Segment['connector'] = null;
  let i = 0;
  const silent = (segment: Segment): boolean => unopened.has(segment) || expansionFailed.has(segment) || preforkFailed.has(segment);
  while (i < segments.length) {
    let end = i;
    while (end < segments.length - 1 && isPipe(segments[end]!.connector)) end++;
    const pipeline = segments.slice(i, end + 1);
    const last = pipeline[pipeline.length - 1]!;
    const runs = before === '&&' ? lastStatus === 0 : before === '||' ? lastStatus !== 0 : true;
    if (runs) {
      // zsh expands the last member of a foreground pipeline in the shell itself: an expansion
      // error there (a glob only for a builtin) stops the line, and the members before it may not have run.
      const stops = preforkFailed.has(last) || (expansionFailed.has(last) && runsInShell(last, options));
      if (stops && last.connector !== '&') {
        optional = pipeline.filter((segment) => segment !== last && !silent(segment) && leavesRecord(segment, lookup, options));
        break;
      }
      pipelines.push(pipeline.filter((segment) => !silent(segment) && leavesRecord(segment, lookup, options)));
      let status = silent(last)
        ? 1
        : last.argv.length === 0
          ? 0
          : isUnrecorded(last, options)
            ? unrecordedFailed.has(last) ? 1 : 0
            : leavesRecord(last, lookup, options) ? recorderStatus(mode) : 127;
      if (pipeline[0]!.negated) status = status === 0 ? 1 : 0;
      lastStatus = status;
    }
    if (last.connector === '&') ordered = false;
    before = last.connector;
    i = end + 1;
  }
  return { pipelines: pipelines.filter((p) => p.length > 0), ordered, optional };
}

/** zsh: the segment's program runs in the shell itself (a builtin; the oracle's shadows are functions, which run there too). */
function runsInShell(segment: Segment, options: AlignmentOptions): boolean {
  const program = segment.argv[0];
  if (program === undefined) return true; // redirects only: NULLCMD's expansion is the shell's own
  return program.kind === 'literal' && (options.builtins ?? []).includes(program.value);
}

function isPipe(connector: Segment['connector']): boolean {
  return connector === '|' || connector === '|&';
}

/**
 * True when the recorded argv can be what bash made of these words: literals equal one argument
 * each, byte for byte; each opaque word covers zero or more arguments.
 */
export function wordsMatch(words: readonly Word[], actual: readonly Buffer[]): boolean {
  const literals = words.map((word) => (word.kind === 'literal' ? Buffer.from(word.value, 'utf8') : null));
  // reachable[j]: the words so far can account for exactly the first j arguments.
  let reachable: boolean[] = actual.map(() => false).concat([false]);
  reachable[0] = true;
  for (const literal of literals) {
    const next: boolean[] = reachable.map(() => false);
    if (literal === null) {
      let seen = false;
      for (let j = 0; j < reachable.length; j++) {
        seen = seen || reachable[j]!;
        next[j] = seen;
      }
    } else {
      for (let j = 0; j < actual.length; j++) {
        if (reachable[j] && literal.equals(actual[j]!)) next[j + 1] = true;
      }
    }
    reachable = next;
  }
  return reachable[actual.length]!;
}

/** Whether bash can set up a segment's redirects: always, never, or depending on what the resolver cannot see. */
export type RedirectSetup = 'opens' | 'fails' | 'may-fail';

/**
 * Plays a segment's redirects (and, before a `|&`, the `2>&1` bash appends after them) against a
 * table of open descriptors, the way bash applies them left to right:
 * - 0, 1 and 2 start open; a descriptor above 2 is open or not depending on who started the shell;
 * - copying a closed descriptor (`>&- 2>&1`, `2>&- >&2`, `5<&- <&5`) fails ("Bad file
 *   descriptor"), and so does `N>&word` or `<&word` with a word that is not a number ("ambiguous
 *   redirect"), except `1>&word`, which bash reads as `>&word`; `>&word` alone is `&>word`;
 * - an opaque target may fail to open (an ambiguous redirect, an empty name), and so may a copy of
 *   a descriptor the table does not know, and an input file that is not one every run starts with.
 * A segment whose setup fails runs nothing and fails.
 */
export function redirectSetup(segment: Segment, options: AlignmentOptions = BASH): RedirectSetup {
  const open = new Map<number, boolean>([[0, true], [1, true], [2, true]]);
  let uncertain = false;
  const redirects: Array<Pick<Segment['redirects'][number], 'fd' | 'op' | 'target'>> = [...segment.redirects];
  if (segment.connector === '|&') redirects.push({ fd: 2, op: '>&', target: { kind: 'literal', value: '1', raw: '1' } });
  for (const redirect of redirects) {
    const { op, target } = redirect;
    const defaultFd = op === '<' || op === '<>' || op === '<&' ? 0 : 1;
    const fd = redirect.fd ?? defaultFd;
    if (target.kind !== 'literal') {
      uncertain = true;
      for (const opened of op === '&>' || op === '&>>' ? [1, 2] : [fd]) open.set(opened, true);
      continue;
    }
    if (op === '>&' || op === '<&') {
      if (target.value === '-') {
        open.set(fd, false);
        continue;
      }
      const copy = /^(\d+)(-?)$/.exec(target.value);
      if (copy) {
        const from = Number(copy[1]);
        const state = open.get(from);
        if (state === false) return 'fails';
        if (state === undefined) uncertain = true;
        open.set(fd, true);
        if (copy[2] === '-' && from !== fd) open.set(from, false);
        continue;
      }
      if (op === '<&') return 'fails';
      if (options.shell === 'zsh') {
        // zsh: `N>&word` opens the file `word` on N (and `>&word` on 1 and 2).
        for (const opened of redirect.fd === null ? [1, 2] : [redirect.fd]) open.set(opened, true);
        continue;
      }
      // bash: `1>&word` is `>&word` (stdout and stderr to the file); any other `N>&word` is an ambiguous redirect.
      if (redirect.fd !== null && redirect.fd !== 1) return 'fails';
      open.set(1, true);
      open.set(2, true);
      continue;
    }
    // An input file other than the ones every run starts with may not exist (or exists only when an
    // earlier segment wrote it): the redirect may fail.
    if (op === '<' && !ORACLE_INPUT_FILES.includes(target.value.replace(/^\.\//, '')) && target.value !== '/dev/null') uncertain = true;
    for (const opened of op === '&>' || op === '&>>' ? [1, 2] : [fd]) open.set(opened, true);
  }
  return uncertain ? 'may-fail' : 'opens';
}

/** More opaque redirect targets than this in one command would make 2^n alignments: refused as unmodelled. */
const MAX_UNCERTAIN_REDIRECTS = 10;

/**
 * Checks one oracle run against the resolver's segments: the run must match the expected
 * execution for at least one combination of opaque redirect targets that opened or failed.
 */
export function alignExecution(
  segments: readonly Segment[],
  mode: RecorderMode,
  records: readonly Buffer[][],
  lookup: ProgramPathLookup = everyPathRecorded,
  options: AlignmentOptions = BASH,
): AlignmentResult {
  const failing = segments.filter((segment) => redirectSetup(segment, options) === 'fails');
  const uncertain = segments.filter((segment) => redirectSetup(segment, options) === 'may-fail');
  const globs = options.shell === 'zsh' ? segments.filter((segment) => segmentWords(segment).some(mayFailToGlob)) : [];
  const preforks = options.shell === 'zsh' ? segments.filter((segment) => segmentWords(segment).some(mayFailBeforeFork)) : [];
  const unrecorded = segments.filter((segment) => isUnrecorded(segment, options));
  const bits = uncertain.length + globs.length + preforks.length + unrecorded.length;
  if (bits > MAX_UNCERTAIN_REDIRECTS) {
    return { ok: false, reason: `${bits} segments with opaque redirect targets, words that may fail to expand or unrecorded builtins: too many combinations to align`, expected: [], actual: records.map((record) => record.map(showBytes)) };
  }
  let first: AlignmentResult | null = null;
  for (let mask = 0; mask < 2 ** bits; mask++) {
    const set = (list: Segment[], offset: number): Set<Segment> => new Set(list.filter((_, bit) => (mask & (1 << (bit + offset))) !== 0));
    const outcomes: Outcomes = {
      unopened: new Set([...failing, ...set(uncertain, 0)]),
      expansionFailed: set(globs, uncertain.length),
      preforkFailed: set(preforks, uncertain.length + globs.length),
      unrecordedFailed: set(unrecorded, uncertain.length + globs.length + preforks.length),
    };
    const result = alignOne(segments, mode, records, lookup, outcomes, options);
    if (result.ok) return result;
    first ??= result;
  }
  return first!;
}

function alignOne(
  segments: readonly Segment[],
  mode: RecorderMode,
  allRecords: readonly Buffer[][],
  lookup: ProgramPathLookup,
  outcomes: Outcomes,
  options: AlignmentOptions,
): AlignmentResult {
  const full = expectedExecution(segments, mode, lookup, outcomes, options);
  // Members of a pipeline that may or may not have run before the line stopped (zsh): each
  // subset of them is tried as the pipeline that ran last.
  if (full.optional.length > MAX_OPTIONAL_MEMBERS) {
    return { ok: false, reason: `${full.optional.length} pipeline members that may or may not have run: too many combinations to align`, expected: [], actual: allRecords.map((record) => record.map(showBytes)) };
  }
  let first: AlignmentResult | null = null;
  for (let mask = 0; mask < 2 ** full.optional.length; mask++) {
    const ran = full.optional.filter((_, bit) => (mask & (1 << bit)) !== 0);
    const expected: ExpectedExecution = { ...full, pipelines: ran.length > 0 ? [...full.pipelines, ran] : full.pipelines, optional: [] };
    const result = alignExpected(segments, expected, allRecords, options.shell);
    if (result.ok) return result;
    first ??= result;
  }
  return first!;
}

/** Most pipeline members whose running is uncertain in one alignment (2^n subsets). */
const MAX_OPTIONAL_MEMBERS = 6;

function alignExpected(segments: readonly Segment[], expected: ExpectedExecution, records: readonly Buffer[][], shell: AlignmentOptions['shell']): AlignmentResult {
  const shownExpected = expected.pipelines.flat().map(showPattern);
  const shownActual = records.map((record) => record.map(showBytes));
  const fail = (reason: string): AlignmentResult => ({ ok: false, reason, expected: shownExpected, actual: shownActual });

  for (const segment of segments) {
    if (segment.argv.length > 0 && segment.argv[0]!.kind !== 'literal') {
      return fail(`resolved segment ${JSON.stringify(segment.raw)} has a program word that is not literal`);
    }
  }
  const total = expected.pipelines.reduce((sum, pipeline) => sum + pipeline.length, 0);
  if (records.length !== total) return fail(`${shell} ran ${records.length} simple command(s), the resolver predicts ${total}`);

  if (!expected.ordered) {
    const unmatched = unmatchedCount(expected.pipelines.flat(), records);
    return unmatched === 0 ? { ok: true, comparedSegments: total } : fail(`${unmatched} segment(s) match no recorded argv`);
  }
  let offset = 0;
  for (const pipeline of expected.pipelines) {
    const slice = records.slice(offset, offset + pipeline.length);
    const unmatched = unmatchedCount(pipeline, slice);
    if (unmatched !== 0) {
      return fail(`pipeline starting at record ${offset}: ${unmatched} segment(s) match no recorded argv`);
    }
    offset += pipeline.length;
  }
  return { ok: true, comparedSegments: total };
}

/** Segments left without a partner in a maximum matching against records (Kuhn's algorithm). */
function unmatchedCount(segments: readonly Segment[], records: readonly Buffer[][]): number {
  return unmatchedLeft(segments.map((segment) => records.map((record) => wordsMatch(segment.argv, record))), records.length);
}

/** Left items without a partner in a maximum matching (`fits[left][right]`). */
function unmatchedLeft(fits: readonly boolean[][], rightCount: number): number {
  const records = Array.from({ length: rightCount });
  const segments = fits;
  const recordOwner: number[] = records.map(() => -1);
  const tryAssign = (s: number, visited: boolean[]): boolean => {
    for (let r = 0; r < records.length; r++) {
      if (!fits[s]![r] || visited[r]) continue;
      visited[r] = true;
      if (recordOwner[r] === -1 || tryAssign(recordOwner[r]!, visited)) {
        recordOwner[r] = s;
        return true;
      }
    }
    return false;
  };
  let unmatched = 0;
  for (let s = 0; s < segments.length; s++) {
    if (!tryAssign(s, records.map(() => false))) unmatched++;
  }
  return unmatched;
}

/** A segment's argv for messages: the literal value, or `null` for an opaque word. */
export function showPattern(segment: Segment): Array<string | null> {
  return segment.argv.map((word) => (word.kind === 'literal' ? word.value : null));
}

/** Bytes for messages: the text when it is valid UTF-8, otherwise a marked hex dump. */
export function showBytes(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : `<bytes ${bytes.toString('hex')}>`;
}
