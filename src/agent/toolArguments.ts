import { duplicateKey } from '../gate/rater/jsonDuplicateKey';
import type { z } from 'zod';

/**
 * Strict reading of the arguments a model proposed for a tool call. The model's output is
 * untrusted input: anything other than exactly one JSON object, with each key once, that passes
 * the tool's strict schema is refused with a message the model can act on — and nothing runs.
 *
 * The raw text is preferred over a client's own parse (LangChain's), for the same reason the
 * rater re-reads its verdict: duplicate keys and `__proto__` are decided here, not by whatever
 * the client happened to do with them.
 */

/**
 * Longest raw argument text read at all. Above every per-field bound (a 256 KiB file content may
 * take six times that once escaped as JSON), so the per-field messages are the ones a model sees.
 */
export const MAX_RAW_ARGUMENT_CHARS = 2 * 1024 * 1024;

export type ReadArguments<T> = { ok: true; args: T } | { ok: false; error: string };

/** What the model proposed: the raw JSON text, or arguments some client already parsed. */
export type ProposedArguments = { raw: string } | { parsed: unknown };

/** Reads and validates one call's arguments. `signature` is shown when they do not fit. */
export function readToolArguments<T>(proposed: ProposedArguments, schema: z.ZodType<T>, signature: string): ReadArguments<T> {
  let value: unknown;
  if ('raw' in proposed) {
    const text = proposed.raw;
    if (typeof text !== 'string') return refuse('the arguments are not text', signature);
    if (text.length > MAX_RAW_ARGUMENT_CHARS) {
      return refuse(`the arguments are ${text.length} characters long; at most ${MAX_RAW_ARGUMENT_CHARS} are read`, signature);
    }
    if (text.trim() === '') return refuse('the arguments are empty', signature);
    try {
      value = JSON.parse(text);
    } catch {
      return refuse('the arguments are not valid JSON', signature);
    }
    if (isPlainObject(value)) {
      const duplicate = duplicateKey(text);
      if (duplicate !== null) return refuse(`the key ${JSON.stringify(duplicate)} appears more than once`, signature);
    }
  } else {
    value = proposed.parsed;
  }
  if (!isPlainObject(value)) return refuse(`the arguments must be a JSON object, not ${describeValue(value)}`, signature);
  const parsed = schema.safeParse(value);
  if (!parsed.success) return refuse(describeIssues(parsed.error.issues, value), signature);
  return { ok: true, args: parsed.data };
}

function refuse(problem: string, signature: string): { ok: false; error: string } {
  return { ok: false, error: `Invalid arguments: ${problem}. Nothing was run. Expected ${signature}.` };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** Zod's issues as one sentence, naming each argument (`command`) and what is wrong with it. */
function describeIssues(issues: ReadonlyArray<z.core.$ZodIssue>, input: Record<string, unknown>): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? `\`${issue.path.map(String).join('.')}\`` : 'the arguments';
    switch (issue.code) {
      case 'unrecognized_keys':
        return `unexpected ${issue.keys.length === 1 ? 'argument' : 'arguments'} ${issue.keys.map((k) => `\`${k}\``).join(', ')}`;
      case 'invalid_type': {
        const got = valueAt(input, issue.path);
        if (got === undefined) return `${where} is missing`;
        return `${where} must be a ${issue.expected}, not ${describeValue(got)}`;
      }
      default:
        return `${where}: ${issue.message}`;
    }
  });
  if (issues.length > 5) parts.push(`and ${issues.length - 5} more problems`);
  return parts.join('; ');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
