/**
 * A stand-in for the parts of the `vscode` module that the language-model adapter, the
 * `approvalsGate_runInTerminal` tool and the `@gate` participant use, so their wiring runs under
 * plain Node. Classes keep the constructor shapes of VS Code 1.100; `install()` makes
 * `require('vscode')` return this module until `uninstall()`.
 *
 * Also a scripted `LanguageModelChat`: each `sendRequest` takes the next scripted reply (parts to
 * stream, an error to throw, or a function of the request), records what it was sent, and honours
 * the cancellation token.
 */
import Module from 'node:module';

export class LanguageModelTextPart {
  constructor(public value: string) {}
}
export class LanguageModelToolCallPart {
  constructor(
    public callId: string,
    public name: string,
    public input: object,
  ) {}
}
export class LanguageModelToolResultPart {
  constructor(
    public callId: string,
    public content: unknown[],
  ) {}
}
export enum LanguageModelChatMessageRole {
  User = 1,
  Assistant = 2,
}
export enum LanguageModelChatToolMode {
  Auto = 1,
  Required = 2,
}
export class LanguageModelChatMessage {
  content: unknown[];
  constructor(
    public role: LanguageModelChatMessageRole,
    content: string | unknown[],
    public name?: string,
  ) {
    this.content = typeof content === 'string' ? [new LanguageModelTextPart(content)] : content;
  }
  static User(content: string | unknown[]): LanguageModelChatMessage {
    return new LanguageModelChatMessage(LanguageModelChatMessageRole.User, content);
  }
  static Assistant(content: string | unknown[]): LanguageModelChatMessage {
    return new LanguageModelChatMessage(LanguageModelChatMessageRole.Assistant, content);
  }
}
export class LanguageModelError extends Error {
  constructor(
    message: string,
    public readonly code: string,
  ) {
    super(message);
  }
}
export class LanguageModelToolResult {
  constructor(public content: unknown[]) {}
}

type Listener = () => void;
export class CancellationTokenSource {
  private listeners: Listener[] = [];
  disposed = false;
  readonly token = {
    isCancellationRequested: false,
    onCancellationRequested: (listener: Listener) => {
      this.listeners.push(listener);
      return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
    },
  };
  cancel(): void {
    if (this.token.isCancellationRequested) return;
    this.token.isCancellationRequested = true;
    for (const listener of [...this.listeners]) listener();
  }
  dispose(): void {
    this.disposed = true;
  }
}

export class MarkdownString {
  value = '';
  constructor(value = '') {
    this.value = value;
  }
  appendText(text: string): this {
    this.value += text.replace(/[\\`*_{}[\]()#+\-.!]/g, '\\$&');
    return this;
  }
  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }
}
export class ThemeIcon {
  constructor(public id: string) {}
}
export class ChatRequestTurn {
  constructor(
    public prompt: string,
    public command: string | undefined,
    public references: unknown[] = [],
    public participant = 'approvalsGate.gate',
  ) {}
}
export class ChatResponseMarkdownPart {
  value: MarkdownString;
  constructor(value: string) {
    this.value = new MarkdownString(value);
  }
}
export class ChatResponseTurn {
  constructor(
    public response: unknown[],
    public result: { metadata?: unknown; errorDetails?: unknown },
    public participant = 'approvalsGate.gate',
    public command?: string,
  ) {}
}

// ── Registries the code under test writes into ────────────────────────────────────────────

export const registered = {
  tools: new Map<string, { prepareInvocation?: (...a: unknown[]) => unknown; invoke: (...a: unknown[]) => unknown }>(),
  participants: new Map<string, { handler: (...a: unknown[]) => unknown; participant: Record<string, unknown> }>(),
  commands: new Map<string, (...a: unknown[]) => unknown>(),
};

export const workspace: { workspaceFolders: Array<{ uri: { fsPath: string } }> | undefined } = { workspaceFolders: undefined };

export const lm = {
  registerTool(name: string, tool: { invoke: (...a: unknown[]) => unknown }) {
    registered.tools.set(name, tool);
    return { dispose: () => registered.tools.delete(name) };
  },
};

export const chat = {
  createChatParticipant(id: string, handler: (...a: unknown[]) => unknown) {
    const participant: Record<string, unknown> = { id, requestHandler: handler, dispose: () => registered.participants.delete(id) };
    registered.participants.set(id, { handler, participant });
    return participant;
  },
};

export const commands = {
  registerCommand(id: string, handler: (...a: unknown[]) => unknown) {
    registered.commands.set(id, handler);
    return { dispose: () => registered.commands.delete(id) };
  },
};

export const window = {
  showWarningMessage: async () => undefined,
  showInformationMessage: async () => undefined,
};

const standIn = {
  LanguageModelTextPart,
  LanguageModelToolCallPart,
  LanguageModelToolResultPart,
  LanguageModelChatMessageRole,
  LanguageModelChatToolMode,
  LanguageModelChatMessage,
  LanguageModelError,
  LanguageModelToolResult,
  CancellationTokenSource,
  MarkdownString,
  ThemeIcon,
  ChatRequestTurn,
  ChatResponseMarkdownPart,
  ChatResponseTurn,
  workspace,
  lm,
  chat,
  commands,
  window,
};

const FAKE_PATH = '/virtual/vscode-lm-stand-in.js';
const internals = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
let original: typeof internals._resolveFilename | undefined;

/** Makes `require('vscode')` resolve to this stand-in. */
export function install(): void {
  if (original) return;
  original = internals._resolveFilename;
  const resolve = original;
  internals._resolveFilename = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? FAKE_PATH : resolve.call(this, request, ...rest);
  };
  const fake = new Module(FAKE_PATH);
  fake.exports = standIn;
  fake.loaded = true;
  require.cache[FAKE_PATH] = fake;
}

export function uninstall(): void {
  if (!original) return;
  internals._resolveFilename = original;
  original = undefined;
  delete require.cache[FAKE_PATH];
}

// ── A scripted language model ─────────────────────────────────────────────────────────────

export interface SentRequest {
  messages: LanguageModelChatMessage[];
  options: { justification?: string; tools?: Array<{ name: string; description: string; inputSchema?: object }>; toolMode?: LanguageModelChatToolMode };
  token: CancellationTokenSource['token'] | undefined;
}

/** What one request gets: parts to stream (with an optional pause before each), or an error. */
export type ScriptedReply =
  | { parts: unknown[]; delayMs?: number; failAfterParts?: Error }
  | { error: Error }
  | ((request: SentRequest) => { parts: unknown[]; delayMs?: number } | { error: Error });

export class ScriptedLanguageModel {
  readonly vendor = 'test-vendor';
  readonly id = 'scripted-model';
  readonly name = 'Scripted model';
  readonly family = 'scripted';
  readonly version = '1';
  readonly maxInputTokens = 100_000;
  readonly requests: SentRequest[] = [];
  /** Set when a request's token was cancelled while its stream was still being read. */
  cancelledWhileStreaming = 0;

  constructor(private readonly replies: ScriptedReply[]) {}

  async sendRequest(messages: LanguageModelChatMessage[], options: SentRequest['options'] = {}, token?: SentRequest['token']) {
    const request: SentRequest = { messages, options, token };
    this.requests.push(request);
    const scripted = this.replies.shift();
    if (!scripted) throw new Error('the scripted model has no reply left');
    const reply = typeof scripted === 'function' ? scripted(request) : scripted;
    if ('error' in reply) throw reply.error;
    const noteCancelled = () => (this.cancelledWhileStreaming += 1);
    const stream = (async function* () {
      for (const part of reply.parts) {
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (token?.isCancellationRequested) {
          noteCancelled();
          return;
        }
        yield part;
      }
      if ('failAfterParts' in reply && reply.failAfterParts) throw reply.failAfterParts;
    })();
    return { stream, text: (async function* () {})() };
  }

  async countTokens(): Promise<number> {
    return 1;
  }
}

/** The text of a sent message: its text parts and the text inside its tool results. */
export function sentText(message: LanguageModelChatMessage): string {
  return message.content
    .map((part) => {
      if (part instanceof LanguageModelTextPart) return part.value;
      if (part instanceof LanguageModelToolResultPart) return part.content.map((inner) => (inner instanceof LanguageModelTextPart ? inner.value : '')).join('');
      return '';
    })
    .join('');
}
