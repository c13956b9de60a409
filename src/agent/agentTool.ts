import type { z } from 'zod';
import type { CaptureLog } from '../gate/capture/captureLog';
import type { Decision } from '../gate/decision';
import type { ExecutionRecord } from '../gate/execution/executionRecord';
import type { NegotiationSession } from '../gate/negotiation';
import type { Person } from '../gate/person';
import type { Rung } from '../gate/rung';

/**
 * The contract between the agent loop and one of its tools. A tool never sees the raw model
 * output: the loop validates the arguments against `schema` (strict: unknown keys, wrong types
 * and oversized strings are refused) and only a call that passes reaches `run`.
 */

/** One gated shell call as the agent asks for it; the caller adds the signal. */
export interface GatedShellCall {
  /** Exactly what will run if approved. */
  command: string;
  /** The workspace root: the agent runs every command there. */
  cwd: string;
  /** The tool that asked, for the capture log. */
  tool: string;
  /** The agent's argument for running it (D§9). */
  justification?: string;
  /** The chat session's negotiation state (one per session, owned by the caller). */
  negotiation?: NegotiationSession;
  /** The user's recent messages in this chat session, oldest first (D§9). */
  userMessages: readonly string[];
}

/** What the gated path answered: the decision record, and the execution when it ran. */
export interface GatedOutcome {
  decision: Decision;
  execution?: ExecutionRecord;
}

/**
 * The one path from "the agent wants to run this" to "it ran" (in VS Code: `GatedExecution.run`).
 * Aborting `signal` must cancel a pending card (the call is then rejected) and stop a running
 * command. Expected not to throw; the shell tool treats a throw as "not run".
 */
export type RunGated = (call: GatedShellCall, signal: AbortSignal) => Promise<GatedOutcome>;

/** Everything a tool may use for one call. */
export interface ToolContext {
  /** The workspace folder the file tools are confined to and commands run in. */
  workspaceRoot: string;
  /** The home folder (for `~` in the gate's reading and the protected-path list). */
  home: string;
  /** The rung in force now (read at call time: the user may switch it mid-turn). */
  rung: Rung;
  runGated: RunGated;
  /** Who approves gated writes; `null` when nobody can be asked. */
  person: Person | null;
  negotiation?: NegotiationSession;
  userMessages: readonly string[];
  /** Where gated writes leave their capture record (D§12). */
  capture?: CaptureLog;
  /** Aborted when the turn is cancelled or ends. */
  signal: AbortSignal;
}

/** What a tool call produced. */
export interface ToolOutcome {
  /** What the model reads, in our words. */
  text: string;
  /** False when the call failed or did nothing (the tool message is marked as an error). */
  ok: boolean;
  /** The gate's decision, for shell commands and gated writes. */
  decision?: Decision;
  execution?: ExecutionRecord;
  /** The gate halted the agent's run: the loop ends after this call. */
  halt?: boolean;
}

/** One tool of the agent. */
export interface AgentTool<Args = unknown> {
  readonly name: string;
  /** What the model is told, in our words, for the rung in force. */
  description(rung: Rung): string;
  /** Strict schema of the arguments (`z.strictObject`). */
  readonly schema: z.ZodType<Args>;
  /** A short signature for error messages, e.g. `{"path": string}`. */
  readonly signature: string;
  run(args: Args, context: ToolContext): Promise<ToolOutcome>;
}
