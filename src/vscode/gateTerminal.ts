import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FIXED_ENVIRONMENT, scrubEnvironment } from '../gate/execution/environmentScrub';
import { ShellStatusParser, type ShellStatusRecord } from '../gate/execution/shellStatusRecords';
import { shellInitScript, TERMINAL_FIXED_ENVIRONMENT, TERMINAL_OWN_VARIABLES } from '../gate/execution/terminalShellInit';
import type { ExecutionCaptures } from './executionCapture';

// The terminal side of the terminal runner (terminalRunner.ts): one "Approvals Gate" terminal,
// its start-up file, and the status file in which the shell reports each command's end.

/** How often the status file is read while a command runs. */
export const POLL_MS = 50;

/** Why no terminal could be started; `final` when shell integration cannot work in this window. */
export interface StartFailure {
  problem: string;
  final: boolean;
}

export interface OpenOptions {
  name: string;
  cwd: string;
  integrationScript: string;
  environment: Readonly<Record<string, string | undefined>>;
  passEnvironment: readonly string[];
  readyTimeoutMs: number;
  log?: (line: string) => void;
}

/** One "Approvals Gate" terminal with its private start-up file and status file. */
export class GateTerminal {
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
  private scripts = 0;
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

  /**
   * Writes `text` to a new file in this terminal's private folder (mode 0700, made by `open`) and
   * returns its path: the sandbox's wrapped line for a contained command, which the terminal runs
   * with bash (`containedTerminalLine`). Nobody else can change it between writing and running.
   * The caller removes it after the run; the folder goes with the terminal.
   */
  privateScript(text: string): string {
    const file = path.join(this.directory, `contained-${++this.scripts}.bash`);
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
    return file;
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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
