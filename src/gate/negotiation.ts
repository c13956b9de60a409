import type { Action, Outcome, Verdict } from './decision';
import { normaliseForDetection } from './reading/normalise';

/**
 * Negotiation at rung `auto` (D§9): the state one agent session keeps between gated calls, the
 * bounds that hand the argument to a person, the context a rater sees from round 2, the message
 * the agent reads after a rejection, and the transcript rows the approval card shows.
 *
 * The order a caller follows for one rated call at `auto` (docs/negotiation.md):
 *   1. `contextFor` before rating (undefined on round 1: the rater sees the command alone);
 *   2. the rating;
 *   3. `settle` — the justification rule (a justification can never talk down a command this
 *      session already saw rated `catastrophic` or `attack`);
 *   4. the preflight floors (they raise `safe` to `destructive` whatever was argued);
 *   5. the rung map, reported back here: `onApproved`, `onDestructive`, `onNotNegotiable`,
 *      and `onPersonReached` whenever a person answered.
 *
 * Nothing here ever lowers an outcome: the gate only keeps or raises; lowering is the rater's
 * own verdict on a justified round.
 */

/** The 3rd rejection in a row goes to a person instead. */
export const MAX_CONSECUTIVE_REJECTIONS = 3;
/** The 9th rejection since a person was last involved goes to a person instead. */
export const MAX_REJECTIONS_WITHOUT_PERSON = 9;
/** How many of the user's most recent messages the rater sees from round 2. */
export const USER_MESSAGE_WINDOW = 5;
/** Each user message is cut to this many characters. */
export const USER_MESSAGE_MAX_CHARS = 1000;
/** A justification is cut to this many characters before the rater sees it. */
export const JUSTIFICATION_MAX_CHARS = 2000;
/** A prior round's command is cut to this many characters in the context (the fence shows the current one whole). */
export const PRIOR_COMMAND_MAX_CHARS = 2000;
/** A prior round's reason is cut to this many characters in the context and in the agent's message. */
export const REASON_MAX_CHARS = 1000;
/** At most this many prior rounds go into the context (the bounds keep it far below this). */
export const PRIOR_ROUNDS_MAX = 8;
/** Transcript rows kept since a person was last involved; the oldest are dropped beyond this. */
export const TRANSCRIPT_MAX_ROWS = 64;

/** One earlier round of the current negotiation, as the rater sees it (every string on one line). */
export interface NegotiationRound {
  /** The command of that round (the prompt shows only its outcome and reason; the card shows all). */
  command?: string;
  justification?: string;
  outcome: Outcome;
  reason: string;
}

/**
 * What the rater sees besides the command from round 2 on. Every string is untrusted, already
 * collapsed to one line and cut to its bound; the rater renders each one inside its own fence.
 */
export interface NegotiationContext {
  /** The agent's justification for this call; `''` when it gave none this round. */
  justification: string;
  /** The earlier rounds of this negotiation, oldest first. */
  priorRounds: NegotiationRound[];
  /** The user's last {@link USER_MESSAGE_WINDOW} non-empty messages, oldest first. */
  userMessages: string[];
}

/** One row of the negotiation transcript on the approval card. Strings are kept as given. */
export interface TranscriptRow {
  /** 1-based index of the rating within its negotiation (an approval or a person starts a new one). */
  round: number;
  command: string;
  justification?: string;
  outcome: Outcome;
  reason: string;
  action: Action;
}

/** Where a session stands; recorded in every capture record (D§12). */
export interface NegotiationCounters {
  /** The round the next rating would be. */
  round: number;
  consecutiveRejections: number;
  rejectionsSincePerson: number;
}

/** Who turned a call down at `auto`: the rater's own `destructive`, or a preflight floor raising its `safe`. */
/** Who refused: the rating model, the gate because no rating could be had, or a floor over a `safe`. */
export type RefusedBy = 'rater' | 'rater-fault' | 'preflight-floor';

/** What the gate does with a `destructive` outcome at `auto`. */
export type NegotiationStep =
  | { action: 'reject'; message: string }
  /** The bounds are reached: a person decides, shown `transcript` (read before `onPersonReached`). */
  | { action: 'escalate'; message: string; transcript: TranscriptRow[] };

/**
 * The justification rule, as a pure function (D§9: "a justification may only lower severity and
 * never below what the command does").
 *
 * - `previous`: the last outcome this same command got in this session since a person was last
 *   involved (undefined if none).
 * - `rated`: what the rater answered now.
 * - `hasJustification`: whether the rater was shown a justification on this call.
 *
 * The gate never lowers anything itself: whatever this returns is `rated` or something more
 * severe. A justified `destructive` → `safe` happens only because the rater said `safe`. What the
 * gate holds against a justification is the part of "what the command does" it already knows:
 * - a `catastrophic` or `attack` rating is final whatever was argued (`rated` is returned);
 * - a command already rated `attack` stays `attack`, and one rated `catastrophic` stays
 *   `catastrophic` (or becomes `attack`), when a justification is offered for it again;
 * - the deterministic floors are applied by the caller after this rule, so a floored command
 *   stays `destructive` whatever the justification said.
 * Without a justification the rating is the rater's view of the command alone and stands as is.
 */
export function applyJustificationRule(previous: Outcome | undefined, rated: Outcome, hasJustification: boolean): Outcome {
  if (!hasJustification || previous === undefined) return rated;
  if (previous === 'attack') return 'attack';
  if (previous === 'catastrophic') return rated === 'attack' ? 'attack' : 'catastrophic';
  return rated;
}

/**
 * One agent session's negotiation state. Keep one instance per agent session (never a module
 * singleton: two chats must not share counters), and only consult it at rung `auto`.
 *
 * A negotiation is the run of ratings since the last approval or the last time a person answered.
 * `command` arguments are the command as the agent sent it (the transcript shows it that way);
 * the session recognises the same command through the detection normalisation (D§4.1), so
 * respacing it, fullwidth letters or invisible characters do not make it a new command.
 */
export class NegotiationSession {
  private consecutive = 0;
  private sincePerson = 0;
  /** Rows of the current negotiation (what `priorRounds` is made from). */
  private current: TranscriptRow[] = [];
  /** Rows since a person was last involved (what the card shows). */
  private rows: TranscriptRow[] = [];
  /** The detection-normalised command of each row in `rows`, for `previousOutcome`. */
  private rowKeys: string[] = [];

  /** Where the session stands now. */
  counters(): NegotiationCounters {
    return {
      round: this.current.length + 1,
      consecutiveRejections: this.consecutive,
      rejectionsSincePerson: this.sincePerson,
    };
  }

  /**
   * Before rating: the context for the rater, or `undefined` on round 1, where the rater sees the
   * command alone and any justification the agent offered is withheld by design.
   */
  contextFor(command: string, justification: string | undefined, userMessages: readonly string[]): NegotiationContext | undefined {
    void command; // The command itself travels in the fence, never in the context.
    if (this.current.length === 0) return undefined;
    return {
      justification: boundedLine(justification ?? '', JUSTIFICATION_MAX_CHARS),
      priorRounds: this.current.slice(-PRIOR_ROUNDS_MAX).map((row) => {
        const justified = row.justification === undefined ? '' : boundedLine(row.justification, JUSTIFICATION_MAX_CHARS);
        return {
          command: boundedLine(row.command, PRIOR_COMMAND_MAX_CHARS),
          ...(justified !== '' ? { justification: justified } : {}),
          outcome: row.outcome,
          reason: boundedLine(row.reason, REASON_MAX_CHARS),
        };
      }),
      userMessages: lastUserMessages(userMessages),
    };
  }

  /**
   * After rating, before the floors: the outcome under the justification rule. A justification
   * counts only from round 2 (on round 1 the rater never saw it) and only when it is not empty.
   */
  settle(command: string, justification: string | undefined, rated: Outcome): Outcome {
    const shown = this.current.length > 0 && boundedLine(justification ?? '', JUSTIFICATION_MAX_CHARS) !== '';
    return applyJustificationRule(this.previousOutcome(command), rated, shown);
  }

  /** The last outcome this command got since a person was last involved, if any. */
  previousOutcome(command: string): Outcome | undefined {
    const key = commandKey(command);
    for (let i = this.rows.length - 1; i >= 0; i--) {
      if (this.rowKeys[i] === key) return this.rows[i]!.outcome;
    }
    return undefined;
  }

  /**
   * A `destructive` outcome at `auto` (the rater's, a fail-closed one, or a floored `safe`):
   * a rejection the agent can argue with, or — on the 3rd in a row or the 9th since a person was
   * involved — an escalation with the transcript. Either way it counts against both bounds, so
   * a session whose escalation reached nobody keeps escalating until a person answers.
   */
  onDestructive(command: string, justification: string | undefined, verdict: Verdict, refusedBy: RefusedBy = 'rater'): NegotiationStep {
    this.consecutive += 1;
    this.sincePerson += 1;
    const escalateFor =
      this.consecutive >= MAX_CONSECUTIVE_REJECTIONS ? 'consecutive' : this.sincePerson >= MAX_REJECTIONS_WITHOUT_PERSON ? 'since-person' : null;
    this.push(command, justification, 'destructive', verdict.reason, escalateFor ? 'escalate' : 'reject');
    if (escalateFor) {
      return { action: 'escalate', message: escalationMessage(verdict, refusedBy, escalateFor, this.consecutive, this.sincePerson), transcript: this.transcript() };
    }
    const left = Math.min(MAX_CONSECUTIVE_REJECTIONS - this.consecutive, MAX_REJECTIONS_WITHOUT_PERSON - this.sincePerson);
    return { action: 'reject', message: rejectionMessage(verdict, refusedBy, left) };
  }

  /**
   * A `catastrophic` (to a person) or `attack` (halt) outcome: never negotiated, not a rejection,
   * so the counters stay; recorded so the transcript shows it and a later justification for the
   * same command cannot talk it down.
   */
  onNotNegotiable(command: string, justification: string | undefined, verdict: Verdict, action: 'escalate' | 'halt'): void {
    this.push(command, justification, verdict.outcome, verdict.reason, action);
  }

  /** Any approval ends the negotiation: the consecutive count resets, the since-person count does not. */
  onApproved(): void {
    this.consecutive = 0;
    this.current = [];
  }

  /** A person answered (whatever they said): both counts reset and the transcript starts again. */
  onPersonReached(): void {
    this.consecutive = 0;
    this.sincePerson = 0;
    this.current = [];
    this.rows = [];
    this.rowKeys = [];
  }

  /** The rows since a person was last involved, oldest first (copies). */
  transcript(): TranscriptRow[] {
    return this.rows.map((row) => ({ ...row }));
  }

  private push(command: string, justification: string | undefined, outcome: Outcome, reason: string, action: Action): void {
    const row: TranscriptRow = {
      round: this.current.length + 1,
      command,
      ...(justification !== undefined && justification !== '' ? { justification } : {}),
      outcome,
      reason,
      action,
    };
    this.current.push(row);
    this.rows.push(row);
    this.rowKeys.push(commandKey(command));
    if (this.rows.length > TRANSCRIPT_MAX_ROWS) {
      this.rows.splice(0, this.rows.length - TRANSCRIPT_MAX_ROWS);
      this.rowKeys.splice(0, this.rowKeys.length - TRANSCRIPT_MAX_ROWS);
    }
    if (this.current.length > TRANSCRIPT_MAX_ROWS) this.current.splice(0, this.current.length - TRANSCRIPT_MAX_ROWS);
  }
}

/** What makes two commands "the same" for the justification rule: the detection normalisation. */
function commandKey(command: string): string {
  return normaliseForDetection(command).text;
}

// ── The agent's message ─────────────────────────────────────────────────────────────────

function refuser(refusedBy: RefusedBy): string {
  switch (refusedBy) {
    case 'rater':
      return 'the rating model (rung `auto`)';
    case 'rater-fault':
      return 'the gate, because no rating could be had (rung `auto`)';
    case 'preflight-floor':
      return "the gate's preflight floor, after the rating model (rung `auto`) found it safe";
  }
}

function suggestion(verdict: Verdict): string {
  return verdict.suggestedTool
    ? ` The rater suggests the \`${boundedLine(verdict.suggestedTool, 200)}\` tool, which you are already allowed to use, for what you are trying to do.`
    : '';
}

/** The agent's three moves after a rejection at `auto` (D§9), naming the tool it called. */
export function negotiationMoves(tool = 'the tool'): string {
  return (
    `What you can do: (1) call ${tool} again with the same command and a \`justification\` argument that explains why it is needed; ` +
    '(2) propose a different command that does what you need with less risk; or (3) ask the user.'
  );
}

/**
 * The rejection the agent reads: who refused, why, the three moves and any suggested tool, then
 * how many more refusals it has before a person decides. Plain text, one paragraph per part.
 */
function rejectionMessage(verdict: Verdict, refusedBy: RefusedBy, left: number): string {
  return [
    `Command not run: refused by ${refuser(refusedBy)}.`,
    `Reason: ${boundedLine(verdict.reason, REASON_MAX_CHARS)}`,
    negotiationMoves() + suggestion(verdict),
    `${left === 1 ? 'One more refusal' : `${left} more refusals`} and the command goes to the user to decide.`,
  ].join('\n');
}

function escalationMessage(verdict: Verdict, refusedBy: RefusedBy, bound: 'consecutive' | 'since-person', consecutive: number, sincePerson: number): string {
  const why =
    bound === 'consecutive'
      ? `This is refusal ${consecutive} in a row`
      : `This is refusal ${sincePerson} since the user was last asked`;
  return (
    `Refused again by ${refuser(refusedBy)}: ${boundedLine(verdict.reason, REASON_MAX_CHARS)} ` +
    `${why}, so the command now goes to the user, with the transcript of this negotiation.`
  );
}

// ── Bounding untrusted text ─────────────────────────────────────────────────────────────

/**
 * Collapses untrusted text to one line: invisible format characters (zero-width, bidi) removed,
 * every run of whitespace, control characters and line or paragraph separators turned into one
 * space, then cut to `max` characters (ending in `…` when cut, never splitting a surrogate pair).
 * Linear: two single-class replacements.
 */
export function boundedLine(text: string, max: number): string {
  const line = text.replace(/\p{Cf}/gu, '').replace(/[\s\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  if (line.length <= max) return line;
  let cut = Math.max(0, max - 1);
  const last = line.charCodeAt(cut - 1);
  if (cut > 0 && last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${line.slice(0, cut)}…`;
}

/** The user's last messages for the context: non-empty after collapsing, newest five, oldest first. */
function lastUserMessages(messages: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = messages.length - 1; i >= 0 && kept.length < USER_MESSAGE_WINDOW; i--) {
    const message = messages[i];
    if (typeof message !== 'string') continue;
    const line = boundedLine(message, USER_MESSAGE_MAX_CHARS);
    if (line !== '') kept.unshift(line);
  }
  return kept;
}
