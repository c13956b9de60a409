import type { ResolutionSummary } from './reading/resolution';

/** What the rater may answer (D§2). `catastrophic` and `attack` are not ranked against each other. */
export const OUTCOMES = ['safe', 'destructive', 'catastrophic', 'attack'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** What the gate does with a call. */
export const ACTIONS = ['approve', 'reject', 'escalate', 'halt'] as const;
export type Action = (typeof ACTIONS)[number];

/** Which layer decided. Every decision records exactly one. */
export const STAGES = [
  'not-gated',
  'deny-list',
  'hardline-floor',
  'bypass',
  'escalate-entry',
  'allow-list',
  'allow-tripwire',
  'grant',
  'preflight-floor',
  'rater',
  'unrated-rung',
  'human',
  'non-interactive',
  // Not in D§2: the gate itself failed (a bug). Fail closed, and say so rather than blame a layer.
  'gate-error',
] as const;
export type Stage = (typeof STAGES)[number];

/** Why a rating did not come from the model. */
export type FailClosedCause = 'no-model' | 'timeout' | 'unparseable' | 'threw';

/** A rater verdict (the model's answer, or the fail-closed stand-in). */
export interface Verdict {
  outcome: Outcome;
  reason: string;
  suggestedTool?: string;
}

/** A rating as recorded on a decision. */
export interface RatingRecord {
  verdict: Verdict;
  /** Set when the verdict is the fail-closed stand-in rather than the model's answer. */
  failClosed?: FailClosedCause;
  /** Which rater produced it (model label without keys, `stub`, or `batch-input`). */
  source: string;
  /** The outcome after the preflight floors (only ever raised). */
  flooredOutcome: Outcome;
  /** Rated as the tripwire of an allow entry with `rate: true`. */
  tripwire?: boolean;
}

/** A list entry that matched (deny, escalate, allow or a grant). */
export interface RuleRecord {
  list: 'deny' | 'escalate' | 'allow' | 'default-allow' | 'grant';
  /** The entry as the user wrote it (or the stored grant). */
  entry: string;
  /** Where it came from: a setting name, `--allow`, a config file, `session`, `workspace`. */
  source: string;
}

/** A hardline refusal (D§5). */
export interface HardlineRecord {
  arm: string;
  detail: string;
}

/**
 * The preflight floor's arms (D§7). `protected-write` and `foreign-config` are the two no allow
 * entry lifts (pipeline.ts, the allow-list stage).
 */
export const PREFLIGHT_ARMS = ['unresolved', 'script-env-leak', 'open-world', 'protected-write', 'foreign-config', 'unknown-code', 'unknown-target'] as const;
export type PreflightArm = (typeof PREFLIGHT_ARMS)[number];

/** A preflight floor finding (D§7). */
export interface PreflightRecord {
  arm: PreflightArm;
  reason: string;
  /** True when this finding raised a `safe` rating to `destructive`. */
  rewroteRating: boolean;
}

/**
 * A near miss (docs/decisions.md, "Near misses: an entry that almost covers"): a user's allow entry
 * or grant that names the command's program but did not cover one of its simple commands, why
 * (as the allow matcher decided it), and what would be covered — a rewrite of the command, or the
 * smallest entry — each checked with the allow matcher before it is recorded. It only explains:
 * nothing reads it to decide.
 */
export interface NearMissRecord {
  /** The entry as the user wrote it (or the stored grant), and where it came from. */
  entry: string;
  source: string;
  list: 'allow' | 'grant';
  /** Which simple command of the line the entry did not cover (1 is the first). */
  segment: number;
  /** That simple command's text, when the line has more than one. */
  part?: string;
  /** What kept it off (`glob-may-be-option`, `form`, `write`, `assignment`, `wrapper`, `words` …). */
  kind: string;
  /** The word, option, environment name or redirect the reason names. */
  subject?: string;
  /** The path a write names. */
  path?: string;
  /** The reason, one clause from the matcher. */
  why: string;
  /** The command rewritten so that the entry covers it (checked), and what the rewrite changes. */
  rewrite?: { command: string; change: string };
  /** The smallest entries that cover the whole command (checked), as written in a settings list. */
  entries?: Array<string | { match: 'exact'; pattern: string }>;
  /** Why no entry can cover the command, when none is offered. */
  noEntry?: string;
}

/**
 * The decision record (D§2). The card, the capture log, the CLI and the tests read this shape;
 * nothing downstream ever works from a bare boolean.
 */
export interface Decision {
  action: Action;
  stage: Stage;
  outcome?: Outcome;
  reason: string;
  rule?: RuleRecord;
  hardline?: HardlineRecord;
  preflight?: PreflightRecord[];
  /** When nobody could be asked: the stage that would have asked a person. */
  escalatedFrom?: Stage;
  resolution: ResolutionSummary;
  rating?: RatingRecord;
  /** Allow entries and grants that almost covered the command, and why not; explanation only. */
  nearMiss?: NearMissRecord[];
}
