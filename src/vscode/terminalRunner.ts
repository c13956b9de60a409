import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { bashSyntaxProblem } from '../gate/execution/bashSyntax';
import { FIXED_ENVIRONMENT, scrubEnvironment } from '../gate/execution/environmentScrub';
import { notStartedRecord, refusedRecord, type ExecutionRecord } from '../gate/execution/executionRecord';
import { DEFAULT_OUTPUT_CAP, OutputCap, type OutputCapLimits } from '../gate/execution/outputCap';
import { ShellStatusParser, type ShellStatusRecord } from '../gate/execution/shellStatusRecords';
import { shellInitScript, TERMINAL_FIXED_ENVIRONMENT, TERMINAL_OWN_VARIABLES } from '../gate/execution/terminalShellInit';
import { TerminalTextScanner } from '../gate/execution/terminalText';
import { terminalTypingProblem } from '../gate/execution/terminalTyping';
import { recheckBeforeExecution } from '../gate/pipeline';
import { runInChildProcess, workingFolderProblem } from './childProcessRunner';

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
 * 4. `shellIntegration.executeCommand`, the output read from `execution.read()` from the first
 *    moment, until the shell's own status report says the command finished — cross-checked with
 *    `onDidEndTerminalShellExecution` — or the timeout: then Ctrl+C, and the terminal is replaced.
 *
 * Where the exit code comes from: the shell's status record (written by the shell before its next
 * prompt, to a private file), never from the output. VS Code's end event is itself driven by escape
 * sequences in the output — a command that prints `ESC]633;D;0 BEL` ends it early with 0 — so it is
 * used as a cross-check, and a disagreement is reported in `notes`.
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
/** After the shell reported the end, how long VS Code's end event and the output stream may lag. */
const END_GRACE_MS = 1500;
/** After Ctrl+C, how long the shell may take to come back before the terminal is disposed anyway. */
const INTERRUPT_GRACE_MS = 2000;
/** VS Code's end event this much earlier than the shell's own report means the event was forged. */
const EARLY_END_MS = 1000;

export class TerminalRunner implements vscode.Disposable {
  private terminal: GateTerminal | null = null;
  /** Set once shell integration failed to come up: later commands go straight to the child process. */
  private unavailable: string | null = null;
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
    if (typeof terminal === 'string') {
      this.unavailable = terminal;
      this.log(`shell integration unavailable (${terminal}); using child processes from now on`);
      return this.viaChildProcess(command, cwd, settings, signal, `Ran as a child process because shell integration is unavailable: ${terminal}.`);
    }
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
  private async terminalFor(cwd: string, settings: TerminalRunnerSettings): Promise<GateTerminal | string> {
    const current = this.terminal;
    if (current) {
      const misfit = current.misfitFor(cwd, settings.passEnvironment);
      if (!misfit) return current;
      this.log(`new terminal (${misfit})`);
      current.dispose();
      this.terminal = null;
    }
    const script = this.options.integrationScript ?? path.join(vscode.env.appRoot, ...INTEGRATION_SCRIPT);
    if (!fs.existsSync(script)) return `VS Code's bash shell-integration script was not found at ${script}`;
    const opened = await GateTerminal.open({
      name: this.options.name ?? TERMINAL_NAME,
      cwd,
      integrationScript: script,
      environment: this.options.environment ?? process.env,
      passEnvironment: settings.passEnvironment,
      readyTimeoutMs: this.options.readyTimeoutMs ?? 10_000,
    });
    if (typeof opened === 'string') return opened;
    this.terminal = opened;
    return opened;
  }

  private async execute(terminal: GateTerminal, command: string, settings: TerminalRunnerSettings, signal: AbortSignal | undefined): Promise<ExecutionRecord> {
    const started = Date.now();
    const notes: string[] = [];
    const scanner = new TerminalTextScanner();
    const cap = new OutputCap(this.options.cap ?? DEFAULT_OUTPUT_CAP);
    const baseline = terminal.lastRecord?.historyNumber ?? 0;
    const shellIntegration = terminal.terminal.shellIntegration;
    if (!shellIntegration) {
      terminal.dispose();
      this.terminal = null;
      return this.viaChildProcess(command, terminal.cwd, settings, signal, 'Ran as a child process because the terminal lost its shell integration before the command was sent.');
    }

    // Filled by the event listener; a holder object, because a closure's assignment does not reach TS's narrowing.
    const seen: { end: { exitCode: number | undefined; at: number } | null; streamDone: boolean } = { end: null, streamDone: false };
    let execution: vscode.TerminalShellExecution;
    const subscriptions: vscode.Disposable[] = [];
    try {
      terminal.terminal.show(true);
      execution = shellIntegration.executeCommand(command);
    } catch (error) {
      terminal.dispose();
      this.terminal = null;
      return this.viaChildProcess(command, terminal.cwd, settings, signal, `Ran as a child process because the terminal refused the command (${error instanceof Error ? error.message : String(error)}).`);
    }
    // read() only sees data written after its first call: call it before anything else can run.
    const stream = execution.read();
    subscriptions.push(vscode.window.onDidEndTerminalShellExecution((event) => {
      if (event.execution === execution && !seen.end) seen.end = { exitCode: event.exitCode, at: Date.now() };
    }));
    const reading = (async () => {
      try {
        for await (const data of stream) cap.push(scanner.push(data));
      } catch (error) {
        notes.push(`Reading the terminal's output failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        seen.streamDone = true;
      }
    })();

    const deadline = started + settings.timeoutMs;
    let ours: { record: ShellStatusRecord; at: number } | null = null;
    /** The first command the shell reports after ours was typed, when it is not ours. */
    let other: ShellStatusRecord | null = null;
    let stopped: 'timeout' | 'cancelled' | 'closed' | null = null;
    let someoneElse = false;
    try {
      for (;;) {
        for (const record of terminal.poll()) {
          if (record.historyNumber === null || record.historyNumber <= baseline) continue; // a prompt without a new command
          if (ours || other) someoneElse = true;
          else if (record.historyText === command) ours = { record, at: Date.now() };
          else other = record;
        }
        const now = Date.now();
        if (other) break;
        if (ours && ((seen.end && seen.streamDone) || now - ours.at >= END_GRACE_MS)) break;
        if (!ours && terminal.closed) { stopped = 'closed'; break; }
        if (!ours && signal?.aborted) { stopped = 'cancelled'; break; }
        if (!ours && now >= deadline) { stopped = 'timeout'; break; }
        await sleep(POLL_MS);
      }

      if (stopped === 'timeout' || stopped === 'cancelled') {
        // Ctrl+C to the foreground job; then the terminal goes whatever happened (a background job or a
        // program that ignores SIGINT must not meet the next command), and its pty's SIGHUP ends the rest.
        terminal.terminal.sendText('\x03', false);
        const until = Date.now() + INTERRUPT_GRACE_MS;
        while (Date.now() < until && !terminal.poll().some((r) => r.historyNumber !== null && r.historyNumber > baseline)) await sleep(POLL_MS);
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
      // Let the last output arrive (the stream ends with VS Code's end event).
      if (!seen.streamDone) await Promise.race([reading, sleep(stopped ? 300 : 500)]);
    } finally {
      for (const subscription of subscriptions) subscription.dispose();
    }

    const end = seen.end;
    if (other) {
      notes.push(`The shell's history shows that the line it ran was not the approved command (it ran ${JSON.stringify(other.historyText.slice(0, 200))}); there is no exit status for the approved command, and the terminal will be replaced.`);
      terminal.needsReplacing();
    }
    if (ours) {
      if (!end) {
        notes.push('VS Code did not report the end of the command; the exit status is the shell\'s own report.');
      } else {
        if (end.exitCode !== ours.record.status) {
          notes.push(`VS Code reported exit code ${end.exitCode ?? 'none'}, the shell reported ${ours.record.status}; the shell's report is used (the output probably contained a forged end-of-command sequence).`);
        }
        if (ours.at - end.at > EARLY_END_MS) {
          notes.push(`VS Code saw the command end ${ours.at - end.at} ms before the shell did: the output probably contained a forged end-of-command sequence, and what the command printed after it is missing.`);
        }
      }
      if (ours.record.state !== terminal.initialState || ours.record.cwd !== terminal.initialCwd) {
        notes.push('The command changed the shell\'s state (folder, variables, aliases, functions or options); that does not carry over — the next command starts in a fresh shell.');
      }
    }
    if (someoneElse) {
      notes.push('Another command was run in the Approvals Gate terminal meanwhile (typed by someone?); the terminal will be replaced.');
      terminal.needsReplacing();
    }
    const forged = scanner.shellIntegrationSequenceCount - (scanner.shellIntegrationSequences[0] === '633;C' ? 1 : 0);
    if (forged > 0) {
      notes.push(`The output contained ${forged} terminal shell-integration sequence(s) (${scanner.shellIntegrationSequences.slice(1, 9).join(', ')}); they were removed and not trusted.`);
    }
    cap.push(scanner.end());
    const { output, truncatedBytes } = cap.finish();
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
  }
}

interface OpenOptions {
  name: string;
  cwd: string;
  integrationScript: string;
  environment: Readonly<Record<string, string | undefined>>;
  passEnvironment: readonly string[];
  readyTimeoutMs: number;
}

/** One "Approvals Gate" terminal with its private start-up file and status file. */
class GateTerminal {
  private readonly parser = new ShellStatusParser();
  private offset = 0;
  private fd: number | null;
  private isClosed = false;
  private replace = false;
  private disposed = false;
  lastRecord: ShellStatusRecord | null = null;
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
  ) {
    this.fd = fs.openSync(statusFile, 'r');
  }

  /** Creates the terminal and waits for shell integration and the first prompt; a string says why it failed. */
  static async open(options: OpenOptions): Promise<GateTerminal | string> {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'approvals-gate-terminal-')); // mode 0700, unpredictable name
    const statusFile = path.join(directory, 'status');
    const initFile = path.join(directory, 'init.bash');
    const scrubbed = scrubEnvironment(options.environment, options.passEnvironment);
    const env: Record<string, string | null> = { ...scrubbed.env, ...TERMINAL_FIXED_ENVIRONMENT };
    // strictEnv is honoured by local terminals only; `null` removes a variable where it is not.
    for (const { name } of scrubbed.removed) env[name] = null;
    fs.writeFileSync(statusFile, '', { mode: 0o600 });
    fs.writeFileSync(initFile, shellInitScript({
      integrationScript: options.integrationScript,
      statusFile,
      keepNames: [...Object.keys(scrubbed.env), ...Object.keys(TERMINAL_FIXED_ENVIRONMENT), ...TERMINAL_OWN_VARIABLES],
      fixed: { ...FIXED_ENVIRONMENT, ...TERMINAL_FIXED_ENVIRONMENT },
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
    const gate = new GateTerminal(terminal, options.cwd, directory, statusFile, [...options.passEnvironment].sort().join('\n'));
    const deadline = Date.now() + options.readyTimeoutMs;
    try {
      while (Date.now() < deadline) {
        gate.poll();
        if ((integrated || terminal.shellIntegration) && gate.lastRecord) break;
        if (terminal.exitStatus !== undefined) break;
        await sleep(POLL_MS);
      }
    } finally {
      listener.dispose();
    }
    if (terminal.exitStatus !== undefined) {
      gate.dispose();
      return `the terminal's shell exited at start (exit code ${terminal.exitStatus.code ?? 'none'})`;
    }
    if (!(integrated || terminal.shellIntegration) || !gate.lastRecord) {
      const missing = !(integrated || terminal.shellIntegration) ? 'shell integration did not activate' : 'the shell did not report its first prompt';
      gate.dispose();
      return `${missing} within ${options.readyTimeoutMs} ms`;
    }
    gate.initialState = gate.lastRecord.state;
    gate.initialCwd = gate.lastRecord.cwd;
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

  /** Reads records appended since the last call. */
  poll(): ShellStatusRecord[] {
    if (this.fd === null) return [];
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
    return records;
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
