import { z } from 'zod';
import { ACTIONS, OUTCOMES, PREFLIGHT_ARMS, STAGES, type Decision } from '../decision';
import { policyDigest } from '../containment/policyDigest';
import type { ExecutionRecord } from '../execution/executionRecord';
import { RUNGS } from '../rung';

/**
 * The capture log (D§12): what the gate did with each of the last {@link CAPTURE_CAPACITY} gated
 * calls, recorded while it was doing it, for the debug dump and `explain --capture`.
 *
 * Two rules shape it:
 * - **Push first, fill in later.** `begin` appends the record the moment a call arrives and hands
 *   it back live; the gate fills it in as the decision proceeds. A decision that halts, throws or
 *   never returns still leaves a record of how far it got.
 * - **Capture, never re-render.** The prompt strings are the exact ones handed to the model, taken
 *   at the send site, and the raw response is kept before parsing, so the record cannot disagree
 *   with what actually happened.
 *
 * Nothing is redacted here: the export writer and `explain --capture` pass the whole document
 * through `redact` (redaction.ts) once, so there is exactly one redaction policy.
 */

/** How many records a log keeps; the 51st record drops the oldest. */
export const CAPTURE_CAPACITY = 50;

/** Version of the exported shape; bump it whenever {@link CaptureRecordSchema} changes. */
export const CAPTURE_SCHEMA_VERSION = 3;

/** Entries of each policy list, and sandbox stops, a capture record keeps; the rest is a count. */
export const CAPTURE_LIST_SHOWN = 5;
/** Longest path, reason or host a capture record keeps of a run (a longer one is cut, visibly). */
export const CAPTURE_TEXT_CHARS = 1024;

const FewSchema = <T extends z.ZodType>(item: T) => z.strictObject({ count: z.number().int().min(0), first: z.array(item).max(CAPTURE_LIST_SHOWN) });
const CapturedText = z.string().max(CAPTURE_TEXT_CHARS);
const CapturedPlace = z.strictObject({ path: CapturedText, why: CapturedText });

/**
 * What became of an approved call the gate ran itself (D§12, D§13 "Containment"): which runner,
 * whether it started, its status, and, when it ran contained, the policy it ran under and what the
 * sandbox stopped — each list as its count and first {@link CAPTURE_LIST_SHOWN}. Not the output.
 */
const RunCaptureSchema = z.strictObject({
  via: z.enum(['shell-integration', 'child-process']),
  started: z.boolean(),
  exitCode: z.number().int().nullable(),
  timedOut: z.boolean(),
  containment: z
    .strictObject({ writable: FewSchema(CapturedText), notWritable: FewSchema(CapturedPlace), unreadable: FewSchema(CapturedPlace), hosts: FewSchema(CapturedText) })
    .optional(),
  sandboxStops: FewSchema(z.strictObject({ kind: z.enum(['write', 'read', 'network']), target: CapturedText, evidence: z.enum(['violation-log', 'output']) })).optional(),
});
export type RunCapture = z.infer<typeof RunCaptureSchema>;

/** Reruns a person may ask for after sandbox stops, per call (`GatedExecution`); the record keeps each. */
export const CAPTURE_RERUNS = 3;

/**
 * A rerun a person chose after the sandbox stopped the command (D§13; docs/decisions.md "A person
 * can rerun what the sandbox stopped"): what it added to the policy, and the run under the widened
 * policy (its `containment` is that policy).
 */
const RerunCaptureSchema = z.strictObject({
  added: z.strictObject({ paths: FewSchema(CapturedText), hosts: FewSchema(CapturedText) }),
  run: RunCaptureSchema,
});
export type RerunCapture = z.infer<typeof RerunCaptureSchema>;

const OutcomeSchema = z.enum(OUTCOMES);

const VerdictCaptureSchema = z.strictObject({
  outcome: OutcomeSchema,
  reason: z.string(),
  suggestedTool: z.string().optional(),
});

/** The negotiation context exactly as it was handed to the prompt builder (negotiation.ts). */
const NegotiationContextCaptureSchema = z.strictObject({
  justification: z.string(),
  priorRounds: z.array(
    z.strictObject({
      command: z.string().optional(),
      justification: z.string().optional(),
      outcome: OutcomeSchema,
      reason: z.string(),
    }),
  ),
  userMessages: z.array(z.string()),
});

/**
 * One rating call, filled in by the rater at the send site (prompt before the call, the rest as
 * the answer arrives) and completed from the decision (floored outcome).
 */
export const RatingCaptureSchema = z.strictObject({
  /** The model's label (id and provider), never a key or a client instance; `stub`, `batch-input`, `none`. */
  model: z.string(),
  /** The budget the call was raced against. */
  timeoutMs: z.number().optional(),
  /** Rated as the tripwire of an allow entry with `rate: true`. */
  tripwire: z.boolean().optional(),
  /** ISO time the call was sent. */
  startedAt: z.string().optional(),
  /** Wall-clock time the call took (or until the budget ended it). */
  durationMs: z.number().optional(),
  /** The exact strings sent, captured where they were sent. */
  prompt: z.strictObject({ system: z.string(), user: z.string() }).optional(),
  /** The negotiation context handed to the prompt builder; absent on round 1 and below `auto`. */
  negotiationContext: NegotiationContextCaptureSchema.optional(),
  /** The model's answer before parsing (a string or a JSON value), so a malformed one stays visible. */
  rawResponse: z.unknown().optional(),
  /** The verdict the call resolved to, a fail-closed one included. */
  verdict: VerdictCaptureSchema.optional(),
  failClosed: z.enum(['no-model', 'timeout', 'unparseable', 'threw']).optional(),
  /** The outcome after the justification rule and the preflight floors. */
  flooredOutcome: OutcomeSchema.optional(),
});
export type RatingCapture = z.infer<typeof RatingCaptureSchema>;

const ResolutionCaptureSchema = z.union([
  z.strictObject({
    resolved: z.literal(true),
    segments: z.array(
      z.strictObject({
        argv: z.array(z.string().nullable()),
        connector: z.string().nullable(),
        negated: z.boolean(),
        redirects: z.array(z.strictObject({ fd: z.number().nullable(), op: z.string(), target: z.string().nullable() })).optional(),
        assignments: z.array(z.strictObject({ name: z.string(), value: z.string().nullable() })).optional(),
      }),
    ),
  }),
  z.strictObject({ resolved: z.literal(false), mechanisms: z.array(z.string()) }),
]);

/** Where the session's negotiation stood when the call arrived (negotiation.ts `NegotiationCounters`). */
const NegotiationCountersSchema = z.strictObject({
  round: z.number().int().min(1),
  consecutiveRejections: z.number().int().min(0),
  rejectionsSincePerson: z.number().int().min(0),
});

/**
 * One gated call, from arrival to outcome. Everything after `cwd` is optional because the record
 * exists before any of it is known; a record without `finishedAt` is a decision still in flight
 * (or one that never finished — see `error`).
 */
export const CaptureRecordSchema = z.strictObject({
  /** Sequence number within the log (1 = first call of the window), so gaps show evictions. */
  id: z.number().int().min(1),
  /** ISO time the call arrived. */
  at: z.string(),
  tool: z.string(),
  command: z.string(),
  /** The rung in force for this call. */
  rung: z.enum(RUNGS),
  cwd: z.string(),
  stage: z.enum(STAGES).optional(),
  /** What became of the call; `error` when the decision threw instead of returning. */
  action: z.enum([...ACTIONS, 'error']).optional(),
  outcome: OutcomeSchema.optional(),
  /** The decision's reason, as the agent or the person read it. */
  reason: z.string().optional(),
  /** The scope a person's answer was stored at, when it was. */
  scope: z.enum(['once', 'session', 'always', 'deny-session']).optional(),
  /** Whether a person was asked and what they answered (`no-person` when nobody could be asked). */
  humanAnswer: z.enum(['run-once', 'allow-session', 'allow-always', 'reject', 'reject-session', 'run-anyway', 'cancelled', 'no-person']).optional(),
  hardline: z.strictObject({ arm: z.string(), detail: z.string() }).optional(),
  rule: z.strictObject({ list: z.enum(['deny', 'escalate', 'allow', 'default-allow', 'grant']), entry: z.string(), source: z.string() }).optional(),
  preflight: z
    .array(z.strictObject({ arm: z.enum(PREFLIGHT_ARMS), reason: z.string(), rewroteRating: z.boolean() }))
    .optional(),
  resolution: ResolutionCaptureSchema.optional(),
  /**
   * What each segment of a resolved command does, one list of lines per segment, from its segment
   * record (`deletes out, coverage (rm)`, `cannot read: …`); absent for an unresolved command.
   */
  effects: z.array(z.array(z.string())).optional(),
  negotiation: NegotiationCountersSchema.optional(),
  rating: RatingCaptureSchema.optional(),
  /** ISO time the decision returned or threw. */
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  /** The error that ended the decision, when one did. */
  error: z.string().optional(),
  /** What running it did, when the gate ran it (see {@link runCapture}). */
  run: RunCaptureSchema.optional(),
  /** The reruns a person chose after sandbox stops, in order, each with its widened policy. */
  reruns: z.array(RerunCaptureSchema).max(CAPTURE_RERUNS).optional(),
});
export type CaptureRecord = z.infer<typeof CaptureRecordSchema>;

/** The capture part of an export document. */
export const CaptureExportSchema = z.strictObject({
  schemaVersion: z.literal(CAPTURE_SCHEMA_VERSION),
  records: z.array(CaptureRecordSchema),
});
export type CaptureExport = z.infer<typeof CaptureExportSchema>;

/** What a gated call says about itself when it arrives. */
export interface CaptureCall {
  tool: string;
  command: string;
  rung: CaptureRecord['rung'];
  cwd: string;
  negotiation?: CaptureRecord['negotiation'];
}

export interface CaptureLogOptions {
  /** Records kept (default {@link CAPTURE_CAPACITY}). */
  capacity?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

/**
 * The ring buffer. One per window (or per agent session): a dump taken in one window must not
 * describe another, so never a module singleton.
 */
export class CaptureLog {
  private readonly capacity: number;
  private readonly now: () => Date;
  private buffer: CaptureRecord[] = [];
  private nextId = 1;

  constructor(options: CaptureLogOptions = {}) {
    const capacity = options.capacity ?? CAPTURE_CAPACITY;
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capture capacity must be a positive integer, got ${capacity}`);
    this.capacity = capacity;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Appends a record for a call that has just arrived and returns it LIVE: the caller fills it
   * in as the decision proceeds. It is in the buffer before anything can fail.
   */
  begin(call: CaptureCall): CaptureRecord {
    const record: CaptureRecord = {
      id: this.nextId++,
      at: this.now().toISOString(),
      tool: call.tool,
      command: call.command,
      rung: call.rung,
      cwd: call.cwd,
      ...(call.negotiation ? { negotiation: { ...call.negotiation } } : {}),
    };
    this.buffer.push(record);
    if (this.buffer.length > this.capacity) this.buffer.splice(0, this.buffer.length - this.capacity);
    return record;
  }

  /** Fills a record in from the decision the gate returned, keeping what the rater captured. */
  finish(record: CaptureRecord, decision: Decision): void {
    record.stage = decision.stage;
    record.action = decision.action;
    record.reason = decision.reason;
    if (decision.outcome !== undefined) record.outcome = decision.outcome;
    if (decision.rule) record.rule = { ...decision.rule };
    if (decision.hardline) record.hardline = { ...decision.hardline };
    if (decision.preflight) record.preflight = decision.preflight.map((p) => ({ ...p }));
    record.resolution = plainCopy(decision.resolution) as CaptureRecord['resolution'];
    if (decision.rating) {
      const { verdict, failClosed, source, flooredOutcome, tripwire } = decision.rating;
      record.rating = {
        ...record.rating,
        model: record.rating?.model ?? source,
        verdict: { ...verdict },
        flooredOutcome,
        ...(failClosed ? { failClosed } : {}),
        ...(tripwire ? { tripwire } : {}),
      };
    }
    this.close(record);
  }

  /**
   * Adds what running the approved command did to its record (the extension's runners, D§13): the
   * policy it ran under and the sandbox's stops, bounded; redacted with the rest at export.
   */
  noteRun(record: CaptureRecord, execution: ExecutionRecord): void {
    record.run = runCapture(execution);
  }

  /**
   * Adds a person's rerun after a sandbox stop to the call's record: what it added to the policy and
   * the run under the widened policy, bounded like `run`. Beyond {@link CAPTURE_RERUNS}, nothing.
   */
  noteRerun(record: CaptureRecord, execution: ExecutionRecord, added: { paths: readonly string[]; hosts: readonly string[] }): void {
    const reruns = (record.reruns ??= []);
    if (reruns.length >= CAPTURE_RERUNS) return;
    const few = (items: readonly string[]) => ({ count: items.length, first: items.slice(0, CAPTURE_LIST_SHOWN).map(cutText) });
    reruns.push({ added: { paths: few(added.paths), hosts: few(added.hosts) }, run: runCapture(execution) });
  }

  /** Marks a record whose decision threw: action `error` and the message, never the stack. */
  fail(record: CaptureRecord, error: unknown): void {
    record.action = 'error';
    record.error = describeError(error);
    this.close(record);
  }

  /**
   * Runs one decision under a record: begin, run, then finish or fail. A thrown error is recorded
   * and rethrown, so the caller still fails closed on it.
   */
  async capture(call: CaptureCall, run: (record: CaptureRecord) => Promise<Decision>): Promise<Decision> {
    const record = this.begin(call);
    try {
      const decision = await run(record);
      this.finish(record, decision);
      return decision;
    } catch (error) {
      this.fail(record, error);
      throw error;
    }
  }

  /** The records so far, oldest first, as deep copies: later changes to live records do not show. */
  records(): CaptureRecord[] {
    return this.buffer.map((record) => plainCopy(record) as CaptureRecord);
  }

  /** The capture part of the debug dump (not redacted: the writer redacts the whole document once). */
  export(): CaptureExport {
    return { schemaVersion: CAPTURE_SCHEMA_VERSION, records: this.records() };
  }

  /** Forget everything (a new chat or a cleared window). Ids keep counting. */
  clear(): void {
    this.buffer = [];
  }

  private close(record: CaptureRecord): void {
    const finished = this.now();
    record.finishedAt = finished.toISOString();
    const started = Date.parse(record.at);
    if (Number.isFinite(started)) record.durationMs = Math.max(0, finished.getTime() - started);
  }
}

/** The capture of one run: bounded lists, cut texts, never the output. */
export function runCapture(execution: ExecutionRecord): RunCapture {
  const cut = cutText;
  const stops = execution.sandboxStops;
  return {
    via: execution.via,
    started: execution.started,
    exitCode: execution.exitCode,
    timedOut: execution.timedOut,
    ...(execution.containment ? { containment: policyDigest(execution.containment, { shown: CAPTURE_LIST_SHOWN, maxCount: Number.MAX_SAFE_INTEGER, path: cut, text: cut }) } : {}),
    ...(stops ? { sandboxStops: { count: stops.length, first: stops.slice(0, CAPTURE_LIST_SHOWN).map((stop) => ({ kind: stop.kind, target: cut(stop.target), evidence: stop.evidence })) } } : {}),
  };
}

/** A path, reason or host as a capture record keeps it: whole, or cut visibly at {@link CAPTURE_TEXT_CHARS}. */
function cutText(text: string): string {
  return text.length <= CAPTURE_TEXT_CHARS ? text : `${text.slice(0, CAPTURE_TEXT_CHARS - 40)} … [cut: ${text.length} characters]`;
}

function describeError(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message}`;
    return String(error);
  } catch {
    return 'an error that could not be described';
  }
}

/**
 * A JSON-shaped deep copy (what an export would contain): functions and symbols dropped, `toJSON`
 * honoured, bigint as a string, a cycle replaced by `"<cycle>"`, anything that throws by
 * `"<unreadable>"`. Never throws, so a strange raw response cannot break a snapshot.
 */
function plainCopy(value: unknown, seen: Set<object> = new Set()): unknown {
  try {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    if (typeof value === 'bigint') return value.toString();
    if (typeof value !== 'object') return undefined;
    if (seen.has(value)) return '<cycle>';
    const withJson = value as { toJSON?: () => unknown };
    if (typeof withJson.toJSON === 'function') return plainCopy(withJson.toJSON(), seen);
    seen.add(value);
    try {
      if (Array.isArray(value)) return value.map((item) => plainCopy(item, seen) ?? null);
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        let copied: unknown;
        try {
          copied = plainCopy((value as Record<string, unknown>)[key], seen);
        } catch {
          copied = '<unreadable>';
        }
        if (copied !== undefined) Object.defineProperty(out, key, { value: copied, enumerable: true, writable: true, configurable: true });
      }
      return out;
    } finally {
      seen.delete(value);
    }
  } catch {
    return '<unreadable>';
  }
}
