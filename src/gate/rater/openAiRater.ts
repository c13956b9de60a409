/**
 * The default rater (D§8): `ChatOpenAI` from `@langchain/openai` against any OpenAI-compatible
 * chat-completions endpoint (OpenAI, Azure's OpenAI-compatible route, Ollama, LM Studio, vLLM…).
 *
 * Building one never throws. A configuration the gate cannot use — a base URL that is not
 * http(s), credentials written into the URL, no model name, no API key, a budget that is not
 * a positive whole number — gives a rater whose every rating fails closed (`threw`) with a
 * reason naming the problem, so a misconfiguration is visible on every card and never
 * crashes the host or approves anything.
 */
import { ChatOpenAI } from '@langchain/openai';
import { failClosedResult, type Rater, type RatingResult } from './raterContract';
import { DEFAULT_RATER_TIMEOUT_MS, MAX_RATER_TIMEOUT_MS, ModelRater, type GrantedTools, type StructuredOutputMethod } from './modelRater';

/**
 * LangChain retries a failed call (500, a dropped connection) with a back-off of a second or
 * more. One retry helps a flaky server; more would only eat the budget, which the race
 * enforces regardless.
 */
export const OPENAI_RATER_MAX_RETRIES = 1;

export interface OpenAiRaterConfig {
  /** The endpoint's base URL, usually ending in `/v1` (`approvalsGate.rater.baseUrl`, `--rater-url`). */
  baseUrl: string;
  /** `approvalsGate.rater.model`, `--rater-model`. */
  model: string;
  /** From SecretStorage or the environment; never from settings. */
  apiKey: string | undefined;
  /** `approvalsGate.rater.timeoutMs`, `--rater-timeout-ms`; default 30000. */
  timeoutMs?: number;
  grantedTools?: GrantedTools;
  method?: StructuredOutputMethod;
}

/** Builds the rater, or a rater that fails closed saying what is wrong with the configuration. */
export function createOpenAiRater(config: OpenAiRaterConfig): Rater {
  const problem = configurationProblem(config);
  const label = openAiRaterLabel(config.baseUrl, config.model);
  if (problem) return new MisconfiguredRater(label, problem);
  const timeoutMs = config.timeoutMs ?? DEFAULT_RATER_TIMEOUT_MS;
  try {
    const model = new ChatOpenAI({
      model: config.model.trim(),
      apiKey: config.apiKey!,
      configuration: { baseURL: new URL(config.baseUrl.trim()).toString().replace(/\/+$/, '') },
      maxRetries: OPENAI_RATER_MAX_RETRIES,
      // The SDK's own timeout matches the budget, so a call abandoned by the race does not
      // linger either. No temperature: reasoning models refuse any value but their default.
      timeout: timeoutMs,
      streaming: false,
    });
    return new ModelRater({
      model,
      label,
      timeoutMs,
      grantedTools: config.grantedTools ?? [],
      method: config.method ?? 'functionCalling',
      secrets: config.apiKey ? [config.apiKey] : [],
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return new MisconfiguredRater(label, `the model client could not be created: ${message.split('\n', 1)[0]}`, config.apiKey);
  }
}

/**
 * A label that names the model and where it is, for records and captures: the model name and
 * the URL without credentials, query or fragment. Never holds the key.
 */
export function openAiRaterLabel(baseUrl: string, model: string): string {
  const name = typeof model === 'string' && model.trim() ? model.trim().slice(0, 100) : '(no model)';
  let where: string;
  try {
    const url = new URL(String(baseUrl).trim());
    where = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    where = '(invalid base URL)';
  }
  return `openai-compatible:${name}@${where}`;
}

function configurationProblem(config: OpenAiRaterConfig): string | null {
  let url: URL;
  try {
    url = new URL(String(config.baseUrl ?? '').trim());
  } catch {
    return `the base URL "${describeBadUrl(config.baseUrl)}" is not a valid URL (expected something like http://127.0.0.1:11434/v1)`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `the base URL must use http or https, not ${url.protocol.replace(/:$/, '').slice(0, 20)}`;
  }
  if (url.username || url.password) {
    return 'the base URL carries a user name or password; give the key as the API key instead';
  }
  if (typeof config.model !== 'string' || config.model.trim().length === 0) {
    return 'no model name is configured';
  }
  if (typeof config.apiKey !== 'string' || config.apiKey.length === 0) {
    return 'no API key was provided (a local server that ignores keys still needs a placeholder value)';
  }
  const timeoutMs = config.timeoutMs ?? DEFAULT_RATER_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_RATER_TIMEOUT_MS) {
    return `the rater timeout must be a whole number of milliseconds from 1 to ${MAX_RATER_TIMEOUT_MS}, not ${String(timeoutMs)}`;
  }
  return null;
}

/** A malformed URL quoted without anything that could be a credential. */
function describeBadUrl(value: unknown): string {
  const text = String(value ?? '').replace(/\/\/[^/\s@]*@/g, '//<redacted>@').replace(/[^\x20-\x7e]/g, '?');
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** Every rating fails closed with the configuration problem as the reason. */
export class MisconfiguredRater implements Rater {
  constructor(
    readonly label: string,
    readonly problem: string,
    private readonly secret?: string,
  ) {}

  async rate(): Promise<RatingResult> {
    const detail = this.secret ? this.problem.split(this.secret).join('<redacted>') : this.problem;
    return failClosedResult('threw', this.label, `the rating model is misconfigured: ${detail}`);
  }
}
