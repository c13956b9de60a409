import type { CommandReading } from '../reading/reading';
import type { FailClosedCause, Outcome, Verdict } from '../decision';
import type { PreflightFinding } from '../preflight/preflight';
import type { Rung } from '../rung';
import type { NegotiationContext } from '../negotiation';

/** What the gate hands the rater for one gated command. */
export interface RatingRequest {
  reading: CommandReading;
  /** Findings of the preflight floors, given to the model as notes (never as verdicts). */
  findings: readonly PreflightFinding[];
  rung: Rung;
  /** Set when the rating is the tripwire of an allow entry with `rate: true`. */
  tripwire: boolean;
  /**
   * Round 2 and later of a negotiation at `auto` (D§9): what the agent argued, what was
   * decided before, and what the user said. All of it is untrusted; the prompt fences it.
   * Absent in round 1, where the rater sees the command alone.
   */
  negotiation?: NegotiationContext;
}

/** The negotiation so far, as the rater is shown it from round 2 on (D§9). */
export type { NegotiationContext } from '../negotiation';

/**
 * What was exchanged with the model for one rating, captured at the send site (D§12): the
 * exact strings handed to the model and its answer before any parsing. No keys.
 */
export interface RatingCapture {
  /** The model label (no keys, no URL credentials). */
  model: string;
  /** The budget the call ran under. */
  timeoutMs: number;
  system: string;
  user: string;
  /** Tool-call arguments or message content as received; `null` when nothing arrived. */
  rawResponse: string | null;
  durationMs: number;
}

/** A rating: the model's verdict, or the fail-closed stand-in with its cause. */
export interface RatingResult {
  verdict: Verdict;
  failClosed?: FailClosedCause;
  /** Which rater answered: a model label without keys, `stub`, `batch-input`. */
  source: string;
  /** Present when a model was actually called (D§12). */
  capture?: RatingCapture;
  /** With `failClosed`: what happened, in words (a budget, an HTTP status), when known. */
  faultDetail?: string;
}

/**
 * Anything that rates a command. Implementations must never throw and never approve on a
 * failure: a failure is a `destructive` verdict whose reason starts with
 * {@link COULD_NOT_ASSESS_PREFIX} and whose `failClosed` names the cause.
 */
export interface Rater {
  rate(request: RatingRequest): Promise<RatingResult>;
  /**
   * The same answer as {@link rate}, given at once, for raters that need no I/O. The pipeline
   * calls it instead of `rate` when it is there, so a fixed rating costs no await.
   */
  rateNow?(request: RatingRequest): RatingResult;
}

export const COULD_NOT_ASSESS_PREFIX = 'Could not assess this command';

/** Where a rating model is set up: the setting, VS Code's chat models, and the CLI's option. */
export const RATER_SETTING_HINT = 'set approvalsGate.rater.baseUrl and approvalsGate.rater.model, or pick a chat model in VS Code; CLI: --rater-url and --rater-model';

const CAUSE_TEXT: Readonly<Record<FailClosedCause, string>> = {
  'no-model': 'no rating model is configured',
  timeout: 'the rating model did not answer in time',
  unparseable: 'the rating model answered something that is not a valid verdict',
  threw: 'the call to the rating model failed',
};

/** The verdict used whenever the model's answer is missing or unusable. Never `safe`. */
export function failClosedResult(cause: FailClosedCause, source: string, detail?: string): RatingResult {
  const outcome: Outcome = 'destructive';
  const reason = `${COULD_NOT_ASSESS_PREFIX} (${cause}): ${CAUSE_TEXT[cause]}${detail ? ` — ${detail}` : ''}.`;
  return { verdict: { outcome, reason }, failClosed: cause, source, ...(detail ? { faultDetail: detail } : {}) };
}

/**
 * What a person (on the card, in `explain`) or the agent is told when no rating could be had:
 * what happened and what to set, never a finding of the rater's, for nobody made one. The one
 * wording of the four faults; `then` is what follows from it ("a person decides").
 */
export function ratingFaultReason(rating: RatingResult, then: string): string {
  const cause = rating.failClosed ?? 'threw';
  const detail = rating.faultDetail ? `: ${rating.faultDetail.replace(/[.\s]+$/, '')}` : '';
  return `${FAULT_TEXT[cause]}${detail}. Nothing rated this command, so ${then}.`;
}

const FAULT_TEXT: Readonly<Record<FailClosedCause, string>> = {
  'no-model': `No rating model is set up (${RATER_SETTING_HINT})`,
  timeout: 'The rating model did not answer in time',
  unparseable: 'The rating model answered, but not with a verdict the gate can read',
  threw: 'The call to the rating model failed',
};

/** A rater that answers every command with one fixed verdict (`--rater-stub`, batch `raterVerdict`). */
export class FixedVerdictRater implements Rater {
  constructor(
    private readonly verdict: Verdict,
    private readonly source: string,
  ) {}

  async rate(): Promise<RatingResult> {
    return this.rateNow();
  }

  rateNow(): RatingResult {
    return { verdict: { ...this.verdict }, source: this.source };
  }
}

/** The rater used when no model is configured: every rating fails closed as `no-model`. */
export class NoModelRater implements Rater {
  async rate(): Promise<RatingResult> {
    return this.rateNow();
  }

  rateNow(): RatingResult {
    return failClosedResult('no-model', 'none');
  }
}
