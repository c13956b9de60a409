import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { bashSyntaxProblem } from '../gate/execution/bashSyntax';
import { FIXED_ENVIRONMENT, scrubEnvironment } from '../gate/execution/environmentScrub';
import { notStartedRecord, refusedRecord, type ExecutionRecord } from '../gate/execution/executionRecord';
import { DEFAULT_OUTPUT_CAP, OutputCap, type OutputCapLimits } from '../gate/execution/outputCap';
import { OutputEndMarkerScanner } from '../gate/execution/outputEndMarker';
import { ShellStatusParser, type ShellStatusRecord } from '../gate/execution/shellStatusRecords';
import { shellInitScript, TERMINAL_FIXED_ENVIRONMENT, TERMINAL_OWN_VARIABLES } from '../gate/execution/terminalShellInit';
import { TerminalTextScanner } from '../gate/execution/terminalText';
import { terminalTypingProblem } from '../gate/execution/terminalTyping';
import { recheckBeforeExecution } from '../gate/pipeline';
import { runInChildProcess, workingFolderProblem } from './childProcessRunner';
import type { WideningGuard } from './wideningGuard';

/**
 * Runs approved commands in the VS Code terminal named "Approvals Gate" through shell integration
 * (D§13), and falls back to a child process when that cannot be done faithfully.
 *
 * Per command:
 * 1. the exec-time hardline recheck (D§3 step 4) — a refusal returns at once, nothing runs;
 * 2. the route: commands that cannot be typed into a terminal exactly (`terminalTyping.ts`), that
 *    bash reads as incomplete (`bashSyntax.ts`), or any command once shell integration has proved
 *    unavailable, run as a child process (`childProcessRunner.ts`) — decided before anything is
 *    sent to the terminal, so a command never runs twice;
 * 3. the terminal: reused while it lives, is in the requested folder and its shell state is the
 *    state it started with; otherwise a fresh one (bash with our start-up file, see
 *    `terminalShellInit.ts`), waited for up to `readyTimeoutMs` (10 s);
 * 4. `shellIntegration.executeCommand`; the output is read from every execution VS Code starts in
 *    the terminal from then on (from its start event), until the shell's own status record says the
 *    command finished and the stream carrying the command has delivered the shell's end-of-output
 *    marker for that record (`outputEndMarker.ts`) — or the timeout: then Ctrl+C, and the terminal is
 *    replaced.
 *
 * Where the exit code comes from: the shell's status record (written by the shell before its next
 * prompt, to a private file), never from the output. VS Code's end event is itself driven by escape
 * sequences in the output — a command that prints `ESC]633;D;0 BEL` ends it early with 0 — so it is
 * only a cross-check, and a disagreement is reported in `notes`. Nothing waits for it: VS Code does
 * not always report it (measured: often missing for the first command in a new terminal).
 *
 * Runs are serialised: one terminal runs one command at a time.
 */

export interface TerminalRunnerSettings {
  /** `approvalsGate.terminal.timeoutMs`. */
  timeoutMs: number;
  /** `approvalsGate.terminal.passEnvironment`. */
  passEnvironment: readonly string[];
}

export interface TerminalRunnerOptions {
  /** Read at every run, so a changed setting applies to the next command. */
  settings: () => TerminalRunnerSettings;
  /** The home folder for the hardline recheck. */
  home: string;
  /** The environment to scrub (default `process.env`). */
  environment?: Readonly<Record<string, string | undefined>>;
  /** One line per notable event (the extension's LogOutputChannel). */
  log?: (line: string) => void;
  /** How long a new terminal may take to report shell integration and its first prompt (default 10 000 ms). */
  readyTimeoutMs?: number;
  cap?: OutputCapLimits;
  /** VS Code's bash shell-integration script (default: the one inside `vscode.env.appRoot`). */
  integrationScript?: string;
  /** The terminal's name (default "Approvals Gate"). */
  name?: string;
}

export const TERMINAL_NAME = 'Approvals Gate';

/** Where VS Code keeps its bash shell-integration script, relative to `vscode.env.appRoot`. */
const INTEGRATION_SCRIPT = ['out', 'vs', 'workbench', 'contrib', 'terminal', 'common', 'scripts', 'shellIntegration-bash.sh'];

/** How often the status file is read while a command runs. */
const POLL_MS = 50;
/**
 * After the shell reported the end, how long the output may take to reach the extension host up to
 * the end-of-output marker. Normally tens of milliseconds; the bound is only reached when VS Code
 * loses the stream, so it is generous (the browser renders the terminal before passing data on, and
 * on a loaded machine that lags).
 */
const OUTPUT_GRACE_MS = 5000;
/** Failed terminal starts in a row after which shell integration counts as unavailable. */
const MAX_START_FAILURES = 2;
/** Typed before each command: Ctrl+A Ctrl+K (readline: to the start of the line, delete to its end). */
const CLEAR_PROMPT_LINE = '\x01\x0b';
/** After Ctrl+C, how long the shell may take to come back before the terminal is disposed anyway. */
const INTERRUPT_GRACE_MS = 2000;

export class TerminalRunner implements vscode.Disposable {
  private terminal: GateTerminal | null = null;
  /** Set once shell integration failed to come up: later commands go straight to the child process. */
  private unavailable: string | null = null;
  /** Terminal starts that failed in a row (see {@link MAX_START_FAILURES}). */
  private startFailures = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly subscriptions: vscode.Disposable[] = [];
  private disposed = false;

  constructor(private readonly options: TerminalRunnerOptions) {
    this.subscriptions.push(vscode.window.onDidCloseTerminal((closed) => {
      if (this.terminal && closed === this.terminal.terminal) {
        this.terminal.markClosed();
      }
    }));
  }

  /** Why shell integration is not used any more in this window, or `null`. */
  get shellIntegrationUnavailable(): string | null {
    return this.unavailable;
  }

  /** Runs one approved command (after the recheck). Never throws; runs one at a time. */
  run(command: string, cwd: string, signal?: AbortSignal): Promise<ExecutionRecord> {
    const next = this.queue.then(() => this.runNow(command, cwd, signal));
    this.queue = next.catch(() => undefined);
    return next;
  }

  dispose(): void {
    this.disposed = true;
    this.terminal?.dispose();
    this.terminal = null;
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private async runNow(command: string, cwd: string, signal: AbortSignal | undefined): Promise<ExecutionRecord> {
    const refusal = recheckBeforeExecution(command, this.options.home);
    if (refusal) return refusedRecord(refusal, 'shell-integration');
    if (signal?.aborted) return notStartedRecord('shell-integration', 'the call was cancelled before the command started');
    if (this.disposed) return notStartedRecord('shell-integration', 'the terminal runner was shut down');
    const folderProblem = workingFolderProblem(cwd);
    if (folderProblem) return notStartedRecord('shell-integration', folderProblem);
    const settings = this.options.settings();

    const typing = terminalTypingProblem(command);
    if (typing) return this.viaChildProcess(command, cwd, settings, signal, `Ran as a child process (bash -c) because ${typing}.`);
    if (this.unavailable) return this.viaChildProcess(command, cwd, settings, signal, `Ran as a child process because shell integration is unavailable: ${this.unavailable}.`);
    const syntax = await bashSyntaxProblem(command);
    if (syntax) return this.viaChildProcess(command, cwd, settings, signal, `Ran as a child process because bash reads the command as incomplete or invalid (${syntax}); typed into a terminal it would wait for more input.`);

    const terminal = await this.terminalFor(cwd, settings);
    if (!(terminal instanceof GateTerminal)) {
      // Only a failure that says shell integration cannot work here is final. A shell that died at
      // start or did not get going in time may be a moment's trouble: this command runs as a child
      // process and the next one tries a new terminal — up to a limit, so that a terminal that never
      // starts does not cost every command the wait.
      this.startFailures = terminal.final ? MAX_START_FAILURES : this.startFailures + 1;
      if (this.startFailures >= MAX_START_FAILURES) {
        this.unavailable = terminal.problem;
        this.log(`shell integration unavailable (${terminal.problem}); using child processes from now on`);
        return this.viaChildProcess(command, cwd, settings, signal, `Ran as a child process because shell integration is unavailable: ${terminal.problem}.`);
      }
      this.log(`the terminal did not start (${terminal.problem}); the next command tries a new one`);
      return this.viaChildProcess(command, cwd, settings, signal, `Ran as a child process because the terminal did not start: ${terminal.problem}.`);
    }
    this.startFailures = 0;
    if (signal?.aborted) return notStartedRecord('shell-integration', 'the call was cancelled before the command started');
    return this.execute(terminal, command, settings, signal);
  }

  private async viaChildProcess(command: string, cwd: string, settings: TerminalRunnerSettings, signal: AbortSignal | undefined, why: string): Promise<ExecutionRecord> {
    this.log(why);
    const record = await runInChildProcess(command, cwd, {
      timeoutMs: settings.timeoutMs,
      home: this.options.home,
      environment: this.options.environment ?? process.env,
      passEnvironment: settings.passEnvironment,
      ...(this.options.cap ? { cap: this.options.cap } : {}),
      ...(signal ? { signal } : {}),
    });
    record.notes.unshift(why);
    return record;
  }

  /** The terminal to run in: the current one when it still fits, else a new one (or why none could start). */
  private async terminalFor(cwd: string, settings: TerminalRunnerSettings): Promise<GateTerminal | StartFailure> {
    const current = this.terminal;
    if (current) {
      const misfit = current.misfitFor(cwd, settings.passEnvironment);
      if (!misfit) return current;
      this.log(`new terminal (${misfit})`);
      current.dispose();
      this.terminal = null;
    }
    const script = this.options.integrationScript ?? path.join(vscode.env.appRoot, ...INTEGRATION_SCRIPT);
    if (!fs.existsSync(script)) return { problem: `VS Code's bash shell-integration script was not found at ${script}`, final: true };
    const opened = await GateTerminal.open({
      name: this.options.name ?? TERMINAL_NAME,
      cwd,
      integrationScript: script,
      environment: this.options.environment ?? process.env,
      passEnvironment: settings.passEnvironment,
      readyTimeoutMs: this.options.readyTimeoutMs ?? 10_000,
      log: (line) => this.log(line),
    });
    if (!(opened instanceof GateTerminal)) return opened;
    this.terminal = opened;
    return opened;
  }

  private async execute(terminal: GateTerminal, command: string, settings: TerminalRunnerSettings, signal: AbortSignal | undefined): Promise<ExecutionRecord> {
    const started = Date.now();
    const notes: string[] = [];
    const baseline = terminal.lastRecord?.historyNumber ?? 0;
    if (!terminal.terminal.shellIntegration) {
      terminal.dispose();
      this.terminal = null;
      return this.viaChildProcess(command, terminal.cwd, settings, signal, 'Ran as a child process because the terminal lost its shell integration before the command was sent.');
    }

    // Every execution VS Code starts in this terminal from now on is read, from its start event; the
    // end-of-output marker tells which one carried our command. Not `executeCommand`: VS Code gives
    // the execution it returns the shell's output only when the command line it reads back off the
    // rendered terminal equals ours — for a terminal it did not inject itself it has no trusted copy —
    // and that failed for commands with trailing blanks, and for a new terminal's first command under
    // load (read back as "t ls" for a 52-character command): the output went to an execution nobody
    // read. `executeCommand` also sends Ctrl+C first whenever VS Code guesses the prompt is not empty,
    // a guess made in the browser, which lags behind the shell. The text typed is the same (no
    // bracketed paste, then a CR); Ctrl+A Ctrl+K first clears anything someone left at the prompt.
    const captures = new ExecutionCaptures(terminal.outputEndToken, this.options.cap ?? DEFAULT_OUTPUT_CAP);
    terminal.watch(captures);
    try {
      try {
        terminal.terminal.show(true);
        terminal.terminal.sendText(`${CLEAR_PROMPT_LINE}${command}`, true);
      } catch (error) {
        terminal.dispose();
        this.terminal = null;
        return this.viaChildProcess(command, terminal.cwd, settings, signal, `Ran as a child process because the terminal refused the command (${error instanceof Error ? error.message : String(error)}).`);
      }

      const deadline = started + settings.timeoutMs;
      let ours: { record: ShellStatusRecord; at: number } | null = null;
      /** The first command the shell reports after ours was typed, when it is not ours. */
      let other: ShellStatusRecord | null = null;
      let stopped: 'timeout' | 'cancelled' | 'closed' | null = null;
      let someoneElse = false;
      for (;;) {
        for (const record of terminal.poll()) {
          if (record.historyNumber === null || record.historyNumber <= baseline) continue; // a prompt without a new command
          if (ours || other) someoneElse = true;
          else if (record.historyText === command) ours = { record, at: Date.now() };
          else other = record;
        }
        if (other) break;
        if (ours) {
          // The shell has finished the command; wait for its output to arrive in full.
          if (captures.withMarker(ours.record.seq)) break;
          if (captures.latestUnmarked()?.streamDone) break; // VS Code ended that stream early: the rest will not come
          if (Date.now() - ours.at >= OUTPUT_GRACE_MS) break;
        } else {
          if (terminal.closed) { stopped = 'closed'; break; }
          if (signal?.aborted) { stopped = 'cancelled'; break; }
          if (Date.now() >= deadline) { stopped = 'timeout'; break; }
        }
        await sleep(POLL_MS);
      }

      let interrupted: ShellStatusRecord | null = null;
      if (stopped === 'timeout' || stopped === 'cancelled') {
        // Ctrl+C to the foreground job; then the terminal goes whatever happened (a background job or a
        // program that ignores SIGINT must not meet the next command), and its pty's SIGHUP ends the rest.
        // Up to INTERRUPT_GRACE_MS for the prompt and for the output up to it.
        terminal.terminal.sendText('\x03', false);
        const until = Date.now() + INTERRUPT_GRACE_MS;
        while (Date.now() < until) {
          interrupted = terminal.poll().find((r) => r.historyNumber !== null && r.historyNumber > baseline) ?? interrupted;
          if (interrupted && captures.withMarker(interrupted.seq)) break;
          await sleep(POLL_MS);
        }
        notes.push(stopped === 'timeout'
          ? `Stopped after ${settings.timeoutMs} ms (approvalsGate.terminal.timeoutMs): Ctrl+C was sent and the terminal was closed.`
          : 'Stopped because the call was cancelled: Ctrl+C was sent and the terminal was closed.');
        terminal.dispose();
        if (this.terminal === terminal) this.terminal = null;
      } else if (stopped === 'closed') {
        notes.push('The terminal closed while the command was running (did it run `exit`?); there is no exit status.');
        terminal.dispose();
        if (this.terminal === terminal) this.terminal = null;
      }

      const finished = ours?.record ?? other ?? interrupted;
      const marked = finished ? captures.withMarker(finished.seq) : undefined;
      const parts = captures.partsOf(finished?.seq ?? null);
      if (other) {
        notes.push(`The shell's history shows that the line it ran was not the approved command (it ran ${JSON.stringify(other.historyText.slice(0, 200))}); there is no exit status for the approved command, and the terminal will be replaced.`);
        terminal.needsReplacing();
      }
      if (ours) {
        const last = parts[parts.length - 1];
        if (!last) {
          notes.push('VS Code reported no shell execution for the command, so its output is missing; the exit status is the shell\'s own report. The terminal will be replaced.');
          terminal.needsReplacing();
        } else if (!marked && last.streamDone) {
          notes.push('VS Code ended the command\'s output before the shell reported the end: the output probably contained a forged end-of-command sequence, and what the command printed after it is missing.');
        } else if (!marked) {
          notes.push(`The command's output did not arrive in full within ${OUTPUT_GRACE_MS} ms of the shell reporting the end; it may be incomplete. The terminal will be replaced.`);
          terminal.needsReplacing();
        }
        if (parts.length > 1) {
          notes.push(`VS Code split the command's output into ${parts.length} executions (the output probably contained forged shell-integration sequences); the parts are joined, and what was printed between them may be missing.`);
        }
        const end = parts[0]?.end;
        if (end && end.exitCode !== ours.record.status) {
          notes.push(`VS Code reported exit code ${end.exitCode ?? 'none'}, the shell reported ${ours.record.status}; the shell's report is used (the output probably contained a forged end-of-command sequence).`);
        }
        if (ours.record.state !== terminal.initialState || ours.record.cwd !== terminal.initialCwd) {
          notes.push('The command changed the shell\'s state (folder, variables, aliases, functions or options); that does not carry over — the next command starts in a fresh shell.');
        }
      }
      if (someoneElse) {
        notes.push('Another command was run in the Approvals Gate terminal meanwhile (typed by someone?); the terminal will be replaced.');
        terminal.needsReplacing();
      }
      const { output, truncatedBytes, readErrors, foreignCount, foreignLabels } = joinParts(parts, this.options.cap ?? DEFAULT_OUTPUT_CAP);
      for (const error of readErrors) notes.push(`Reading the terminal's output failed: ${error}`);
      if (foreignCount > 0) {
        notes.push(`The output contained ${foreignCount} terminal shell-integration sequence(s) (${foreignLabels.join(', ')}); they were removed and not trusted.`);
      }
      if (truncatedBytes > 0) notes.push(`${truncatedBytes} bytes of output were cut from the middle.`);
      const record: ExecutionRecord = {
        exitCode: ours && !stopped ? ours.record.status : null,
        output,
        truncatedBytes,
        timedOut: stopped === 'timeout',
        via: 'shell-integration',
        durationMs: Date.now() - started,
        started: true,
        notes,
      };
      for (const note of notes) this.log(note);
      return record;
    } finally {
      terminal.watch(null);
      captures.stop();
    }
  }
}

/**
 * The executions VS Code starts in one terminal while a command of ours runs, each read from its
 * start event (see `GateTerminal.watch`).
 */
class ExecutionCaptures {
  private readonly captures: ExecutionCapture[] = [];

  constructor(private readonly token: string, private readonly limits: OutputCapLimits) {}

  /** Called from the start event, before anything else runs: `read()` only sees data emitted after it. */
  started(execution: vscode.TerminalShellExecution): void {
    this.captures.push(new ExecutionCapture(execution, this.token, this.limits));
  }

  ended(execution: vscode.TerminalShellExecution, exitCode: number | undefined): void {
    const capture = this.captures.find((c) => c.execution === execution);
    if (capture && !capture.end) capture.end = { exitCode };
  }

  /** The execution whose stream carried the end-of-output marker of the prompt numbered `seq`. */
  withMarker(seq: number): ExecutionCapture | undefined {
    return this.captures.find((c) => c.markerSeq === seq);
  }

  /**
   * The newest execution that has not ended with some prompt's marker: where the command's output
   * is when its marker never came (VS Code ended the stream early, or it is late).
   */
  latestUnmarked(): ExecutionCapture | undefined {
    for (let i = this.captures.length - 1; i >= 0; i--) {
      if (this.captures[i]!.markerSeq === null) return this.captures[i];
    }
    return undefined;
  }

  /**
   * The executions that carried the output of the prompt numbered `seq`, in order: normally one.
   * Output that forges an end and a new start makes VS Code split it; executions ended by another
   * prompt's marker (an empty line someone entered) are not part of it. Up to the one with the
   * marker, when it came.
   */
  partsOf(seq: number | null): ExecutionCapture[] {
    const parts: ExecutionCapture[] = [];
    for (const capture of this.captures) {
      if (capture.markerSeq !== null && capture.markerSeq !== seq) continue;
      parts.push(capture);
      if (capture.markerSeq !== null) break;
    }
    return parts;
  }

  stop(): void {
    for (const capture of this.captures) capture.stop();
  }
}

/** One execution's output: scanned, capped, up to the shell's end-of-output marker. */
class ExecutionCapture {
  private readonly scanner = new TerminalTextScanner();
  private readonly cap: OutputCap;
  private readonly marker: OutputEndMarkerScanner;
  private stopped = false;
  private readError: string | null = null;
  /** The stream ended (VS Code ended the execution, or the marker was read). */
  streamDone = false;
  /** VS Code's end event, a cross-check only: output can forge it. */
  end: { exitCode: number | undefined } | null = null;

  constructor(readonly execution: vscode.TerminalShellExecution, token: string, limits: OutputCapLimits) {
    this.cap = new OutputCap(limits);
    this.marker = new OutputEndMarkerScanner(token);
    void this.read(execution.read());
  }

  get markerSeq(): number | null {
    return this.marker.seq;
  }

  private async read(stream: AsyncIterable<string>): Promise<void> {
    try {
      for await (const data of stream) {
        if (this.stopped) break;
        this.cap.push(this.scanner.push(this.marker.push(data)));
        if (this.marker.seq !== null) break;
      }
    } catch (error) {
      this.readError = error instanceof Error ? error.message : String(error);
    } finally {
      if (this.marker.seq === null && !this.stopped) this.cap.push(this.scanner.push(this.marker.end()));
      this.streamDone = true;
    }
  }

  /** Stops reading (whatever arrives later is not wanted). */
  stop(): void {
    this.stopped = true;
  }

  /** The output so far; call once. */
  finish(): { output: string; truncatedBytes: number; readError: string | null; foreignCount: number; foreignLabels: string[] } {
    this.stopped = true;
    this.cap.push(this.scanner.push(this.marker.end()));
    this.cap.push(this.scanner.end());
    const { output, truncatedBytes } = this.cap.finish();
    // The stream begins with VS Code's genuine `633;C`; any other shell-integration sequence came from the output.
    const sequences = this.scanner.shellIntegrationSequences;
    const genuine = sequences[0] === '633;C' ? 1 : 0;
    const foreignCount = this.scanner.shellIntegrationSequenceCount - genuine;
    return { output, truncatedBytes, readError: this.readError, foreignCount, foreignLabels: sequences.slice(genuine, genuine + 8) };
  }
}

/** The output of `parts` as one, within one cap (each part was capped on its own while it streamed). */
function joinParts(parts: readonly ExecutionCapture[], limits: OutputCapLimits) {
  const finished = parts.map((part) => part.finish());
  if (finished.length === 1) {
    const only = finished[0]!;
    return { output: only.output, truncatedBytes: only.truncatedBytes, readErrors: only.readError ? [only.readError] : [], foreignCount: only.foreignCount, foreignLabels: only.foreignLabels };
  }
  const cap = new OutputCap(limits);
  for (const part of finished) cap.push(part.output);
  const joined = cap.finish();
  return {
    output: joined.output,
    truncatedBytes: joined.truncatedBytes + finished.reduce((sum, part) => sum + part.truncatedBytes, 0),
    readErrors: finished.flatMap((part) => (part.readError ? [part.readError] : [])),
    foreignCount: finished.reduce((sum, part) => sum + part.foreignCount, 0),
    foreignLabels: finished.flatMap((part) => part.foreignLabels).slice(0, 8),
  };
}

/** Why no terminal could be started; `final` when shell integration cannot work in this window. */
interface StartFailure {
  problem: string;
  final: boolean;
}

interface OpenOptions {
  name: string;
  cwd: string;
  integrationScript: string;
  environment: Readonly<Record<string, string | undefined>>;
  passEnvironment: readonly string[];
  readyTimeoutMs: number;
  log?: (line: string) => void;
}

/** One "Approvals Gate" terminal with its private start-up file and status file. */
class GateTerminal {
  private readonly parser = new ShellStatusParser();
  private offset = 0;
  private fd: number | null;
  private readonly unpolled: ShellStatusRecord[] = [];
  private isClosed = false;
  private replace = false;
  private disposed = false;
  /** Our end of the FIFO on which the shell waits, per command, until we read its output; or null. */
  private readerFd: number | null = null;
  private watcher: ExecutionCaptures | null = null;
  private readonly subscriptions: vscode.Disposable[] = [];
  lastRecord: ShellStatusRecord | null = null;
  /** The secret in this terminal's end-of-output markers (`outputEndMarker.ts`). */
  readonly outputEndToken: string;
  /** The shell-state checksum and folder at the first prompt: what every command may assume. */
  initialState: string | null = null;
  initialCwd: string | null = null;

  private constructor(
    readonly terminal: vscode.Terminal,
    readonly cwd: string,
    private readonly directory: string,
    statusFile: string,
    /** `passEnvironment` as it was when the terminal started (a change needs a new terminal). */
    private readonly passEnvironment: string,
    outputEndToken: string,
  ) {
    this.fd = fs.openSync(statusFile, 'r');
    this.outputEndToken = outputEndToken;
    // Subscribed before the shell can print anything: every execution is seen from its start.
    this.subscriptions.push(vscode.window.onDidStartTerminalShellExecution((event) => {
      if (event.terminal !== this.terminal) return;
      this.watcher?.started(event.execution);
      // Which prompt this start belongs to: the shell wrote that prompt's record before it printed
      // the start sequence, and it writes the next one only after it got this answer.
      this.readRecords();
      const seq = this.lastRecord?.seq ?? 0;
      // The reader registers in a microtask; the shell may run the command once this line is out.
      setImmediate(() => this.confirmReading(seq));
    }));
    this.subscriptions.push(vscode.window.onDidEndTerminalShellExecution((event) => {
      if (event.terminal === this.terminal) this.watcher?.ended(event.execution, event.exitCode);
    }));
  }

  /** Where the executions started from now on go (null: nowhere; the shell is still let go on). */
  watch(captures: ExecutionCaptures | null): void {
    this.watcher = captures;
  }

  private confirmReading(seq: number): void {
    if (this.readerFd === null) return;
    try {
      fs.writeSync(this.readerFd, `${seq}\n`);
    } catch {
      // EAGAIN (64 KiB of unread lines) or closed: the shell's own wait bounds the delay.
    }
  }

  /** Creates the terminal and waits for shell integration and the first prompt, or says why that failed. */
  static async open(options: OpenOptions): Promise<GateTerminal | StartFailure> {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'approvals-gate-terminal-')); // mode 0700, unpredictable name
    const statusFile = path.join(directory, 'status');
    const initFile = path.join(directory, 'init.bash');
    const scrubbed = scrubEnvironment(options.environment, options.passEnvironment);
    const env: Record<string, string | null> = { ...scrubbed.env, ...TERMINAL_FIXED_ENVIRONMENT };
    // strictEnv is honoured by local terminals only; `null` removes a variable where it is not.
    for (const { name } of scrubbed.removed) env[name] = null;
    const outputEndToken = randomBytes(16).toString('hex');
    const readerFifo = path.join(directory, 'reader-ready');
    const noIntegrationFile = path.join(directory, 'no-integration');
    const fifoMade = spawnSync('mkfifo', ['-m', '600', readerFifo], { stdio: 'ignore' }).status === 0;
    if (!fifoMade) options.log?.('mkfifo failed: the terminal cannot wait for the runner to read each command\'s output');
    fs.writeFileSync(statusFile, '', { mode: 0o600 });
    fs.writeFileSync(initFile, shellInitScript({
      integrationScript: options.integrationScript,
      statusFile,
      keepNames: [...Object.keys(scrubbed.env), ...Object.keys(TERMINAL_FIXED_ENVIRONMENT), ...TERMINAL_OWN_VARIABLES],
      fixed: { ...FIXED_ENVIRONMENT, ...TERMINAL_FIXED_ENVIRONMENT },
      outputEndToken,
      ...(fifoMade ? { readerReadyFifo: readerFifo } : {}),
      noIntegrationFile,
    }), { mode: 0o600 });

    let integrated = false;
    const listener = vscode.window.onDidChangeTerminalShellIntegration((event) => {
      if (event.terminal === terminal) integrated = true;
    });
    const terminal = vscode.window.createTerminal({
      name: options.name,
      shellPath: '/bin/bash',
      // Any argument turns VS Code's automatic injection (which would read ~/.bashrc) off; our
      // start-up file sources VS Code's script itself.
      shellArgs: ['--noprofile', '--init-file', initFile],
      cwd: options.cwd,
      env,
      strictEnv: true,
      iconPath: new vscode.ThemeIcon('shield'),
      isTransient: true,
    });
    const gate = new GateTerminal(terminal, options.cwd, directory, statusFile, [...options.passEnvironment].sort().join('\n'), outputEndToken);
    if (fifoMade) {
      // Read-write and non-blocking: opening never waits for the shell, writing never blocks, and
      // the lines stay in the pipe until the shell reads them.
      try {
        gate.readerFd = fs.openSync(readerFifo, fs.constants.O_RDWR | fs.constants.O_NONBLOCK);
      } catch {
        options.log?.('the reader FIFO could not be opened; each command waits for it until the shell gives up');
      }
    }
    const deadline = Date.now() + options.readyTimeoutMs;
    let nothingInstalled = false;
    try {
      while (Date.now() < deadline) {
        gate.poll();
        if ((integrated || terminal.shellIntegration) && gate.lastRecord) break;
        if (terminal.exitStatus !== undefined) break;
        // The start-up file writes this before the first prompt when VS Code's script hooked nothing:
        // no point waiting for an activation that cannot come.
        if (gate.lastRecord && fs.existsSync(noIntegrationFile)) { nothingInstalled = true; break; }
        await sleep(POLL_MS);
      }
    } finally {
      listener.dispose();
    }
    const active = integrated || terminal.shellIntegration !== undefined;
    let failure: StartFailure | null = null;
    if (terminal.exitStatus !== undefined) {
      failure = { problem: `the terminal's shell exited at start (exit code ${terminal.exitStatus.code ?? 'none'})`, final: false };
    } else if (nothingInstalled && !active) {
      failure = { problem: 'VS Code\'s shell-integration script installed no prompt hook in the terminal', final: true };
    } else if (!active && gate.lastRecord) {
      // The shell ran our start-up file and reached its prompt; VS Code never recognised it.
      failure = { problem: `shell integration did not activate within ${options.readyTimeoutMs} ms`, final: true };
    }
    const first = gate.lastRecord;
    if (failure || !first) {
      gate.dispose();
      return failure ?? { problem: `the shell did not reach its first prompt within ${options.readyTimeoutMs} ms`, final: false };
    }
    gate.initialState = first.state;
    gate.initialCwd = first.cwd;
    return gate;
  }

  get closed(): boolean {
    return this.isClosed || this.terminal.exitStatus !== undefined;
  }

  markClosed(): void {
    this.isClosed = true;
  }

  needsReplacing(): void {
    this.replace = true;
  }

  /** Why this terminal must not run the next command in `cwd`, or `null` when it may. */
  misfitFor(cwd: string, passEnvironment: readonly string[]): string | null {
    if (this.disposed || this.closed) return 'the previous terminal was closed';
    if (this.replace) return 'the previous terminal was used by someone else';
    this.poll();
    const last = this.lastRecord;
    if (!last) return 'the previous terminal never reported a prompt';
    if (!samePath(last.cwd, cwd)) return 'another working folder';
    if (last.state !== this.initialState || last.cwd !== this.initialCwd) return 'the previous command changed the shell\'s state';
    if ([...passEnvironment].sort().join('\n') !== this.passEnvironment) return 'approvalsGate.terminal.passEnvironment changed';
    return null;
  }

  /** The records appended since the last call. */
  poll(): ShellStatusRecord[] {
    this.readRecords();
    return this.unpolled.splice(0);
  }

  /** Reads what the shell appended to the status file (kept for `poll`). */
  private readRecords(): void {
    if (this.fd === null) return;
    const records: ShellStatusRecord[] = [];
    try {
      const size = fs.fstatSync(this.fd).size;
      while (this.offset < size) {
        const buffer = Buffer.alloc(Math.min(size - this.offset, 64 * 1024));
        const read = fs.readSync(this.fd, buffer, 0, buffer.length, this.offset);
        if (read <= 0) break;
        this.offset += read;
        records.push(...this.parser.push(buffer.subarray(0, read).toString('latin1')).map(decodeRecord));
      }
    } catch {
      // A read error leaves the records found so far; the caller's deadline still applies.
    }
    if (records.length > 0) this.lastRecord = records[records.length - 1]!;
    this.unpolled.push(...records);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    try {
      if (this.fd !== null) fs.closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = null;
    try {
      if (this.readerFd !== null) fs.closeSync(this.readerFd);
    } catch {
      // already closed
    }
    this.readerFd = null;
    this.watcher = null;
    for (const subscription of this.subscriptions) subscription.dispose();
    this.terminal.dispose();
    fs.rmSync(this.directory, { recursive: true, force: true });
  }
}

/**
 * The status file is read as latin1 so a multi-byte character split between two reads cannot be
 * mangled; each finished record's text fields are then decoded as UTF-8.
 */
function decodeRecord(record: ShellStatusRecord): ShellStatusRecord {
  const utf8 = (text: string) => Buffer.from(text, 'latin1').toString('utf8');
  return { ...record, cwd: utf8(record.cwd), historyText: utf8(record.historyText) };
}

function samePath(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The runner of the "Approvals Gate" terminal, on the terminal settings in force, logging to the extension's log. */
export function createTerminalRunner(widening: WideningGuard, log: vscode.LogOutputChannel): TerminalRunner {
  return new TerminalRunner({
    log: (line) => log.info(`terminal: ${line}`),
    home: os.homedir(),
    settings: () => widening.settings.terminal,
  });
}
