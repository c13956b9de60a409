import type { CommandReading } from './reading/reading';
import type { NearMissRecord, Outcome, PreflightRecord, RatingRecord, RuleRecord, Stage } from './decision';
import type { TranscriptRow } from './negotiation';

/** Why a call is in front of a person, as the card shows it. */
export interface Escalation {
  reading: CommandReading;
  /** The stage that sent the call to a person. */
  stage: Stage;
  reason: string;
  outcome?: Outcome;
  rule?: RuleRecord;
  preflight?: PreflightRecord[];
  rating?: RatingRecord;
  /** Exact grant the "Always allow in this workspace" button would store; absent when not offered. */
  grantPreview?: string;
  /** The negotiation that led here, when the bounds sent it (D§9). */
  transcript?: TranscriptRow[];
  /** Allow entries that almost covered it, and why not (lists/nearMiss.ts). */
  nearMiss?: NearMissRecord[];
}

/** The person's answer on the card (D§10). */
export type HumanAnswer =
  | { kind: 'run-once' }
  | { kind: 'allow-session' }
  | { kind: 'allow-always' }
  | { kind: 'reject'; reason?: string }
  | { kind: 'reject-session'; reason?: string }
  /** The attack banner: the person typed `run anyway`. */
  | { kind: 'run-anyway' }
  /** The call was cancelled or the answer could not be read: treated as a rejection. */
  | { kind: 'cancelled' };

/** Someone who can be asked. Absent in the CLI and in headless tool calls. */
export interface Person {
  /** Resolves with the answer; resolves `cancelled` when `signal` aborts first. */
  ask(escalation: Escalation, signal?: AbortSignal): Promise<HumanAnswer>;
}
