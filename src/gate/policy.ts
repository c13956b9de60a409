import type { ListEntry } from './lists/listEntry';
import type { Rung } from './rung';

/** Everything the user has configured that the pipeline consults, for one call. */
export interface GatePolicy {
  rung: Rung;
  allow: readonly ListEntry[];
  deny: readonly ListEntry[];
  escalate: readonly ListEntry[];
  /** Whether the built-in default allow list applies. */
  defaultAllow: boolean;
  /** Exact-command grants from the person ("allow in this session" / "always"). */
  grants: readonly ListEntry[];
  /** Exact-command refusals from the person ("reject for this session"). */
  denyGrants: readonly ListEntry[];
}
