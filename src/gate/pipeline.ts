import { nonInteractiveAdvice } from './lists/allowSuggestion';
import type { Decision, NearMissRecord, Outcome, PreflightRecord, RatingRecord, RuleRecord, Stage } from './decision';
import { checkHardline } from './hardline/hardline';
import { DEFAULT_ALLOW_LIST } from './lists/defaultAllowList';
import type { ListEntry } from './lists/listEntry';
import { appendedInputShapes, globShapes, matchAllowLists, matchBlocking } from './lists/listMatcher';
import type { CaptureLog, CaptureRecord } from './capture/captureLog';
import { negotiationMoves, type NegotiationContext, type NegotiationSession, type TranscriptRow } from './negotiation';
import type { Escalation, HumanAnswer, Person } from './person';
import type { GatePolicy } from './policy';
import { preflightFindings, type PreflightFinding } from './preflight/preflight';
import { failClosedResult, ratingFaultReason, type Rater, type RatingRequest, type RatingResult } from './rater/raterContract';
import { readCommand, type CommandReading } from './reading/reading';
import { summariseResolution, type ReadingShell } from './reading/resolution';
import { withShellDefinitions, type ShellDefinitions } from './reading/shellDefinitions';
import { isRatedRung } from './rung';
import { recordOf, type SegmentRecord } from './programs/segmentRecord';
import { nearMisses } from './lists/nearMiss';

/** One gated shell call. */
export interface GateCall {
  /** Exactly what will run if approved. */
  command: string;
  cwd: string;
  /** The agent's argument for running it (D§9), from round 2 of a negotiation on. */
  justification?: string;
  /**
   * The shell that will run the command: `bash` for the gate's own terminals and child processes,
   * what the agent's documented behaviour says for a hook, `--shell` for the CLI. Absent means not
   * known for sure: the reading must then hold in bash and zsh alike (`any`).
   */
  shell?: ReadingShell;
  /** The aliases and functions of the agent's shell, when it has its own (Claude Code's snapshots). */
  shellDefinitions?: ShellDefinitions;
  /** Which tool asked (for the capture log): `run_shell_command`, `cli`, … */
  tool?: string;
  /**
   * The `CDPATH` of the shell that will run the command, when the gate does not set that shell up
   * (an agent's, through a hook): a relative `cd` may land below its entries too. The gate's own
   * terminals and child processes scrub it.
   */
  cdpath?: string;
}

/** What the pipeline may consult besides the call itself. */
export interface GateServices {
  policy: GatePolicy;
  /** The rater; `null` means no model is configured (ratings fail closed as `no-model`). */
  rater: Rater | null;
  /** Someone to ask; `null` means nobody (CLI, headless): escalations end as `non-interactive`. */
  person: Person | null;
  home: string;
  /** Called once the person has answered with a grant, so the caller can store it. */
  onGrant?: (grant: { scope: 'session' | 'always' | 'deny-session'; command: string }) => void;
  /** The agent session's negotiation state; without it a rejection at `auto` carries no bounds. */
  negotiation?: NegotiationSession;
  /** The user's recent messages in the agent session, for the rater from round 2 on (D§9). */
  userMessages?: readonly string[];
  /** Where the call's capture record goes (D§12). */
  capture?: CaptureLog;
  /** Handed the call's live capture record as it is begun, so a runner's report can be added after the run. */
  onCaptureRecord?: (record: CaptureRecord) => void;
  /** Cancels a pending person (the agent stopped, the chat was cancelled). */
  signal?: AbortSignal;
}

/** A decision reached by a stage, before the resolution summary is attached. */
type Reached = Omit<Decision, 'resolution'>;

/** The hand-off to a person: who sent it and why. */
interface ToPerson {
  toPerson: true;
  stage: Stage;
  reason: string;
  outcome?: Outcome;
  rule?: RuleRecord;
  rating?: RatingRecord;
  /** Some answers are not offered: no stored grant for catastrophic or unresolved commands. */
  grantable: boolean;
  /** The negotiation that led here (bounds reached at `auto`). */
  transcript?: TranscriptRow[];
  /**
   * An `attack` outcome: the agent's run ends (halt) unless the person, shown the red banner,
   * types `run anyway`. With nobody to ask it is a halt.
   */
  attack?: boolean;
}

type StageResult = Reached | ToPerson | undefined;

/** State shared by the stages of one decision. */
interface GateState {
  call: GateCall;
  reading: CommandReading;
  services: GateServices;
  /** The preflight findings once {@link findingsOf} has worked them out; null until then. */
  findings: PreflightFinding[] | null;
  /** What each segment does (programs/segmentRecord.ts), made once for every stage that asks; null until then. */
  records: SegmentRecord[] | null;
  /** The live capture record, when a capture log is attached. */
  record?: CaptureRecord;
  /** The near misses once {@link nearMissesOf} has worked them out. */
  nearMiss?: NearMissRecord[];
}

/**
 * The ordered stages (D§3). Order is the safety property: refusals that hold at every rung
 * come first, and nothing after `bypass` can run a command the floors refused. Each stage
 * either decides, hands the call to a person, or passes (`undefined`).
 */
const STAGES: ReadonlyArray<(state: GateState) => StageResult | Promise<StageResult>> = [
  denyListStage,
  hardlineStage,
  bypassStage,
  escalateEntryStage,
  allowListStage,
  unratedRungStage,
  raterStage,
];

/**
 * Decides one gated call. Never throws: an internal error is a rejection that says so.
 * The returned record is the only thing callers act on.
 */
export async function decide(call: GateCall, services: GateServices): Promise<Decision> {
  return decideNow(call, services);
}

/**
 * {@link decide}, answering at once when nothing had to be waited for (a rater with `rateNow`
 * and no person asked): the decision itself, else its promise. Same stages, same effects, same
 * record. For callers that answer many commands in a row (`batch`), where a promise and a turn
 * of the microtask queue per command cost more than some whole stages. A synchronous throw
 * here is what a rejection of `decide()` is.
 */
export function decideNow(call: GateCall, services: GateServices): Decision | Promise<Decision> {
  // The record goes into the log before anything can fail, so a halt or a crash still leaves it.
  const record = services.capture?.begin({
    tool: call.tool ?? 'shell',
    command: call.command,
    rung: services.policy.rung,
    cwd: call.cwd,
    ...(services.negotiation ? { negotiation: services.negotiation.counters() } : {}),
  });
  if (record) services.onCaptureRecord?.(record);
  const pending = decideUnrecorded(call, services, record);
  if (pending instanceof Promise) return pending.then((decision) => finished(services, record, decision));
  return finished(services, record, pending);
}

function finished(services: GateServices, record: CaptureRecord | undefined, decision: Decision): Decision {
  if (decision.action === 'approve') services.negotiation?.onApproved();
  if (record) services.capture!.finish(record, decision);
  return decision;
}

/**
 * The stages in order, without an await until something returns a promise (a rating from a
 * model, a person): from there {@link decideAfter} goes on with the same steps, awaiting.
 * The stages run in the same order and with the same effects either way.
 */
function decideUnrecorded(call: GateCall, services: GateServices, record: CaptureRecord | undefined): Decision | Promise<Decision> {
  let reading: CommandReading | undefined;
  try {
    reading = withShellDefinitions(readCommand(call.command, { home: services.home, shell: call.shell ?? 'any' }), call.shellDefinitions);
    const state: GateState = { call, reading, services, findings: null, records: null };
    if (record) state.record = record;
    for (let index = 0; index < STAGES.length; index += 1) {
      const result = STAGES[index]!(state);
      if (result instanceof Promise) return decideAfter(state, result, index + 1);
      if (!result) continue;
      if (!('toPerson' in result)) return withResolution(result, state);
      const reached = askPerson(state, result);
      return reached instanceof Promise ? decideAfter(state, reached, STAGES.length) : withResolution(reached, state);
    }
    // The rater stage always decides; reaching here is a bug, and a bug never approves.
    throw new Error('no stage decided');
  } catch (error) {
    return gateError(record, reading, error);
  }
}

/**
 * {@link decideUnrecorded} from a pending step on: `pending` is the result of the stage before
 * `next` (or, with `next` past the last stage, the person's decision).
 */
async function decideAfter(state: GateState, pending: Promise<StageResult | Reached>, next: number): Promise<Decision> {
  try {
    let result = await pending;
    for (let index = next; !result && index < STAGES.length; index += 1) {
      const step = STAGES[index]!(state);
      result = step instanceof Promise ? await step : step;
    }
    if (!result) throw new Error('no stage decided');
    const reached = 'toPerson' in result ? await askPerson(state, result) : result;
    return withResolution(reached, state);
  } catch (error) {
    return gateError(state.record, state.reading, error);
  }
}

/**
 * Every stage and askPerson return a record made for this call alone: adding the summary to it
 * gives the same record (same keys, same order) as a copy would, without the copy. A decision
 * that did not approve after the allow stage found no cover also gets its near misses.
 */
function withResolution(reached: Reached, state: GateState): Decision {
  const decision = reached as Decision;
  decision.resolution = summariseResolution(state.reading.resolution);
  // The capture log keeps what each segment does, in the record's words (D§12; docs/decisions.md
  // "Effects in words come from the record"); worked out only when a log is attached.
  if (state.record && state.reading.resolution.resolved) state.record.effects = recordsOf(state).map((record) => record.effectLines());
  if (decision.action !== 'approve' && decision.nearMiss === undefined) {
    const misses = nearMissesOf(state, decision.escalatedFrom ?? decision.stage, decision);
    if (misses.length > 0) decision.nearMiss = misses;
  }
  return decision;
}

/** Stages that decide after the allow stage looked for a cover and found none. */
const AFTER_NO_COVER: ReadonlySet<Stage> = new Set(['unrated-rung', 'rater', 'preflight-floor', 'human']);

/**
 * The user's entries and grants that name the command's program but did not cover it, and why
 * (lists/nearMiss.ts; docs/decisions.md "Near misses"), worked out once per decision. Explanation
 * only: nothing here or after it decides on them. None when a stage before the allow stage
 * decided, or when the allow lists covered the command (a floor sent it on).
 */
function nearMissesOf(state: GateState, stage: Stage, by: { outcome?: Outcome }): NearMissRecord[] {
  if (!AFTER_NO_COVER.has(stage)) return [];
  if (state.nearMiss === undefined) {
    const { policy } = state.services;
    const inForce = policy.defaultAllow ? [policy.grants, policy.allow, DEFAULT_ALLOW_LIST] : [policy.grants, policy.allow];
    const findings = findingsOf(state);
    state.nearMiss = nearMisses(state.reading, [...policy.grants, ...policy.allow], inForce, findings, { stage, ...(by.outcome !== undefined ? { outcome: by.outcome } : {}) }, recordsOf(state));
  }
  return state.nearMiss;
}

function gateError(record: CaptureRecord | undefined, reading: CommandReading | undefined, error: unknown): Decision {
  if (record) record.error = error instanceof Error ? error.message : String(error);
  return {
    action: 'reject',
    stage: 'gate-error',
    reason: `The gate failed while deciding and refuses the command: ${error instanceof Error ? error.message : String(error)}`,
    resolution: reading ? summariseResolution(reading.resolution) : { resolved: false, mechanisms: ['syntax'] },
  };
}

/**
 * The exec-time recheck (D§3 step 4): whatever approved a command, the hardline floor looks at
 * it once more immediately before it runs. Returns the refusal, or `null` to go ahead.
 */
export function recheckBeforeExecution(command: string, home: string, cwd: string | null, shell: ReadingShell): Decision | null {
  const reading = readCommand(command, { home, shell });
  const hit = checkHardline(reading, cwd);
  if (!hit) return null;
  return {
    action: 'reject',
    stage: 'hardline-floor',
    reason: `Refused at execution: ${hit.detail}`,
    hardline: hit,
    resolution: summariseResolution(reading.resolution),
  };
}

/**
 * The preflight findings, worked out the first time a stage asks: the deny list, the hardline
 * floor and bypass decide without them, so a command they settle never pays for the preflight
 * arms. `preflightFindings` depends on nothing but its arguments and never throws, so when it
 * runs does not change what it finds.
 */
function findingsOf(state: GateState): PreflightFinding[] {
  state.findings ??= preflightFindings(state.reading, { cwd: state.call.cwd, records: recordsOf(state), ...(state.call.cdpath !== undefined ? { cdpath: state.call.cdpath } : {}) });
  return state.findings;
}

/** The record of each segment of a resolved command (none for an unresolved one), made once per decision. */
function recordsOf(state: GateState): SegmentRecord[] {
  const { resolution } = state.reading;
  state.records ??= resolution.resolved ? resolution.segments.map(recordOf) : [];
  return state.records;
}

// ── The stages, in order ────────────────────────────────────────────────────────────────

/** 3. Deny list and session refusals: every rung, bypass included. */
function denyListStage({ reading, services }: GateState): StageResult {
  const { deny, denyGrants } = services.policy;
  // One list, deny entries first; no copy when either part is empty.
  const entry = matchBlocking(reading, denyGrants.length === 0 ? deny : deny.length === 0 ? denyGrants : [...deny, ...denyGrants]);
  if (!entry) return undefined;
  return {
    action: 'reject',
    stage: 'deny-list',
    reason: `The deny list refuses this command (${entry.text}, from ${entry.source}).`,
    rule: ruleRecord(entry),
  };
}

/** 4. The hardline floor: every rung, bypass included; unappealable. It reads the segments' records. */
function hardlineStage(state: GateState): StageResult {
  const { reading, call } = state;
  const hit = checkHardline(reading, call.cwd, call.cdpath, recordsOf(state));
  if (!hit) return undefined;
  return { action: 'reject', stage: 'hardline-floor', reason: hit.detail, hardline: hit };
}

/** 5. bypass: no rating, no prompts. */
function bypassStage({ services }: GateState): StageResult {
  if (services.policy.rung !== 'bypass') return undefined;
  return { action: 'approve', stage: 'bypass', reason: 'The rung is bypass: only the deny list and the hardline floor apply.' };
}

/** 6. Escalate entries go straight to a person and outrank allow entries and grants. */
function escalateEntryStage({ reading, services }: GateState): StageResult {
  const entry = matchBlocking(reading, services.policy.escalate);
  if (!entry) return undefined;
  return {
    toPerson: true,
    stage: 'escalate-entry',
    reason: `An escalate entry sends this command to you (${entry.text}, from ${entry.source}).`,
    rule: ruleRecord(entry),
    grantable: reading.resolution.resolved,
  };
}

/**
 * 7. Allow entries and grants. A match lifts the env-leak and open-world floors (the user said
 * so) but never the protected-write or the foreign-config floor: an entry for `git log` was
 * written for the user's repositories, not for one whose configuration nobody has read. An entry with `rate: true` at a rated rung gets one
 * rating as a tripwire.
 */
/**
 * The shape of each glob word an allow entry covered, and of each command xargs feeds words from
 * its input, as a sentence after the reason (empty when none).
 */
function shapesNote(reading: GateState['reading']): string {
  if (!reading.resolution.resolved) return '';
  const shapes = reading.resolution.segments.flatMap((segment) => [...globShapes(segment), ...appendedInputShapes(segment)]);
  return shapes.length === 0 ? '' : ` Shapes: ${shapes.join('; ')}.`;
}

function allowListStage(state: GateState): StageResult | Promise<StageResult> {
  const { reading, services } = state;
  const { policy } = services;
  // Taken in this order, as one list; the built-in list is indexed by program once.
  const match = matchAllowLists(reading, policy.defaultAllow ? [policy.grants, policy.allow, DEFAULT_ALLOW_LIST] : [policy.grants, policy.allow], recordsOf(state));
  if (!match) return undefined;
  const findings = findingsOf(state);
  // One pass for what three searches found: the first grant, else the first allow entry, else
  // the first entry; and whether any entry asks for a rating.
  const { perSegment } = match;
  let grant: ListEntry | undefined;
  let allow: ListEntry | undefined;
  let rated = false;
  for (const e of perSegment) {
    if (e.list === 'grant') grant ??= e;
    else if (e.list === 'allow') allow ??= e;
    if (e.rate) rated = true;
  }
  const deciding = grant ?? allow ?? perSegment[0]!;
  const rule = ruleRecord(deciding);
  let unlifted: PreflightFinding[] | undefined;
  for (const f of findings) if (f.arm === 'protected-write' || f.arm === 'foreign-config') (unlifted ??= []).push(f);
  if (unlifted) {
    const floors = [...new Set(unlifted.map((f) => f.arm))].join(' and ');
    return {
      toPerson: true,
      stage: 'preflight-floor',
      reason: `An allow entry matches, but no entry lifts the ${floors} floor: ${unlifted.map((f) => f.reason).join(' ')}`,
      rule,
      grantable: false,
    };
  }
  const stage: Stage = grant ? 'grant' : 'allow-list';
  if (!rated || !isRatedRung(policy.rung)) {
    return { action: 'approve', stage, reason: `Allowed by ${describeEntry(deciding)}.${shapesNote(reading)}`, rule };
  }
  return allowTripwire(state, deciding, rule);
}

/** An allow entry with `rate: true` at a rated rung: one rating, which can only stop the command. */
function allowTripwire(state: GateState, deciding: ListEntry, rule: RuleRecord): StageResult | Promise<StageResult> {
  const rating = rate(state, true);
  return rating instanceof Promise ? rating.then((r) => tripwireResult(deciding, rule, r)) : tripwireResult(deciding, rule, rating);
}

function tripwireResult(deciding: ListEntry, rule: RuleRecord, rating: RatingResult): StageResult {
  const record = ratingRecord(rating, rating.verdict.outcome, true);
  switch (rating.verdict.outcome) {
    case 'attack':
      return { toPerson: true, attack: true, stage: 'allow-tripwire', outcome: 'attack', reason: `An allow entry matched, but the rater sees an attack: ${rating.verdict.reason}`, rule, rating: record, grantable: false };
    case 'catastrophic':
      return { toPerson: true, stage: 'allow-tripwire', outcome: 'catastrophic', reason: `An allow entry matched, but the rater finds it catastrophic: ${rating.verdict.reason}`, rule, rating: record, grantable: false };
    default:
      // Anything else, a fail-closed rating included, keeps the user's explicit allow.
      return { action: 'approve', stage: 'allow-tripwire', outcome: rating.verdict.outcome, reason: `Allowed by ${describeEntry(deciding)}; the tripwire rating found no attack or catastrophe.`, rule, rating: record };
  }
}

/** 8. manual and write: every remaining shell command goes to a person, no model asked. */
function unratedRungStage({ reading, services }: GateState): StageResult {
  const { rung } = services.policy;
  if (isRatedRung(rung)) return undefined;
  return {
    toPerson: true,
    stage: 'unrated-rung',
    reason: `The rung is ${rung}: shell commands wait for you.`,
    grantable: reading.resolution.resolved,
  };
}

/**
 * 9. One rating, then the justification rule (at `auto`), then the preflight floors (they only
 * ever raise `safe` to `destructive`), then the rung × outcome map. At `auto` a `destructive`
 * outcome is handed back to the agent within the negotiation bounds (D§9).
 */
function raterStage(state: GateState): StageResult | Promise<StageResult> {
  const { services, call } = state;
  const findings = findingsOf(state);
  const negotiation = services.policy.rung === 'auto' ? services.negotiation : undefined;
  const context = negotiation?.contextFor(call.command, call.justification, services.userMessages ?? []);
  const rating = rate(state, false, context);
  return rating instanceof Promise ? rating.then((r) => ratedResult(state, findings, negotiation, r)) : ratedResult(state, findings, negotiation, rating);
}

/** The rater stage once the rating is in. */
function ratedResult(state: GateState, findings: PreflightFinding[], negotiation: NegotiationSession | undefined, rating: RatingResult): StageResult {
  const { services, reading, call } = state;
  const settled = negotiation ? negotiation.settle(call.command, call.justification, rating.verdict.outcome) : rating.verdict.outcome;
  const floored = settled === 'safe' && findings.length > 0;
  const outcome: Outcome = floored ? 'destructive' : settled;
  const record = ratingRecord(rating, outcome, false);
  if (state.record?.rating) state.record.rating.flooredOutcome = outcome;
  // A hand-off to a person carries no preflight records: askPerson makes them from the findings.
  // Only a rejection here carries them.
  const grantable = reading.resolution.resolved;
  switch (outcome) {
    case 'attack':
      negotiation?.onNotNegotiable(call.command, call.justification, { ...rating.verdict, outcome }, 'halt');
      return { toPerson: true, attack: true, stage: 'rater', outcome, reason: `The rater sees an attack: ${rating.verdict.reason}`, rating: record, grantable: false };
    case 'catastrophic':
      negotiation?.onNotNegotiable(call.command, call.justification, { ...rating.verdict, outcome }, 'escalate');
      return { toPerson: true, stage: 'rater', outcome, reason: `The rater finds this catastrophic: ${rating.verdict.reason}`, rating: record, grantable: false };
    case 'safe':
      return { action: 'approve', stage: 'rater', outcome, reason: `The rater finds this safe: ${rating.verdict.reason}`, rating: record };
    case 'destructive': {
      const stage: Stage = floored ? 'preflight-floor' : 'rater';
      // A rating that failed closed is no finding of the rater's: the reason says what happened.
      const why = (then: string) =>
        floored
          ? `The rater found it safe, but the gate does not let that stand: ${findings.map((f) => f.reason).join(' ')}`
          : rating.failClosed !== undefined
            ? ratingFaultReason(rating, then)
            : `The rater finds this destructive: ${rating.verdict.reason}`;
      if (services.policy.rung !== 'auto') {
        return { toPerson: true, stage, outcome, reason: why('a person decides'), rating: record, grantable };
      }
      if (!negotiation) {
        return { action: 'reject', stage, outcome, reason: `${why('the gate does not run it')} ${negotiationMoves()}`, rating: record, ...preflightField(findings, floored) };
      }
      const told = floored || rating.failClosed !== undefined ? why('the gate does not run it on a rating') : rating.verdict.reason;
      const step = negotiation.onDestructive(call.command, call.justification, { ...rating.verdict, outcome, reason: told }, floored ? 'preflight-floor' : rating.failClosed !== undefined ? 'rater-fault' : 'rater');
      if (step.action === 'reject') return { action: 'reject', stage, outcome, reason: step.message, rating: record, ...preflightField(findings, floored) };
      return { toPerson: true, stage, outcome, reason: step.message, rating: record, grantable, transcript: step.transcript };
    }
  }
}


// ── The person ──────────────────────────────────────────────────────────────────────────

/** 10. A person decides; with nobody to ask, the call ends as `non-interactive` and never runs. */
function askPerson(state: GateState, request: ToPerson): Reached | Promise<Reached> {
  const { services, reading } = state;
  const context: PersonContext = {
    outcome: request.outcome,
    rule: request.rule,
    rating: request.rating,
  };
  const findings = findingsOf(state);
  const withPreflight = preflightField(findings, request.stage === 'preflight-floor');
  if (request.attack && !services.person) {
    if (state.record) state.record.humanAnswer = 'no-person';
    return { action: 'halt', stage: request.stage, reason: request.reason, ...stripUndefined(context), ...withPreflight };
  }
  if (!services.person) {
    if (state.record) state.record.humanAnswer = 'no-person';
    return {
      action: 'escalate',
      stage: 'non-interactive',
      escalatedFrom: request.stage,
      reason: `${request.reason} ${nonInteractiveAdvice(reading, findings, request)}`,
      ...stripUndefined(context),
      ...withPreflight,
    };
  }
  return askSomeone(state, request, services.person, context, withPreflight);
}

/** askPerson with someone to ask: the escalation card and the wait for an answer. */
async function askSomeone(state: GateState, request: ToPerson, person: Person, context: PersonContext, withPreflight: { preflight?: PreflightRecord[] }): Promise<Reached> {
  const { services, reading } = state;
  const escalation: Escalation = {
    reading,
    stage: request.stage,
    reason: request.reason,
    ...stripUndefined(context),
    ...withPreflight,
    ...(request.grantable ? { grantPreview: reading.original } : {}),
    ...(request.transcript ? { transcript: request.transcript } : {}),
  };
  const nearMiss = nearMissesOf(state, request.stage, request);
  if (nearMiss.length > 0) escalation.nearMiss = nearMiss;
  let answer: HumanAnswer;
  try {
    answer = services.signal?.aborted ? { kind: 'cancelled' } : await person.ask(escalation, services.signal);
  } catch {
    answer = { kind: 'cancelled' };
  }
  if (answer.kind !== 'cancelled') services.negotiation?.onPersonReached();
  if (state.record) state.record.humanAnswer = answer.kind;
  return humanDecision(state, request, answer, { ...stripUndefined(context), ...withPreflight });
}

function humanDecision(state: GateState, request: ToPerson, answer: HumanAnswer, context: Partial<Reached>): Reached {
  if (request.attack) {
    // The banner: only the typed `run anyway` runs the command; anything else ends the agent's run.
    if (answer.kind === 'run-anyway') {
      return { ...context, action: 'approve', stage: 'human', reason: 'You typed "run anyway" on the attack warning.' };
    }
    return { ...context, action: 'halt', stage: 'human', reason: `${request.reason} You did not run it anyway; the agent's run ends.` };
  }
  const grant = (scope: 'session' | 'always' | 'deny-session') => state.services.onGrant?.({ scope, command: state.reading.original });
  switch (answer.kind) {
    case 'run-once':
      return { ...context, action: 'approve', stage: 'human', reason: 'You allowed this command once.' };
    case 'allow-session':
    case 'allow-always':
      if (!request.grantable) {
        return { ...context, action: 'reject', stage: 'human', reason: 'This command cannot be stored as a grant; the answer was not accepted.' };
      }
      grant(answer.kind === 'allow-session' ? 'session' : 'always');
      return {
        ...context,
        action: 'approve',
        stage: 'human',
        reason: answer.kind === 'allow-session' ? 'You allowed this command for this session.' : 'You always allow this command in this workspace.',
      };
    case 'run-anyway':
      // Only an attack card offers the typed override; anywhere else it is not an answer.
      return { ...context, action: 'reject', stage: 'human', reason: 'That answer is not offered for this card; nothing ran.' };
    case 'reject':
    case 'reject-session':
      if (answer.kind === 'reject-session') grant('deny-session');
      return {
        ...context,
        action: 'reject',
        stage: 'human',
        reason: `You rejected this command${answer.reason ? `: ${answer.reason}` : '.'}`,
      };
    case 'cancelled':
      return { ...context, action: 'reject', stage: 'human', reason: 'The call was cancelled before anyone answered.' };
  }
}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────

/**
 * One rating. A rater that answers at once (`rateNow`, the fixed verdict of `batch`) is not
 * awaited; anything it throws fails closed exactly as a rejected `rate` does.
 */
function rate(state: GateState, tripwire: boolean, negotiation?: NegotiationContext): RatingResult | Promise<RatingResult> {
  const { rater, policy } = state.services;
  if (!rater) return rated(state, tripwire, negotiation, failClosedResult('no-model', 'none'));
  const request: RatingRequest = { reading: state.reading, findings: findingsOf(state), rung: policy.rung, tripwire };
  if (negotiation) request.negotiation = negotiation;
  if (rater.rateNow) {
    let result: RatingResult;
    try {
      result = rater.rateNow(request);
    } catch (error) {
      result = threwResult(error);
    }
    return rated(state, tripwire, negotiation, result);
  }
  return rateLater(state, tripwire, negotiation, rater, request);
}

async function rateLater(state: GateState, tripwire: boolean, negotiation: NegotiationContext | undefined, rater: Rater, request: RatingRequest): Promise<RatingResult> {
  let result: RatingResult;
  try {
    result = await rater.rate(request);
  } catch (error) {
    result = threwResult(error);
  }
  return rated(state, tripwire, negotiation, result);
}

function threwResult(error: unknown): RatingResult {
  return failClosedResult('threw', 'unknown', error instanceof Error ? error.message : String(error));
}

/** Notes the rating in the capture record, when there is one, and hands it on. */
function rated(state: GateState, tripwire: boolean, negotiation: NegotiationContext | undefined, result: RatingResult): RatingResult {
  if (state.record) {
    const sent = result.capture;
    state.record.rating = {
      model: sent?.model ?? result.source,
      ...(tripwire ? { tripwire } : {}),
      ...(sent
        ? { timeoutMs: sent.timeoutMs, durationMs: sent.durationMs, prompt: { system: sent.system, user: sent.user }, rawResponse: sent.rawResponse }
        : {}),
      ...(negotiation ? { negotiationContext: negotiation } : {}),
      verdict: { ...result.verdict },
      ...(result.failClosed ? { failClosed: result.failClosed } : {}),
    };
  }
  return result;
}

function ratingRecord(rating: RatingResult, flooredOutcome: Outcome, tripwire: boolean): RatingRecord {
  // The optional keys added in place, in the order the record has always had them.
  const record: RatingRecord = { verdict: rating.verdict, source: rating.source, flooredOutcome };
  if (rating.failClosed) record.failClosed = rating.failClosed;
  if (tripwire) record.tripwire = tripwire;
  return record;
}

/** `{ preflight }` for a record when there are findings, else nothing to add. */
function preflightField(findings: readonly PreflightFinding[], rewroteRating: boolean): { preflight?: PreflightRecord[] } {
  return findings.length > 0 ? { preflight: preflightRecords(findings, rewroteRating) } : {};
}

function preflightRecords(findings: readonly PreflightFinding[], rewroteRating: boolean): PreflightRecord[] {
  return findings.map((f) => ({ arm: f.arm, reason: f.reason, rewroteRating }));
}

function ruleRecord(entry: ListEntry): RuleRecord {
  return { list: entry.list, entry: entry.text, source: entry.source };
}

function describeEntry(entry: ListEntry): string {
  switch (entry.list) {
    case 'grant':
      return `your grant for this exact command (${entry.source})`;
    case 'default-allow':
      return `the built-in allow list (${entry.text})`;
    default:
      return `the allow entry ${entry.text} (${entry.source})`;
  }
}

/** The context's fields that are set, in the same order (`outcome`, `rule`, `rating`): one record, no entry arrays. */
function stripUndefined(value: PersonContext): Partial<PersonContext> {
  const out: Partial<PersonContext> = {};
  if (value.outcome !== undefined) out.outcome = value.outcome;
  if (value.rule !== undefined) out.rule = value.rule;
  if (value.rating !== undefined) out.rating = value.rating;
  return out;
}

/** What a hand-off to a person carries into the decision record besides its own fields. */
interface PersonContext {
  outcome: Outcome | undefined;
  rule: RuleRecord | undefined;
  rating: RatingRecord | undefined;
}

