/**
 * The comparison loop shared by the bash and zsh differentials (test/unit/reading/*Differential):
 * resolve each command for a reading shell, run the resolved ones in a shell oracle (every
 * recorder mode worth running, every invocation of that oracle), align the records with the
 * segments, and shrink what differs. How it works: docs/differential-testing.md.
 */
import { resolve } from '../../src/gate/reading/resolver';
import type { ReadingShell, Resolution, Segment } from '../../src/gate/reading/resolution';
import type { ResolveOptions } from '../../src/gate/reading/resolver';
import { alignExecution, expectedExecution, type AlignmentOptions, type ProgramPathKind, type ProgramPathLookup } from './argvAlignment';
import { ORACLE_HOME, ZSH_RESERVED_BUILTINS, type BashOracle, type OracleInvocation, type OracleRun, type RecorderMode } from './bashOracle';
import { shrinkCommand } from './shrinkCommand';

/**
 * Both recorder modes, except that without a `&` or `|` anywhere in the text the shell cannot
 * have seen `&&` or `||`, so which commands run cannot depend on their status and the second run
 * would repeat the first exactly.
 */
export function modesWorthRunning(command: string): RecorderMode[] {
  return /[&|]/.test(command) ? ['succeed', 'fail'] : ['succeed'];
}

/**
 * The oracle's invocations in which a command's records can differ. zsh parses Claude Code's
 * `eval '<command>'` and Codex's `zsh -lc "<command>"` the same way (the whole text at once),
 * so they run the same commands except where the text is read as zsh's own options (Codex: a
 * command starting `-` or `+`) or names what tells them apart (`$0`, `$LINENO`, the eval
 * context). Measured: 1,500 generated strings run both ways differed only in run-specific paths
 * (`~+`, the temp files of `=(…)`/`<(…)`), see docs/differential-testing.md.
 */
export function invocationsWorthRunning(oracle: BashOracle, command: string): readonly OracleInvocation[] {
  if (oracle.shell === 'bash') return oracle.invocations;
  const differs = /^[-+]|\$\{?[#^=~+]*(?:0|LINENO|ZSH_EVAL_CONTEXT|zsh_eval_context|funcfiletrace|funcsourcetrace|funcstack|ZSH_ARGZERO)\b/.test(command);
  return differs ? oracle.invocations : [oracle.invocations[0]!];
}

/** How one resolved command fared. */
export interface CaseFinding {
  command: string;
  mode?: RecorderMode;
  invocation?: OracleInvocation;
  kind: 'differential' | 'oracle-failure' | 'resolver-failure';
  message: string;
}

export interface Tally {
  resolved: number;
  unresolved: number;
  comparedSegments: number;
  /** Here-documents and here-strings whose text was compared with what the program read. */
  comparedHereTexts: number;
  findings: CaseFinding[];
}

/**
 * Reads the corpus format: one command per line, taken verbatim; a line starting `json:` holds a
 * JSON string literal instead (for newlines, CR and invisible characters); lines starting `#|` and
 * blank lines are notes.
 */
export function readCorpus(text: string): string[] {
  const commands: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '' || line.startsWith('#|')) return;
    if (line.startsWith('json:')) {
      const value: unknown = JSON.parse(line.slice('json:'.length));
      if (typeof value !== 'string') throw new Error(`corpus line ${index + 1}: json: must hold a string`);
      commands.push(value);
    } else {
      commands.push(line);
    }
  });
  return commands;
}

/** The resolver never throws, so an internal failure surfaces as this detail (see resolver.ts). */
function isInternalFailure(resolution: Resolution): boolean {
  return !resolution.resolved && resolution.detail.startsWith('The resolver failed');
}

/** What the alignment needs to know about the oracle's shell. */
export function alignmentOptions(oracle: BashOracle): AlignmentOptions {
  return oracle.shell === 'bash' ? { shell: 'bash' } : { shell: 'zsh', builtins: oracle.builtins, unrecordedWords: ZSH_RESERVED_BUILTINS };
}

function pathLookup(oracle: BashOracle): ProgramPathLookup {
  return (word: string) => (oracle.programPathKind(word) === 'recorder' ? 'recorder' : 'absent') as ProgramPathKind;
}

function runsUnmodelledProgram(oracle: BashOracle, segments: readonly Segment[]): string[] {
  return segments
    .map((segment) => segment.argv[0])
    .filter((word) => word?.kind === 'literal' && word.value.includes('/') && oracle.programPathKind(word.value) === 'other')
    .map((word) => word!.raw);
}

/**
 * Runs already made, per oracle: the `zsh` and `any` readings of a command are often the same, and
 * a run depends only on the command, the recorder mode and the invocation.
 */
const runCache = new WeakMap<BashOracle, Map<string, Promise<OracleRun>>>();

function cachedRun(oracle: BashOracle, command: string, mode: RecorderMode, invocation: OracleInvocation): Promise<OracleRun> {
  let runs = runCache.get(oracle);
  if (runs === undefined) runCache.set(oracle, (runs = new Map()));
  const key = `${invocation}\u0000${mode}\u0000${command}`;
  let run = runs.get(key);
  if (run === undefined) runs.set(key, (run = oracle.run(command, mode, invocation)));
  return run;
}

/** Resolves each command for `shell` and compares every resolved one with `oracle`, in all its invocations. */
export async function checkCommands(oracle: BashOracle, commands: readonly string[], shell: ReadingShell): Promise<Tally> {
  const tally: Tally = { resolved: 0, unresolved: 0, comparedSegments: 0, comparedHereTexts: 0, findings: [] };
  const runs: Array<Promise<void>> = [];
  const lookup = pathLookup(oracle);
  const options = alignmentOptions(oracle);
  for (const command of commands) {
    let resolution: Resolution;
    try {
      resolution = resolve(command, readingOptions(shell));
    } catch (error) {
      tally.findings.push({ command, kind: 'resolver-failure', message: `resolve() threw: ${String(error)}` });
      continue;
    }
    if (isInternalFailure(resolution)) {
      tally.findings.push({ command, kind: 'resolver-failure', message: (resolution as { detail: string }).detail });
      continue;
    }
    if (!resolution.resolved) {
      tally.unresolved++;
      continue;
    }
    tally.resolved++;
    const segments = resolution.segments;
    const unmodelled = runsUnmodelledProgram(oracle, segments);
    if (unmodelled.length > 0) {
      tally.findings.push({ command, kind: 'oracle-failure', message: `runs a program inside the sandbox that is not a recorder: ${JSON.stringify(unmodelled)}` });
      continue;
    }
    for (const invocation of invocationsWorthRunning(oracle, command)) {
      for (const mode of modesWorthRunning(command)) {
        runs.push(
          cachedRun(oracle, command, mode, invocation).then((run) => {
            const finding = compare(oracle, command, segments, mode, invocation, run, lookup, options);
            if (finding) tally.findings.push(finding);
            else {
              tally.comparedSegments += expectedExecution(segments, mode, lookup, undefined, options).pipelines.flat().length;
              tally.comparedHereTexts += compareHereTexts(segments, run).compared;
            }
          }),
        );
      }
    }
  }
  await Promise.all(runs);
  return tally;
}

function compare(
  oracle: BashOracle,
  command: string,
  segments: Segment[],
  mode: RecorderMode,
  invocation: OracleInvocation,
  run: OracleRun,
  lookup: ProgramPathLookup,
  options: AlignmentOptions,
): CaseFinding | null {
  const shown = oracle.invocations.length > 1 ? { invocation } : {};
  if (run.status !== 'ok') {
    return { command, mode, ...shown, kind: 'oracle-failure', message: `${run.status}: ${run.detail ?? ''} ${run.stderr.slice(0, 300)}` };
  }
  const alignment = alignExecution(segments, mode, run.records, lookup, options);
  const shellName = oracle.shell.padEnd(5);
  if (alignment.ok) {
    const stdin = compareHereTexts(segments, run).differs;
    return stdin === null ? null : { command, mode, ...shown, kind: 'differential', message: `${stdin}\n  ${oracle.shell} stderr: ${JSON.stringify(run.stderr.trim().slice(0, 300))}` };
  }
  return {
    command,
    mode,
    ...shown,
    kind: 'differential',
    message: [
      alignment.reason,
      `  resolver: ${JSON.stringify(alignment.expected)}`,
      `  ${shellName}:   ${JSON.stringify(alignment.actual)}`,
      `  connectors: ${JSON.stringify(segments.map((s) => [s.connector, s.negated]))}`,
      run.stderr.trim() ? `  ${oracle.shell} stderr: ${JSON.stringify(run.stderr.trim().slice(0, 300))}` : '',
    ]
      .filter((line) => line !== '')
      .join('\n'),
  };
}

/**
 * The differentials read every here-text the resolver can read exactly, whatever program it is fed
 * to: the reading is what they prove; which programs read it as data is the program table's.
 */
export function readingOptions(shell: ReadingShell): ResolveOptions {
  return { home: ORACLE_HOME, shell, readsStdinAsData: () => true };
}

/** The segments fed a here-text whose program a recorder records with its exact argv. */
function hereTextSegments(segments: readonly Segment[]): Segment[] {
  return segments.filter((segment) => segment.hereText !== undefined && segment.argv.every((word) => word.kind === 'literal'));
}

/**
 * Each here-text against what the program read (the recorders record their standard input): a
 * record with the segment's argv must have read exactly the text. A segment that left no record
 * (it did not run: `false && cat <<<x`) is not compared; one whose argv another segment shares
 * takes one of their records each, when every one of them left a record (else which one ran is
 * not known: `cat || cat <<EOF`).
 */
export function compareHereTexts(segments: readonly Segment[], run: OracleRun): { differs: string | null; compared: number } {
  const taken = new Set<number>();
  const recordsOf = (argv: readonly string[]) =>
    run.records.flatMap((record, index) => (record.length === argv.length && record.every((arg, k) => arg.equals(Buffer.from(argv[k]!, 'utf8'))) ? [index] : []));
  for (const segment of hereTextSegments(segments)) {
    const argv = segment.argv.map((word) => (word as { value: string }).value);
    // When fewer of the segments with this argv left a record than there are (`cat || cat <<EOF`:
    // only the first ran), which one ran is not known: not compared.
    const sharing = segments.filter((other) => other.argv.length === argv.length && other.argv.every((word, k) => word.kind === 'literal' && word.value === argv[k])).length;
    const all = recordsOf(argv);
    if (all.length < sharing) continue;
    const same = all.filter((index) => !taken.has(index));
    if (same.length === 0) continue;
    const body = Buffer.from(segment.hereText!.body, 'utf8');
    const match = same.find((index) => run.stdins[index]?.equals(body));
    if (match === undefined) {
      const differs = [
        `standard input differs for ${JSON.stringify(argv)} (${segment.hereText!.raw})`,
        `  resolver: ${JSON.stringify(segment.hereText!.body)}`,
        `  shell:    ${JSON.stringify(same.map((index) => run.stdins[index]?.toString('utf8') ?? null))}`,
      ].join('\n');
      return { differs, compared: taken.size };
    }
    taken.add(match);
  }
  return { differs: null, compared: taken.size };
}

/** True when `command` is read as resolved and some recorder mode (or invocation) shows a differential for it. */
export async function showsDifferential(oracle: BashOracle, command: string, shell: ReadingShell): Promise<boolean> {
  const resolution = resolve(command, readingOptions(shell));
  if (!resolution.resolved) return false;
  if (runsUnmodelledProgram(oracle, resolution.segments).length > 0) return false;
  const lookup = pathLookup(oracle);
  const options = alignmentOptions(oracle);
  for (const invocation of invocationsWorthRunning(oracle, command)) {
    for (const mode of modesWorthRunning(command)) {
      const run = await cachedRun(oracle, command, mode, invocation);
      if (run.status === 'ok' && compare(oracle, command, resolution.segments, mode, invocation, run, lookup, options)) return true;
    }
  }
  return false;
}

/** The differentials' shrunk forms (up to `limit` distinct ones), for the failure message and the corpus. */
export async function shrinkFindings(oracle: BashOracle, findings: readonly CaseFinding[], shell: ReadingShell, limit = 5): Promise<string[]> {
  const commands = [...new Set(findings.filter((f) => f.kind === 'differential').map((f) => f.command))].slice(0, limit);
  const shrunk: string[] = [];
  for (const command of commands) {
    const result = await shrinkCommand(command, (candidate) => showsDifferential(oracle, candidate, shell));
    shrunk.push(`json:${JSON.stringify(result.shrunk)}`);
  }
  return shrunk;
}

export function report(label: string, tally: Tally, extra = ''): string {
  return `${label}: ${tally.resolved} resolved, ${tally.unresolved} unresolved, ${tally.comparedSegments} segment executions compared, ${tally.comparedHereTexts} here-texts compared${extra}`;
}

export function failureText(tally: Tally, seedNote: string): string {
  const shown = tally.findings
    .slice(0, 25)
    .map((f) => `- [${f.kind}${f.mode ? `, recorders ${f.mode}` : ''}${f.invocation ? `, ${f.invocation}` : ''}] ${JSON.stringify(f.command)}\n  ${f.message}`);
  const more = tally.findings.length > shown.length ? `\n… and ${tally.findings.length - shown.length} more` : '';
  return `${tally.findings.length} finding(s)${seedNote}:\n${shown.join('\n')}${more}`;
}
