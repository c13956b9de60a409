/**
 * A LangChain chat model over a `vscode.LanguageModelChat` (the model the person picked in the
 * Chat view, `request.model`), so that the `@gate` agent and the rater can run on it exactly as
 * they run on `ChatOpenAI`.
 *
 * - Messages and tools are mapped by `lmMessageMapping.ts` (plain shapes, unit-tested); this file
 *   only turns those shapes into the `vscode` classes and back.
 * - `bindTools` offers tools as `LanguageModelChatTool`s (JSON schema from zod); `tool_choice`
 *   becomes `LanguageModelChatToolMode` (see `toolSelection`).
 * - Text streams part by part (`stream()`, streaming callbacks); `invoke()` gathers the parts.
 * - The call's `AbortSignal` cancels the request through a `CancellationToken`; an aborted call
 *   rejects at once, even if the model keeps streaming.
 * - A `vscode.LanguageModelError` (no permission, blocked, model gone) becomes an error whose
 *   message says so in words; the caller decides how to show it.
 */
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BaseChatModelParams,
  type BindToolsInput,
} from '@langchain/core/language_models/chat_models';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { AIMessageChunk, BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import * as vscode from 'vscode';
import {
  responseChunk,
  responseMessage,
  toLmMessages,
  toLmTools,
  toolSelection,
  type LmMessage,
  type LmResponsePart,
  type LmTool,
  type LmToolMode,
} from './lmMessageMapping';

export interface LmChatModelCallOptions extends BaseChatModelCallOptions {
  /** Set by `bindTools`. */
  tools?: LmTool[];
}

export interface LmChatModelFields extends BaseChatModelParams {
  model: vscode.LanguageModelChat;
  /** Shown by VS Code when it asks the person to let this extension use the model. */
  justification?: string;
  /**
   * The tool mode when tools are bound without a `tool_choice`. The rater binds exactly one tool
   * (its verdict) and asks for `required`; LangChain's `withStructuredOutput` passes no choice.
   */
  defaultToolMode?: LmToolMode;
}

const DEFAULT_JUSTIFICATION = 'Approvals Gate uses the chat model for the @gate agent and to rate the shell commands agents want to run.';

export class LmChatModel extends BaseChatModel<LmChatModelCallOptions, AIMessageChunk> {
  readonly model: vscode.LanguageModelChat;
  private readonly justification: string;
  private readonly defaultToolMode: LmToolMode;

  static override lc_name(): string {
    return 'LmChatModel';
  }

  constructor(fields: LmChatModelFields) {
    super(fields);
    this.model = fields.model;
    this.justification = fields.justification ?? DEFAULT_JUSTIFICATION;
    this.defaultToolMode = fields.defaultToolMode ?? 'auto';
  }

  _llmType(): string {
    return 'vscode-lm';
  }

  /** A label for records and messages: `vscode-lm:<vendor>/<id>`. */
  get label(): string {
    return lmModelLabel(this.model);
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<LmChatModelCallOptions>): Runnable<BaseLanguageModelInput, AIMessageChunk, LmChatModelCallOptions> {
    return this.withConfig({ ...kwargs, tools: toLmTools(tools) } as Partial<LmChatModelCallOptions>);
  }

  override async *_streamResponseChunks(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    let toolIndex = 0;
    for await (const part of this.parts(messages, options)) {
      const chunk = responseChunk(part, part.kind === 'toolCall' ? toolIndex++ : 0);
      const text = part.kind === 'text' ? part.value : '';
      yield new ChatGenerationChunk({ message: chunk, text });
      if (text) await runManager?.handleLLMNewToken(text);
    }
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    const parts: LmResponsePart[] = [];
    for await (const part of this.parts(messages, options)) {
      parts.push(part);
      if (part.kind === 'text' && part.value) await runManager?.handleLLMNewToken(part.value);
    }
    const message = responseMessage(parts);
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }

  /**
   * One request to the model, its answer as plain parts. When `options.signal` aborts, the
   * request's token is cancelled and the call rejects at once, without waiting for the model's
   * next part.
   */
  private async *parts(messages: BaseMessage[], options: this['ParsedCallOptions']): AsyncGenerator<LmResponsePart> {
    const signal = options.signal;
    const request = toLmMessages(messages).map(toVscodeMessage);
    const { tools, mode } = toolSelection(options.tools ?? [], options.tool_choice, this.defaultToolMode);
    throwIfAborted(signal);
    const cancellation = new vscode.CancellationTokenSource();
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        cancellation.cancel();
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    const untilAborted = <T>(promise: PromiseLike<T>): Promise<T> => (signal ? Promise.race([Promise.resolve(promise), aborted]) : Promise.resolve(promise));
    let iterator: AsyncIterator<unknown> | undefined;
    try {
      let response: vscode.LanguageModelChatResponse;
      try {
        response = await untilAborted(
          this.model.sendRequest(
            request,
            {
              justification: this.justification,
              ...(tools.length > 0
                ? {
                    tools: tools.map((tool) => ({ name: tool.name, description: tool.description, ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}) })),
                    toolMode: mode === 'required' ? vscode.LanguageModelChatToolMode.Required : vscode.LanguageModelChatToolMode.Auto,
                  }
                : {}),
            },
            cancellation.token,
          ),
        );
      } catch (error) {
        throwIfAborted(signal);
        throw describeLmError(error, this.label);
      }
      iterator = response.stream[Symbol.asyncIterator]();
      for (;;) {
        let next: IteratorResult<unknown>;
        try {
          next = await untilAborted(iterator.next());
        } catch (error) {
          throwIfAborted(signal);
          throw describeLmError(error, this.label);
        }
        if (next.done) break;
        const part = next.value;
        if (part instanceof vscode.LanguageModelTextPart) yield { kind: 'text', value: part.value };
        else if (part instanceof vscode.LanguageModelToolCallPart) yield { kind: 'toolCall', callId: part.callId, name: part.name, input: part.input };
        // Other parts (future data or reasoning parts) carry nothing the agent reads.
      }
      throwIfAborted(signal);
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      // An abandoned stream is told to stop; its own errors no longer matter.
      if (signal?.aborted) void Promise.resolve(iterator?.return?.()).catch(() => undefined);
      cancellation.dispose();
    }
  }
}

/** A model's label for records: `vscode-lm:<vendor>/<id>`. */
export function lmModelLabel(model: Pick<vscode.LanguageModelChat, 'vendor' | 'id'>): string {
  return `vscode-lm:${model.vendor}/${model.id}`;
}

function toVscodeMessage(message: LmMessage): vscode.LanguageModelChatMessage {
  const parts = message.parts.map((part) => {
    switch (part.kind) {
      case 'text':
        return new vscode.LanguageModelTextPart(part.value);
      case 'toolCall':
        return new vscode.LanguageModelToolCallPart(part.callId, part.name, part.input);
      case 'toolResult':
        return new vscode.LanguageModelToolResultPart(part.callId, [new vscode.LanguageModelTextPart(part.text)]);
    }
  });
  const role = message.role === 'user' ? vscode.LanguageModelChatMessageRole.User : vscode.LanguageModelChatMessageRole.Assistant;
  return new vscode.LanguageModelChatMessage(role, parts);
}

/** The error an aborted call rejects with (the name LangChain and fetch use). */
function abortError(): Error {
  const error = new Error('The request to the chat model was cancelled.');
  error.name = 'AbortError';
  return error;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

/** One readable error for whatever `sendRequest` or the stream threw. */
export function describeLmError(error: unknown, label: string): Error {
  const message = error instanceof Error ? error.message.split('\n', 1)[0]!.slice(0, 300) : String(error).slice(0, 300);
  if (error instanceof vscode.LanguageModelError) {
    const meaning: Record<string, string> = {
      NoPermissions: 'this extension may not use the model (the permission was not given)',
      Blocked: 'the model refused the request (blocked, for example by a quota)',
      NotFound: 'the model is no longer available',
    };
    const wrapped = new Error(`The chat model ${label} did not answer: ${meaning[error.code] ?? `error ${error.code}`}${message ? ` (${message})` : ''}.`, { cause: error });
    wrapped.name = 'LanguageModelError';
    return wrapped;
  }
  return new Error(`The chat model ${label} failed: ${message || 'no reason given'}`, { cause: error });
}
