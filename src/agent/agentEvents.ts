import type { Decision } from '../gate/decision';
import type { ExecutionRecord } from '../gate/execution/executionRecord';

/**
 * What the agent loop reports while a turn runs, so a surface (the VS Code chat participant, a
 * test) can render progress. Every callback is optional, and a callback that throws is ignored:
 * rendering must never change what the agent does.
 */

/** A tool call the loop is about to run (it passed validation). */
export interface ToolStartEvent {
  /** The model's id for the call. */
  id: string;
  name: string;
  /** The validated arguments. */
  args: Readonly<Record<string, unknown>>;
}

/** How a tool call ended: run, refused by the gate, failed, or refused as malformed. */
export interface ToolEndEvent {
  id: string;
  /** The name the model used (it may name no tool at all). */
  name: string;
  ok: boolean;
  /** What the model is told. */
  text: string;
  /** The gate's decision record, for shell commands and gated writes. */
  decision?: Decision;
  execution?: ExecutionRecord;
  /** Set when the call never reached a tool: malformed arguments, an unknown tool, a cut-off turn. */
  refused?: 'malformed' | 'unknown-tool' | 'not-run';
}

export interface AgentEvents {
  /** The model is being called (1-based count within the turn). */
  onModelCall?(call: number): void;
  /** Text the model wrote (the final answer, or what it said alongside tool calls). */
  onText?(text: string): void;
  onToolStart?(event: ToolStartEvent): void;
  onToolEnd?(event: ToolEndEvent): void;
}

/** Calls one event handler, swallowing whatever it throws. */
export function emit<K extends keyof AgentEvents>(events: AgentEvents | undefined, name: K, ...args: Parameters<NonNullable<AgentEvents[K]>>): void {
  const handler = events?.[name] as ((...a: unknown[]) => void) | undefined;
  if (!handler) return;
  try {
    handler.apply(events, args);
  } catch {
    // A rendering problem must not change the turn.
  }
}
