import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { bashSyntaxProblem } from '../gate/execution/bashSyntax';
import { notStartedRecord, refusedRecord, type ExecutionRecord } from '../gate/execution/executionRecord';
import { DEFAULT_OUTPUT_CAP, type OutputCapLimits } from '../gate/execution/outputCap';
import type { ShellStatusRecord } from '../gate/execution/shellStatusRecords';
import { terminalTypingProblem } from '../gate/execution/terminalTyping';
import { recheckBeforeExecution } from '../gate/pipeline';
import { runInChildProcess, workingFolderProblem } from './childProcessRunner';
import { containedExecution, containedTerminalLine } from '../gate/containment/containedRun';
import { Sandbox } from '../gate/containment/sandbox';
import { sandboxPolicyFor, type SandboxPolicy } from '../gate/containment/sandboxPolicy';
import type { Decision } from '../gate/decision';
import type { SandboxSetting } from '../gate/settings/settingsSchema';
import { ExecutionCaptures, joinParts } from './executionCapture';
import { GateTerminal, POLL_MS, sleep, type StartFailure } from './gateTerminal';
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
 *
 * **Containment** (D§13; docs/decisions.md "Containment: the sandbox's policy" and "The terminal
 * runs contained commands"): with `approvalsGate.sandbox` on (the default), every command runs
 * inside the OS sandbox under its decision's policy, on whichever route it takes. In the terminal,
 * the sandbox's wrapped line (the one the child-process route hands to `bash -c`) goes to a file
 * in the terminal's private folder and the terminal runs it with bash, the command itself shown as
 * a comment (`containedTerminalLine`); the status record is then that line's, and its status is
 * bubblewrap's, which is the command's. The command runs in a bash of its own inside the sandbox,
 * so it never changes the terminal's shell state (a `cd` or `export` ends with it) and the terminal
 * is kept for the next command. The start, the run and the stops report are the child-process
 * route's (`containedExecution`). A sandbox that cannot start runs nothing, on either route.
 */

export interface TerminalRunnerSettings {
  /** `approvalsGate.terminal.timeoutMs`. */
  timeoutMs: number;
  /** `approvalsGate.terminal.passEnvironment`. */
  passEnvironment: readonly string[];
  /** `approvalsGate.sandbox` and `approvalsGate.sandboxPackageRegistries`; the settings service owns their defaults. */
  sandbox: { mode: SandboxSetting; packageRegistries: boolean };
  /** The workspace folders, writable inside the sandbox (absent or empty: the command's folder). */
  workspaceFolders?: readonly string[];
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
  /** The OS sandbox contained commands run in (default: the process's one, `Sandbox.shared()`). */
  sandbox?: Sandbox;
}

export const TERMINAL_NAME = 'Approvals Gate';

/** Where VS Code keeps its bash shell-integration script, relative to `vscode.env.appRoot`. */
const INTEGRATION_SCRIPT = ['out', 'vs', 'workbench', 'contrib', 'terminal', 'common', 'scripts', 'shellIntegration-bash.sh'];

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

  /**
   * Runs one approved command (after the recheck). Never throws; runs one at a time. `decision`
   * is what approved it: the sandbox's policy is made from it (without one, no host is reachable).
   * `options.policy`: run contained under exactly this policy instead (a person's rerun after a
   * sandbox stop, `rerunWidening.ts`), whatever `approvalsGate.sandbox` says now.
   */
  run(command: string, cwd: string, signal?: AbortSignal, decision?: Decision, options: { policy?: SandboxPolicy } = {}): Promise<ExecutionRecord> {
    const next = this.queue.then(() => this.runNow(command, cwd, signal, decision, options.policy));
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

  private async runNow(command: string, cwd: string, signal: AbortSignal | undefined, decision: Decision | undefined, given: SandboxPolicy | undefined): Promise<ExecutionRecord> {
    const refusal = recheckBeforeExecution(command, this.options.home, cwd, 'bash');
    if (refusal) return refusedRecord(refusal, 'shell-integration');
    if (signal?.aborted) return notStartedRecord('shell-integration', 'the call was cancelled before the command started');
    if (this.disposed) return notStartedRecord('shell-integration', 'the terminal runner was shut down');
    const folderProblem = workingFolderProblem(cwd);
    if (folderProblem) return notStartedRecord('shell-integration', folderProblem);
    const settings = this.options.settings();
    // The policy is the decision's, made once for whichever route runs the command (D§13).
    // A policy given by the caller (a person's widened rerun) is run as given, never uncontained.
    const policy = given ?? (settings.sandbox.mode === 'on' ? this.policyFor(command, cwd, settings, decision) : null);
    if (policy && !(await this.sandbox().start()).ok) {
      // Fail closed before any terminal opens: nothing runs, and the shared path says why and what to install.
      return containedExecution({ command, policy, env: {}, via: 'shell-integration', sandbox: this.sandbox() }, () => Promise.reject(new Error('not started')));
    }
    const child = (because: string) => this.viaChildProcess(command, cwd, settings, signal, because, policy);

    const typing = terminalTypingProblem(command);
    if (typing) return child(`(bash -c) because ${typing}`);
    if (this.unavailable) return child(`because shell integration is unavailable: ${this.unavailable}`);
    const syntax = await bashSyntaxProblem(command);
    if (syntax) return child(`because bash reads the command as incomplete or invalid (${syntax}); typed into a terminal it would wait for more input`);

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
        return child(`because shell integration is unavailable: ${terminal.problem}`);
      }
      this.log(`the terminal did not start (${terminal.problem}); the next command tries a new one`);
      return child(`because the terminal did not start: ${terminal.problem}`);
    }
    this.startFailures = 0;
    if (signal?.aborted) return notStartedRecord('shell-integration', 'the call was cancelled before the command started');
    const ran = policy ? await this.executeContained(terminal, command, settings, signal, policy) : await this.execute(terminal, command, settings, signal);
    // The terminal could not take the command (nothing was typed): the child process runs it, contained as before.
    return 'fallback' in ran ? child(ran.fallback) : ran;
  }

  /**
   * A contained command in the terminal (see the class comment): inside the sandbox's turn, the
   * wrapped line to a private file, the terminal runs that file, and the shared path adds the stops.
   */
  private async executeContained(terminal: GateTerminal, command: string, settings: TerminalRunnerSettings, signal: AbortSignal | undefined, policy: SandboxPolicy): Promise<ExecutionRecord | { fallback: string }> {
    let fallback: string | null = null;
    // The terminal's shell is the environment: the library's variables are in the wrapped line itself.
    const record = await containedExecution({ command, policy, env: {}, via: 'shell-integration', sandbox: this.sandbox() }, async (spawnable) => {
      let script: string;
      try {
        script = terminal.privateScript(spawnable.line);
      } catch (error) {
        fallback = `because the wrapped command could not be written for the terminal (${error instanceof Error ? error.message : String(error)})`;
        return notStartedRecord('shell-integration', fallback);
      }
      try {
        const ran = await this.execute(terminal, containedTerminalLine(script, command), settings, signal);
        if ('fallback' in ran) {
          fallback = ran.fallback;
          return notStartedRecord('shell-integration', fallback);
        }
        // No note: the terminal is the ordinary route, and `containment` on the record says it was contained.
        return ran;
      } finally {
        fs.rmSync(script, { force: true });
      }
    });
    return fallback === null ? record : { fallback };
  }

  private sandbox(): Sandbox {
    return this.options.sandbox ?? Sandbox.shared();
  }

  /** `because` completes "Ran as a child process …" (the note says whether it ran contained). */
  private async viaChildProcess(command: string, cwd: string, settings: TerminalRunnerSettings, signal: AbortSignal | undefined, because: string, policy: SandboxPolicy | null): Promise<ExecutionRecord> {
    const why = `Ran ${policy ? 'contained, in the OS sandbox, ' : ''}as a child process ${because}.`;
    this.log(why);
    const record = await runInChildProcess(command, cwd, {
      ...(policy ? { containment: { policy, sandbox: this.sandbox() } } : {}),
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

  /**
   * The policy the command would run under if a person approved it now, for the card (D§10, D§13):
   * the same builder as the run's, with the person's approval as the decision; `null` when the
   * sandbox is off (the card then says nothing about containment). Reads the disk; never throws.
   */
  containmentIfApproved(command: string, cwd: string): SandboxPolicy | null {
    const settings = this.options.settings();
    if (settings.sandbox.mode !== 'on') return null;
    const approved: Decision = { action: 'approve', stage: 'human', reason: 'a person approves it on the card', resolution: { resolved: false, mechanisms: [] } };
    return this.policyFor(command, cwd, settings, approved);
  }

  /** The sandbox's policy for one command (D§13): from its decision, the workspace folders and the settings. */
  private policyFor(command: string, cwd: string, settings: TerminalRunnerSettings, decision: Decision | undefined): SandboxPolicy {
    const folders = settings.workspaceFolders && settings.workspaceFolders.length > 0 ? settings.workspaceFolders : [cwd];
    // No decision handed over: nothing says which hosts were approved, so none are.
    const approving: Decision = decision ?? { action: 'escalate', stage: 'gate-error', reason: 'no decision handed to the runner', resolution: { resolved: false, mechanisms: [] } };
    return sandboxPolicyFor({ command, cwd, home: this.options.home, decision: approving, workspaceFolders: folders, packageRegistries: settings.sandbox.packageRegistries });
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

  /**
   * Types `typed` (the approved command itself, or its contained line) and reads the run off the
   * shell's status record for that line. Returns `fallback` when nothing was typed and the child
   * process should run the command instead (the caller decides, outside any sandbox turn).
   */
  private async execute(terminal: GateTerminal, typed: string, settings: TerminalRunnerSettings, signal: AbortSignal | undefined): Promise<ExecutionRecord | { fallback: string }> {
    const started = Date.now();
    const notes: string[] = [];
    const baseline = terminal.lastRecord?.historyNumber ?? 0;
    if (!terminal.terminal.shellIntegration) {
      terminal.dispose();
      this.terminal = null;
      return { fallback: 'because the terminal lost its shell integration before the command was sent' };
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
        terminal.terminal.sendText(`${CLEAR_PROMPT_LINE}${typed}`, true);
      } catch (error) {
        terminal.dispose();
        this.terminal = null;
        return { fallback: `because the terminal refused the command (${error instanceof Error ? error.message : String(error)})` };
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
          else if (record.historyText === typed) ours = { record, at: Date.now() };
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

/** The runner of the "Approvals Gate" terminal, on the terminal settings in force, logging to the extension's log. */
export function createTerminalRunner(widening: WideningGuard, log: vscode.LogOutputChannel): TerminalRunner {
  return new TerminalRunner({
    log: (line) => log.info(`terminal: ${line}`),
    home: os.homedir(),
    // Read through the settings service (after the widening guard) at every run.
    settings: () => ({
      ...widening.settings.terminal,
      sandbox: widening.settings.sandbox,
      workspaceFolders: (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => folder.uri.fsPath),
    }),
  });
}
