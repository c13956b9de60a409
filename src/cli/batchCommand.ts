import type { Readable } from 'node:stream';
import { z } from 'zod';
import { decide } from '../gate/pipeline';
import type { Decision } from '../gate/decision';
import type { ListEntry } from '../gate/listEntry';
import { parseRung } from '../gate/rung';
import { failClosedResult, FixedVerdictRater, NoModelRater, type Rater, type RatingResult } from '../gate/raterContract';
import { parseVerdict } from '../gate/verdictSchema';
import type { CliOptions } from './options';
import { entriesFromFlags } from './options';
import { raterFromOptions, servicesFor } from './gateServices';
import { LineSplitter } from './batchLines';

/** One request line. Unknown keys are tolerated (corpora carry notes); known keys are checked. */
export const BatchRequest = z.looseObject({
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  command: z.string(),
  rung: z.string().optional(),
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
export async function runBatch(options: CliOptions, input: Readable, out: (line: string) => void): Promise<void> {
  const configuredRater = raterFromOptions(options);
  const lineRaters = new LineRaters();
  const splitter = new LineSplitter();
  for await (const chunk of input) {
    for (const line of splitter.push(chunk)) {
      const answer = answerLine(line, options, configuredRater, lineRaters);
      out(typeof answer === 'string' ? answer : await answer);
    }
  }
  const last = splitter.end();
  if (last !== undefined) {
    const answer = answerLine(last, options, configuredRater, lineRaters);
    out(typeof answer === 'string' ? answer : await answer);
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
 * The answer to one line as its JSON text: a string when the line is refused before deciding,
 * else a promise of the decision's text (the decision is the only wait).
 */
function answerLine(line: string, options: CliOptions, configuredRater: Rater, lineRaters: LineRaters): string | Promise<string> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return JSON.stringify({ action: 'error', reason: `The line is not JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
  const id = json !== null && typeof json === 'object' && 'id' in json ? (json as { id: unknown }).id : undefined;
  const withId = (body: Record<string, unknown>) => JSON.stringify(id === undefined ? body : { id, ...body });
  let data = plainRequest(json);
  if (data === null) {
    const request = BatchRequest.safeParse(json);
    if (!request.success) {
      return withId({ action: 'error', reason: `The request is not valid: ${request.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ')}` });
    }
    data = request.data;
  }
  let rung = options.rung;
  if (data.rung !== undefined) {
    const parsed = parseRung(data.rung);
    if (!parsed) return withId({ action: 'error', reason: `Unknown rung ${JSON.stringify(data.rung)}.` });
    rung = parsed;
  }
  let warnings: string[] | undefined;
  const lists: ListEntry[][] = [];
  for (const list of LIST_NAMES) {
    const parsed = entriesFromFlags(data[list] ?? [], list, `line ${list}`);
    for (const p of parsed.problems) (warnings ??= []).push(`${p.setting}: ${p.message} (ignored)`);
    lists.push(parsed.entries);
  }
  let pending: Promise<Decision>;
  try {
    pending = decide(
      { command: data.command, cwd: options.cwd },
      servicesFor(options, lineRaters.for(data, configuredRater), { rung, allow: lists[0], deny: lists[1], escalate: lists[2] }),
    );
  } catch (error) {
    return withId(gateFailed(error));
  }
  return pending.then(
    (decision) => decisionLine(id, decision, warnings),
    (error: unknown) => withId(gateFailed(error)),
  );
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
class LineRaters {
  private static readonly MAX = 64;
  private readonly byVerdict = new Map<string, Rater>();

  for(data: { raterVerdict?: unknown }, configured: Rater): Rater {
    if (data.raterVerdict === undefined || data.raterVerdict === null) return raterForLine(data, configured);
    const key = JSON.stringify(data.raterVerdict);
    let rater = this.byVerdict.get(key);
    if (rater === undefined) {
      rater = raterForLine(data, configured);
      if (this.byVerdict.size >= LineRaters.MAX) this.byVerdict.clear();
      this.byVerdict.set(key, rater);
    }
    return rater;
  }
}
