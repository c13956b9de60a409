import { findCarveOut } from './carveOuts';
import { executedPayloads } from '../programs/executorPayloads';
import { isHarmlessAssignment } from './harmlessAssignments';
import type { ListEntry, PatternItem, PatternWord } from './listEntry';
import { normaliseForDetection } from '../reading/normalise';
import type { CommandReading } from '../reading/reading';
import type { Redirect, Resolution, Segment, Word } from '../reading/resolution';
import { resolve } from '../reading/resolver';
import { peelWrappers, programName } from '../programs/wrappers';
import { redirectWrite } from '../programs/writeTargets';

/**
 * Applying list entries to a command (D§6). Two directions with opposite failure modes:
 *
 * - **allow** (allow entries, grants, the default list) must never cover more than the entry
 *   says. Every segment of a RESOLVED command must be covered; anything the gate cannot read
 *   exactly (an opaque word, an unreadable wrapper option, an assignment outside the harmless
 *   list, a redirect to an unknown place) makes a non-exact entry refuse.
 * - **deny / escalate** must never miss. They look at every segment, every wrapped program,
 *   every payload a program executes (recursively, bounded), the whole line, and, when the
 *   command is unresolved, at rough pieces of its normalised text. Over-matching is accepted.
 *
 * The argv text that regexp and exact entries see for a segment is its literal words joined by
 * single spaces, each word left bare when it is made only of `A-Z a-z 0-9 _ @ % + = : , . / -`
 * and single-quoted otherwise (`git commit -m 'fix: a b'`). Assignments and redirects are not part
 * of that text: they are judged separately (harmless names, `writes`).
 */

export interface AllowMatch {
  /** One covering entry per segment, in segment order. */
  perSegment: ListEntry[];
}

/** Most argv vectors (segments, wrapped programs, payloads) one deny check collects. */
const MAX_BLOCKING_CANDIDATES = 256;
/** Deepest payload nesting read (`sh -c "find -exec sh -c '…'"`). */
const MAX_PAYLOAD_DEPTH = 6;

// ---------------------------------------------------------------------------------------------
// Allow
// ---------------------------------------------------------------------------------------------

/**
 * The entries that cover every segment of the command, or null. An unresolved command never
 * matches. Exact entries and grants compare the whole segment (argv, assignments, redirects)
 * or the whole line and take no carve-outs; prefix, glob, regexp and default entries need:
 * literal argv, only harmless assignments, harmless redirects (or `writes: true` for writes
 * to a known file), no carve-out at any wrapper level, no executed payload, readable wrappers,
 * and an entry that names the wrapper when there is one. Never throws.
 */
export function matchAllow(reading: CommandReading, entries: readonly ListEntry[]): AllowMatch | null {
  const { resolution } = reading;
  if (!resolution.resolved || reading.hidden.length > 0 || entries.length === 0) return null;
  const perSegment: ListEntry[] = [];
  for (let index = 0; index < resolution.segments.length; index++) {
    const covering = coveringEntry(entries, resolution.segments, index, reading.home);
    if (covering === null) return null;
    perSegment.push(covering);
  }
  return { perSegment };
}

/**
 * {@link matchAllow} over several lists taken one after another (`[grants, allow, default]`),
 * with the same answer as over their concatenation. A long list is looked up through an index by
 * program word, built once per list and home folder: a segment is tried only against the entries
 * {@link programMayMatch} could let through, in list order, so the first covering entry is the same.
 */
export function matchAllowLists(reading: CommandReading, lists: ReadonlyArray<readonly ListEntry[]>): AllowMatch | null {
  const { resolution } = reading;
  if (!resolution.resolved || reading.hidden.length > 0 || allEmpty(lists)) return null;
  const perSegment: ListEntry[] = [];
  // One scratch for the whole line, cleared per segment: what is worked out about a segment is
  // shared by the lists it is tried against, never by the next segment.
  const scratch: SegmentScratch = { view: undefined };
  for (let index = 0; index < resolution.segments.length; index++) {
    const segment = resolution.segments[index]!;
    scratch.view = undefined;
    let covering: ListEntry | null = null;
    for (let k = 0; k < lists.length && covering === null; k++) {
      const list = lists[k]!;
      const candidates = list.length >= MIN_INDEXED_LIST ? programIndex(list, reading.home).candidates(segment) : list;
      covering = coveringEntry(candidates, resolution.segments, index, reading.home, scratch);
    }
    if (covering === null) return null;
    perSegment.push(covering);
  }
  return { perSegment };
}

function allEmpty(lists: ReadonlyArray<readonly ListEntry[]>): boolean {
  for (const list of lists) if (list.length > 0) return false;
  return true;
}

/**
 * {@link matchAllow} by the definition alone: every entry, in order, tried with
 * {@link entryCoversSegment}, none of the short cuts {@link coveringEntry} takes. For tests,
 * which hold the short cuts to it.
 */
export function matchAllowPlainly(reading: CommandReading, entries: readonly ListEntry[]): AllowMatch | null {
  const { resolution } = reading;
  if (!resolution.resolved || reading.hidden.length > 0 || entries.length === 0) return null;
  const perSegment: ListEntry[] = [];
  for (let index = 0; index < resolution.segments.length; index++) {
    let covering: ListEntry | null = null;
    for (const entry of entries) {
      try {
        if (entryCoversSegment(entry, resolution.segments, index, reading.home)) {
          covering = entry;
          break;
        }
      } catch {
        // An entry that cannot be applied covers nothing.
      }
    }
    if (covering === null) return null;
    perSegment.push(covering);
  }
  return { perSegment };
}

/** Whether one entry covers segment `index`: the definition {@link coveringEntry} must agree with. */
function entryCoversSegment(entry: ListEntry, segments: readonly Segment[], index: number, home: string): boolean {
  if (entry.compiled.match === 'exact') return exactCoversSegment(entry, segments, index, home);
  return patternCoversSegment(entry, viewSegment(segments[index]!), home);
}

/** Shorter lists are scanned whole: building an index would cost more than it saves. */
const MIN_INDEXED_LIST = 16;

/**
 * A list's entries by the program word a prefix or glob entry needs ({@link programMayMatch}:
 * its first pattern word, one piece, after the home folder when it starts with `~`). Exact and
 * regexp entries may cover any segment and are candidates for all; a prefix or glob entry whose
 * first item is not a one-piece word covers nothing and is left out.
 */
class ProgramIndex {
  /**
   * Per program word: the positions of its entries (ascending), and once first asked for, its
   * entries merged with the exact and regexp ones in list order.
   */
  private readonly byProgram = new Map<string, { positions: number[]; merged: readonly ListEntry[] | null }>();
  /** Positions of the exact and regexp entries, ascending. */
  private readonly anyProgram: number[] = [];
  private readonly anyProgramEntries: readonly ListEntry[];

  constructor(
    private readonly entries: readonly ListEntry[],
    home: string,
  ) {
    entries.forEach((entry, position) => {
      const { compiled } = entry;
      if (compiled.match !== 'prefix' && compiled.match !== 'glob') {
        this.anyProgram.push(position);
        return;
      }
      const first = compiled.items[0];
      if (first === undefined || first.kind !== 'word' || first.pieces.length !== 1) return;
      const program = first.home ? home + first.pieces[0]! : first.pieces[0]!;
      const group = this.byProgram.get(program);
      if (group === undefined) this.byProgram.set(program, { positions: [position], merged: null });
      else group.positions.push(position);
    });
    this.anyProgramEntries = this.anyProgram.map((position) => entries[position]!);
  }

  /** The entries that may cover the segment, in list order. */
  candidates(segment: Segment): readonly ListEntry[] {
    const program = segment.argv[0];
    if (program === undefined || program.kind !== 'literal') return this.anyProgramEntries;
    const named = this.byProgram.get(program.value);
    if (named === undefined) return this.anyProgramEntries;
    if (named.merged === null) {
      const positions = [...named.positions, ...this.anyProgram].sort((a, b) => a - b);
      named.merged = positions.map((position) => this.entries[position]!);
    }
    return named.merged;
  }
}

/** Indexes by list and home folder; a list that is no longer used takes its index with it. */
const programIndexes = new WeakMap<readonly ListEntry[], { home: string; index: ProgramIndex }>();

function programIndex(list: readonly ListEntry[], home: string): ProgramIndex {
  const known = programIndexes.get(list);
  if (known !== undefined && known.home === home) return known.index;
  const index = new ProgramIndex(list, home);
  programIndexes.set(list, { home, index });
  return index;
}

/** What {@link coveringEntry} works out about one segment, shared by the lists it is tried against. */
interface SegmentScratch {
  view: SegmentView | undefined;
}

/**
 * The first entry that covers segment `index`, or null: the first for which
 * {@link entryCoversSegment} holds. An entry that throws while matching does not cover. The
 * segment's view (wrappers, carve-outs, payloads) is only worked out once some entry passes the
 * cheap necessary conditions checked first; most entries name another program, or other words,
 * and are passed over without it.
 */
function coveringEntry(entries: readonly ListEntry[], segments: readonly Segment[], index: number, home: string, scratch: SegmentScratch = { view: undefined }): ListEntry | null {
  const segment = segments[index]!;
  for (const entry of entries) {
    try {
      const { compiled } = entry;
      if (compiled.match === 'exact') {
        if (exactCoversSegment(entry, segments, index, home)) return entry;
        continue;
      }
      if (!programMayMatch(entry, segment, home)) continue;
      if (compiled.match === 'regexp') {
        // A whole-text match starts with the regexp's literal start.
        const prefix = compiled.regexp.anchoredPrefix;
        if (prefix !== '' && !argvTextMayStartWith(segment.argv, prefix)) continue;
      } else {
        // Plain words (the usual prefix or glob entry) are compared with the argv first: the
        // view only decides between entries whose words are there. Equivalent to
        // patternCoversSegment: with no obstacle the view's words are exactly the argv values.
        const plain = allowWordPattern(compiled.items, home).plain;
        if (plain !== null) {
          if (!plainWordsMatch(plain, segment.argv, compiled.match === 'glob')) continue;
          scratch.view ??= viewSegment(segment);
          if (viewAdmits(entry, scratch.view)) return entry;
          continue;
        }
      }
      scratch.view ??= viewSegment(segment);
      if (patternCoversSegment(entry, scratch.view, home)) return entry;
    } catch {
      // An entry that cannot be applied covers nothing.
    }
  }
  return null;
}

/**
 * A necessary condition for a prefix, glob or regexp entry to cover a segment, checked on the
 * program word alone: there is a literal program word (else the view has an obstacle), and a
 * prefix or glob entry's first word is that word (see {@link patternCoversSegment}). False means
 * the entry cannot cover the segment; true decides nothing.
 */
function programMayMatch(entry: ListEntry, segment: Segment, home: string): boolean {
  const program = segment.argv[0];
  if (program === undefined || program.kind !== 'literal') return false;
  const { compiled } = entry;
  if (compiled.match !== 'prefix' && compiled.match !== 'glob') return true;
  const first = compiled.items[0];
  if (first === undefined || first.kind !== 'word' || first.pieces.length !== 1) return false;
  return program.value === (first.home ? home + first.pieces[0]! : first.pieces[0]!);
}

/**
 * A necessary condition for a regexp entry with a literal start: the segment's argv text starts
 * with `prefix`. Compared word by word as the text would render, so that the usual answer (no:
 * another program) joins no text. False is only answered from literal words; a mismatch found
 * before an opaque word also answers false, which the entry's view would have done anyway (an
 * opaque word is an obstacle). True decides nothing.
 */
function argvTextMayStartWith(argv: readonly Word[], prefix: string): boolean {
  let at = 0;
  for (let i = 0; i < argv.length; i++) {
    if (at === prefix.length) return true;
    const word = argv[i]!;
    if (word.kind !== 'literal') return true;
    if (i > 0) {
      if (prefix.charCodeAt(at) !== 0x20) return false;
      at++;
      if (at === prefix.length) return true;
    }
    // The word shows as itself or quoted: its text starts with its first character or a quote.
    // Checking that first spares rendering a word of another program.
    const expected = prefix.charCodeAt(at);
    if (expected !== 0x27 && word.value.charCodeAt(0) !== expected) return false;
    const text = wordText(word.value);
    const n = Math.min(text.length, prefix.length - at);
    for (let j = 0; j < n; j++) if (text.charCodeAt(j) !== prefix.charCodeAt(at + j)) return false;
    at += n;
  }
  return at === prefix.length;
}

/**
 * A pattern of plain words against argv: `anchorEnd` (glob) wants exactly these words, else
 * (prefix) these words first. An opaque word matches none (and would be an obstacle anyway).
 */
function plainWordsMatch(words: readonly string[], argv: readonly Word[], anchorEnd: boolean): boolean {
  if (anchorEnd ? argv.length !== words.length : argv.length < words.length) return false;
  for (let i = 0; i < words.length; i++) {
    const word = argv[i]!;
    if (word.kind !== 'literal' || word.value !== words[i]) return false;
  }
  return true;
}

/** What a non-exact allow entry needs to know about one segment, computed once. */
interface SegmentView {
  /** Why no prefix/glob/regexp/default entry can cover this segment, or null. */
  obstacle: string | null;
  /** The argv (all literal when there is no obstacle). */
  argv: readonly Word[];
  /** The argv values, made on first use (a plain-word entry compares the argv itself). */
  words?: string[];
  /** The argv text regexp entries see, made on first use. */
  text?: string;
  /** The segment writes a known file through a redirect: the entry must say `writes: true`. */
  writes: boolean;
  /** The program word when it is a wrapper (`sudo`, `timeout`, …): the entry must name it. */
  wrapper: string | null;
}

/** A segment no allow entry can cover, and why. */
function blocked(obstacle: string): SegmentView {
  return { obstacle, argv: [], words: [], writes: false, wrapper: null };
}

function viewSegment(segment: Segment): SegmentView {
  const { argv } = segment;
  const program = argv[0];
  if (program === undefined) return blocked('no program (an assignment or redirect alone changes the shell)');
  for (const word of argv) {
    if (word.kind !== 'literal') return blocked(`the word ${word.raw} is only known at run time`);
  }
  for (const assignment of segment.assignments) {
    if (!isHarmlessAssignment(assignment.name, assignment.value.kind === 'literal')) return blocked(`the assignment ${assignment.name}=… is not on the harmless list`);
  }
  let writes = false;
  for (const redirect of segment.redirects) {
    const kind = redirectKind(redirect);
    if (kind === 'unsafe') return blocked(`the redirect ${redirect.raw} goes somewhere the gate cannot vouch for`);
    if (kind === 'write') writes = true;
  }
  const peeled = peelWrappers(argv);
  if (!peeled.exact) return blocked('a wrapper\'s options could not be read exactly');
  for (const assignment of peeled.assignments) {
    if (!isHarmlessAssignment(assignment.name, assignment.value.kind === 'literal')) return blocked(`the assignment ${assignment.name}=… is not on the harmless list`);
  }
  // The program itself, then what each wrapper runs.
  let carveOut = findCarveOut(argv);
  for (let k = 0; carveOut === null && k < peeled.layers.length; k++) {
    const inner = peeled.layers[k]!.inner;
    if (inner.length > 0) carveOut = findCarveOut(inner);
  }
  if (carveOut) return blocked(`carve-out: ${carveOut.program} ${carveOut.option} (${carveOut.why})`);
  if (executedPayloads(argv).length > 0) return blocked('the command executes a payload from its arguments');
  return {
    obstacle: null,
    argv,
    writes,
    wrapper: peeled.wrappers.length > 0 ? (programName(program) ?? (program.kind === 'literal' ? program.value : program.raw)) : null,
  };
}

/** The values of a view's argv (all literal when there is no obstacle), made once per view. */
function viewWords(view: SegmentView): string[] {
  return (view.words ??= literalValues(view.argv));
}

function literalValues(argv: readonly Word[]): string[] {
  const words: string[] = [];
  for (const word of argv) words.push(word.kind === 'literal' ? word.value : word.raw);
  return words;
}

/** The view lets a prefix or glob entry whose words match cover the segment. */
function viewAdmits(entry: ListEntry, view: SegmentView): boolean {
  return view.obstacle === null && (!view.writes || entry.writes);
}

/** Allow matches a prefix entry's words at the start of the argv, a glob entry's against all of it. */
const ALLOW_PREFIX_OPTIONS: WordMatchOptions = Object.freeze({ anchorEnd: false, contained: false, caseInsensitive: false, opaqueMatchesAnything: false, home: '' });
const ALLOW_GLOB_OPTIONS: WordMatchOptions = Object.freeze({ ...ALLOW_PREFIX_OPTIONS, anchorEnd: true });

function patternCoversSegment(entry: ListEntry, view: SegmentView, home: string): boolean {
  if (view.obstacle !== null) return false;
  if (view.writes && !entry.writes) return false;
  const { compiled } = entry;
  switch (compiled.match) {
    case 'prefix':
    case 'glob': {
      const first = compiled.items[0];
      // The first pattern word must literally be the program (the wrapper, when there is one).
      if (first === undefined || first.kind !== 'word' || first.pieces.length !== 1) return false;
      // (The home folder is already in the pattern's pieces; matchWords does not read it.)
      return matchWords(allowWordPattern(compiled.items, home), viewWords(view), compiled.match === 'glob' ? ALLOW_GLOB_OPTIONS : ALLOW_PREFIX_OPTIONS);
    }
    case 'regexp':
      if (view.wrapper !== null && !regexpNamesProgram(entry.pattern, view.wrapper)) return false;
      view.text ??= argvText(viewWords(view));
      return compiled.regexp.evaluate(view.text, true) === 'match';
    case 'exact':
      return false;
  }
}

/** A regexp names a wrapper only by starting with it literally: `^sudo `, `^sudo\s`. */
function regexpNamesProgram(pattern: string, program: string): boolean {
  return pattern.startsWith(`^${program} `) || pattern.startsWith(`^${program}\\s`);
}

/**
 * How a redirect bears on allow entries: `harmless` (D§4.2: `>/dev/null`, `2>&1`, `<file`, …),
 * `write` (output to a named file: needs `writes: true`), `unsafe` (a target only known at run
 * time, or a network path: no entry covers it).
 */
function redirectKind(redirect: Redirect): 'harmless' | 'write' | 'unsafe' {
  const target = redirect.target.kind === 'literal' ? redirect.target.value : null;
  if (target !== null && /^\/dev\/(tcp|udp)\//.test(target)) return 'unsafe';
  if (redirect.op === '<' || redirect.op === '<&') return target === null ? 'unsafe' : 'harmless';
  const write = redirectWrite(redirect);
  if (write === undefined) return 'harmless';
  return write.path === null ? 'unsafe' : 'write';
}

// ---------------------------------------------------------------------------------------------
// Exact entries and grants
// ---------------------------------------------------------------------------------------------

/** The exact pattern as the resolver reads it under this home folder (cached on the entry). */
function exactResolution(entry: ListEntry, home: string): Resolution | null {
  const { compiled } = entry;
  if (compiled.match !== 'exact') return null;
  let resolution = compiled.resolutions.get(home);
  if (resolution === undefined) {
    if (compiled.resolutions.size >= 8) compiled.resolutions.clear();
    resolution = resolve(entry.pattern, { home });
    compiled.resolutions.set(home, resolution);
  }
  return resolution;
}

/**
 * A one-command pattern covers any segment equal to it; a pattern of several commands covers
 * each segment of a line that equals it as a whole (same commands, same operators).
 */
function exactCoversSegment(entry: ListEntry, segments: readonly Segment[], index: number, home: string): boolean {
  const pattern = exactResolution(entry, home);
  if (pattern === null || !pattern.resolved) return false;
  if (pattern.segments.length === 1) return segmentsEqual(pattern.segments[0]!, segments[index]!);
  return sameLine(pattern.segments, segments);
}

function sameLine(a: readonly Segment[], b: readonly Segment[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((segment, i) => {
    const other = b[i]!;
    const last = i === a.length - 1;
    return segmentsEqual(segment, other) && (last || segment.connector === other.connector) && segment.negated === other.negated;
  });
}

/** Same argv, assignments and redirects (the `!`/`time` prefixes do not change what runs). */
function segmentsEqual(a: Segment, b: Segment): boolean {
  return (
    a.argv.length === b.argv.length &&
    a.argv.every((word, i) => wordsEqual(word, b.argv[i]!)) &&
    a.assignments.length === b.assignments.length &&
    a.assignments.every((x, i) => {
      const y = b.assignments[i]!;
      return x.name === y.name && x.append === y.append && wordsEqual(x.value, y.value);
    }) &&
    a.redirects.length === b.redirects.length &&
    a.redirects.every((x, i) => {
      const y = b.redirects[i]!;
      return x.fd === y.fd && x.op === y.op && wordsEqual(x.target, y.target);
    })
  );
}

/** Literal words by value; opaque words by their source text (the same expansion, unread). */
function wordsEqual(a: Word, b: Word): boolean {
  if (a.kind === 'literal') return b.kind === 'literal' && a.value === b.value;
  return b.kind === 'opaque' && a.raw === b.raw;
}

// ---------------------------------------------------------------------------------------------
// Deny and escalate
// ---------------------------------------------------------------------------------------------

/**
 * A word of rough text that contains an expansion (`$GIT`, `*`, a backtick): it stands for one
 * word the gate cannot read. (An opaque word of a resolved command, `null`, may stand for any run
 * of words; rough text is already split too finely for that to mean anything.)
 */
const ANY_ONE_WORD = Symbol('any one word');
type RunWord = string | null | typeof ANY_ONE_WORD;

/** One run of words to match prefix/glob entries against. `null` marks an opaque word. */
interface WordRun {
  words: RunWord[];
  /** Rough text: the pattern may match anywhere in the run, not only at its start. */
  contained: boolean;
}

interface BlockingCandidates {
  runs: WordRun[];
  /** Texts for exact (case-insensitive equality) and regexp (search) entries. */
  texts: string[];
  /** `texts` lower-cased, made on first use. */
  lowerTexts?: string[];
  /** Resolved segments seen (top level and inside payloads), for exact entries. */
  segments: Segment[];
  /** Whole resolved lines seen, for multi-command exact entries. */
  lines: Segment[][];
}

/**
 * The first deny/escalate entry that matches the command anywhere, or null. Prefix, glob and
 * exact entries compare case-insensitively; an opaque word may stand for any run of words.
 * An error while matching an entry counts as a match. Never throws.
 */
export function matchBlocking(reading: CommandReading, entries: readonly ListEntry[]): ListEntry | null {
  if (entries.length === 0) return null;
  let candidates: BlockingCandidates;
  try {
    candidates = collectCandidates(reading);
  } catch {
    // Nothing could be read: any entry at all is a possible match.
    return entries[0]!;
  }
  for (const entry of entries) {
    try {
      if (entryBlocks(entry, candidates, reading.home)) return entry;
    } catch {
      return entry;
    }
  }
  return null;
}

function entryBlocks(entry: ListEntry, candidates: BlockingCandidates, home: string): boolean {
  const { compiled } = entry;
  switch (compiled.match) {
    case 'prefix':
    case 'glob': {
      const pattern = wordPattern(compiled.items, { caseInsensitive: true, home });
      return candidates.runs.some((run) =>
        matchWords(pattern, run.words, {
          anchorEnd: compiled.match === 'glob' && !run.contained,
          contained: run.contained,
          caseInsensitive: true,
          opaqueMatchesAnything: true,
          home,
        }),
      );
    }
    case 'exact': {
      candidates.lowerTexts ??= candidates.texts.map((text) => text.toLowerCase());
      if (candidates.lowerTexts.includes(compiled.normalisedLower)) return true;
      const pattern = exactResolution(entry, home);
      if (pattern === null || !pattern.resolved) return false;
      if (pattern.segments.length === 1) return candidates.segments.some((segment) => segmentsEqual(pattern.segments[0]!, segment));
      return candidates.lines.some((line) => sameLine(pattern.segments, line));
    }
    case 'regexp':
      // Over budget counts as a match here: a deny entry must not be dodged by a slow input.
      return candidates.texts.some((text) => compiled.regexp.evaluate(text, false) !== 'no-match');
  }
}

function collectCandidates(reading: CommandReading): BlockingCandidates {
  const candidates: BlockingCandidates = { runs: [], texts: [reading.normalised], segments: [], lines: [] };
  const collector = new CandidateCollector(candidates, reading.home);
  if (reading.resolution.resolved) {
    collector.addLine(reading.resolution.segments, 0);
  } else {
    collector.addRough(reading.normalised);
  }
  if (collector.overflowed) collector.addRough(reading.normalised);
  return candidates;
}

class CandidateCollector {
  private count = 0;
  overflowed = false;

  constructor(
    private readonly out: BlockingCandidates,
    private readonly home: string,
  ) {}

  addLine(segments: Segment[], depth: number): void {
    this.out.lines.push(segments);
    // Each segment's text is its argv text (added with its run); the line's own text is
    // already among the texts, so segment sources need no second normalisation.
    for (const segment of segments) {
      this.out.segments.push(segment);
      this.addArgv(segment.argv, depth);
    }
  }

  /** A program's argv: itself, each program its wrappers run, and every payload it executes. */
  addArgv(argv: readonly Word[], depth: number): void {
    if (argv.length === 0) return;
    if (++this.count > MAX_BLOCKING_CANDIDATES || depth > MAX_PAYLOAD_DEPTH) {
      this.overflowed = true;
      return;
    }
    this.addRun(argv);
    const peeled = peelWrappers(argv);
    for (const layer of peeled.layers) if (layer.inner.length > 0) this.addRun(layer.inner);
    // A wrapper the gate could not read may hide the program anywhere in its words.
    if (!peeled.exact) this.out.runs.push({ words: argv.map(wordValue), contained: true });
    for (const payload of executedPayloads(argv)) {
      if (payload.kind === 'argv') this.addArgv(payload.argv, depth + 1);
      else this.addText(payload.text, depth + 1);
    }
  }

  addText(text: string, depth: number): void {
    if (depth > MAX_PAYLOAD_DEPTH) {
      this.overflowed = true;
      return;
    }
    const normalised = normaliseForDetection(text).text;
    this.out.texts.push(normalised);
    const resolution = resolve(text, { home: this.home });
    if (resolution.resolved) this.addLine(resolution.segments, depth);
    else this.addRough(normalised);
  }

  /** Rough pieces of text the resolver could not read: split at anything shell-like (a `#` may start a comment). */
  addRough(normalised: string): void {
    for (const piece of normalised.split(/\$\(|[\n;&|(){}`<>#]/)) {
      const words: RunWord[] = piece
        .split(/\s+/)
        .map((word) => word.replace(/["'\\]/g, '').toLowerCase())
        .filter((word) => word !== '')
        .map((word) => (/[$*?[{`]/.test(word) ? ANY_ONE_WORD : word));
      if (words.length === 0) continue;
      this.out.runs.push({ words, contained: true });
      this.out.texts.push(piece.trim());
    }
  }

  private addRun(argv: readonly Word[]): void {
    const words = argv.map(wordValue);
    this.out.runs.push({ words, contained: false });
    this.out.texts.push(argvText(argv.map((w) => (w.kind === 'literal' ? w.value : w.raw)), argv));
    // `/usr/bin/git push` must meet a `git push` entry too.
    const first = argv[0];
    if (first?.kind === 'literal' && first.value.includes('/')) {
      const base = programName(first);
      if (base !== null) this.out.runs.push({ words: [base.toLowerCase(), ...words.slice(1)], contained: false });
    }
  }
}

/** A word of a deny run: lower-cased (deny compares case-insensitively), or null when opaque. */
function wordValue(word: Word): string | null {
  return word.kind === 'literal' ? word.value.toLowerCase() : null;
}

// ---------------------------------------------------------------------------------------------
// Word matching
// ---------------------------------------------------------------------------------------------

interface WordMatchOptions {
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
interface WordPattern {
  items: readonly PatternItem[];
  /** Per item: the pieces of a word, or null for a lone `*`. */
  pieces: Array<string[] | null>;
  /**
   * When every item is a word without wildcards (every prefix entry, most globs): those words,
   * which match a run word for word (the automaton then has one state); else null.
   */
  plain: string[] | null;
}

function wordPattern(items: readonly PatternItem[], options: Pick<WordMatchOptions, 'caseInsensitive' | 'home'>): WordPattern {
  const pieces = items.map((item) => (item.kind === 'word' ? patternPieces(item, options) : null));
  // Never for a pattern without items: no words would then match every argv (the parser
  // refuses an empty pattern; this holds even for an entry made some other way).
  const plain = pieces.length > 0 && pieces.every((word) => word !== null && word.length === 1) ? pieces.map((word) => word![0]!) : null;
  return { items, pieces, plain };
}

/** Allow patterns by entry, for the home folder they were last made for (entries outlive decisions). */
const allowPatterns = new WeakMap<readonly PatternItem[], { home: string; pattern: WordPattern }>();

/** The case-sensitive pattern of an allow entry under `home`, made once per entry and home. */
function allowWordPattern(items: readonly PatternItem[], home: string): WordPattern {
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
function matchWords(pattern: WordPattern, words: readonly RunWord[], options: WordMatchOptions): boolean {
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

// ---------------------------------------------------------------------------------------------
// Argv text
// ---------------------------------------------------------------------------------------------

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
function wordText(word: string): string {
  if (word === '') return "''";
  return BARE_WORD.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
