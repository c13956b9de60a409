/**
 * A scripted OpenAI-compatible chat-completions server on 127.0.0.1 (random port), for tests
 * that drive the real `@langchain/openai` client over real HTTP.
 *
 * It speaks just enough of `POST /v1/chat/completions` (non-streaming) for `ChatOpenAI`: a
 * `chat.completion` object whose single choice carries either tool calls or text content. The
 * script decides every answer; the server records every request so a test can assert exactly
 * what the model was given, and whether the client gave up on it (an aborted request).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One scripted answer. Every kind may carry `delayMs` (the server waits before answering). */
export type FakeAnswer = (
  | {
      /** A verdict object: a tool call when the request offers tools, message content otherwise. */
      kind: 'verdict';
      verdict: unknown;
    }
  | {
      /** Verbatim JSON text placed where a verdict goes (tool-call arguments or content). */
      kind: 'verdict-text';
      text: string;
    }
  | {
      /** Explicit tool calls, whatever the request offered. */
      kind: 'tool-calls';
      calls: Array<{ name: string; arguments: string }>;
      content?: string | null;
    }
  | {
      /** Plain assistant content (prose, empty text, `null`). */
      kind: 'content';
      content: string | null;
    }
  | {
      /** An HTTP error in OpenAI's error shape. */
      kind: 'status';
      status: number;
      message?: string;
      headers?: Record<string, string>;
    }
  | {
      /** A verbatim body, e.g. something that is not JSON at all. */
      kind: 'body';
      body: string;
      status?: number;
      contentType?: string;
    }
  | {
      /** Drop the connection without answering. */
      kind: 'hang-up';
    }
) & { delayMs?: number };

/** A request as the server received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
  /** The parsed JSON body, or `undefined` when it was not JSON. */
  body: ChatCompletionRequestBody | undefined;
  /** Set when the client closed the connection before the server answered. */
  aborted: boolean;
}

/** The parts of a chat-completions request body the tests look at. */
export interface ChatCompletionRequestBody {
  model?: string;
  messages?: Array<{ role: string; content: unknown }>;
  tools?: Array<{ type: string; function: { name: string; parameters?: unknown } }>;
  tool_choice?: unknown;
  response_format?: unknown;
  stream?: boolean;
  [key: string]: unknown;
}

/**
 * What the server answers: one answer for every request, a list used in order (the last one
 * repeats), or a function of the request and its index.
 */
export type FakeScript =
  | FakeAnswer
  | readonly FakeAnswer[]
  | ((request: RecordedRequest, index: number) => FakeAnswer | Promise<FakeAnswer>);

export interface FakeOpenAiServer {
  /** The base URL to hand to an OpenAI client, ending in `/v1`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Stops the server, dropping any connection still open (e.g. a delayed answer). */
  close(): Promise<void>;
}

export async function startFakeOpenAiServer(script: FakeScript): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const pick = async (recorded: RecordedRequest, index: number): Promise<FakeAnswer> => {
    if (typeof script === 'function') return script(recorded, index);
    if (Array.isArray(script)) {
      const list = script as readonly FakeAnswer[];
      if (list.length === 0) throw new Error('empty fake script');
      return list[Math.min(index, list.length - 1)]!;
    }
    return script as FakeAnswer;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        body: parseJson(rawBody),
        aborted: false,
      };
      const index = requests.length;
      requests.push(recorded);
      // The response's `close` without a finished write means the client went away.
      res.on('close', () => {
        if (!res.writableFinished) recorded.aborted = true;
      });
      void handle(recorded, index, res);
    });
  });

  const handle = async (recorded: RecordedRequest, index: number, res: ServerResponse): Promise<void> => {
    if (recorded.method !== 'POST' || !/\/chat\/completions$/.test(recorded.path.split('?')[0]!)) {
      sendJson(res, 404, errorBody(`no route for ${recorded.method} ${recorded.path}`, 'not_found'));
      return;
    }
    if (!recorded.body) {
      sendJson(res, 400, errorBody('the request body is not JSON', 'invalid_request_error'));
      return;
    }
    if (recorded.body.stream === true) {
      sendJson(res, 400, errorBody('this fake server does not stream', 'invalid_request_error'));
      return;
    }
    let answer: FakeAnswer;
    try {
      answer = await pick(recorded, index);
    } catch (error) {
      sendJson(res, 500, errorBody(`fake script failed: ${String(error)}`, 'server_error'));
      return;
    }
    if (answer.delayMs && answer.delayMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, answer.delayMs);
        timers.add(timer);
        res.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
          resolve();
        });
      });
      if (res.destroyed || res.writableEnded) return;
    }
    respond(recorded.body, answer, res);
  };

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
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The one tool the request offers, when it offers exactly one. */
function offeredToolName(body: ChatCompletionRequestBody): string | undefined {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  return tools[0]?.function?.name;
}

function respond(body: ChatCompletionRequestBody, answer: FakeAnswer, res: ServerResponse): void {
  switch (answer.kind) {
    case 'hang-up':
      res.socket?.destroy();
      return;
    case 'status':
      sendJson(res, answer.status, errorBody(answer.message ?? `scripted HTTP ${answer.status}`, statusType(answer.status)), answer.headers);
      return;
    case 'body':
      res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' });
      res.end(answer.body);
      return;
    case 'content':
      sendJson(res, 200, completion(body, { content: answer.content }));
      return;
    case 'tool-calls':
      sendJson(res, 200, completion(body, { content: answer.content ?? null, toolCalls: answer.calls }));
      return;
    case 'verdict':
    case 'verdict-text': {
      const text = answer.kind === 'verdict' ? JSON.stringify(answer.verdict) : answer.text;
      const tool = offeredToolName(body);
      if (tool !== undefined) {
        sendJson(res, 200, completion(body, { content: null, toolCalls: [{ name: tool, arguments: text }] }));
      } else {
        sendJson(res, 200, completion(body, { content: text }));
      }
      return;
    }
  }
}

let completionCounter = 0;

function completion(
  body: ChatCompletionRequestBody,
  message: { content: string | null; toolCalls?: Array<{ name: string; arguments: string }> },
): unknown {
  completionCounter++;
  const toolCalls = message.toolCalls?.map((call, i) => ({
    id: `call_${completionCounter}_${i}`,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
  return {
    id: `chatcmpl-fake-${completionCounter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof body.model === 'string' ? body.model : 'fake-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: message.content,
          ...(toolCalls && toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls && toolCalls.length > 0 ? 'tool_calls' : 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function errorBody(message: string, type: string): unknown {
  return { error: { message, type, param: null, code: type } };
}

function statusType(status: number): string {
  if (status === 401) return 'invalid_api_key';
  if (status === 404) return 'model_not_found';
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
}

function parseJson(text: string): ChatCompletionRequestBody | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as ChatCompletionRequestBody) : undefined;
  } catch {
    return undefined;
  }
}
