/**
 * A scripted fake model on 127.0.0.1 (random port) for driving the real agent CLIs offline:
 * one Node `http` server speaks the three wire formats they use, picked by the URL path.
 *
 *   Anthropic Messages, SSE   POST /v1/messages[?beta=true]      Claude Code (ANTHROPIC_BASE_URL),
 *                                                              Copilot CLI (COPILOT_PROVIDER_TYPE=anthropic)
 *                             POST /v1/messages/count_tokens, HEAD /api/hello (start-up probe)
 *   Gemini API                POST /v1beta/models/M:streamGenerateContent?alt=sse
 *                             POST /v1beta/models/M:generateContent, M:countTokens
 *                                                              Gemini CLI (GOOGLE_GEMINI_BASE_URL)
 *   OpenAI Responses, SSE     POST /v1/responses                Codex (model_providers.X.base_url)
 *
 * The script is stateless: each answer is decided from the conversation in that request, not by
 * counting requests (the CLIs send side requests: Gemini's model router, for one).
 *   - the request offers the agent's shell tool and holds no tool result yet → ONE call of the
 *     shell tool, running the text after the last `RUN_COMMAND:` in the user's text (to the end
 *     of that line);
 *   - otherwise → the text `done` (a Gemini request that demands JSON through
 *     `generationConfig.responseJsonSchema` gets a minimal object fitting the schema).
 *
 * Every request is recorded in `log`: what was answered, and the tool result the agent sent back
 * for the earlier call — what the model "read" after the hook denied the command.
 * Bodies are framed with Content-Length (no chunked SSE): all three clients accept that.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

export type ModelApi = 'anthropic' | 'gemini' | 'responses' | 'other';

/** One request as the server understood it. */
export interface ModelLogEntry {
  api: ModelApi;
  /** `POST /v1/messages?beta=true`, … */
  path: string;
  /** What the server answered. */
  reply: 'tool_call' | 'text' | 'json' | 'count' | 'hello' | 'not_found';
  /** The command of the shell-tool call answered (tool_call only). */
  command: string | null;
  /** The text of the last tool result in the request (Claude's carries an `[is_error] ` prefix when flagged). */
  toolResult: string | null;
  /** The model the request asked for. */
  model: string | null;
  /** The request's tool names (the shell tool is among them when the agent offers it). */
  tools: string[];
}

export interface FakeModelServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  baseUrl: string;
  port: number;
  /** Every request, in the order received. */
  log: ModelLogEntry[];
  close(): Promise<void>;
}

/** The shell tool each API's agent offers, and the argument that carries the command. */
export const SHELL_TOOLS = {
  anthropic: 'Bash',
  gemini: 'run_shell_command',
  responses: 'exec_command',
} as const;

/** Copilot CLI's shell tool (`bash` `{command, description}`), on the Anthropic API through its BYOK provider. */
export const COPILOT_SHELL_TOOL = 'bash';

const MARKER = /RUN_COMMAND:[ \t]*([^\r\n]*)/g;

/** The text after the last `RUN_COMMAND:` in the user's texts, or null. */
export function pickCommand(userTexts: readonly string[]): string | null {
  let found: string | null = null;
  for (const text of userTexts) {
    for (const match of text.matchAll(MARKER)) found = match[1]!.trim();
  }
  return found || null;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The text inside a content value of any of the three APIs. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join('\n');
  if (isObject(value)) {
    for (const key of ['text', 'content', 'output', 'error', 'response', 'result']) {
      if (key in value) return textOf(value[key]);
    }
    return JSON.stringify(value);
  }
  return value === null || value === undefined ? '' : String(value);
}

function id(prefix: string): string {
  return prefix + randomBytes(10).toString('hex');
}

/** A smallest value that fits a (Gemini-style, OpenAPI-ish) JSON schema. */
export function minimalJson(schema: unknown): unknown {
  if (!isObject(schema)) return {};
  // Gemini's next-speaker check asks "user" or "model": "user" ends the turn.
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.includes('user') ? 'user' : schema.enum[0];
  const type = String(schema.type ?? 'object').toLowerCase();
  if (type === 'object') {
    const props = isObject(schema.properties) ? schema.properties : {};
    const keys = Array.isArray(schema.required) ? schema.required.map(String) : Object.keys(props);
    return Object.fromEntries(keys.map((key) => [key, minimalJson(props[key] ?? {})]));
  }
  if (type === 'array') {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    return Array.from({ length: min }, () => minimalJson(schema.items ?? {}));
  }
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return false;
  if (type === 'string') return 'fake';
  return null;
}

interface Reply {
  status: number;
  contentType: string;
  body: string;
}

const json = (value: unknown, status = 200): Reply => ({ status, contentType: 'application/json', body: JSON.stringify(value) });

function sse(events: ReadonlyArray<[string | null, unknown]>): Reply {
  const body = events
    .map(([name, data]) => `${name ? `event: ${name}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
    .join('');
  return { status: 200, contentType: 'text/event-stream', body };
}

type Entry = Omit<ModelLogEntry, 'path'>;

// ---------------------------------------------------------------- Anthropic Messages (Claude Code)
function anthropic(body: Json): [Entry, Reply] {
  const tools = (Array.isArray(body.tools) ? body.tools : []).map((t) => (isObject(t) ? String(t.name) : ''));
  const userTexts: string[] = [];
  let toolResult: string | null = null;
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (!isObject(message)) continue;
    const content = message.content;
    const blocks = Array.isArray(content) ? content : [{ type: 'text', text: textOf(content) }];
    for (const block of blocks) {
      if (!isObject(block)) continue;
      if (block.type === 'tool_result') {
        toolResult = (block.is_error ? '[is_error] ' : '') + textOf(block.content);
      } else if (block.type === 'text' && message.role === 'user') {
        userTexts.push(textOf(block.text));
      }
    }
  }
  const command = pickCommand(userTexts);
  const model = typeof body.model === 'string' ? body.model : 'fake';
  const shellTool = [SHELL_TOOLS.anthropic, COPILOT_SHELL_TOOL].find((name) => tools.includes(name));
  const call = shellTool !== undefined && toolResult === null && command !== null;
  const entry: Entry = { api: 'anthropic', reply: call ? 'tool_call' : 'text', command: call ? command : null, toolResult, model, tools };
  const block = call
    ? { type: 'tool_use', id: id('toolu_'), name: shellTool, input: { command, description: 'Run the requested command' } }
    : { type: 'text', text: 'done' };
  const stop = call ? 'tool_use' : 'end_turn';
  const message = {
    id: id('msg_'), type: 'message', role: 'assistant', model, content: [block],
    stop_reason: stop, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 },
  };
  if (body.stream !== true) return [entry, json(message)];
  const [blockStart, delta] = call
    ? [{ ...block, input: {} }, { type: 'input_json_delta', partial_json: JSON.stringify((block as { input: unknown }).input) }]
    : [{ type: 'text', text: '' }, { type: 'text_delta', text: 'done' }];
  return [entry, sse([
    ['message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: blockStart }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }],
    ['message_stop', { type: 'message_stop' }],
  ])];
}

// ---------------------------------------------------------------- Gemini API (Gemini CLI)
function gemini(body: Json, method: string, model: string): [Entry, Reply] {
  if (method === 'countTokens') {
    return [{ api: 'gemini', reply: 'count', command: null, toolResult: null, model, tools: [] }, json({ totalTokens: 10 })];
  }
  const tools: string[] = [];
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (!isObject(tool) || !Array.isArray(tool.functionDeclarations)) continue;
    for (const f of tool.functionDeclarations) if (isObject(f)) tools.push(String(f.name));
  }
  const userTexts: string[] = [];
  let toolResult: string | null = null;
  for (const content of Array.isArray(body.contents) ? body.contents : []) {
    if (!isObject(content)) continue;
    for (const part of Array.isArray(content.parts) ? content.parts : []) {
      if (!isObject(part)) continue;
      if (isObject(part.functionResponse)) toolResult = textOf(part.functionResponse.response);
      else if (typeof part.text === 'string' && content.role === 'user') userTexts.push(part.text);
    }
  }
  const command = pickCommand(userTexts);
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  let part: Json;
  let reply: Entry['reply'];
  if (tools.includes(SHELL_TOOLS.gemini) && toolResult === null && command !== null) {
    part = { functionCall: { name: SHELL_TOOLS.gemini, args: { command } } };
    reply = 'tool_call';
  } else if (schema !== undefined) {
    part = { text: JSON.stringify(minimalJson(schema)) };
    reply = 'json';
  } else {
    part = { text: 'done' };
    reply = 'text';
  }
  const entry: Entry = { api: 'gemini', reply, command: reply === 'tool_call' ? command : null, toolResult, model, tools };
  const response = {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: model,
  };
  return [entry, method === 'streamGenerateContent' ? sse([[null, response]]) : json(response)];
}

// ---------------------------------------------------------------- OpenAI Responses (Codex)
function responses(body: Json): [Entry, Reply] {
  const tools = (Array.isArray(body.tools) ? body.tools : [])
    .filter((t): t is Json => isObject(t) && t.type === 'function')
    .map((t) => String(t.name));
  const userTexts: string[] = [];
  let toolResult: string | null = null;
  for (const item of Array.isArray(body.input) ? body.input : []) {
    if (!isObject(item)) continue;
    if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') toolResult = textOf(item.output);
    else if (item.type === 'message' && item.role === 'user') userTexts.push(textOf(item.content));
  }
  const command = pickCommand(userTexts);
  const model = typeof body.model === 'string' ? body.model : null;
  const call = tools.includes(SHELL_TOOLS.responses) && toolResult === null && command !== null;
  const item = call
    ? { type: 'function_call', id: id('fc_'), status: 'completed', call_id: id('call_'), name: SHELL_TOOLS.responses, arguments: JSON.stringify({ cmd: command }) }
    : { type: 'message', id: id('msg_'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done', annotations: [] }] };
  const entry: Entry = { api: 'responses', reply: call ? 'tool_call' : 'text', command: call ? command : null, toolResult, model, tools };
  const usage = {
    input_tokens: 10, input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15,
  };
  const done = { id: id('resp_'), object: 'response', status: 'completed', model, output: [item], usage };
  if (body.stream !== true) return [entry, json(done)];
  return [entry, sse([
    ['response.created', { type: 'response.created', response: { ...done, status: 'in_progress', output: [], usage: null } }],
    ['response.output_item.added', { type: 'response.output_item.added', output_index: 0, item }],
    ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
    ['response.completed', { type: 'response.completed', response: done }],
  ])];
}

// ---------------------------------------------------------------- HTTP plumbing
function route(method: string, url: string, raw: string): [Entry, Reply] {
  const path = url.split('?')[0]!;
  if (method === 'HEAD' || (method === 'GET' && path.endsWith('/api/hello'))) {
    return [{ api: 'anthropic', reply: 'hello', command: null, toolResult: null, model: null, tools: [] }, json({})];
  }
  let body: Json = {};
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    if (isObject(parsed)) body = parsed;
  } catch {
    // an unparsable body is answered like an empty one
  }
  const gem = /\/models\/([^/:]+):(\w+)$/.exec(path);
  if (method === 'POST') {
    if (path.endsWith('/messages/count_tokens')) {
      return [{ api: 'anthropic', reply: 'count', command: null, toolResult: null, model: null, tools: [] }, json({ input_tokens: 10 })];
    }
    if (path.endsWith('/messages')) return anthropic(body);
    if (gem) return gemini(body, gem[2]!, gem[1]!);
    if (path.endsWith('/responses')) return responses(body);
  }
  return [
    { api: 'other', reply: 'not_found', command: null, toolResult: null, model: null, tools: [] },
    json({ error: { message: `no route for ${method} ${url}` } }, 404),
  ];
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const log: ModelLogEntry[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? '';
      const url = req.url ?? '';
      let entry: Entry;
      let reply: Reply;
      try {
        [entry, reply] = route(method, url, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        entry = { api: 'other', reply: 'not_found', command: null, toolResult: null, model: null, tools: [] };
        reply = json({ error: { message: `fake model server failed: ${String(error)}` } }, 500);
      }
      log.push({ ...entry, path: `${method} ${url}` });
      if (res.destroyed) return;
      res.writeHead(reply.status, {
        'content-type': reply.contentType,
        'content-length': Buffer.byteLength(reply.body),
        ...(reply.contentType === 'text/event-stream' ? { 'cache-control': 'no-cache' } : {}),
      });
      res.end(method === 'HEAD' ? undefined : reply.body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    log,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
