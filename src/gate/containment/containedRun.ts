import { spawn } from 'node:child_process';
import { notStartedRecord, type ExecutionRecord, type ExecutionVia } from '../execution/executionRecord';
import { bashSingleQuote } from '../execution/terminalShellInit';
import { Sandbox, type ContainedSpawn, type SandboxStop } from './sandbox';
import type { SandboxPolicy } from './sandboxPolicy';

/**
 * One approved command run to its end inside the sandbox: `approvals-gate run` (output passed
 * through as it comes), the bench and the tests ({@link runContained}); and the one way the
 * extension's two runners (the child process and the "Approvals Gate" terminal) run a command
 * contained and report what the sandbox stopped ({@link containedExecution}).
 */

export interface ContainedRunOptions {
  command: string;
  cwd: string;
  /** The environment the command gets, already scrubbed (`execution/environmentScrub.ts`). */
  env: Readonly<Record<string, string>>;
  policy: SandboxPolicy;
  /** Pass the command's output on as it comes (the CLI); it is kept for the stops report either way. */
  passThrough?: { stdout: (chunk: Buffer) => void; stderr: (chunk: Buffer) => void };
  sandbox?: Sandbox;
}

export type ContainedRun =
  | { started: false; reason: string; fix?: string }
  | { started: true; exitCode: number | null; signal: NodeJS.Signals | null; output: string; stops: SandboxStop[] };

/** How much output is kept for the stops report (its end: errors come last). */
const KEPT_OUTPUT = 64 * 1024;
/** How long the Linux violation log may take to arrive after a failed command. */
const VIOLATION_LOG_WAIT_MS = 150;

/** Start the sandbox if needed, run, report. Never throws; a sandbox that cannot start runs nothing. */
export async function runContained(options: ContainedRunOptions): Promise<ContainedRun> {
  const sandbox = options.sandbox ?? Sandbox.shared();
  const availability = await sandbox.start();
  if (!availability.ok) return { started: false, reason: availability.reason, fix: availability.fix };
  try {
    return await sandbox.contain(options.command, options.policy, options.env, async (spawnable) => {
      const result = await new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null; output: string; error?: string }>((resolve) => {
        let output = '';
        const keep = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (output.length > 2 * KEPT_OUTPUT) output = output.slice(-KEPT_OUTPUT);
        };
        const child = spawn(spawnable.file, spawnable.args, { cwd: options.cwd, env: spawnable.env, stdio: ['inherit', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk: Buffer) => {
          keep(chunk);
          options.passThrough?.stdout(chunk);
        });
        child.stderr.on('data', (chunk: Buffer) => {
          keep(chunk);
          options.passThrough?.stderr(chunk);
        });
        child.on('error', (error) => resolve({ exitCode: null, signal: null, output, error: error.message }));
        child.on('close', (exitCode, signal) => resolve({ exitCode, signal, output }));
      });
      if (result.error !== undefined) return { started: false, reason: `bash could not be started: ${result.error}` } as const;
      const stops = await sandbox.stops(spawnable, options.policy, options.command, result.output, result.exitCode === 0 ? 0 : VIOLATION_LOG_WAIT_MS);
      return { started: true, exitCode: result.exitCode, signal: result.signal, output: result.output, stops } as const;
    });
  } catch (error) {
    return { started: false, reason: `the sandbox could not wrap the command: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * A runner's contained run (D§13 "Containment"): start the sandbox (or, fail closed, run nothing
 * and say what to install or change), let `run` run the wrapped command and return its record,
 * then add what the sandbox stopped (`sandboxStops`, one note each) and the policy it ran under
 * (`containment`). Used by the child-process runner and the terminal runner alike, so both report
 * a contained run the same way. `run` is called inside the sandbox's turn (`Sandbox.contain`):
 * it must not start another contained run. Never throws.
 */
export async function containedExecution(
  options: { command: string; policy: SandboxPolicy; env: Readonly<Record<string, string>>; via: ExecutionVia; sandbox?: Sandbox },
  run: (spawnable: ContainedSpawn) => Promise<ExecutionRecord>,
): Promise<ExecutionRecord> {
  const sandbox = options.sandbox ?? Sandbox.shared();
  const under = (record: ExecutionRecord): ExecutionRecord => ({ ...record, containment: options.policy });
  const availability = await sandbox.start();
  if (!availability.ok) {
    // Fail closed (D§13): never an uncontained run in its place.
    return under(notStartedRecord(options.via, `${availability.reason}. To fix: ${availability.fix}`));
  }
  try {
    return under(await sandbox.contain(options.command, options.policy, options.env, async (spawnable) => {
      const record = await run(spawnable);
      if (!record.started) return record;
      const stops = await sandbox.stops(spawnable, options.policy, options.command, record.output, record.exitCode === 0 ? 0 : VIOLATION_LOG_WAIT_MS);
      record.sandboxStops = stops;
      record.notes.push(...describeStops(stops));
      return record;
    }));
  } catch (error) {
    return under(notStartedRecord(options.via, `the sandbox could not wrap the command: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/**
 * What the "Approvals Gate" terminal is given to type for a contained command (D§13;
 * docs/decisions.md "The terminal runs contained commands"): bash runs the file holding the
 * sandbox's wrapped line — the same line the child-process path hands to `bash -c` — and the
 * approved command follows as a comment, so the person sees in the terminal what runs. The wrapped
 * line is not typed itself: it spans several lines, runs to kilobytes (one bind per protected
 * place), and carries the proxy's per-run credentials. `command` must be typeable
 * (`terminalTypingProblem` is null: one line, printable ASCII), so the comment ends with the line.
 */
export function containedTerminalLine(scriptPath: string, command: string): string {
  return `/bin/bash --noprofile --norc ${bashSingleQuote(scriptPath)} # ${command}`;
}

/** One sentence per stop, for the CLI, the agent and the log: what was denied, so a person can add it. */
export function describeStops(stops: readonly SandboxStop[]): string[] {
  return stops.map((stop) => {
    if (stop.kind === 'write') return `The sandbox stopped a write to ${stop.target} (outside the places this command may write).`;
    if (stop.kind === 'read') return `The sandbox hid ${stop.target} (a credential store this command may not read).`;
    return `The sandbox stopped a connection to ${stop.target} (a host this command was not approved to reach).`;
  });
}
