/**
 * The mapping between LangChain messages and the shapes of VS Code's language-model API
 * (`vscode.lm`), in both directions, kept free of the `vscode` module so it runs in plain Node
 * tests. `lmChatModel.ts` turns these plain shapes into the real `vscode` classes and back.
 *
 * What the mapping has to bridge:
 * - `vscode.lm` has two roles, user and assistant. A system message becomes a user message whose
 *   text says that it holds the system instructions.
 * - An AI message's tool calls become `LanguageModelToolCallPart`s of an assistant message; a tool
 *   message becomes a `LanguageModelToolResultPart` of a user message (the API's convention:
 *   "an Assistant message with the call, followed by a User message with the result").
 * - Neighbouring messages with the same role are merged into one, so that the results of parallel
 *   tool calls travel together in one user message and roles alternate.
 * - Only text travels. Content this adapter cannot carry (images, files) is an error, never dropped
 *   silently: a prompt that lost part of itself on the way would be a different prompt.
 * - Tool calls coming back are checked here rather than trusted: an input that is not a JSON
 *   object becomes an *invalid* tool call, which the agent answers with a tool error.
 */
import { AIMessageChunk, type BaseMessage, type MessageContent } from '@langchain/core/messages';
import type { BindToolsInput, ToolChoice } from '@langchain/core/language_models/chat_models';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';

/** One part of a message, as `vscode.lm` knows them (text, a tool call, a tool result). */
export type LmPart =
  | { kind: 'text'; value: string }
  | { kind: 'toolCall'; callId: string; name: string; input: Record<string, unknown> }
  | { kind: 'toolResult'; callId: string; text: string };

export type LmRole = 'user' | 'assistant';

export interface LmMessage {
  role: LmRole;
  parts: LmPart[];
}

/** A tool offered to the model (`vscode.LanguageModelChatTool`). */
export interface LmTool {
  name: string;
  description: string;
  inputSchema?: object;
}

/** `vscode.LanguageModelChatToolMode`: the model may answer in text, or must call a tool. */
export type LmToolMode = 'auto' | 'required';

/** What the model streams back, as far as the adapter reads it. */
export type LmResponsePart =
  | { kind: 'text'; value: string }
  | { kind: 'toolCall'; callId: string; name: string; input: unknown };

/** Thrown for a message the adapter cannot express over `vscode.lm`. */
export class LmMappingError extends Error {
  override name = 'LmMappingError';
}

/** How a system message reads once it travels as user text. */
export const SYSTEM_PREFIX = 'System instructions (this chat API has no system role; follow these as the system prompt):\n\n';

/** Prefix of a tool result whose tool failed (`ToolMessage.status === 'error'`); the API has no error flag. */
export const TOOL_ERROR_PREFIX = 'Tool error: ';

// ── LangChain → vscode.lm ───────────────────────────────────────────────────────────────

/**
 * The request messages for `LanguageModelChat.sendRequest`, in order, neighbours of the same
 * role merged. Throws {@link LmMappingError} for a message it cannot carry.
 */
export function toLmMessages(messages: readonly BaseMessage[]): LmMessage[] {
  const out: LmMessage[] = [];
  const ids = new MissingIds();
  for (const message of messages) {
    const mapped = toLmMessage(message, ids);
    if (!mapped || mapped.parts.length === 0) continue;
    const last = out[out.length - 1];
    if (last && last.role === mapped.role) last.parts.push(...mapped.parts);
    else out.push(mapped);
  }
  return out;
}

function toLmMessage(message: BaseMessage, ids: MissingIds): LmMessage | undefined {
  const type = message.getType();
  switch (type) {
    case 'system':
      return { role: 'user', parts: [{ kind: 'text', value: SYSTEM_PREFIX + contentText(message.content, 'system') }] };
    case 'human':
      return { role: 'user', parts: textParts(contentText(message.content, 'human')) };
    case 'ai':
      return { role: 'assistant', parts: [...textParts(aiText(message.content)), ...aiToolCalls(message, ids)] };
    case 'tool': {
      const tool = message as BaseMessage & { tool_call_id?: unknown; status?: unknown };
      if (typeof tool.tool_call_id !== 'string' || tool.tool_call_id === '') {
        throw new LmMappingError('a tool message has no tool_call_id to answer');
      }
      const text = contentText(message.content, 'tool');
      return { role: 'user', parts: [{ kind: 'toolResult', callId: tool.tool_call_id, text: tool.status === 'error' ? TOOL_ERROR_PREFIX + text : text }] };
    }
    case 'generic': {
      const role = (message as BaseMessage & { role?: unknown }).role;
      if (role === 'user' || role === 'human') return { role: 'user', parts: textParts(contentText(message.content, 'user')) };
      if (role === 'assistant' || role === 'ai') return { role: 'assistant', parts: textParts(aiText(message.content)) };
      if (role === 'system') return { role: 'user', parts: [{ kind: 'text', value: SYSTEM_PREFIX + contentText(message.content, 'system') }] };
      throw new LmMappingError(`a chat message with the role ${JSON.stringify(String(role)).slice(0, 40)} has no counterpart in vscode.lm`);
    }
    default:
      throw new LmMappingError(`a ${type} message has no counterpart in vscode.lm`);
  }
}

function textParts(text: string): LmPart[] {
  return text === '' ? [] : [{ kind: 'text', value: text }];
}

/** The text of message content; anything but text is an error (see the file comment). */
function contentText(content: MessageContent, what: string): string {
  if (typeof content === 'string') return content;
  const pieces: string[] = [];
  for (const block of content as readonly unknown[]) {
    const text = blockText(block);
    if (text === undefined) throw new LmMappingError(`a ${what} message holds a ${blockType(block)} part; only text can be sent over vscode.lm`);
    pieces.push(text);
  }
  return pieces.join('');
}

/**
 * The text of an AI message. Its non-text blocks are the model's own bookkeeping (tool-use
 * blocks that duplicate `tool_calls`, reasoning) and are left out rather than refused.
 */
function aiText(content: MessageContent): string {
  if (typeof content === 'string') return content;
  return (content as readonly unknown[]).map(blockText).filter((t): t is string => t !== undefined).join('');
}

function blockText(block: unknown): string | undefined {
  if (typeof block === 'string') return block;
  if (block && typeof block === 'object' && (block as { type?: unknown }).type === 'text') {
    const text = (block as { text?: unknown }).text;
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

function blockType(block: unknown): string {
  const type = block && typeof block === 'object' ? (block as { type?: unknown }).type : typeof block;
  return typeof type === 'string' ? JSON.stringify(type.slice(0, 30)) : 'non-text';
}

/**
 * The calls an AI message made, valid and invalid alike: the tool messages that follow answer
 * both kinds, and a result whose call is missing from the history is refused by some models.
 * An invalid call's raw arguments are kept under `invalid_arguments` (the API wants an object).
 */
function aiToolCalls(message: BaseMessage, ids: MissingIds): LmPart[] {
  const ai = message as BaseMessage & {
    tool_calls?: Array<{ id?: string; name: string; args: Record<string, unknown> }>;
    invalid_tool_calls?: Array<{ id?: string; name?: string; args?: string }>;
  };
  const parts: LmPart[] = [];
  for (const call of ai.tool_calls ?? []) {
    parts.push({ kind: 'toolCall', callId: call.id || ids.next(), name: call.name, input: isPlainObject(call.args) ? call.args : {} });
  }
  for (const call of ai.invalid_tool_calls ?? []) {
    parts.push({ kind: 'toolCall', callId: call.id || ids.next(), name: call.name ?? '', input: { invalid_arguments: call.args ?? '' } });
  }
  return parts;
}

/** Stand-in ids for calls that came without one (some servers omit them). */
class MissingIds {
  private count = 0;
  next(): string {
    this.count += 1;
    return `missing_call_id_${this.count}`;
  }
}

// ── Tools ───────────────────────────────────────────────────────────────────────────────

/**
 * LangChain tools (structured tools with zod schemas, OpenAI tool definitions, …) as
 * `LanguageModelChatTool`s with JSON schemas. Throws {@link LmMappingError} for a tool with no name.
 */
export function toLmTools(tools: readonly BindToolsInput[]): LmTool[] {
  return tools.map((tool) => {
    const definition = convertToOpenAITool(tool) as { function?: { name?: unknown; description?: unknown; parameters?: unknown } };
    const fn = definition.function;
    if (!fn || typeof fn.name !== 'string' || fn.name === '') throw new LmMappingError('a tool without a name cannot be offered to the model');
    return {
      name: fn.name,
      description: typeof fn.description === 'string' ? fn.description : '',
      ...(fn.parameters && typeof fn.parameters === 'object' ? { inputSchema: fn.parameters } : {}),
    };
  });
}

/**
 * Which tools go to the model and in which mode, from LangChain's `tool_choice`:
 * none → no tools at all; `any`/`required` → one of them must be called; a tool's name (or
 * `{function: {name}}`) → only that tool, required (the API has no "this one" mode, and some
 * models accept only a single tool when one is required); otherwise `fallback`.
 */
export function toolSelection(tools: readonly LmTool[], choice: ToolChoice | undefined, fallback: LmToolMode = 'auto'): { tools: LmTool[]; mode: LmToolMode } {
  if (tools.length === 0 || choice === 'none') return { tools: [], mode: 'auto' };
  if (choice === undefined) return { tools: [...tools], mode: fallback };
  if (choice === 'auto') return { tools: [...tools], mode: 'auto' };
  if (choice === 'any' || choice === 'required') return { tools: [...tools], mode: 'required' };
  const named = typeof choice === 'string' ? choice : (choice as { function?: { name?: unknown } }).function?.name;
  if (typeof named === 'string') {
    const only = tools.filter((tool) => tool.name === named);
    if (only.length === 0) throw new LmMappingError(`tool_choice names ${JSON.stringify(named.slice(0, 64))}, which is not among the tools offered`);
    return { tools: only, mode: 'required' };
  }
  throw new LmMappingError('this tool_choice has no counterpart in vscode.lm');
}

// ── vscode.lm → LangChain ───────────────────────────────────────────────────────────────

/**
 * One streamed part as a LangChain message chunk. `toolIndex` must differ between the tool calls
 * of one answer: LangChain merges chunks that share an index into one call.
 *
 * A tool call travels as a tool-call chunk whose arguments are the JSON of its input. An input
 * that is a JSON object comes out as a tool call; anything else (a string, an array, null, a
 * value JSON cannot hold) is given arguments that do not parse to an object, so it comes out as
 * an invalid tool call — the agent answers it with a tool error and runs nothing.
 */
export function responseChunk(part: LmResponsePart, toolIndex = 0): AIMessageChunk {
  if (part.kind === 'text') return new AIMessageChunk({ content: part.value });
  return new AIMessageChunk({
    content: '',
    tool_call_chunks: [{ type: 'tool_call_chunk', id: part.callId, name: part.name, args: argumentsJson(part.input), index: toolIndex }],
  });
}

/** The whole answer as one message (what `invoke` returns). */
export function responseMessage(parts: readonly LmResponsePart[]): AIMessageChunk {
  let message = new AIMessageChunk({ content: '' });
  let toolIndex = 0;
  for (const part of parts) {
    message = message.concat(responseChunk(part, part.kind === 'toolCall' ? toolIndex++ : 0));
  }
  return message;
}

function argumentsJson(input: unknown): string {
  if (!isPlainObject(input)) {
    // Quoted, so that even a string that looks like a JSON object stays a string.
    return JSON.stringify(describeValue(input));
  }
  try {
    return JSON.stringify(input);
  } catch {
    return JSON.stringify('<tool input that JSON cannot represent>');
  }
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
