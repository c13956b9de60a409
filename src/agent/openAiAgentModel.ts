import { ChatOpenAI } from '@langchain/openai';

/**
 * The `@gate` agent's model when `approvalsGate.agent.baseUrl` / `.model` are set: `ChatOpenAI`
 * against any OpenAI-compatible endpoint (D§13). Building it never throws: a configuration that
 * cannot work comes back as a problem to show the user.
 */

/** One retry for a flaky server; more would keep a failed turn spinning behind a silent chat. */
export const AGENT_MODEL_MAX_RETRIES = 1;
/** How long one model call of the agent may take. */
export const DEFAULT_AGENT_MODEL_TIMEOUT_MS = 120_000;

export interface OpenAiAgentModelConfig {
  baseUrl: string;
  model: string;
  /** From SecretStorage; a local server that ignores keys still needs a placeholder. */
  apiKey: string | undefined;
  timeoutMs?: number;
  maxRetries?: number;
}

export function createOpenAiAgentModel(config: OpenAiAgentModelConfig): { model: ChatOpenAI } | { problem: string } {
  let url: URL;
  try {
    url = new URL(String(config.baseUrl ?? '').trim());
  } catch {
    return { problem: 'the agent base URL is not a valid URL (expected something like http://127.0.0.1:11434/v1)' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'the agent base URL must use http or https' };
  if (url.username || url.password) return { problem: 'the agent base URL carries a user name or password; give the key as the API key instead' };
  if (typeof config.model !== 'string' || config.model.trim() === '') return { problem: 'no agent model name is configured' };
  if (typeof config.apiKey !== 'string' || config.apiKey === '') return { problem: 'no API key was provided for the agent endpoint' };
  const timeoutMs = config.timeoutMs ?? DEFAULT_AGENT_MODEL_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) return { problem: 'the agent model timeout must be a positive whole number of milliseconds' };
  try {
    return {
      model: new ChatOpenAI({
        model: config.model.trim(),
        apiKey: config.apiKey,
        configuration: { baseURL: url.toString().replace(/\/+$/, '') },
        maxRetries: config.maxRetries ?? AGENT_MODEL_MAX_RETRIES,
        timeout: timeoutMs,
        streaming: false,
      }),
    };
  } catch (error) {
    return { problem: `the model client could not be created: ${(error instanceof Error ? error.message : String(error)).split('\n', 1)[0]}` };
  }
}
