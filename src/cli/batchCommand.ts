import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { decide } from '../gate/pipeline';
import { parseRung } from '../gate/rung';
import { failClosedResult, FixedVerdictRater, NoModelRater, type Rater, type RatingResult } from '../gate/raterContract';
import { parseVerdict } from '../gate/verdictSchema';
import type { CliOptions } from './options';
import { entriesFromFlags } from './options';
import { raterFromOptions, servicesFor } from './gateServices';

/** One request line. Unknown keys are tolerated (corpora carry notes); known keys are checked. */
const BatchRequest = z.looseObject({
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
 */
export async function runBatch(options: CliOptions, input: Readable, out: (line: string) => void): Promise<void> {
  const configuredRater = raterFromOptions(options);
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    out(JSON.stringify(await answerLine(line, options, configuredRater)));
  }
}

async function answerLine(line: string, options: CliOptions, configuredRater: Rater): Promise<Record<string, unknown>> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return { action: 'error', reason: `The line is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const request = BatchRequest.safeParse(json);
  const id = json !== null && typeof json === 'object' && 'id' in json ? (json as { id: unknown }).id : undefined;
  const withId = (body: Record<string, unknown>) => (id === undefined ? body : { id, ...body });
  if (!request.success) {
    return withId({ action: 'error', reason: `The request is not valid: ${request.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ')}` });
  }
  const { data } = request;
  let rung = options.rung;
  if (data.rung !== undefined) {
    const parsed = parseRung(data.rung);
    if (!parsed) return withId({ action: 'error', reason: `Unknown rung ${JSON.stringify(data.rung)}.` });
    rung = parsed;
  }
  const warnings: string[] = [];
  const lists = (['allow', 'deny', 'escalate'] as const).map((list) => {
    const parsed = entriesFromFlags(data[list] ?? [], list, `line ${list}`);
    warnings.push(...parsed.problems.map((p) => `${p.setting}: ${p.message} (ignored)`));
    return parsed.entries;
  });
  try {
    const decision = await decide(
      { command: data.command, cwd: options.cwd },
      servicesFor(options, raterForLine(data, configuredRater), { rung, allow: lists[0], deny: lists[1], escalate: lists[2] }),
    );
    return withId({ ...decision, ...(warnings.length > 0 ? { warnings } : {}) });
  } catch (error) {
    return withId({ action: 'error', reason: `The gate failed on this line: ${error instanceof Error ? error.message : String(error)}` });
  }
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
