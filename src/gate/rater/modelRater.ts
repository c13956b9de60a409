/**
 * A {@link Rater} over any LangChain chat model (D§8).
 *
 * Contract, in order of importance:
 * 1. It never approves on a failure and never throws. A timeout, a thrown error, or an answer
 *    that is not exactly one valid verdict becomes `failClosedResult(cause, …)`: `destructive`
 *    with a reason that starts "Could not assess this command" and names what happened. A
 *    failure never yields `safe`, `catastrophic` or `attack`.
 * 2. The verdict is the one in the raw answer, re-read here. LangChain's own parsing is not
 *    trusted: with two tool calls it keeps the first, and its handling of `__proto__` and extra
 *    keys is its own business. So the raw tool-call arguments (or the message content) are
 *    parsed with `JSON.parse`, checked for duplicate keys, and validated by `parseVerdict`.
 * 3. The budget holds. The call races a timer; when the timer wins, an AbortController
 *    cancels the HTTP request and the rating fails closed as `timeout`, naming the budget and
 *    the setting that changes it. (Bound the model's own retries too: see `openAiRater.ts`.)
 * 4. What was sent and received is captured at the send site (D§12): the exact system and
 *    user strings, the raw answer before parsing, the duration, the budget, the label.
 */
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Runnable } from '@langchain/core/runnables';
import { HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { visit } from 'jsonc-parser';
import type { Verdict } from '../decision';
import type { Rung } from '../rung';
import { failClosedResult, type Rater, type RatingCapture, type RatingRequest, type RatingResult } from './raterContract';
import { parseVerdict, VerdictSchema } from './verdictSchema';
import { buildRaterPrompt, VERDICT_TOOL_NAME } from './raterPrompt';

/** The default budget for one rating (D§8, `approvalsGate.rater.timeoutMs`). */
export const DEFAULT_RATER_TIMEOUT_MS = 30_000;
/** Longest budget a timer can hold (about 24.8 days); anything above is a configuration error. */
export const MAX_RATER_TIMEOUT_MS = 2_147_483_647;

/** Where a timed-out rating tells the user to change the budget. */
export const TIMEOUT_SETTING_HINT = 'approvalsGate.rater.timeoutMs (CLI: --rater-timeout-ms)';

/** Longest raw answer kept in the capture; the rest is cut with a note. */
const MAX_CAPTURED_RESPONSE_CHARS = 64 * 1024;

/**
 * How the model is asked for structure.
 * - `functionCalling` (default): the verdict is the arguments of a forced `record_verdict`
 *   tool call. Plain OpenAI-style tool calling is what OpenAI, Azure, Ollama, LM Studio and
 *   vLLM all implement, unlike `json_schema` response formats.
 * - `jsonMode`: `response_format: json_object`, the verdict is the message content; for
 *   servers without tool calling.
 * Either way the raw answer is validated the same strict way.
 */
export type StructuredOutputMethod = 'functionCalling' | 'jsonMode';

/** The tools the agent may already use without asking, for `suggestedTool` (D§8). */
export type GrantedTools = readonly string[] | ((rung: Rung) => readonly string[]);

export interface ModelRaterOptions {
  model: BaseChatModel;
  /** Names the rater in records and captures. Must not contain keys. */
  label: string;
  /** The budget for one rating, in ms; default {@link DEFAULT_RATER_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** The tools the current rung grants; `suggestedTool` is kept only when it names one. */
  grantedTools?: GrantedTools;
  method?: StructuredOutputMethod;
  /** Literal values (the API key) that must never appear in a reason. */
  secrets?: readonly string[];
}

/** The chat model bound to the verdict schema, answering with the raw message kept. */
type StructuredVerdictModel = Runnable<BaseLanguageModelInput, { raw: BaseMessage; parsed: unknown }>;

type CallOutcome =
  | { kind: 'answer'; raw: BaseMessage }
  | { kind: 'error'; error: unknown }
  | { kind: 'timeout' };

export class ModelRater implements Rater {
  readonly label: string;
  readonly timeoutMs: number;
  private readonly model: BaseChatModel;
  private readonly grantedTools: GrantedTools;
  private readonly method: StructuredOutputMethod;
  private readonly secrets: readonly string[];
  private structured: StructuredVerdictModel | undefined;

  /** @throws RangeError when `timeoutMs` is not a whole number of ms in 1…{@link MAX_RATER_TIMEOUT_MS}. */
  constructor(options: ModelRaterOptions) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_RATER_TIMEOUT_MS;
    if (!isValidTimeout(timeoutMs)) {
      throw new RangeError(`the rater timeout must be a whole number of milliseconds from 1 to ${MAX_RATER_TIMEOUT_MS}, not ${String(timeoutMs)}`);
    }
    this.model = options.model;
    this.label = options.label;
    this.timeoutMs = timeoutMs;
    this.grantedTools = options.grantedTools ?? [];
    this.method = options.method ?? 'functionCalling';
    this.secrets = (options.secrets ?? []).filter((s) => typeof s === 'string' && s.length >= 4);
  }

  async rate(request: RatingRequest): Promise<RatingResult> {
    try {
      return await this.rateOrThrow(request);
    } catch (error) {
      // Only a bug in this class gets here; it still fails closed.
      return failClosedResult('threw', this.label, `the rater itself failed: ${this.describe(error)}`);
    }
  }

  private async rateOrThrow(request: RatingRequest): Promise<RatingResult> {
    const started = performance.now();
    const granted = this.grantedFor(request.rung);
    let prompt: { system: string; user: string };
    try {
      prompt = buildRaterPrompt(request, granted);
    } catch (error) {
      return failClosedResult('threw', this.label, `the prompt could not be built: ${this.describe(error)}`);
    }
    const capture = (rawResponse: string | null): RatingCapture => ({
      model: this.label,
      timeoutMs: this.timeoutMs,
      system: prompt.system,
      user: prompt.user,
      rawResponse: rawResponse === null ? null : capText(rawResponse),
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });

    const outcome = await this.call(prompt.system, prompt.user);
    switch (outcome.kind) {
      case 'timeout':
        return {
          ...failClosedResult('timeout', this.label, `no answer within the ${this.timeoutMs} ms budget; change it with ${TIMEOUT_SETTING_HINT}`),
          capture: capture(null),
        };
      case 'error': {
        const described = describeModelError(outcome.error, this.secrets);
        const cause = described.timedOut ? 'timeout' : 'threw';
        const detail = described.timedOut
          ? `${described.text}; the budget is ${this.timeoutMs} ms, change it with ${TIMEOUT_SETTING_HINT}`
          : described.text;
        return { ...failClosedResult(cause, this.label, detail), capture: capture(null) };
      }
      case 'answer': {
        const raw = extractRawAnswer(outcome.raw);
        const read = raw.error !== undefined ? { error: raw.error } : readVerdict(raw.text);
        if ('error' in read) {
          return { ...failClosedResult('unparseable', this.label, scrub(read.error, this.secrets)), capture: capture(raw.text) };
        }
        return { verdict: keepGrantedSuggestion(read.verdict, granted), source: this.label, capture: capture(raw.text) };
      }
    }
  }

  /** One model call raced against the budget; the loser is cancelled, never awaited. */
  private async call(system: string, user: string): Promise<CallOutcome> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<CallOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'timeout' }), this.timeoutMs);
    });
    const answer = Promise.resolve()
      .then(() => this.structuredModel().invoke([new SystemMessage(system), new HumanMessage(user)], { signal: controller.signal }))
      .then(
        (result): CallOutcome =>
          result && typeof result.raw === 'object' && result.raw !== null
            ? { kind: 'answer', raw: result.raw }
            : { kind: 'error', error: new TypeError('the model returned no message') },
        (error: unknown): CallOutcome => ({ kind: 'error', error }),
      );
    try {
      const outcome = await Promise.race([answer, timeout]);
      if (outcome.kind === 'timeout') controller.abort(new Error(`the ${this.timeoutMs} ms rating budget ran out`));
      return outcome;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The model bound to the verdict schema, built once: turning the zod schema into a tool
   * definition on every call cost a few milliseconds per rating. Built lazily so a model
   * without structured-output support fails inside `rate` (fail closed), not in the constructor.
   */
  private structuredModel(): StructuredVerdictModel {
    this.structured ??= this.model.withStructuredOutput(VerdictSchema, {
      includeRaw: true,
      method: this.method,
      name: VERDICT_TOOL_NAME,
    });
    return this.structured;
  }

  private grantedFor(rung: Rung): readonly string[] {
    try {
      const granted = typeof this.grantedTools === 'function' ? this.grantedTools(rung) : this.grantedTools;
      return Array.isArray(granted) ? granted.filter((name): name is string => typeof name === 'string') : [];
    } catch {
      // No list is the safe reading: a suggestion is then always dropped.
      return [];
    }
  }

  private describe(error: unknown): string {
    return describeModelError(error, this.secrets).text;
  }
}

function isValidTimeout(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_RATER_TIMEOUT_MS;
}

/** A suggestion survives only when it names a tool the rung already grants (D§8). */
function keepGrantedSuggestion(verdict: Verdict, granted: readonly string[]): Verdict {
  if (verdict.suggestedTool === undefined || granted.includes(verdict.suggestedTool)) return verdict;
  return { outcome: verdict.outcome, reason: verdict.reason };
}

// ── Reading the raw answer ──────────────────────────────────────────────────────────────

/**
 * The text that should hold the verdict: the arguments of the one `record_verdict` call, or,
 * when the model made no tool call (json mode, or a server that ignores tools), the message
 * content. `text` is what the capture records even when it is refused.
 */
export function extractRawAnswer(message: BaseMessage): { text: string | null; error?: string } {
  const calls = rawToolCalls(message);
  if (calls.length > 1) {
    return {
      text: JSON.stringify(calls.map((c) => ({ name: c.name, arguments: c.arguments }))),
      error: `the model made ${calls.length} tool calls; exactly one ${VERDICT_TOOL_NAME} call is accepted`,
    };
  }
  if (calls.length === 1) {
    const call = calls[0]!;
    if (call.name !== VERDICT_TOOL_NAME) {
      return {
        text: call.arguments,
        error: `the model called a tool named "${printable(call.name)}" instead of ${VERDICT_TOOL_NAME}`,
      };
    }
    return { text: call.arguments };
  }
  const content = contentText(message.content);
  if (content === null) return { text: null, error: 'the answer has neither a tool call nor text content' };
  if (content.trim().length === 0) return { text: content, error: 'the answer is empty' };
  return { text: content };
}

/** Tool calls as sent on the wire when available (`additional_kwargs`), else LangChain's view. */
function rawToolCalls(message: BaseMessage): Array<{ name: string; arguments: string }> {
  const wire: unknown = (message.additional_kwargs as Record<string, unknown> | undefined)?.tool_calls;
  if (Array.isArray(wire) && wire.length > 0) {
    return wire.map((call: unknown) => {
      const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null)?.function;
      return {
        name: typeof fn?.name === 'string' ? fn.name : '',
        arguments: typeof fn?.arguments === 'string' ? fn.arguments : JSON.stringify(fn?.arguments ?? null),
      };
    });
  }
  const ai = message as BaseMessage & {
    tool_calls?: Array<{ name: string; args: unknown }>;
    invalid_tool_calls?: Array<{ name?: string; args?: string }>;
  };
  return [
    ...(ai.tool_calls ?? []).map((c) => ({ name: c.name, arguments: JSON.stringify(c.args) })),
    ...(ai.invalid_tool_calls ?? []).map((c) => ({ name: c.name ?? '', arguments: c.args ?? '' })),
  ];
}

/** Message content as text: a string, or the text parts of a content array. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content
    .map((part: unknown) => (part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' ? (part as { text?: unknown }).text : undefined))
    .filter((text): text is string => typeof text === 'string');
  return texts.length > 0 ? texts.join('') : null;
}

/**
 * The verdict in `text`, read strictly: the whole text must be one JSON object (no prose
 * around it, no code fence), with no key given twice, and it must pass `parseVerdict`
 * (strict keys, no `__proto__`, known outcome words, strings only).
 */
export function readVerdict(text: string | null): { verdict: Verdict } | { error: string } {
  if (text === null) return { error: 'nothing to read' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: text.trim().length === 0 ? 'the answer is empty' : 'the answer is not a JSON object (prose, a code fence or broken JSON)' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'the answer is JSON but not an object' };
  }
  const duplicate = duplicateKey(text);
  if (duplicate !== null) return { error: `the answer gives the key "${printable(duplicate)}" more than once` };
  const parsed = parseVerdict(value);
  return 'error' in parsed ? { error: `the answer is not a valid verdict (${parsed.error})` } : parsed;
}

/** The first key that appears twice in one object of a (valid) JSON text, or `null`. */
function duplicateKey(text: string): string | null {
  const stack: Array<Set<string>> = [];
  let found: string | null = null;
  visit(text, {
    onObjectBegin: () => {
      stack.push(new Set());
    },
    onObjectEnd: () => {
      stack.pop();
    },
    onObjectProperty: (property) => {
      const keys = stack[stack.length - 1];
      if (!keys) return;
      if (keys.has(property) && found === null) found = property;
      keys.add(property);
    },
  });
  return found;
}

// ── Describing failures ─────────────────────────────────────────────────────────────────

/**
 * One line saying what went wrong with the call, for the fail-closed reason: the HTTP status
 * with what it usually means, a connection failure with its code, a body that is not JSON.
 * The server's own message is kept short and scrubbed of anything key-like.
 */
export function describeModelError(error: unknown, secrets: readonly string[] = []): { text: string; timedOut: boolean } {
  const e = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    status?: unknown;
    code?: unknown;
    cause?: unknown;
    constructor?: { name?: unknown };
  };
  const className = typeof e.constructor?.name === 'string' ? e.constructor.name : '';
  const message = typeof e.message === 'string' ? firstLine(e.message) : String(error);
  const status = typeof e.status === 'number' ? e.status : undefined;
  const serverSays = (m: string) => scrub(m.replace(/^\d{3}\s*/, ''), secrets).slice(0, 200);

  if (className === 'APIConnectionTimeoutError' || e.name === 'TimeoutError') {
    return { text: 'the HTTP client gave up waiting for the endpoint', timedOut: true };
  }
  if (status !== undefined) {
    return { text: `HTTP ${status} from the endpoint: ${statusMeaning(status)} (server says: ${serverSays(message)})`, timedOut: false };
  }
  const code = errorCode(error);
  if (className === 'APIConnectionError' || code !== undefined) {
    return {
      text: `could not reach the endpoint${code ? ` (${code})` : ''}: ${code ? connectionMeaning(code) : 'the connection failed or was dropped'}`,
      timedOut: false,
    };
  }
  if (e.name === 'SyntaxError' || className === 'SyntaxError') {
    return { text: `the endpoint answered with a body that is not JSON (${scrub(message, secrets).slice(0, 200)})`, timedOut: false };
  }
  if (e.name === 'TypeError' || className === 'TypeError') {
    return { text: `the endpoint's answer is not a chat completion (${scrub(message, secrets).slice(0, 200)})`, timedOut: false };
  }
  const name = typeof e.name === 'string' && e.name !== 'Error' ? `${e.name}: ` : '';
  return { text: `${name}${scrub(message, secrets).slice(0, 300)}`, timedOut: false };
}

function statusMeaning(status: number): string {
  if (status === 400) return 'the endpoint refused the request';
  if (status === 401) return 'the API key was refused or is missing';
  if (status === 403) return 'access to the model is forbidden';
  if (status === 404) return 'no such endpoint or model (check the base URL and the model name)';
  if (status === 408) return 'the endpoint timed out';
  if (status === 413) return 'the request is too large for the endpoint';
  if (status === 429) return 'rate limited or out of quota';
  if (status >= 500) return 'the server failed';
  return 'the request failed';
}

function connectionMeaning(code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'nothing is listening at that address';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was dropped';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'the connection timed out';
    default:
      return 'the connection failed';
  }
}

/** A system error code (`ECONNREFUSED`…) anywhere in the cause chain. */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z_]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const nested = errorCode(errors[0]);
      if (nested) return nested;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Removes what must never reach a reason: the literal secrets given, key-shaped tokens,
 * bearer values and URL credentials. (The capture log's own redaction pass runs later too.)
 */
export function scrub(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('<redacted>');
  return out
    .replace(/\b(sk|rk|pk)-[A-Za-z0-9_*-]{4,}/g, '<redacted>')
    .replace(/\b(ghp|gho|ghu|ghs|github_pat|xai|AIza)[-_A-Za-z0-9*]{8,}/g, '<redacted>')
    .replace(/\b(Bearer|Basic)\s+[^\s,;]+/gi, '$1 <redacted>')
    .replace(/\/\/[^/\s@]*:[^/\s@]*@/g, '//<redacted>@');
}

function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0]!.trim();
}

/** Text safe to quote inside a reason: no control characters, bounded. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
}

function capText(text: string): string {
  if (text.length <= MAX_CAPTURED_RESPONSE_CHARS) return text;
  return `${text.slice(0, MAX_CAPTURED_RESPONSE_CHARS)}… [${text.length - MAX_CAPTURED_RESPONSE_CHARS} more characters not kept]`;
}
