import { z } from 'zod';
import { decideNow, type GateServices } from '../gate/pipeline';
import type { Decision } from '../gate/decision';
import type { ListEntry } from '../gate/lists/listEntry';
import { parseRung, type Rung } from '../gate/rung';
import { failClosedResult, FixedVerdictRater, NoModelRater, type Rater, type RatingResult } from '../gate/rater/raterContract';
import { parseVerdict } from '../gate/rater/verdictSchema';
import type { CliOptions } from './options';
import { entriesFromFlags } from './options';
import { raterFromOptions, servicesFor } from './gateServices';
import { LineSplitter } from './batchLines';
import { READING_SHELLS, type ReadingShell } from '../gate/reading/resolution';

/** One request line. Unknown keys are tolerated (corpora carry notes); known keys are checked. */
export const BatchRequest = z.looseObject({
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  command: z.string(),
  rung: z.string().optional(),
  shell: z.string().optional(),
  allow: z.array(z.unknown()).optional(),
  deny: z.array(z.unknown()).optional(),
  escalate: z.array(z.unknown()).optional(),
  raterVerdict: z.unknown().optional(),
});

/**
 * `approvals-gate batch`: one JSON request per input line, one decision per output line, in
 * input order. A line that cannot be read gets `{id?, action: "error", reason}`; nothing a line
 * contains can stop the batch or approve by accident.
 *
 * Lines are cut as `readline` cuts them ({@link LineSplitter}) and answered one after the
 * other, each as soon as its chunk of input has arrived; the only wait per line is the decision.
 */
export async function runBatch(options: CliOptions, input: AsyncIterable<unknown>, out: (line: string) => void): Promise<void> {
  const context = new BatchContext(options);
  const splitter = new LineSplitter();
  for await (const chunk of input) {
    for (const line of splitter.push(chunk)) {
      const answer = answerLine(line, context);
      out(typeof answer === 'string' ? answer : await settle(answer));
    }
  }
  const last = splitter.end();
  if (last !== undefined) {
    const answer = answerLine(last, context);
    out(typeof answer === 'string' ? answer : await settle(answer));
  }
}

/** A line whose decision is under way: what its answer needs besides the decision. */
interface PendingLine {
  id: unknown;
  warnings: string[] | undefined;
  decision: Promise<Decision>;
}

/** The line's text once its decision is reached; a decision that throws is an error line. */
async function settle(line: PendingLine): Promise<string> {
  let decision: Decision;
  try {
    decision = await line.decision;
  } catch (error) {
    return withId(line.id, gateFailed(error));
  }
  return decisionLine(line.id, decision, line.warnings);
}

/** `body` as a line, with the request's `id` first when it has one. */
function withId(id: unknown, body: Record<string, unknown>): string {
  return JSON.stringify(id === undefined ? body : { id, ...body });
}

/**
 * What every line of one batch shares: the options, the configured rater, the raters of recent
 * `raterVerdict`s, and the services of the latest line without lists of its own.
 */
class BatchContext {
  readonly configuredRater: Rater;
  readonly lineRaters = new LineRaters();
  private plainServices: { rung: Rung; rater: Rater; services: GateServices } | undefined;

  constructor(readonly options: CliOptions) {
    this.configuredRater = raterFromOptions(options);
  }

  /**
   * The services for a line at `rung` rated by `rater` that adds no list entries: the same
   * object for consecutive lines alike in both. `decide()` only reads its services, and a line
   * is decided only after the one before it, so sharing them changes nothing a line sees.
   */
  servicesWithoutLists(rung: Rung, rater: Rater): GateServices {
    const last = this.plainServices;
    if (last !== undefined && last.rung === rung && last.rater === rater) return last.services;
    const services = servicesFor(this.options, rater, { rung });
    this.plainServices = { rung, rater, services };
    return services;
  }
}

export type BatchRequestData = z.infer<typeof BatchRequest>;

/**
 * The request when it has exactly the shape {@link BatchRequest} accepts (the common case, read
 * without the schema library), else null: the schema then reads it and names what is wrong.
 */
export function plainRequest(json: unknown): BatchRequestData | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const r = json as Record<string, unknown>;
  if (typeof r.command !== 'string') return null;
  if ('id' in r && r.id !== undefined && r.id !== null && typeof r.id !== 'string' && (typeof r.id !== 'number' || !Number.isFinite(r.id))) return null;
  if ('rung' in r && r.rung !== undefined && typeof r.rung !== 'string') return null;
  for (const list of ['allow', 'deny', 'escalate'] as const) {
    if (list in r && r[list] !== undefined && !Array.isArray(r[list])) return null;
  }
  return r as BatchRequestData;
}

/**
 * The answer to one line: its JSON text when the line is refused before deciding or decided at
 * once, else the decision under way (a rating or a person to wait for).
 */
function answerLine(line: string, context: BatchContext): string | PendingLine {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return JSON.stringify({ action: 'error', reason: `The line is not JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
  const id = json !== null && typeof json === 'object' && 'id' in json ? (json as { id: unknown }).id : undefined;
  let data = plainRequest(json);
  if (data === null) {
    const request = BatchRequest.safeParse(json);
    if (!request.success) {
      return withId(id, { action: 'error', reason: `The request is not valid: ${request.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ')}` });
    }
    data = request.data;
  }
  const options = context.options;
  let rung = options.rung;
  if (data.rung !== undefined) {
    const parsed = parseRung(data.rung);
    if (!parsed) return withId(id, { action: 'error', reason: `Unknown rung ${JSON.stringify(data.rung)}.` });
    rung = parsed;
  }
  const shell = data.shell ?? options.shell;
  if (!(READING_SHELLS as readonly string[]).includes(shell)) {
    return withId(id, { action: 'error', reason: `Unknown shell ${JSON.stringify(data.shell)}: expected one of ${READING_SHELLS.join(', ')}.` });
  }
  let warnings: string[] | undefined;
  let lists: ListEntry[][] | undefined;
  if (hasLists(data)) {
    lists = [];
    for (const list of LIST_NAMES) {
      const parsed = entriesFromFlags(data[list] ?? [], list, `line ${list}`);
      // A deny or escalate entry that cannot be read may be the one meant to stop this command:
      // an error line, as for an unknown rung (docs/decisions.md, "Settings the gate cannot use").
      if (list !== 'allow' && parsed.problems.length > 0) {
        return withId(id, { action: 'error', reason: `The line's ${list} entries cannot all be read: ${parsed.problems.map((p) => p.message).join('; ')}` });
      }
      for (const p of parsed.problems) (warnings ??= []).push(`${p.setting}: ${p.message} (ignored)`);
      lists.push(parsed.entries);
    }
  }
  let decision: Decision | Promise<Decision>;
  try {
    const rater = context.lineRaters.for(data, context.configuredRater);
    // A line without entries of its own gets what three empty lists would give it.
    const services =
      lists === undefined ? context.servicesWithoutLists(rung, rater) : servicesFor(options, rater, { rung, allow: lists[0], deny: lists[1], escalate: lists[2] });
    decision = decideNow({ command: data.command, cwd: options.cwd, shell: shell as ReadingShell }, services);
  } catch (error) {
    return withId(id, gateFailed(error));
  }
  // Most lines are decided without waiting (a fixed verdict, nobody to ask): answered here.
  return decision instanceof Promise ? { id, warnings, decision } : decisionLine(id, decision, warnings);
}

/** Whether the line brings list entries of its own (an empty or absent list brings none). */
function hasLists(data: BatchRequestData): boolean {
  return (data.allow !== undefined && data.allow.length > 0) || (data.deny !== undefined && data.deny.length > 0) || (data.escalate !== undefined && data.escalate.length > 0);
}

const LIST_NAMES = ['allow', 'deny', 'escalate'] as const;

function gateFailed(error: unknown): Record<string, unknown> {
  return { action: 'error', reason: `The gate failed on this line: ${error instanceof Error ? error.message : String(error)}` };
}

/**
 * `JSON.stringify({ id, ...decision, warnings })` (`id` only when the line has one, `warnings`
 * only when there are some) without copying the decision: its own text with the id put first and
 * the warnings put last. A decision that has either key itself takes the copying path.
 */
export function decisionLine(id: unknown, decision: Decision, warnings: readonly string[] | undefined): string {
  if (Object.prototype.hasOwnProperty.call(decision, 'id') || Object.prototype.hasOwnProperty.call(decision, 'warnings')) {
    const body = { ...decision, ...(warnings !== undefined ? { warnings } : {}) };
    return JSON.stringify(id === undefined ? body : { id, ...body });
  }
  let text = JSON.stringify(decision);
  if (id !== undefined) text = text === '{}' ? `{"id":${JSON.stringify(id)}}` : `{"id":${JSON.stringify(id)},${text.slice(1)}`;
  if (warnings !== undefined) text = text === '{}' ? `{"warnings":${JSON.stringify(warnings)}}` : `${text.slice(0, -1)},"warnings":${JSON.stringify(warnings)}}`;
  return text;
}

/** `raterVerdict` stands in for the model: an object is the model's answer, `null` is no model. */
function raterForLine(data: { raterVerdict?: unknown }, configured: Rater): Rater {
  if (!('raterVerdict' in data) || data.raterVerdict === undefined) return configured;
  if (data.raterVerdict === null) return new NoModelRater();
  const parsed = parseVerdict(data.raterVerdict);
  if ('verdict' in parsed) return new FixedVerdictRater(parsed.verdict, 'batch-input');
  const failed: RatingResult = failClosedResult('unparseable', 'batch-input', parsed.error);
  return { rate: async () => failed };
}

/**
 * The raters of recent lines by their `raterVerdict` as JSON: a corpus run gives thousands of
 * lines the same stand-in verdict, which then is validated once. The raters hold no state (each
 * rating is a fresh copy of the fixed verdict), so lines with equal verdicts can share one.
 */
export class LineRaters {
  private static readonly MAX = 64;
  private readonly byVerdict = new Map<string, Rater>();
  /** The latest `{outcome, reason}` verdict with exactly those two keys, in that order. */
  private lastPair: { outcome: string; reason: string; rater: Rater } | undefined;

  for(data: { raterVerdict?: unknown }, configured: Rater): Rater {
    const verdict = data.raterVerdict;
    if (verdict === undefined || verdict === null) return raterForLine(data, configured);
    // A verdict with the same two keys in the same order and the same two strings as the last
    // such verdict has the same JSON text, so the same key below: the same rater, found without
    // writing the text out again (a corpus run repeats one verdict on every line).
    const pair = verdictPair(verdict);
    const last = this.lastPair;
    if (pair !== undefined && last !== undefined && pair.outcome === last.outcome && pair.reason === last.reason) return last.rater;
    const key = JSON.stringify(verdict);
    let rater = this.byVerdict.get(key);
    if (rater === undefined) {
      rater = raterForLine(data, configured);
      if (this.byVerdict.size >= LineRaters.MAX) this.byVerdict.clear();
      this.byVerdict.set(key, rater);
    }
    if (pair !== undefined) this.lastPair = { outcome: pair.outcome, reason: pair.reason, rater };
    return rater;
  }
}

/**
 * `verdict`'s outcome and reason when it is a plain object whose enumerable keys are exactly
 * `outcome` then `reason`, both own and both strings (its JSON text is then fixed by the two
 * strings), else undefined.
 */
function verdictPair(verdict: unknown): { outcome: string; reason: string } | undefined {
  if (typeof verdict !== 'object' || verdict === null || Array.isArray(verdict) || Object.getPrototypeOf(verdict) !== Object.prototype) return undefined;
  let keys = 0;
  for (const key in verdict) {
    if (keys === 0 ? key !== 'outcome' : keys === 1 ? key !== 'reason' : true) return undefined;
    keys += 1;
  }
  if (keys !== 2) return undefined;
  const { outcome, reason } = verdict as { outcome: unknown; reason: unknown };
  if (typeof outcome !== 'string' || typeof reason !== 'string' || !Object.hasOwn(verdict, 'outcome') || !Object.hasOwn(verdict, 'reason')) return undefined;
  return { outcome, reason };
}
