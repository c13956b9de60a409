import { MAX_PAYLOAD_DEPTH, type Payload } from '../programs/executorPayloads';
import { describeHostMentions, hostMentions, hostMentionsInText, type HostMention } from './openWorld';
import { startupFilesWritten } from './startupWrites';
import { collapseNested, describeProtectedWrites, isWithin, protectedPathReason, protectedWritesAt, resolveWritePath, type ProtectedWrite } from './protectedWrite';
import { landingPaths, placeInside, placesOfSegments, startPlace, type Landing, type PathPlace } from '../programs/pathResolver';
import type { CommandReading } from '../reading/reading';
import { isHarmlessAssignment } from '../reading/harmlessAssignments';
import { literalValue, type Mechanism, type ReadingShell, type Segment, type Word } from '../reading/resolution';
import { resolve } from '../reading/resolver';
import { scriptEnvLeak, scriptEnvLeakInText, type EnvLeak } from './scriptEnvLeak';
import { analyseArgv, type SegmentAnalysis } from '../programs/segmentAnalysis';
import { recordOf, type SegmentRecord } from '../programs/segmentRecord';
import { workingFolderOf, writeTargets } from '../programs/writeTargets';
import { removedGlobTarget, targetOf, type WriteTarget } from '../programs/writeTarget';
import { programName } from '../programs/wrappers';
import { readsCodeFromStdin, rowFor } from '../programs/table';
import type { PreflightArm } from '../decision';

export type { PreflightArm };

/**
 * The preflight floors (D§7). Each arm names something the gate established about a command
 * that a `safe` rating alone must not wave through; the pipeline raises `safe` to `destructive`
 * when any arm fires (it never lowers anything). The findings are also notes for the rater
 * prompt and lines on the approval card, so each carries one plain sentence.
 *
 * The arms read the resolved segments, and also the commands hidden in their arguments
 * (`sh -c '…'`, `find -exec …`, `xargs …`, through `executorPayloads.ts`), so wrapping a write
 * or a fetch in `bash -c` does not hide it.
 */


export interface PreflightFinding {
  arm: PreflightArm;
  /** One sentence for the card, the rater prompt and the agent, e.g. 'This command names a host: evil.example (curl).' */
  reason: string;
  /** open-world: hosts named, in order, deduplicated (IDN hosts also in punycode form). */
  hosts?: string[];
  /** protected-write: the protected paths written (absolute); foreign-config: the folders outside. */
  paths?: string[];
  /** script-env-leak: the ALL_CAPS variables expanded. */
  variables?: string[];
}

/** `reading.home` gives the home folder. */
export interface PreflightContext {
  cwd: string;
  /** The shell's CDPATH, when the gate did not set the shell up (GateCall.cdpath). */
  cdpath?: string;
  /** The records of the command's own segments, when the caller has made them (the pipeline's, one per segment). */
  records?: readonly SegmentRecord[];
}

/** How many segments, nested ones included, are read before the rest counts as unreadable. */
const MAX_CHECKED_SEGMENTS = 256;

/** Plain words for the resolver's mechanisms, for the unresolved reason. */
const MECHANISM_WORDS: Readonly<Record<Mechanism, string>> = {
  substitution: 'command substitution',
  'process-substitution': 'process substitution',
  arithmetic: 'arithmetic expansion',
  eval: 'text run as code (eval, source)',
  'opaque-program': 'a program name that is not literal',
  'shell-difference': 'text that bash and zsh run differently',
  'job-control': 'a job named where a program belongs (bash resumes it)',
  'indirect-expansion': 'a value used as a variable name (${!x})',
  'prompt-expansion': 'a value expanded as a prompt (${x@P})',
  'name-evaluation': 'a variable name a builtin evaluates, only known at run time',
  'shell-state': 'a variable or shell option set earlier on the line, which changes what later commands run',
  subshell: 'a subshell',
  group: 'a command group',
  'control-flow': 'control flow',
  'function-definition': 'a function definition',
  'test-expression': 'a [[ ]] test',
  heredoc: 'a heredoc',
  'here-string': 'a here-string',
  coproc: 'a coprocess',
  'history-expansion': 'history expansion',
  comment: 'a comment',
  'unbalanced-quote': 'an unbalanced quote',
  dialect: 'syntax bash does not share',
  'array-assignment': 'an array assignment',
  'fd-variable': 'a file descriptor variable',
  syntax: 'syntax outside what the gate reads',
  'too-many-segments': 'more than 64 commands',
  'too-long': 'more than 64 KiB of text',
  'hidden-characters': 'hidden characters',
};

function describeMechanisms(mechanisms: readonly Mechanism[]): string {
  const words = mechanisms.map((m) => MECHANISM_WORDS[m] ?? m);
  return words.length > 0 ? [...new Set(words)].join(', ') : 'syntax outside what the gate reads';
}

/** A command inside another that the gate could not read. */
interface UnreadablePayload {
  via: string;
  why: string;
}

/** What the arms found over a resolved command's segments; each list stays null until it gets an entry. */
interface Gathered {
  leaks: EnvLeak[] | null;
  mentions: HostMention[] | null;
  writes: ProtectedWrite[] | null;
  unreadable: UnreadablePayload[] | null;
  /** Deleting, moving or writing roles whose target is only known at run time (D§7 unknown-target). */
  opaqueTargets: string[] | null;
  /** Programs whose words their row cannot read for sure (the record's `forms.unreadable`). */
  inexact: string[] | null;
  /** Programs that read a folder's own configuration, run outside the folder asked in (D§7 foreign-config). */
  foreign: ForeignConfig[] | null;
}

/** A program reading a folder's configuration (its row's `folderConfig`) where the gate never saw it written. */
interface ForeignConfig {
  program: string;
  /** The folders outside, or null when where it runs is only known at run time. */
  folders: string[] | null;
  what: string;
}

/**
 * Walks the segments to check — the command's own, then those of every payload they execute,
 * read back through the resolver (bounded in depth and count) — and runs the arms on each as it
 * comes. Payloads that cannot be read exactly are gathered apart, for the unresolved arm.
 *
 * The walk is breadth-first: the command's own segments, then the nested ones in the order
 * they were found. Only nested segments wait in a queue (most commands have none), and the
 * arms run as each segment is reached rather than over lists of segments made first: the arms
 * never throw, so running them early changes neither what they find nor its order.
 */
function checkSegments(top: readonly Segment[], home: string, start: PathPlace, records?: readonly SegmentRecord[], shell: ReadingShell = 'any'): Gathered {
  const found: Gathered = { leaks: null, mentions: null, writes: null, unreadable: null, inexact: null, opaqueTargets: null, foreign: null };
  // The folder the command was asked in, as written and through its links ("inside" is below one),
  // worked out for the first program that reads its folder's configuration: most lines have none.
  let workspace: Landing | undefined;
  const workspaceOf = (): Landing => (workspace ??= landingPaths('.', start, true));
  // Where each segment runs: the path resolver's walk along the line, for the protected-write arm.
  const topPlaces = placesOfSegments(top, start);
  // Payload segments, their depths and places, in the order found; they come after all of `top`.
  let nested: Segment[] | null = null;
  let nestedDepths: number[] | null = null;
  let nestedPlaces: PathPlace[] | null = null;
  // Whether each payload segment is a command as the shell runs it (an argv, a shell's text) rather
  // than another language's text read as shell words (`vim -c 'set ff=unix'`).
  let nestedCommands: boolean[] | null = null;
  for (let next = 0; next < top.length + (nested === null ? 0 : nested.length); next++) {
    const own = next < top.length;
    const segment = own ? top[next]! : nested![next - top.length]!;
    const depth = own ? 0 : nestedDepths![next - top.length]!;
    const outer = own ? topPlaces[next]! : nestedPlaces![next - top.length]!;
    if (next >= MAX_CHECKED_SEGMENTS) {
      addUnreadable(found, 'nested commands', `more than ${MAX_CHECKED_SEGMENTS} commands in all`);
      break;
    }
    // What the segment does, read once, here, for this walk and for every arm.
    const analysis = (own ? records?.[next] : undefined) ?? recordOf(segment);
    // Where the program runs once its wrappers have moved it (`env -C DIR`), and its payloads with it.
    const place = placeInside(outer, analysis.peeled.layers);
    // A payload's text runs in whatever shell its program starts (`sh -c`): read at the worst of them.
    checkSegment(segment, analysis, place, found, own ? shell : 'any');
    const foreign = foreignConfig(analysis, place, workspaceOf);
    if (foreign !== null) (found.foreign ??= []).push(foreign);
    const unwrapped = analysis.peeled;
    const program = unwrapped.argv[0];
    if (unwrapped.wrappers.length > 0 && program && program.kind === 'opaque') {
      // `sudo $CMD …`: the resolver vouches for `sudo`, but what it runs is not written down.
      addUnreadable(found, unwrapped.wrappers.join(' '), `the program it runs is not literal: ${program.raw}`);
    }
    // A word the program's row cannot place, an option a strict row does not know, a program the
    // table has no row for: what the program does is not known for sure, so no `safe` rating
    // approves it (D§4.3 "Unknown is not harmless"; docs/decisions.md "No row, no safe rating").
    // Text of another language read as shell words (`vim -c 'set ff=unix'`) names no program.
    const inexact = own || nestedCommands![next - top.length] ? analysis.unplaced : analysis.forms.unreadable;
    if (inexact !== null) (found.inexact ??= []).push(inexact);
    // The same for an environment prefix outside the harmless table (`GIT_PAGER='…' git log`,
    // `LESSOPEN='|…' less f`, `env LD_PRELOAD=… ls`): no row says what the program makes of it, and
    // it may make the program run, load or read something else (docs/decisions.md, "An environment
    // prefix outside the harmless table is not rated safe").
    const prefixed = environmentPrefixOutsideTable(segment, analysis);
    if (prefixed !== null) (found.inexact ??= []).push(prefixed);
    let payloads: readonly Payload[];
    try {
      payloads = analysis.payloads;
    } catch {
      addUnreadable(found, segment.raw, 'its arguments could not be read');
      continue;
    }
    if (payloads.length === 0) continue;
    // A segment at depth MAX_PAYLOAD_DEPTH is itself the deepest payload read.
    if (depth >= MAX_PAYLOAD_DEPTH) {
      addUnreadable(found, payloads[0]!.via, 'commands nested too deeply');
      continue;
    }
    nested ??= [];
    nestedDepths ??= [];
    nestedPlaces ??= [];
    nestedCommands ??= [];
    for (const payload of payloads) {
      if (payload.kind === 'argv') {
        // `xargs CMD` is CMD itself, already read through the wrapper by every arm.
        if (payload.via === 'xargs') continue;
        nested.push(payloadSegment(payload.argv, payload.via));
        nestedDepths.push(depth + 1);
        nestedPlaces.push(place);
        nestedCommands.push(true);
        continue;
      }
      if (payload.approximate) {
        addUnreadable(found, payload.via, 'its code comes from an expansion the gate cannot read');
        continue;
      }
      const inner = resolve(payload.text, { home, shell: 'any' });
      if (inner.resolved) {
        const innerPlaces = placesOfSegments(inner.segments, place);
        const shellText = rowFor(programName({ kind: 'literal', value: payload.via.split(' ')[0]!, raw: '' }) ?? '')?.category === 'shell';
        for (let k = 0; k < inner.segments.length; k++) {
          nested.push(inner.segments[k]!);
          nestedDepths.push(depth + 1);
          nestedPlaces.push(innerPlaces[k]!);
          nestedCommands.push(shellText);
        }
      } else {
        addUnreadable(found, payload.via, describeMechanisms(inner.mechanisms));
      }
    }
  }
  return found;
}

function addUnreadable(found: Gathered, via: string, why: string): void {
  (found.unreadable ??= []).push({ via, why });
}

/** The script-env-leak, open-world and protected-write arms on one segment, into `found`. */
function checkSegment(segment: Segment, analysis: SegmentRecord, place: PathPlace, found: Gathered, shell: ReadingShell): void {
  const leak = scriptEnvLeak(segment, analysis);
  if (leak) (found.leaks ??= []).push(leak);
  const mentions = hostMentions(segment, analysis);
  if (mentions.length > 0) {
    const all = (found.mentions ??= []);
    for (const mention of mentions) all.push(mention);
  }
  const opaque = opaqueTarget(segment, analysis);
  if (opaque !== null) (found.opaqueTargets ??= []).push(opaque);
  const targets = [...writeTargets(segment, analysis), ...deletedPaths(analysis, shell)];
  const named = namedPathsAtWorst(analysis, place.home);
  // Most segments write nothing: no protected write to look for.
  if (targets.length === 0 && named.length === 0) return;
  const writes = protectedWritesAt(targets, place);
  // Paths only named by code or by a program the table does not know count where the place is one
  // of the protected ones; outside the workspace only when the code says it writes.
  for (const { targets: maybe, outside } of named) {
    for (const write of protectedWritesAt(maybe, outside ? place : { ...place, workspace: undefined })) writes.push(write);
  }
  if (writes.length > 0) {
    const all = (found.writes ??= []);
    for (const write of writes) all.push(write);
  }
}

/**
 * The paths a segment deletes, as the program table places them (a `destructive` form whose value
 * names a path: `rm`'s operands, `unlink`, `shred -u`, `rmdir` …), for the protected-write check
 * (D§7): removing the gate's or an agent's settings (`rm .vscode/settings.json`, `rm -rf .claude`)
 * takes their deny entries away, and a delete outside the workspace changes what the user's other
 * programs find, so a person sees it like a write there. A value that names no path (a process id,
 * a container, a branch) is left to the floors: only words that read as paths count, and every
 * value of a form the row marks as deleting a place (`changes: 'deletes'`: `rm settings.json` after
 * `cd .vscode`) (docs/decisions.md, "Deleting is writing, for the protected places").
 */
export function deletedPaths(analysis: SegmentRecord, shell: ReadingShell = 'any'): WriteTarget[] {
  const out: WriteTarget[] = [];
  for (const form of analysis.forms.forms) {
    if (form.role !== 'destructive' || form.value === null) continue;
    const text = form.value.kind === 'literal' ? form.value.value : form.value.raw;
    // A row that says its form deletes a place names a path, whatever it looks like (`settings.json`
    // after `cd .vscode`); other values count when they read as paths. `find -exec rm {}` deletes
    // what find found, which this check does not follow (docs/decisions.md, "A brace word is the
    // words it makes").
    const foundByFind = form.value.kind !== 'literal' && form.value.raw.includes('{}');
    // An option's value only known at run time may be a path at its worst (`--device "$X"`), as its
    // literal form would be (run-time data never helps, docs/testing.md). Operands are left as they
    // were: a killer's or a container tool's operand is an id (`kill "$PID"`, `docker rm "$ID"`).
    const mayBePath = PATH_LIKE.test(text) || (form.value.kind !== 'literal' && !foundByFind && form.trigger.startsWith('-'));
    if ((form.changes !== 'deletes' || foundByFind) && !mayBePath) continue;
    const via = `${form.program} (deletes)`;
    // A glob rm, rmdir or unlink removes: entries of its literal folder, never reached through a
    // link (docs/decisions.md, "Deleting through a glob in the workspace").
    const glob = REMOVES_LINK_ITSELF.has(form.program) ? removedGlobTarget(form.value, via, shell) : null;
    out.push(glob ?? targetOf(form.value, via, { scope: 'tree' }));
  }
  return out;
}

/**
 * Deleters that remove a link itself, never what it points to (docs/decisions.md, "Where a path
 * lands"), unless given a trailing `/`: `shred -u` overwrites what a link points to first.
 */
const REMOVES_LINK_ITSELF: ReadonlySet<string> = new Set(['rm', 'rmdir', 'unlink']);

/** A word that names a path: absolute, from the home folder, relative with a slash, or a dot name. */
const PATH_LIKE = /^(?:\/|~|\$HOME\b|\$\{HOME\}|\.)|\//;

/**
 * Paths a segment names where the gate cannot tell a read from a write, taken at their worst as
 * writes (D§7 "the gate's own settings — also when code edits them"):
 * - the string literals of inline code a row hands to an interpreter (`python3 -c`, `node -e`,
 *   `perl -e`) when the code has a writing word (`open(…, 'w')`, `writeFile`, `dump`, `rename` …):
 *   no reader follows what the code does with them, and code that only reads
 *   (`node -p 'require("./package.json").version'`) stays a plain command;
 * - the relative path operands of a program the table has no row for (`npx husky add
 *   .husky/pre-commit …`): nothing says what it does with them, and inside the workspace the
 *   protected places are those that change what runs;
 * - that program's operands in the home folder, the home folder itself included (`biome check
 *   --write ~/`, `kaggle … -p ~/.config/autostart`): at its worst it writes there, outside the
 *   workspace, which an entry for the program must not cover (docs/decisions.md "A program without
 *   a row, given the home folder"). Its other absolute operands (`lsattr /etc/x`) are left to the
 *   rows and the floors: an unknown reader of system files is everyday work, and writing them
 *   takes root.
 */
export function namedPathsAtWorst(analysis: SegmentRecord, home?: string): Array<{ targets: WriteTarget[]; outside: boolean }> {
  const out: Array<{ targets: WriteTarget[]; outside: boolean }> = [];
  for (const form of analysis.forms.forms) {
    if (form.payload !== 'code' || form.value === null || form.value.kind !== 'literal') continue;
    const code = form.value.value;
    const paths = pathLiteralsOf(code);
    if (paths.length > 0 && CODE_WRITES.test(code)) out.push({ targets: paths.map((path) => ({ path, via: `code (${form.program} ${form.trigger})` })), outside: true });
  }
  const argv = analysis.peeled.argv;
  const startup = startupWritesOf(analysis);
  if (startup !== null) out.push(startup);
  if (analysis.program !== null && rowFor(analysis.program) === null) {
    const operands = argv.slice(1).flatMap((word) => (word.kind === 'literal' && looksLikePath(word.value) && !word.value.startsWith('/') && !word.value.startsWith('~') ? [word.value] : []));
    if (operands.length > 0) out.push({ targets: operands.map((path) => ({ path, via: `${analysis.program}, a program the gate does not know` })), outside: false });
    const homeFolder = home?.replace(/\/+$/, '');
    const inHome = homeFolder ? argv.slice(1).flatMap((word) => (word.kind === 'literal' && isWithin(word.value.replace(/(.)\/+$/, '$1'), homeFolder) ? [word.value] : [])) : [];
    if (inHome.length > 0) out.push({ targets: inHome.map((path) => ({ path, via: `${analysis.program}, a program the gate does not know, given a place in the home folder` })), outside: true });
  }
  return out;
}

/** A shell's inline code writing its own start-up or settings files (startupWrites.ts). */
function startupWritesOf(analysis: SegmentRecord): { targets: WriteTarget[]; outside: boolean } | null {
  if (analysis.program === null) return null;
  const codes = analysis.forms.forms.flatMap((form) => (form.role === 'executor' && (form.payload === 'code' || form.payload === 'shell-text') && form.value?.kind === 'literal' ? [form.value.value] : []));
  const words = rowFor(analysis.program) === null ? analysis.peeled.argv.slice(1).map((word) => (word.kind === 'literal' ? word.value : null)) : null;
  const paths = startupFilesWritten(analysis.program, codes, words);
  return paths.length === 0 ? null : { targets: paths.map((path) => ({ path, via: `code (${analysis.program}, its own start-up files)` })), outside: true };
}

/**
 * A word of code that writes files (approximate, for any language), deleting included: Emacs
 * Lisp's `with-temp-file`, `save-buffer`, `delete-file`; Clojure's `spit`; `unlink`, `rmtree`,
 * `truncate` of many languages.
 */
const CODE_WRITES = /write|dump|append|rename|copy|move|replace|symlink|mkdir|with-temp-file|save-buffer|delete-(?:file|directory)|\bspit\b|unlink|rmtree|truncate|\bopen\s*\([^)]*,\s*['"][wax+]|>>?\s*['"]/i;

/** Quoted strings of code that look like paths (`'~/.claude/settings.json'`, `".vscode/x"`). */
function pathLiteralsOf(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/'([^'\\\n]{1,4096})'|"([^"\\\n]{1,4096})"|`([^`\\\n]{1,4096})`/g)) {
    const text = match[1] ?? match[2] ?? match[3] ?? '';
    if (looksLikePath(text)) out.push(text);
    if (out.length >= 64) break;
  }
  return out;
}

/** A word that names a file: no blanks, and a slash, or a leading dot or `~`. */
function looksLikePath(text: string): boolean {
  return text.length > 1 && !/[\s$`*?]/.test(text) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && (text.includes('/') || text.startsWith('.') || text.startsWith('~'));
}

/**
 * The foreign-config arm on one segment: a program whose row says it reads configuration from the
 * folder it runs in (`folderConfig`: git's `.git/config`), run where that folder may lie outside
 * the one the command was asked in — after a `cd`, through `git -C`, `env -C`, a link — or in a
 * folder only known at run time. The agent's workspace is the folder it asks in; a repository
 * elsewhere (`cd /tmp/cloned && git log`) carries configuration nobody has read, and
 * `core.pager` or `core.fsmonitor` there runs whatever it names.
 */
function foreignConfig(analysis: SegmentAnalysis, place: PathPlace, workspaceOf: () => Landing): ForeignConfig | null {
  const argv = analysis.peeled.argv;
  const program = argv[0];
  if (program === undefined || program.kind !== 'literal') return null;
  const row = rowFor(program.value);
  if (row === null || row.folderConfig === undefined) return null;
  const name = row.names[0]!;
  const moved = workingFolderOf(row, argv);
  const workspace = workspaceOf();
  const runs = moved === null ? null : landingPaths(moved, place, true);
  if (runs === null || runs.unknown || runs.paths.length === 0 || workspace.unknown || workspace.paths.length === 0) return { program: name, folders: null, what: row.folderConfig };
  const outside = runs.paths.filter((folder) => !workspace.paths.some((root) => folder === root || folder.startsWith(root === '/' ? '/' : `${root}/`)));
  return outside.length === 0 ? null : { program: name, folders: outside, what: row.folderConfig };
}

/** The foreign-config finding: where each program runs and what it reads there. */
function foreignConfigFinding(foreign: readonly ForeignConfig[]): PreflightFinding | null {
  if (foreign.length === 0) return null;
  const parts = foreign.slice(0, 3).map((f) =>
    f.folders === null
      ? `${f.program} runs in a folder only known at run time and reads ${f.what} there`
      : `${f.program} runs in ${f.folders.slice(0, 3).join(', ')}, outside the folder the command was asked in, and reads ${f.what} there`,
  );
  const paths = [...new Set(foreign.flatMap((f) => f.folders ?? []))];
  return {
    arm: 'foreign-config',
    reason: `This command reads configuration the gate has not seen: ${parts.join('; ')}.`,
    ...(paths.length > 0 ? { paths } : {}),
  };
}

/** Programs whose operands are the files they delete, move or change (any operand is a target). */
const OPERAND_TARGETS = new Set(['rm', 'rmdir', 'unlink', 'shred', 'srm', 'rimraf', 'mv', 'chmod', 'chown', 'chgrp', 'touch', 'truncate', 'tee', 'sponge', 'ln']);
/** Programs whose last operand is the file or folder they write. */
const LAST_OPERAND_TARGETS = new Set(['cp', 'install', 'rsync', 'scp']);

/**
 * The unknown-target arm on one segment (D§7): a delete, move or write whose target is only
 * known at run time (`rm -rf "$TARGET"`, `tee "$F"`, `> "$OUT"`, `dd of=$X`), or a deleting or
 * writing command whose arguments come from input (`xargs rm`). Null when none.
 */
function opaqueTarget(segment: Segment, analysis: SegmentAnalysis): string | null {
  for (const redirect of segment.redirects) {
    if (redirect.op === '<' || redirect.op === '<&' || redirect.op === '>&') continue;
    if (redirect.target.kind !== 'literal') return `the redirect ${redirect.raw} writes to a file only known at run time`;
  }
  const peeled = analysis.peeled;
  const argv = peeled.argv;
  const name = programName(argv[0]);
  if (name === null) return null;
  const program = name.toLowerCase();
  if (peeled.layers.some((layer) => layer.program === 'xargs') && (OPERAND_TARGETS.has(program) || LAST_OPERAND_TARGETS.has(program))) {
    return `xargs ${program} ${OPERAND_TARGETS.has(program) ? 'deletes, moves or changes' : 'writes'} files named by its input, which nobody has seen`;
  }
  const operands = argv.slice(1).filter((word) => !(word.kind === 'literal' && word.value.startsWith('-')));
  if (OPERAND_TARGETS.has(program)) {
    const word = operands.find((w) => w.kind !== 'literal' && w.expansions.includes('variable'));
    if (word !== undefined) return `${program} ${word.raw}: the file it acts on is only known at run time`;
  }
  if (LAST_OPERAND_TARGETS.has(program)) {
    const last = operands[operands.length - 1];
    if (last !== undefined && last.kind !== 'literal' && last.expansions.includes('variable')) return `${program} writes to ${last.raw}, only known at run time`;
  }
  if (program === 'dd') {
    const of = argv.find((w) => w.kind !== 'literal' && w.raw.startsWith('of='));
    if (of !== undefined) return `dd ${of.raw}: the file it writes is only known at run time`;
  }
  return null;
}

/** Programs that run the code they read on standard input when given no script (shells, interpreters). */
function readsCodeFromPipe(segment: Segment, analysis: SegmentAnalysis): string | null {
  const argv = analysis.peeled.argv;
  return readsCodeFromStdin(argv, analysis.inside?.forms) ? (programName(argv[0]) ?? 'the program') : null;
}

/**
 * The unknown-code arm (D§7): an interpreter or shell fed by the pipeline before it (`curl … | sh`,
 * `base64 -d | bash`) runs code nobody has read. (The hardline floor still reads what it can.)
 */
function unknownCode(segments: readonly Segment[], records?: readonly SegmentRecord[]): string | null {
  for (let k = 1; k < segments.length; k++) {
    const before = segments[k - 1]!.connector;
    if (before !== '|' && before !== '|&') continue;
    const segment = segments[k]!;
    const reader = readsCodeFromPipe(segment, records?.[k] ?? analyseArgv(segment.argv));
    if (reader !== null) return `${reader} runs the code piped into it by \`${segments[k - 1]!.raw}\`, which nobody has read.`;
  }
  return null;
}

/**
 * A segment made from an argv payload. `find -exec` replaces `{}` with each path it finds, so a
 * word holding `{}` is opaque: the gate does not know those paths.
 */
function payloadSegment(argv: readonly Word[], via: string): Segment {
  const words = via.startsWith('find')
    ? argv.map((word): Word => (word.kind === 'literal' && word.value.includes('{}') ? { kind: 'opaque', raw: word.raw, expansions: ['glob'] } : word))
    : [...argv];
  return {
    argv: words,
    assignments: [],
    redirects: [],
    connector: null,
    negated: false,
    timed: false,
    raw: words.map((w) => w.raw).join(' '),
  };
}

/**
 * The first environment variable set for this segment alone (`NAME=VALUE program`, or through a
 * wrapper such as `env NAME=VALUE`) that the harmless table (reading/harmlessAssignments.ts) does
 * not list, as a reason; null when every one is listed. A line's earlier `export` is the
 * resolver's business (reading/lineState.ts: the line is then not read exactly).
 */
function environmentPrefixOutsideTable(segment: Segment, analysis: SegmentAnalysis): string | null {
  const program = programName(analysis.peeled.argv[0]) ?? 'the program';
  for (const assignment of [...segment.assignments, ...analysis.peeled.assignments]) {
    const value = assignment.value;
    if (!isHarmlessAssignment(assignment.name, value.kind === 'literal', literalValue(value) ?? undefined)) {
      return `${assignment.name} is set for ${program}, and the gate does not know what ${program} makes of it (it is not among the harmless environment prefixes)`;
    }
  }
  return null;
}

function unresolvedFinding(reading: CommandReading, unreadable: readonly UnreadablePayload[], inexact: readonly string[] = NONE): PreflightFinding | null {
  // A command read exactly, all of whose payloads were read too (nearly every one): nothing to say.
  if (reading.resolution.resolved && unreadable.length === 0 && inexact.length === 0) return null;
  const parts: string[] = [];
  if (!reading.resolution.resolved) {
    parts.push(`The gate cannot read this command exactly: ${describeMechanisms(reading.resolution.mechanisms)}.`);
  }
  const payloadParts = [...new Set(unreadable.map((u) => `${u.via} (${u.why})`))];
  if (payloadParts.length > 0) parts.push(`The gate cannot read the code it runs through ${payloadParts.join('; ')}.`);
  if (inexact.length > 0) parts.push(`The gate cannot read for sure what it does: ${[...new Set(inexact)].join('; ')}.`);
  return parts.length > 0 ? { arm: 'unresolved', reason: parts.join(' ') } : null;
}

/** How many variables a reason lists before it counts the rest (the `variables` list keeps them all). */
const MAX_LISTED_VARIABLES = 12;

function envLeakFinding(leaks: readonly EnvLeak[]): PreflightFinding | null {
  if (leaks.length === 0) return null;
  const variables = [...new Set(leaks.flatMap((l) => l.variables))];
  const interpreters = [...new Set(leaks.map((l) => l.interpreter))];
  const more = variables.length > MAX_LISTED_VARIABLES ? ` and ${variables.length - MAX_LISTED_VARIABLES} more` : '';
  const shown = `${variables
    .slice(0, MAX_LISTED_VARIABLES)
    .map((v) => (v.startsWith('!') ? `\${${v}}` : `$${v}`))
    .join(', ')}${more}`;
  return {
    arm: 'script-env-leak',
    reason: `This command hands environment variables to a script (${interpreters.join(', ')}): ${shown}; their values, often secrets, reach code the gate has not read.`,
    variables,
  };
}

function openWorldFinding(mentions: readonly HostMention[]): PreflightFinding | null {
  const described = describeHostMentions(mentions);
  if (!described) return null;
  return { arm: 'open-world', reason: described.reason, ...(described.hosts.length > 0 ? { hosts: described.hosts } : {}) };
}

function protectedWriteFinding(writes: readonly ProtectedWrite[]): PreflightFinding | null {
  if (writes.length === 0) return null;
  const paths = [...new Set(collapseNested(writes).flatMap((w) => (w.path === null ? [] : [w.path])))];
  return { arm: 'protected-write', reason: describeProtectedWrites(writes), ...(paths.length > 0 ? { paths } : {}) };
}

/**
 * The text fallback of the protected-write arm for unresolved commands: literal targets of
 * output redirects and of `tee`, read off the normalised text. Cheap and linear; it only names
 * paths on the card, since the unresolved floor already holds.
 */
export function protectedWritesInText(text: string, context: { cwd: string; home: string }): ProtectedWrite[] {
  // Only a redirect (`>`) or `tee` names a path below: most texts hold neither.
  if (!text.includes('>') && !text.includes('tee')) return [];
  const out: ProtectedWrite[] = [];
  const check = (word: string, via: string) => {
    const path = word.replace(/^['"]|['"]$/g, '');
    if (path.length === 0 || /[$`*?[{]/.test(path)) return;
    const absolute = resolveWritePath(path, context);
    const why = protectedPathReason(absolute, context);
    if (why) out.push({ path: absolute, why, via });
  };
  const tokens = text.split(/\s+/);
  let inTee = false;
  // Each pattern below is tried only on tokens that hold the character it needs: a long line
  // has tens of thousands of tokens, nearly all of them plain words.
  for (let i = 0; i < tokens.length && out.length < 16; i++) {
    const token = tokens[i]!;
    if (OPERATOR_START.has(token[0]!) && /^[;&|()]+$/.test(token)) {
      inTee = false;
      continue;
    }
    const redirect = token.includes('>') ? /^(?:\d*|&)(>>?|>\|)(.*)$/.exec(token) : null;
    if (redirect) {
      const rest = redirect[2]!;
      if (rest.startsWith('&')) continue;
      const target = rest.length > 0 ? rest : (tokens[++i] ?? '');
      check(target.replace(/[;&|)]+$/, ''), `redirect ${redirect[1]}`);
      continue;
    }
    if (token.includes('tee') && token.slice(token.lastIndexOf('/') + 1).replace(/^[('"`]+/, '') === 'tee') {
      inTee = true;
      continue;
    }
    if (inTee && !token.startsWith('-')) check(token.replace(/[;&|)]+$/, ''), 'tee');
    if (OPERATOR_END.has(token[token.length - 1]!)) inTee = false;
  }
  return out;
}

/** First characters of an operator token (`;`, `&&`, `|`, `)`). */
const OPERATOR_START: ReadonlySet<string> = new Set([';', '&', '|', '(', ')']);
/** Last characters that end a command inside a token (`x;`, `y)`). */
const OPERATOR_END: ReadonlySet<string> = new Set([';', '&', '|', ')']);

/**
 * All preflight findings for a command, at most one per arm, in arm order: unresolved,
 * script-env-leak, open-world, protected-write, then foreign-config, unknown-code, unknown-target. Never throws: if reading the command fails
 * the answer is an unresolved finding, which floors the command.
 */
export function preflightFindings(reading: CommandReading, context: PreflightContext): PreflightFinding[] {
  try {
    const pathContext = { cwd: context.cwd, home: reading.home };
    const resolution = reading.resolution;
    if (!resolution.resolved) {
      const leak = scriptEnvLeakInText(reading.normalised);
      return findingsList(
        unresolvedFinding(reading, NONE),
        envLeakFinding(leak ? [leak] : NONE),
        openWorldFinding(hostMentionsInText(reading.normalised)),
        protectedWriteFinding(protectedWritesInText(reading.normalised, pathContext)),
      );
    }
    const found = checkSegments(resolution.segments, reading.home, startPlace(reading.home, context.cwd, true, context.cdpath), context.records, reading.shell);
    const code = unknownCode(resolution.segments, context.records);
    const list = findingsList(
      unresolvedFinding(reading, found.unreadable ?? NONE, found.inexact ?? NONE),
      envLeakFinding(found.leaks ?? NONE),
      openWorldFinding(found.mentions ?? NONE),
      protectedWriteFinding(found.writes ?? NONE),
    );
    if (code === null && found.opaqueTargets === null && found.foreign === null) return list;
    const more = [...list];
    const foreign = foreignConfigFinding(found.foreign ?? []);
    if (foreign !== null) more.push(foreign);
    if (code !== null) more.push({ arm: 'unknown-code', reason: code });
    if (found.opaqueTargets !== null) more.push({ arm: 'unknown-target', reason: `The target is only known at run time: ${found.opaqueTargets.slice(0, 3).join('; ')}.` });
    return more;
  } catch (error) {
    return [
      {
        arm: 'unresolved',
        reason: `The gate failed while checking this command (${error instanceof Error ? error.message : String(error)}), so nothing about it is vouched for.`,
      },
    ];
  }
}

/** No findings, shared by every command without any (most of them; callers only read the list). */
const NO_FINDINGS: PreflightFinding[] = Object.freeze([]) as unknown as PreflightFinding[];

/** An empty list for an arm that found nothing, shared (the finding functions only read it). */
const NONE: readonly never[] = Object.freeze([]);

/** The findings that fired, in arm order. */
function findingsList(
  unresolved: PreflightFinding | null,
  envLeak: PreflightFinding | null,
  openWorld: PreflightFinding | null,
  protectedWrite: PreflightFinding | null,
): PreflightFinding[] {
  if (unresolved === null && envLeak === null && openWorld === null && protectedWrite === null) return NO_FINDINGS;
  const out: PreflightFinding[] = [];
  if (unresolved !== null) out.push(unresolved);
  if (envLeak !== null) out.push(envLeak);
  if (openWorld !== null) out.push(openWorld);
  if (protectedWrite !== null) out.push(protectedWrite);
  return out;
}
