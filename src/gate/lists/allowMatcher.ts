import { exactCoversSegment, segmentIsExactly } from './exactPatterns';
import { harmlessName, isHarmlessAssignment } from '../reading/harmlessAssignments';
import type { ListEntry } from './listEntry';
import { allowWordPattern, argvText, matchWords, plainWordsMatch, wordText, type WordMatchOptions } from './wordPatterns';
import { peelWrappers, startsWithWrapper, type PeeledCommand } from '../programs/wrappers';
import { rowFor } from '../programs/table';
import { readArgs } from '../programs/grammar';
import { PLAIN_VARIABLES } from '../programs/plainVariables';
import type { Form, ProgramRow } from '../programs/row';
import { redirectWrite } from '../programs/redirectTargets';
import { recordOf, type SegmentRecord } from '../programs/segmentRecord';
import { unplacedReach } from '../programs/unplacedReach';
import { runsFetchedCode } from './fetchedCode';
import { staysBelow } from '../programs/containerBinds';
import type { CommandReading } from '../reading/reading';
import { literalValue, literalWord, type Redirect, type Segment, type Word } from '../reading/resolution';

/**
 * Allow matching (D§6): allow entries, grants and the default list must never cover more than
 * the entry says. Every segment of a RESOLVED command must be covered; anything the gate cannot
 * read exactly (an opaque word, an unreadable wrapper option, an assignment outside the harmless
 * list, a redirect to an unknown place) makes a non-exact entry refuse. The short cuts here
 * (the program index, the plain-word comparison) are held to {@link matchAllowPlainly}, the
 * definition, by tests.
 */

export interface AllowMatch {
  /** One covering entry per segment, in segment order. */
  perSegment: ListEntry[];
}

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
export function matchAllowLists(reading: CommandReading, lists: ReadonlyArray<readonly ListEntry[]>, records?: readonly SegmentRecord[]): AllowMatch | null {
  const { resolution } = reading;
  if (!resolution.resolved || reading.hidden.length > 0 || allEmpty(lists)) return null;
  const perSegment: ListEntry[] = [];
  // One scratch for the whole line, cleared per segment: what is worked out about a segment is
  // shared by the lists it is tried against, never by the next segment.
  const scratch: SegmentScratch = { view: undefined, record: undefined };
  for (let index = 0; index < resolution.segments.length; index++) {
    const segment = resolution.segments[index]!;
    scratch.view = undefined;
    scratch.record = records?.[index];
    let covering: ListEntry | null = null;
    for (let k = 0; k < lists.length && covering === null; k++) {
      const list = lists[k]!;
      const candidates = list.length >= MIN_INDEXED_LIST ? programIndex(list, reading.home).candidates(segment, scratch.record) : list;
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
    // The segment's record, read once for every entry (a pure function of the segment).
    const record = recordOf(resolution.segments[index]!);
    for (const entry of entries) {
      try {
        if (entryCoversSegment(entry, resolution.segments, index, reading.home, record)) {
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
function entryCoversSegment(entry: ListEntry, segments: readonly Segment[], index: number, home: string, record: SegmentRecord = recordOf(segments[index]!)): boolean {
  if (entry.compiled.match === 'exact') return exactCoversSegment(entry, segments, index, home);
  if (spellsWholeSegment(entry, segments[index]!, home)) return true;
  return patternCoversSegment(entry, viewSegment(record), home);
}

/**
 * A prefix entry of plain words that are exactly the segment's words, with nothing appended and
 * no assignment, redirect or here-text: it says no more than the exact entry spelling the same
 * words, and covers the segment as that exact entry would, carve-outs and wrappers included
 * (docs/decisions.md, "A prefix entry that spells the whole command"; D§6). Only past the program
 * word: an entry of one word names a program, and a row's role on the program itself (`su`,
 * `xargs`, `watch`) says that naming it never covers it (D§4.3).
 */
function spellsWholeSegment(entry: ListEntry, segment: Segment, home: string): boolean {
  if (entry.compiled.match !== 'prefix' || entry.compiled.items.length < 2) return false;
  const plain = allowWordPattern(entry.compiled.items, home).plain;
  return plain !== null && segmentIsExactly(plain, segment);
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

  /** The entries that may cover the segment, in list order (`record`: the segment's, when made already). */
  candidates(segment: Segment, record?: SegmentRecord): readonly ListEntry[] {
    // Behind a wrapper an entry for the wrapper or for the wrapped program may cover the segment.
    if (record?.wrapped ?? startsWithWrapper(segment.argv)) {
      // The program word of each command in the chain: where an entry may start matching.
      const starts = [segment.argv[0], ...(record?.peeled ?? peelWrappers(segment.argv)).layers.map((layer) => layer.inner[0])];
      const named: number[] = [];
      for (const word of starts) {
        if (word === undefined) continue;
        if (word.kind !== 'literal') return this.entries;
        named.push(...(this.byProgram.get(word.value)?.positions ?? []));
      }
      if (named.length === 0) return this.anyProgramEntries;
      return [...new Set([...named, ...this.anyProgram])].sort((a, b) => a - b).map((position) => this.entries[position]!);
    }
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
  /** The segment's record, when the caller has made it already. */
  record?: SegmentRecord | undefined;
}

/**
 * The first entry that covers segment `index`, or null: the first for which
 * {@link entryCoversSegment} holds. An entry that throws while matching does not cover. The
 * segment's view (wrappers, carve-outs, payloads) is only worked out once some entry passes the
 * cheap necessary conditions checked first; most entries name another program, or other words,
 * and are passed over without it.
 */
function coveringEntry(entries: readonly ListEntry[], segments: readonly Segment[], index: number, home: string, scratch: SegmentScratch = { view: undefined, record: undefined }): ListEntry | null {
  const segment = segments[index]!;
  // Whether the segment starts with a wrapper, asked once for all the entries.
  let wrapped: boolean | undefined;
  // A wrapper, or leading working-folder options (`git -C DIR`): the entry may match further in.
  const startsWrapped = (): boolean => (wrapped ??= (scratch.record?.wrapped ?? startsWithWrapper(segment.argv)) || withoutLeadingFolders(segment) !== null);
  for (const entry of entries) {
    try {
      const { compiled } = entry;
      if (compiled.match === 'exact') {
        if (exactCoversSegment(entry, segments, index, home)) return entry;
        continue;
      }
      if (!programMayMatch(entry, segment, home, startsWrapped)) continue;
      if (spellsWholeSegment(entry, segment, home)) return entry;
      if (compiled.match === 'regexp') {
        // A whole-text match starts with the regexp's literal start.
        const prefix = compiled.regexp.anchoredPrefix;
        if (prefix !== '' && !argvTextMayStartWith(segment.argv, prefix) && !startsWrapped()) continue;
      } else {
        // Plain words (the usual prefix or glob entry) are compared with the argv first: the
        // view only decides between entries whose words are there. Equivalent to
        // patternCoversSegment: with no obstacle the view's words are exactly the argv values.
        const plain = allowWordPattern(compiled.items, home).plain;
        if (plain !== null && !plainWordsMatch(plain, segment.argv, compiled.match === 'glob') && !startsWrapped()) continue;
      }
      scratch.view ??= viewSegment(scratch.record ?? recordOf(segment));
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
function programMayMatch(entry: ListEntry, segment: Segment, home: string, startsWrapped: () => boolean = () => startsWithWrapper(segment.argv)): boolean {
  const program = segment.argv[0];
  if (program === undefined || program.kind !== 'literal') return false;
  const { compiled } = entry;
  if (compiled.match !== 'prefix' && compiled.match !== 'glob') return true;
  const first = compiled.items[0];
  if (first === undefined || first.kind !== 'word' || first.pieces.length !== 1) return false;
  // Behind a wrapper that peels, the entry may name the wrapped program instead.
  return program.value === (first.home ? home + first.pieces[0]! : first.pieces[0]!) || startsWrapped();
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

/** What a non-exact allow entry needs to know about one segment, computed once. */
interface SegmentView {
  /** Why no prefix/glob/regexp/default entry can cover this segment, or null. */
  obstacle: string | null;
  /** The obstacle as a {@link CoverMiss} (its `why` is `obstacle`), or null. */
  obstacleMiss: CoverMiss | null;
  /** The paths the segment's redirects write (for a refusal's reason; `writes` says whether any). */
  writePaths: readonly string[];
  /** Each wrapper in front and the program it runs, for a refusal's reason. */
  wrappers: ReadonlyArray<{ wrapper: string; inner: string; peels: boolean }>;
  /** The argv (all literal when there is no obstacle). */
  argv: readonly Word[];
  /** The argv values, made on first use (a plain-word entry compares the argv itself). */
  words?: string[];
  /** The argv text regexp entries see, made on first use. */
  text?: string;
  /** The workspace folders a container run binds writable into the container it starts (programs/confinedRuns.ts). */
  bindWrites: readonly string[];
  /**
   * For a confined container run (see {@link confinedView}): the view with the command the container
   * runs as the carve-out it was, which an entry that spells that command covers; else null.
   */
  unconfined: SegmentView | null;
  /** The segment writes a known file through a redirect, or a bound workspace folder: the entry must say `writes: true`. */
  writes: boolean;
  /**
   * Indexes of the argv words an entry must spell to cover the segment (D§4.3): each word that
   * carries an executor, loader, writer, network, listener or destructive form of the program
   * table (not the program's everyday job), and the first word of each command a wrapper runs —
   * an entry for `timeout` or `sudo` alone never covers what they run.
   */
  mustSpell: readonly number[];
  /**
   * Where the command inside the leading wrappers that peel starts (`timeout 30 npm test` → 2),
   * when their own options carry no form: an entry may cover the command from there on instead
   * (`npm test`). 0 when there is no such wrapper.
   */
  peelStart: number;
  /** The forms found, for the reason of a refusal. */
  forms: readonly Form[];
  /**
   * How many leading argv words are literal: all of them, or the index of the first operand glob
   * (see {@link readGlobs}); only a prefix entry that ends before it may cover the segment.
   */
  literalUntil: number;
  /**
   * The same segment with its leading working-folder options taken off (`git -C DIR status` read
   * as `git status`, see {@link withoutLeadingFolders}), or null when it has none.
   */
  inFolder: SegmentView | null;
  /**
   * For `xargs [options] CMD…` whose words from input only ever reach a command that reads and
   * prints whatever words it gets, or only its data words (`xargs -I{} echo pkg: {}`): the segment
   * as `CMD…` alone (see {@link inputCommand}), else null.
   */
  appended: SegmentView | null;
  /**
   * The index of `appended`'s first word that holds input (its length when the input is appended):
   * only a prefix entry of plain words that ends before it covers `appended`.
   */
  appendedUpTo: number;
}

/**
 * Why an assignment in front keeps entries off (D§4.3): a value only known at run time, or a name
 * outside the harmless table (reading/harmlessAssignments.ts).
 */
function assignmentObstacle(name: string, value: string | null): string {
  if (harmlessName(name) === undefined) return `the environment prefix ${name}=… is not on the harmless list (it may change what the program runs or loads)`;
  return value === null ? `the value of ${name}=… is only known at run time` : `the value of ${name}=${value} could name a file, and ${name} is harmless only with a plain name`;
}

/** A segment no allow entry can cover, and why. */
function blocked(kind: CoverMiss['kind'], obstacle: string, subject?: string, wordIndex?: number): SegmentView {
  const miss: CoverMiss = { kind, why: obstacle, ...(subject !== undefined ? { subject } : {}), ...(wordIndex !== undefined ? { wordIndex } : {}) };
  return { obstacle, obstacleMiss: miss, writePaths: [], bindWrites: [], unconfined: null, wrappers: [], argv: [], words: [], writes: false, mustSpell: [], peelStart: 0, forms: [], literalUntil: 0, inFolder: null, appended: null, appendedUpTo: 0 };
}

/**
 * A glob and nothing else (no variable, brace or tilde): bash replaces it by the names that match
 * it, or keeps the pattern itself when nothing matches (`nullglob` is set only by `shopt`, which
 * the resolver refuses), so it is one or more words, never none. See docs/decisions.md, "Glob
 * operands", for the shapes below.
 */
function isGlobWord(word: Word): boolean {
  return word.kind === 'opaque' && word.expansions.length > 0 && word.expansions.every((e) => e === 'glob');
}

/**
 * `$PWD`, `${PWD}`, `"$PWD"` or `"${PWD}"` alone, for one of the {@link PLAIN_VARIABLES} (any other
 * variable may hold a token, so it stays only known at run time): `quoted`
 * (exactly one word) or `unquoted` (split and globbed: any number of words), else null.
 */
function knownVariableWord(word: Word): 'quoted' | 'unquoted' | null {
  if (word.kind !== 'opaque' || word.expansions.length === 0 || !word.expansions.every((e) => e === 'variable' || e === 'glob')) return null;
  const match = /^("?)\$(?:\{([A-Z_]+)\}|([A-Z_]+))\1$/.exec(word.raw);
  if (match === null || !PLAIN_VARIABLES.has(match[2] ?? match[3]!)) return null;
  return match[1] === '"' ? 'quoted' : 'unquoted';
}

function isQuotedShellVariable(word: Word): boolean {
  return knownVariableWord(word) === 'quoted';
}

/**
 * A glob whose first character is a plain unquoted literal other than `-`: every word it expands
 * to starts with that character, so none is an option or `--`.
 */
function globStartsAsOperand(word: Word): boolean {
  return /^[A-Za-z0-9_./]/.test(word.raw);
}

/**
 * The row gives its operands no role and has no subcommands, no reader of its own language, no
 * wrapped command and no role of its own: however many operands there are, they are only data.
 */
function operandsOnlyData(row: ProgramRow): boolean {
  return (row.operands?.length ?? 0) === 0 && !row.subcommands && !row.read && !row.wrapper && !row.role;
}

/**
 * Every operand is deleted, and deleting is the program's everyday job (`rm`, `rmdir`): one role
 * for every operand, so however many names a glob becomes, each is an operand like the literal
 * ones an entry for the program covers (docs/decisions.md, "Near misses", glob operands of a
 * deleter). The floors still read the glob at its worst (`rm -rf -- ~/*` is refused).
 */
function everyOperandDeleted(row: ProgramRow): boolean {
  const operands = row.operands ?? [];
  return operands.length > 0 && operands.every((o) => o.role === 'destructive' && o.operand === 'every' && o.everyday === true && o.when === undefined) && !row.subcommands && !row.read && !row.wrapper && !row.role;
}

/**
 * Besides {@link operandsOnlyData}, no option has a role and options the row does not know are no
 * forms (not `strict`): ANY words added to the command, options among them, only read and print.
 * What a glob may become (docs/decisions.md, "Glob operands", shape 1) and what xargs appends.
 */
function anyWordsOnlyRead(row: ProgramRow): boolean {
  return operandsOnlyData(row) && (row.options?.length ?? 0) === 0 && row.strict !== true;
}

/**
 * Why globs still keep every entry off this command, or null. How many words a glob becomes is
 * unknown, so no operand may carry a role: the program has a row, and the row has no operand
 * roles, subcommands, reader of its own language, wrapped command or role of its own, and no
 * wrapper runs it. Then either the row gives no option a role and reads no option it does not
 * know as a form (whatever words a glob becomes, options included, only read and print), or
 * every glob is an operand in the row's grammar and cannot become an option: it starts with a
 * plain literal other than `-`, or it stands after the `--` that ends the options.
 *
 * Returns the obstacle, or (when there is none) the shape that lets each glob word through, in
 * words, for the decision's reason; `optionLike` is the index of the glob that may expand to an
 * option (the near miss a `--` before it answers, docs/decisions.md "Near misses").
 */
function readGlobs(argv: readonly Word[]): { obstacle: string | null; shapes: string[]; optionLike?: number; optionsEnd?: number } {
  const fail = (obstacle: string, optionLike?: number, optionsEnd?: number) => ({ obstacle, shapes: [], ...(optionLike !== undefined ? { optionLike } : {}), ...(optionsEnd !== undefined ? { optionsEnd } : {}) });
  const program = argv[0]!;
  if (program.kind !== 'literal') return fail('the program is only known at run time');
  if (startsWithWrapper(argv)) return fail('a glob behind a wrapper');
  const row = rowFor(program.value);
  if (row === null) return fail(`${program.value} has no row in the program table, so its operands may be anything`);
  const deletes = !operandsOnlyData(row) && everyOperandDeleted(row);
  if (!operandsOnlyData(row) && !deletes) return fail(`${program.value}'s operands are not only data (the program table gives them a role)`);
  const globs = argv.filter((word, i) => i > 0 && word.kind !== 'literal');
  if (anyWordsOnlyRead(row)) {
    return { obstacle: null, shapes: globs.map((word) => (isQuotedShellVariable(word) ? `${word.raw} is one word holding folders or a name (no secret), and none of ${program.value}'s options or operands has a role` : isGlobWord(word) && globStartsAsOperand(word) ? startsAsOperandShape(word) : `${word.raw} may become any words, and none of ${program.value}'s options or operands has a role`)) };
  }
  const reading = readArgs(argv.slice(1), row.grammar ?? {});
  if (!reading.exact) {
    // Read for sure once every glob is a plain name: a glob is what the reader could not place,
    // because it may become an option (the near miss a `--` before it answers).
    const asNames = readArgs(argv.slice(1).map((word) => (word.kind === 'literal' ? word : literalWord('name'))), row.grammar ?? {});
    const first = argv.findIndex((word, i) => i > 0 && word.kind !== 'literal');
    if (asNames.exact && first > 0) return fail(`it may expand to an option of ${program.value}, whose options have roles`, first, optionsEnd(argv, asNames.operandIndexes));
    return fail(`${program.value}'s options cannot be read for sure`);
  }
  const shapes: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (word.kind === 'literal') continue;
    if (!reading.operandIndexes.includes(i - 1)) return fail(`${program.value} may read it as an option's value`);
    // A deleter's operand: only a glob, whose every name is a path like a literal operand would be.
    if (deletes && !isGlobWord(word)) return fail(`${word.raw} is not a glob, and ${program.value} deletes its operands`);
    if (knownVariableWord(word) === 'unquoted') return fail(`${word.raw} may become any words, options of ${program.value} among them`);
    if (isGlobWord(word) && globStartsAsOperand(word)) shapes.push(startsAsOperandShape(word));
    else if (reading.endOfOptions !== -1 && i - 1 > reading.endOfOptions) shapes.push(`${word.raw} can only be operands (it comes after --)`);
    else return fail(`it may expand to an option of ${program.value}, whose options have roles`, i, optionsEnd(argv, reading.operandIndexes));
  }
  return { obstacle: null, shapes };
}

/**
 * Where the options end: the argv index of the first operand, when no option follows it (a `--`
 * put there ends the options without turning any word into something else); else undefined.
 */
function optionsEnd(argv: readonly Word[], operandIndexes: readonly number[]): number | undefined {
  const first = operandIndexes[0];
  if (first === undefined) return undefined;
  const at = first + 1;
  const operands = new Set(operandIndexes.map((i) => i + 1));
  for (let i = at; i < argv.length; i++) if (!operands.has(i)) return undefined;
  return at;
}

function startsAsOperandShape(word: Word): string {
  return `${word.raw} can only be operands (every name it becomes starts with ${JSON.stringify(word.raw[0])})`;
}

/**
 * Why each glob word of a segment an allow entry covers could be covered (D§6, docs/decisions.md
 * "Glob operands"): `src/*.ts can only be operands …`. Empty when the segment has none.
 */
export function globShapes(segment: Segment): string[] {
  if (!segment.argv.some((word, i) => i > 0 && (isGlobWord(word) || knownVariableWord(word) !== null))) return [];
  return readGlobs(segment.argv).shapes;
}

/** What a non-exact entry needs to know about a segment, read off the segment's record. */
function viewSegment(record: SegmentRecord): SegmentView {
  const { segment } = record;
  const { argv } = segment;
  const program = argv[0];
  if (program === undefined) return blocked('no-program', 'no program (an assignment or redirect alone changes the shell)');
  let literalUntil = argv.length;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word.kind === 'literal') continue;
    if (i === 0 || !(isGlobWord(word) || knownVariableWord(word) !== null)) return blocked('run-time-word', `the word ${word.raw} is only known at run time`, word.raw, i);
    if (literalUntil === argv.length) literalUntil = i;
  }
  if (literalUntil < argv.length) {
    const globs = readGlobs(argv);
    if (globs.obstacle !== null) {
      // The word the reading stopped at: the glob that may become an option, else the first.
      const at = globs.optionLike ?? literalUntil;
      const view = blocked(globs.optionLike !== undefined ? 'glob-may-be-option' : 'run-time-word', `the word ${argv[at]!.raw} is only known at run time, and ${globs.obstacle}`, argv[at]!.raw, at);
      if (globs.optionsEnd !== undefined) view.obstacleMiss!.optionsEnd = globs.optionsEnd;
      return view;
    }
  }
  for (const assignment of segment.assignments) {
    if (!isHarmlessAssignment(assignment.name, assignment.value.kind === 'literal', literalValue(assignment.value) ?? undefined)) return blocked('assignment', assignmentObstacle(assignment.name, literalValue(assignment.value)), assignment.name);
  }
  for (const redirect of segment.redirects) {
    if (redirectUnsafe(redirect)) return blocked('redirect', `the redirect ${redirect.raw} goes somewhere the gate cannot vouch for`, redirect.raw);
  }
  // Every write a redirect makes is to a known file here (an unknown one is unsafe above).
  const writePaths = record.redirectWrites.map((write) => write.path ?? '?');
  const writes = writePaths.length > 0;
  const { peeled } = record;
  if (!peeled.exact) return blocked('unreadable', 'a wrapper\'s options could not be read exactly');
  for (const assignment of peeled.assignments) {
    if (!isHarmlessAssignment(assignment.name, assignment.value.kind === 'literal', literalValue(assignment.value) ?? undefined)) return blocked('assignment', assignmentObstacle(assignment.name, literalValue(assignment.value)), assignment.name);
  }
  const reading = record.forms;
  if (reading.unreadable !== null) return blocked('unreadable', `the program table cannot read it for sure: ${reading.unreadable}`);
  const reach = unplacedReach(record);
  if (reach !== null) return blocked('unreadable', reach);
  const forms = record.carveOuts;
  // Code it runs that pipes a fetched script into a runner: no entry for the interpreter covers it.
  if (record.payloads.length > 0 || forms.length > 0) {
    if (runsFetchedCode(record)) return blocked('payload', 'the code it runs pipes what it fetches from the network into a program that runs it');
  }
  // A payload no form accounts for (a git ext:: URL, say) keeps every non-exact entry off.
  if (forms.length === 0 && record.payloads.length > 0) return blocked('payload', 'the command executes a payload from its arguments');
  const mustSpell = new Set<number>();
  for (const form of forms) mustSpell.add(form.index);
  // The first word of each wrapped command, and where the command inside the peeling wrappers starts.
  let at = 0;
  let peelStart = 0;
  let peeling = true;
  for (const layer of peeled.layers) {
    const innerStart = argv.length - layer.inner.length;
    const suffix = layer.inner.length > 0 && layer.inner[0] === argv[innerStart];
    if (!suffix) {
      peeling = false;
      if (layer.inner.length > 0 || layer.shellText !== null) mustSpell.add(at);
      break;
    }
    // A wrapper that only sets the environment (`doppler run --`): its entry covers the command it runs.
    if (layer.environmentOnly !== true) mustSpell.add(innerStart);
    const ownForm = forms.some((form) => form.index >= at && form.index < innerStart);
    if (peeling && layer.peel && !ownForm && layer.shellText === null) peelStart = innerStart;
    else peeling = false;
    at = innerStart;
  }
  const moved = withoutLeadingFolders(segment);
  const inFolder = moved === null ? null : viewSegment(recordOf(moved));
  const input = inputCommand(segment, peeled);
  const appended = input === null ? null : viewSegment(recordOf(input.command));
  const wrappers = peeled.layers.flatMap((layer) => {
    const inner = layer.inner[0];
    return inner?.kind === 'literal' ? [{ wrapper: layer.program, inner: inner.value, peels: layer.peel }] : [];
  });
  const view: SegmentView = { obstacle: null, obstacleMiss: null, writePaths, bindWrites: [], wrappers, argv, writes, mustSpell: [...mustSpell].sort((a, b) => a - b), peelStart, forms, literalUntil, inFolder, appended, appendedUpTo: input?.inputFrom ?? 0, unconfined: null };
  return confinedView(view, record);
}

/**
 * A container's command under a runner whose options reach nothing of the host
 * (programs/confinedRuns.ts; docs/decisions.md "A container's command under the runner's entry"):
 * the entry spells the runner (and the instance of an exec) instead of the command, and allows the
 * writes of a workspace folder bound writable into the container. The view as it was stays as
 * `unconfined`, so an entry that spells the command itself covers what it covered before.
 */
function confinedView(view: SegmentView, record: SegmentRecord): SegmentView {
  if (!view.forms.some((form) => form.role === 'executor')) return view;
  const confined = record.confined;
  if (confined === null) return view;
  const mustSpell = new Set<number>(confined.spell);
  for (const form of view.forms) if (!confined.forms.includes(form)) mustSpell.add(form.index);
  return { ...view, mustSpell: [...mustSpell].sort((a, b) => a - b), bindWrites: confined.writes, writes: view.writes || confined.writes.length > 0, unconfined: view };
}

/** The command xargs runs with its input, as an entry may cover it, and why. */
interface InputCommand {
  /** The segment as `CMD…` alone (its redirects and assignments included). */
  command: Segment;
  /** The index of the first word of `command` that holds input; its length when input is appended. */
  inputFrom: number;
  /** Why the words from input could be covered, for the decision's reason. */
  shapes: string[];
}

/**
 * `find src -name '*.ts' | xargs wc -l`: xargs appends the words it reads to `wc -l` and runs it,
 * as many times as it takes. Words from input are arbitrary words, just like what an unquoted glob
 * becomes, so the same rule lets them through (docs/decisions.md, "Glob operands", xargs): the
 * command's row is one where any words only read and print ({@link anyWordsOnlyRead}), and
 * xargs's own options are among those its row says only split and batch the input
 * (`appendsInput`). With a replace option (`replacesInput`: `xargs -I{} echo pkg: {}`) the input
 * stands inside words instead, read by {@link replacedInput}. Then the segment is `CMD…` alone for
 * an entry (its redirects and assignments included), else null. A program word that is only known
 * at run time, or another wrapper, is never such a command. `peeled`: the segment's wrappers, when
 * its record has peeled them.
 */
function inputCommand(segment: Segment, peeled?: PeeledCommand): InputCommand | null {
  const program = segment.argv[0];
  if (program === undefined || program.kind !== 'literal') return null;
  const wrapper = rowFor(program.value)?.wrapper;
  const safe = wrapper?.appendsInput;
  if (wrapper === undefined || safe === undefined) return null;
  const layer = (peeled ?? peelWrappers(segment.argv)).layers[0];
  if (layer === undefined || !layer.exact || layer.shellText !== null || layer.assignments.length > 0) return null;
  const inner = layer.inner[0];
  const row = inner?.kind === 'literal' ? rowFor(inner.value) : null;
  if (row === null) return null;
  const command: Segment = { ...segment, argv: layer.inner };
  const replacing = layer.options.filter((option) => wrapper.replacesInput?.[option.name] !== undefined);
  if (replacing.length > 0) {
    const kept = wrapper.replacesInputWith ?? [];
    if (replacing.length > 1 || !layer.options.every((option) => option === replacing[0] || kept.includes(option.name))) return null;
    const option = replacing[0]!;
    const read = replacedInput(layer.inner, row, wrapper.replacesInput![option.name]!, option.value);
    return read === null ? null : { command, ...read };
  }
  if (!layer.options.every((option) => safe.includes(option.name)) || !anyWordsOnlyRead(row)) return null;
  const name = (layer.inner[0] as { value: string }).value;
  return { command, inputFrom: layer.inner.length, shapes: [`${program.value} adds words read from its input to ${name}, and none of ${name}'s options or operands has a role`] };
}

/**
 * Where a replace option puts the input (docs/decisions.md, "Input xargs puts inside the
 * command's words"): `line`, each input line into every argument after the program word that
 * holds the replace string, one word each. Such a word is run-time data in its place, read as a
 * glob of the same shape would be ({@link readGlobs}: a glob is one word or more, so this is at
 * its worst): the row gives its operands no role ({@link operandsOnlyData}, never a deleter's), and
 * each such word is an operand that cannot become an option (the literal before the replace string
 * starts as an operand, or it comes after `--`), unless any words only read and print there. `words`
 * (BSD -J), the input's words in place of the argument that is the replace string: any words, as
 * when appended. The replace string in the program word, an option word, an option's value, or a
 * word only known at run time keeps the command at its worst (null). `inputFrom`: the first word
 * that holds input.
 */
function replacedInput(argv: readonly Word[], row: ProgramRow, how: { into: 'line' | 'words'; otherwise?: string }, value: Word | null): Omit<InputCommand, 'command'> | null {
  const replace = value === null ? how.otherwise : value.kind === 'literal' ? value.value : undefined;
  if (replace === undefined || replace === '') return null;
  if (!argv.every((word) => word.kind === 'literal')) return null;
  const words = argv.map((word) => (word as { value: string }).value);
  const program = words[0]!;
  if (program.includes(replace)) return null;
  const holding = words.flatMap((word, i) => (i > 0 && (how.into === 'words' ? word === replace : word.includes(replace)) ? [i] : []));
  // No word holds input: xargs runs the command once per line as written; left at its worst,
  // as nobody writes it so (and a hostile prefix `xargs -I{} ` stays one).
  const inputFrom = holding[0];
  if (inputFrom === undefined) return null;
  if (how.into === 'words') {
    if (!anyWordsOnlyRead(row)) return null;
    return { inputFrom, shapes: [`xargs puts the words of its input in place of ${replace} in ${program}'s words, and none of ${program}'s options or operands has a role`] };
  }
  if (!operandsOnlyData(row)) return null;
  // The words that hold input as globs of the same shape: `src/{}` as `src/*`, `{}` as `*`.
  const asGlobs = argv.map((word, i): Word => (holding.includes(i) ? { kind: 'opaque', raw: words[i]!.split(replace).join('*'), expansions: ['glob'] } : word));
  if (readGlobs(asGlobs).obstacle !== null) return null;
  return { inputFrom, shapes: [`xargs puts each line of its input into ${holding.map((i) => words[i]).join(', ')}, ${holding.length === 1 ? 'an operand' : 'operands'} of ${program} that only ${holding.length === 1 ? 'holds' : 'hold'} data`] };
}

/**
 * Why the words an entry's command receives from xargs could be covered, for the decision's
 * reason: `xargs adds words read from its input to wc, and …`. Empty when the shape does not apply.
 */
export function appendedInputShapes(segment: Segment): string[] {
  return inputCommand(segment)?.shapes ?? [];
}

/**
 * `git -C DIR status` is `cd DIR && git status`: the program moves to DIR before it reads anything
 * else, and `cd` is a read-only row. So for a row that says so (`workingFolderIsCd`), the segment
 * with its leading working-folder options taken off (those the row's `workingFolder` names, each
 * with a literal value in the next word that stays below the working folder, {@link staysBelow};
 * repeated or not, right after the program word) is what an entry for the program's command is
 * matched against too. Any other option before them, or another value, leaves the segment as it
 * is (the git row carves out `-C` there with every other global option). Wrappers move the command
 * they run by other means (`env -C`, `sudo -D`): not read here. Null when there is nothing to take
 * off.
 */
export function withoutLeadingFolders(segment: Segment): Segment | null {
  const { argv } = segment;
  const program = argv[0];
  if (program === undefined || program.kind !== 'literal' || argv.length < 3) return null;
  const row = rowFor(program.value);
  const folders = row?.workingFolder;
  if (row === null || row.wrapper !== undefined || row.workingFolderIsCd !== true || folders === undefined || folders.length === 0) return null;
  let at = 1;
  for (;;) {
    const option = argv[at];
    const value = argv[at + 1];
    if (option?.kind !== 'literal' || !folders.includes(option.value) || value?.kind !== 'literal' || !staysBelow(value.value)) break;
    at += 2;
  }
  return at === 1 ? null : { ...segment, argv: [program, ...argv.slice(at)] };
}

/**
 * The first word the view says the entry must spell and it does not, counted from `offset` (the
 * entry matched the argv from there), or -1 when it spells them all. A prefix entry of plain
 * words spells a word by having it at the same place; a glob entry by having it as one of its
 * literal words; a regexp spells the words its literal start holds whole.
 */
function unspelled(entry: ListEntry, view: SegmentView, offset: number, home: string): number {
  const { compiled } = entry;
  const words = viewWords(view);
  if (compiled.match === 'regexp') {
    // A regexp spells the words its literal start holds whole (`^sudo apt update$` spells `sudo apt update`).
    const start = compiled.regexp.anchoredPrefix;
    for (const index of view.mustSpell) {
      if (index < offset) continue;
      if (index >= words.length) return index;
      const text = argvText(words.slice(offset, index + 1));
      if (!(start.startsWith(text) && (start.length === text.length || start[text.length] === ' '))) return index;
    }
    return -1;
  }
  if (compiled.match !== 'prefix' && compiled.match !== 'glob') return view.mustSpell.find((index) => index >= offset) ?? -1;
  const pattern = allowWordPattern(compiled.items, home);
  for (const index of view.mustSpell) {
    if (index < offset) continue;
    const word = words[index];
    if (word === undefined) return index;
    if (compiled.match === 'prefix' && pattern.plain !== null) {
      if (pattern.plain[index - offset] !== word) return index;
    } else if (!pattern.pieces.some((pieces) => pieces !== null && pieces.length === 1 && pieces[0] === word)) {
      return index;
    }
  }
  return -1;
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

/** Allow matches a prefix entry's words at the start of the argv, a glob entry's against all of it. */
const ALLOW_PREFIX_OPTIONS: WordMatchOptions = Object.freeze({ anchorEnd: false, contained: false, caseInsensitive: false, opaqueMatchesAnything: false, home: '' });
const ALLOW_GLOB_OPTIONS: WordMatchOptions = Object.freeze({ ...ALLOW_PREFIX_OPTIONS, anchorEnd: true });

/**
 * Why an allow entry did not cover a segment, as the matcher decided it: the reason of a near miss
 * (docs/decisions.md, "Near misses: an entry that almost covers"). Made where the matcher refuses,
 * never worked out again elsewhere.
 */
export interface CoverMiss {
  kind:
    | 'no-program'
    | 'run-time-word'
    | 'glob-may-be-option'
    | 'assignment'
    | 'redirect'
    | 'unreadable'
    | 'payload'
    | 'write'
    | 'form'
    | 'wrapper'
    | 'words'
    | 'exact';
  /** The reason as a clause: `the word *.log is only known at run time, and …`. */
  why: string;
  /** The word, option, variable name or redirect the reason is about. */
  subject?: string;
  /** The argv index of that word, when it is one. */
  wordIndex?: number;
  /** `form`: the program-table role of the option the entry does not spell. */
  role?: Form['role'];
  /** `write`, or a writer `form`: the path written. */
  path?: string;
  /**
   * `glob-may-be-option`: the argv index of the first operand when every word from there on is an
   * operand — where a `--` ends the options and changes nothing else.
   */
  optionsEnd?: number;
}

/** The entry's words are not the command's (its program, its subcommand, or a word it spells). */
const WORDS_MISS: CoverMiss = Object.freeze({ kind: 'words', why: "the entry's words are not the command's" });
const EXACT_MISS: CoverMiss = Object.freeze({ kind: 'exact', why: 'an exact entry (or a grant) covers only the very command it spells' });

/**
 * Coverage by a prefix, glob or regexp entry is two questions, asked here and nowhere else: does
 * the entry allow every effect of the segment ({@link effectsAllowed}), and does it cover the argv
 * by one of the cover paths ({@link coverPaths}). Every cover path — the argv as it is, wrappers
 * peeled, leading folders taken off, glob and variable shapes, words appended by xargs — only
 * answers the second question, so a new one cannot skip the first (D§6 "Invariants").
 */
function patternCoversSegment(entry: ListEntry, view: SegmentView, home: string): boolean {
  return patternMiss(entry, view, home) === null;
}

/**
 * {@link patternCoversSegment} with the reason: null when the entry covers the segment, else why
 * not — the view's obstacle, the write the entry does not allow, or what the most telling cover
 * path stopped at (a word the entry must spell, a wrapper, the words themselves).
 */
function patternMiss(entry: ListEntry, view: SegmentView, home: string): CoverMiss | null {
  if (view.obstacleMiss !== null) return view.obstacleMiss;
  if (!effectsAllowed(entry, view)) {
    if (view.unconfined !== null && view.writePaths.length === 0) {
      // The run writes a bound workspace folder: without `writes: true`, only an entry that spells
      // the command (as before) covers it.
      const miss = patternMiss(entry, view.unconfined, home);
      if (miss === null || miss.kind !== 'form') return miss;
      const folders = view.bindWrites.join(', ');
      return { ...miss, why: `${miss.why}; an entry for the runner alone would cover it only with "writes": true, because the container may write ${folders}, bound writable into it` };
    }
    const paths = view.writePaths.join(', ');
    return { kind: 'write', why: `it writes ${paths} through a redirect, and the entry does not say "writes": true`, subject: paths, path: paths };
  }
  let miss: CoverMiss | null = null;
  for (const path of coverPaths(view)) {
    const why = pathMiss(entry, path, home);
    if (why === null) return null;
    // The first path's reason, unless it is only "other words" and a later path says more.
    if (miss === null || (miss.kind === 'words' && why.kind !== 'words')) miss = why;
  }
  if (miss === null || miss.kind === 'words') return wrapperMiss(entry, view, home) ?? miss ?? WORDS_MISS;
  return miss;
}

/**
 * The entry names a program that runs inside a wrapper which does not peel (`sudo rm x` under
 * `rm`): that wrapper, as the reason; else null.
 */
function wrapperMiss(entry: ListEntry, view: SegmentView, home: string): CoverMiss | null {
  const { compiled } = entry;
  if (compiled.match !== 'prefix' && compiled.match !== 'glob') return null;
  const first = compiled.items[0];
  if (first === undefined || first.kind !== 'word' || first.pieces.length !== 1) return null;
  const program = first.home ? home + first.pieces[0]! : first.pieces[0]!;
  const layer = view.wrappers.find((w) => w.inner === program);
  if (layer === undefined) return null;
  return {
    kind: 'wrapper',
    why: layer.peels
      ? `${program} runs inside ${layer.wrapper}, whose own options here do more than time or prioritise it, so only an entry that spells ${layer.wrapper} and ${program} covers it`
      : `${program} runs inside ${layer.wrapper}, which changes who, where or how it runs, so only an entry that spells ${layer.wrapper} and ${program} covers it`,
    subject: layer.wrapper,
  };
}

/**
 * The segment's effects the entry must allow besides its words (D§4.2): an output redirect to a
 * file is a write, which only an entry saying `writes: true` allows, and so is a workspace folder
 * bound writable into a container whose command the entry covers by spelling the runner. (The carve-out forms are
 * words the entry must spell, checked on every cover path by {@link missFrom}; an effect the
 * gate cannot place at all is an obstacle of the view.)
 */
function effectsAllowed(entry: ListEntry, view: SegmentView): boolean {
  return !view.writes || entry.writes === true;
}

/** One way an entry may cover a segment's argv: the view it is matched against, from which word. */
interface CoverPath {
  view: SegmentView;
  offset: number;
  /**
   * Only a prefix entry of plain words covers along this path, ending at or before word `upTo`:
   * what follows is words only known at run time (operand globs, what xargs appends).
   */
  plainPrefixUpTo?: number;
}

/** The cover paths of a view, the plain one first. */
function coverPaths(view: SegmentView): CoverPath[] {
  // Operand globs: only a prefix entry of plain words that ends before the first one.
  if (view.literalUntil < view.argv.length) return [{ view, offset: 0, plainPrefixUpTo: view.literalUntil }];
  const paths: CoverPath[] = [{ view, offset: 0 }];
  // Wrappers peel (D§4.3): `timeout 30 npm test` is covered by an entry for `npm test`.
  if (view.peelStart > 0) paths.push({ view, offset: view.peelStart });
  // `git -C DIR status` is covered by an entry for `git status` (withoutLeadingFolders).
  if (view.inFolder !== null) paths.push(...coverPaths(view.inFolder));
  // `xargs wc -l` is covered by an entry for `wc` (inputCommand): as for a glob, only by a prefix
  // entry of plain words, the one kind that covers whatever words follow it. With the input inside
  // the words (`xargs -I{} wc -l src/{}`), only along the command as it is, by an entry that ends
  // before the first word holding input.
  const { appended } = view;
  if (appended !== null && view.appendedUpTo >= appended.argv.length) paths.push(...coverPaths(appended).map((path) => ({ ...path, plainPrefixUpTo: Math.min(path.plainPrefixUpTo ?? Infinity, path.view.argv.length) })));
  else if (appended !== null) paths.push({ view: appended, offset: 0, plainPrefixUpTo: Math.min(appended.literalUntil, view.appendedUpTo) });
  return paths;
}

/** Why the entry does not cover the argv along one path, or null when it does. */
function pathMiss(entry: ListEntry, path: CoverPath, home: string): CoverMiss | null {
  if (path.view.obstacleMiss !== null) return path.view.obstacleMiss;
  if (path.plainPrefixUpTo !== undefined) {
    const plain = entry.compiled.match === 'prefix' ? allowWordPattern(entry.compiled.items, home).plain : null;
    if (plain === null || plain.length > path.plainPrefixUpTo) {
      const word = path.view.argv[path.plainPrefixUpTo];
      const what = word === undefined ? 'the words it is given from its input' : `the word ${word.raw}`;
      return {
        kind: 'run-time-word',
        why: `${what} ${word === undefined ? 'are' : 'is'} only known at run time, and only a prefix entry of plain words that ends before ${word === undefined ? 'them' : 'it'} covers the command`,
        ...(word !== undefined ? { subject: word.raw, wordIndex: path.plainPrefixUpTo } : {}),
      };
    }
  }
  return missFrom(entry, path.view, home, path.offset);
}

/** Why the entry does not match the argv from `offset` on or does not spell a word it must from there; null when it does both. */
function missFrom(entry: ListEntry, view: SegmentView, home: string, offset: number): CoverMiss | null {
  const { compiled } = entry;
  const words = offset === 0 ? viewWords(view) : viewWords(view).slice(offset);
  switch (compiled.match) {
    case 'prefix':
    case 'glob': {
      const first = compiled.items[0];
      // The first pattern word must literally be the program.
      if (first === undefined || first.kind !== 'word' || first.pieces.length !== 1) return WORDS_MISS;
      // (The home folder is already in the pattern's pieces; matchWords does not read it.)
      if (!matchWords(allowWordPattern(compiled.items, home), words, compiled.match === 'glob' ? ALLOW_GLOB_OPTIONS : ALLOW_PREFIX_OPTIONS)) return WORDS_MISS;
      return unspelledMiss(view, unspelled(entry, view, offset, home));
    }
    case 'regexp': {
      const text = offset === 0 ? (view.text ??= argvText(words)) : argvText(words);
      if (compiled.regexp.evaluate(text, true) !== 'match') return WORDS_MISS;
      return unspelledMiss(view, unspelled(entry, view, offset, home));
    }
    case 'exact':
      return EXACT_MISS;
  }
}

/** The reason for a word the entry must spell and does not (none for -1): a carve-out form, or a command a wrapper runs. */
function unspelledMiss(view: SegmentView, index: number): CoverMiss | null {
  if (index < 0) return null;
  const word = view.argv[index];
  const text = word === undefined ? '' : word.kind === 'literal' ? word.value : word.raw;
  const form = view.forms.find((f) => f.index === index);
  if (form !== undefined) {
    // The path written, where the form holds it apart from its option word (`curl -o page.html`).
    const path = form.role === 'writer' ? (form.targetPath ?? (form.value?.kind === 'literal' && form.value.raw !== form.trigger ? form.value.value : undefined)) : undefined;
    return {
      kind: 'form',
      why: `${form.trigger} is a carve-out: ${form.role === 'executor' ? 'an executor' : `a ${form.role}`} form of ${form.program}${path !== undefined && path !== null ? ` (it writes ${path})` : ''} — ${form.note} — and the entry does not spell it`,
      subject: form.trigger,
      wordIndex: index,
      role: form.role,
      ...(path !== undefined && path !== null ? { path } : {}),
    };
  }
  return { kind: 'wrapper', why: `${text} is the command a wrapper runs, and an entry for a wrapper covers only the commands it spells`, subject: text, wordIndex: index };
}

/**
 * The first entry of `lists` (taken in order) that covers segment `index` of a resolved command,
 * or null: {@link matchAllowLists} for one segment. For near misses, which explain only the
 * segments nothing covers.
 */
export function segmentCoveredBy(reading: CommandReading, lists: ReadonlyArray<readonly ListEntry[]>, index: number, record?: SegmentRecord): ListEntry | null {
  const { resolution } = reading;
  if (!resolution.resolved || reading.hidden.length > 0) return null;
  const scratch: SegmentScratch = { view: undefined, record };
  for (const list of lists) {
    const covering = coveringEntry(list, resolution.segments, index, reading.home, scratch);
    if (covering !== null) return covering;
  }
  return null;
}

/**
 * Why `entry` does not cover segment `index` of a resolved command, as the matcher decides it
 * (the same functions {@link matchAllow} asks), or null when it covers it. An entry that cannot
 * be applied covers nothing: its reason says so. For near misses; it never approves anything.
 */
export function whyNotCovered(entry: ListEntry, segments: readonly Segment[], index: number, home: string, record?: SegmentRecord): CoverMiss | null {
  try {
    if (entry.compiled.match === 'exact') return exactCoversSegment(entry, segments, index, home) ? null : EXACT_MISS;
    if (spellsWholeSegment(entry, segments[index]!, home)) return null;
    return patternMiss(entry, viewSegment(record ?? recordOf(segments[index]!)), home);
  } catch {
    return { kind: 'words', why: 'the entry could not be applied to it' };
  }
}

/**
 * A redirect no entry covers (D§4.2): one from or to a place only known at run time, or a network
 * path. The harmless ones (`>/dev/null`, `2>&1`, `<file`, …) and writes to a named file (which
 * need `writes: true`, {@link effectsAllowed}) are not.
 */
function redirectUnsafe(redirect: Redirect): boolean {
  const target = redirect.target.kind === 'literal' ? redirect.target.value : null;
  if (target !== null && /^\/dev\/(tcp|udp)\//.test(target)) return true;
  if (redirect.op === '<' || redirect.op === '<&') return target === null;
  const write = redirectWrite(redirect);
  return write !== undefined && write.path === null;
}
