import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { containedExecution } from '../gate/containment/containedRun';
import type { ContainedSpawn, Sandbox } from '../gate/containment/sandbox';
import type { SandboxPolicy } from '../gate/containment/sandboxPolicy';
import { scrubEnvironment } from '../gate/execution/environmentScrub';
import { notStartedRecord, refusedRecord, type ExecutionRecord } from '../gate/execution/executionRecord';
import { DEFAULT_OUTPUT_CAP, OutputCap, type OutputCapLimits } from '../gate/execution/outputCap';
import { TerminalTextScanner } from '../gate/execution/terminalText';
import { recheckBeforeExecution } from '../gate/pipeline';

/**
 * The child-process runner (D§13): runs an approved command with `bash --noprofile --norc -c`,
 * the exact string, in its own process group, with the scrubbed environment, a timeout and the
 * output cap. It is the fallback when the terminal's shell integration is unavailable, and the
 * path for commands that cannot be typed into a terminal faithfully (see `terminalTyping.ts`).
 *
 * It uses no VS Code API (this file must stay free of `vscode`): the integration tests run it
 * under plain Node against real bash.
 *
 * Lifetime rules:
 * - bash starts a new session (`detached`), so the command and everything it starts share one
 *   process group that can be signalled as a whole;
 * - on timeout or cancellation the group gets SIGTERM, then SIGKILL after a grace period;
 * - when bash exits, anything it left running in the group gets a short while to finish writing,
 *   then the same SIGTERM/SIGKILL: a fallback run leaves no invisible agent processes behind (in the
 *   terminal, a background job at least stays in view; here nobody would see it);
 * - stdin is `/dev/null`: a command that waits for input gets end-of-file, not a hang.
 *
 * With `containment` (D§13 "Containment", `approvalsGate.sandbox` on) the command runs in the
 * OS sandbox under the given policy (`src/gate/containment/`): bash runs bubblewrap, which runs
 * the command; signalling the group ends bubblewrap, and with it everything in the sandbox. A
 * sandbox that cannot start runs nothing: the record says why and what to install or change.
 * What the sandbox stopped is in `sandboxStops` and in the notes.
 */

export interface ChildProcessRunOptions {
  timeoutMs: number;
  /** The home folder the hardline recheck reads `~` with. */
  home: string;
  /** The editor's environment, to scrub (normally `process.env`). */
  environment: Readonly<Record<string, string | undefined>>;
  /** Names let through the scrub (`approvalsGate.terminal.passEnvironment`). */
  passEnvironment?: readonly string[];
  cap?: OutputCapLimits;
  /** Cancels the run (the agent stopped): handled like a timeout, reported as cancelled. */
  signal?: AbortSignal;
  /** SIGTERM → SIGKILL grace (default 1000 ms). */
  killGraceMs?: number;
  /** How long background processes may keep writing after bash exits (default 300 ms). */
  drainMs?: number;
  /** The shell (default `/bin/bash`). */
  bash?: string;
  /** Run inside the OS sandbox under this policy (default: the process's one sandbox). */
  containment?: { policy: SandboxPolicy; sandbox?: Sandbox };
}

/** Recheck, then run; never throws. */
export async function runInChildProcess(command: string, cwd: string, options: ChildProcessRunOptions): Promise<ExecutionRecord> {
  const refusal = recheckBeforeExecution(command, options.home, cwd, 'bash');
  if (refusal) return refusedRecord(refusal, 'child-process');
  if (options.signal?.aborted) return notStartedRecord('child-process', 'the call was cancelled before the command started');
  const folderProblem = workingFolderProblem(cwd);
  if (folderProblem) return notStartedRecord('child-process', folderProblem);
  const { env } = scrubEnvironment(options.environment, options.passEnvironment ?? []);
  if (!options.containment) return new ChildRun({ file: options.bash ?? '/bin/bash', args: ['--noprofile', '--norc', '-c', command], env }, cwd, options).result;
  return runContainedChild(command, cwd, env, options, options.containment);
}

/** The contained run: the shared start / run / stops report (`containedExecution`), with a child process. */
function runContainedChild(command: string, cwd: string, env: Record<string, string>, options: ChildProcessRunOptions, containment: NonNullable<ChildProcessRunOptions['containment']>): Promise<ExecutionRecord> {
  return containedExecution(
    { command, policy: containment.policy, env, via: 'child-process', ...(containment.sandbox ? { sandbox: containment.sandbox } : {}) },
    (spawnable: ContainedSpawn) => new ChildRun(spawnable, cwd, options).result,
  );
}

/** Why `cwd` cannot be a working folder, or `null`. */
export function workingFolderProblem(cwd: string): string | null {
  try {
    if (!statSync(cwd).isDirectory()) return `the working folder ${JSON.stringify(cwd)} is not a folder`;
    return null;
  } catch {
    return `the working folder ${JSON.stringify(cwd)} does not exist`;
  }
}

/** One run; `result` settles exactly once. */
class ChildRun {
  readonly result: Promise<ExecutionRecord>;
  private resolve!: (record: ExecutionRecord) => void;
  private readonly started = Date.now();
  private readonly cap: OutputCap;
  private readonly stdoutText = new TerminalTextScanner();
  private readonly stderrText = new TerminalTextScanner();
  private readonly stdoutBytes = new TextDecoder('utf-8');
  private readonly stderrBytes = new TextDecoder('utf-8');
  private readonly notes: string[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private ended: 'timeout' | 'cancelled' | null = null;
  private pipesClosed = false;
  private settled = false;
  private pgid: number | undefined;

  /** `launch`: bash with the command, or (contained) bash with the sandbox's wrapped command. */
  constructor(launch: { file: string; args: string[]; env: Record<string, string> }, cwd: string, private readonly options: ChildProcessRunOptions) {
    this.result = new Promise((resolve) => (this.resolve = resolve));
    this.cap = new OutputCap(options.cap ?? DEFAULT_OUTPUT_CAP);
    let child;
    try {
      child = spawn(launch.file, launch.args, {
        cwd,
        env: launch.env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      this.finishNotStarted(error);
      return;
    }
    this.pgid = child.pid;
    child.on('error', (error) => {
      // Spawn failures arrive here (no pid); a later error on a running child is only noted.
      if (this.pgid === undefined) this.finishNotStarted(error);
      else this.notes.push(`The process reported an error: ${error.message}`);
    });
    child.stdout.on('data', (chunk: Buffer) => this.cap.push(this.stdoutText.push(this.stdoutBytes.decode(chunk, { stream: true }))));
    child.stderr.on('data', (chunk: Buffer) => this.cap.push(this.stderrText.push(this.stderrBytes.decode(chunk, { stream: true }))));
    child.on('exit', (code, signal) => {
      this.exit = { code, signal };
      if (this.ended) return;
      // bash is done; give what it left in the background a moment to finish writing, then stop it.
      this.timers.push(setTimeout(() => {
        if (this.settled) return;
        if (this.groupAlive()) this.notes.push('Processes the command left running in the background were stopped when it finished.');
        this.stopGroupThenFinish();
      }, options.drainMs ?? 300));
      this.maybeFinish();
    });
    child.on('close', () => {
      this.pipesClosed = true;
      this.maybeFinish();
    });
    this.timers.push(setTimeout(() => this.stop('timeout'), options.timeoutMs));
    if (options.signal) {
      const onAbort = () => this.stop('cancelled');
      options.signal.addEventListener('abort', onAbort, { once: true });
      void this.result.then(() => options.signal?.removeEventListener('abort', onAbort));
    }
  }

  /** Timeout or cancellation: stop the whole group; finish once the pipes close (or soon after). */
  private stop(why: 'timeout' | 'cancelled'): void {
    // Once bash has exited, the command is over: what is left is the drain, which stops the group itself.
    if (this.settled || this.ended || this.exit) return;
    this.ended = why;
    this.notes.push(why === 'timeout'
      ? `Stopped after ${this.options.timeoutMs} ms (approvalsGate.terminal.timeoutMs): the process group got SIGTERM, then SIGKILL.`
      : 'Stopped because the call was cancelled: the process group got SIGTERM, then SIGKILL.');
    this.stopGroupThenFinish();
  }

  /**
   * SIGTERM, then SIGKILL, to the group; finish when the pipes close — or shortly after the
   * SIGKILL whatever happens: a process that left the group (setsid, a daemon) can hold the pipes
   * open for ever.
   */
  private stopGroupThenFinish(): void {
    this.stopGroup();
    this.timers.push(setTimeout(() => {
      if (!this.pipesClosed) this.notes.push('A process outside the command\'s process group still held its output open; output after this point is not included.');
      this.finish();
    }, (this.options.killGraceMs ?? 1000) + 1000));
  }

  private stopGroup(): void {
    this.signalGroup('SIGTERM');
    this.timers.push(setTimeout(() => this.signalGroup('SIGKILL'), this.options.killGraceMs ?? 1000));
  }

  private signalGroup(signal: NodeJS.Signals): void {
    if (this.pgid === undefined) return;
    try {
      process.kill(-this.pgid, signal);
    } catch {
      // ESRCH: the group is already gone.
    }
  }

  private groupAlive(): boolean {
    if (this.pgid === undefined) return false;
    try {
      process.kill(-this.pgid, 0);
      return true;
    } catch {
      return false;
    }
  }

  private maybeFinish(): void {
    if (this.exit && this.pipesClosed) this.finish();
  }

  private finish(): void {
    if (this.settled) return;
    this.settled = true;
    for (const timer of this.timers) clearTimeout(timer);
    // Anything still in the group after bash is gone gets the same treatment, once.
    if (this.groupAlive()) {
      this.signalGroup('SIGTERM');
      const pgid = this.pgid;
      setTimeout(() => {
        try {
          if (pgid !== undefined) process.kill(-pgid, 'SIGKILL');
        } catch {
          // gone
        }
      }, this.options.killGraceMs ?? 1000).unref();
    }
    this.cap.push(this.stdoutText.push(this.stdoutBytes.decode()) + this.stdoutText.end());
    this.cap.push(this.stderrText.push(this.stderrBytes.decode()) + this.stderrText.end());
    const { output, truncatedBytes } = this.cap.finish();
    const interrupted = this.ended !== null;
    const record: ExecutionRecord = {
      exitCode: interrupted ? null : (this.exit?.code ?? null),
      output,
      truncatedBytes,
      timedOut: this.ended === 'timeout',
      via: 'child-process',
      durationMs: Date.now() - this.started,
      started: true,
      notes: this.notes,
    };
    const signal = this.exit?.signal;
    if (signal && !interrupted) {
      record.signal = signal;
      this.notes.push(`The command was ended by ${signal}.`);
    }
    if (truncatedBytes > 0) this.notes.push(`${truncatedBytes} bytes of output were cut from the middle.`);
    this.resolve(record);
  }

  private finishNotStarted(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    for (const timer of this.timers) clearTimeout(timer);
    const message = error instanceof Error ? error.message : String(error);
    this.resolve(notStartedRecord('child-process', `bash could not be started: ${message}`, Date.now() - this.started));
  }
}
