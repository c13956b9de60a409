import type { Decision } from '../decision';
import type { SandboxStop } from '../containment/sandbox';
import type { SandboxPolicy } from '../containment/sandboxPolicy';

/** Which runner executed (or was asked to execute) an approved command. */
export type ExecutionVia = 'shell-integration' | 'child-process';

/**
 * What running one approved command produced (D§13). Both runners return this shape, so the
 * agent, the log and the tests read one record whichever path ran the command.
 */
export interface ExecutionRecord {
  /**
   * The exit status the shell itself reported, or `null` when there is none to trust: the
   * command timed out or was cancelled, was killed by a signal, never started, or its terminal
   * closed. Never parsed from the command's output.
   */
  exitCode: number | null;
  /** What the command printed (stdout and stderr together), terminal sequences removed, capped. */
  output: string;
  /** How many bytes of output the cap cut out of the middle (0 when nothing was cut). */
  truncatedBytes: number;
  timedOut: boolean;
  via: ExecutionVia;
  durationMs: number;
  /** False when nothing ran: the recheck refused, the working folder is missing, bash would not start. */
  started: boolean;
  /** The signal that ended the process, when one did (child-process runner only). */
  signal?: string;
  /**
   * What the OS sandbox stopped (D§13 "Containment"): writes, reads and connections outside the
   * decision's policy, each named, so a person can allow that path or host for a rerun. Absent
   * when the command did not run contained.
   */
  sandboxStops?: SandboxStop[];
  /**
   * The sandbox's policy the command ran under (or would have, when the sandbox could not start);
   * absent when it did not run contained. For the capture log (D§12), which keeps a summary.
   */
  containment?: SandboxPolicy;
  /** Set when the exec-time hardline recheck refused the command: nothing ran. */
  refused?: Decision;
  /**
   * Anything that makes the other fields less certain or explains a choice, one sentence each,
   * for the log and for the agent (why the fallback ran, a forged end-of-command sequence, …).
   */
  notes: string[];
}

/** The record for a command the exec-time recheck refused: nothing ran. */
export function refusedRecord(decision: Decision, via: ExecutionVia): ExecutionRecord {
  return { ...notStartedRecord(via, decision.reason), refused: decision };
}

/** The record for a command that could not be started (missing folder, no bash, spawn error). */
export function notStartedRecord(via: ExecutionVia, why: string, durationMs = 0): ExecutionRecord {
  return {
    exitCode: null,
    output: '',
    truncatedBytes: 0,
    timedOut: false,
    via,
    durationMs,
    started: false,
    notes: [`Not run: ${why}`],
  };
}
