import type { BaseMessage } from '@langchain/core/messages';
import type { ProposedArguments } from './toolArguments';

/**
 * The tool calls in one model answer, as the model sent them. The wire form (OpenAI's
 * `tool_calls` kept in `additional_kwargs`, with the arguments as raw JSON text) is preferred;
 * without it (another provider, an adapter) LangChain's parsed `tool_calls` and its
 * `invalid_tool_calls` (arguments that were not JSON) are read. Every call gets an id, so each one
 * can be answered with a tool message — including the malformed ones, which the model must hear
 * about.
 */

export interface ProposedToolCall {
  id: string;
  /** The name the model used (`''` when it gave none). */
  name: string;
  arguments: ProposedArguments;
}

export function proposedToolCalls(message: BaseMessage, newId: () => string): ProposedToolCall[] {
  const seen = new Set<string>();
  const unique = (id: unknown): string => {
    // A missing or repeated id would leave a tool message the provider cannot pair with its call.
    let chosen = typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : newId();
    while (seen.has(chosen)) chosen = newId();
    seen.add(chosen);
    return chosen;
  };
  const wire: unknown = (message.additional_kwargs as Record<string, unknown> | undefined)?.tool_calls;
  if (Array.isArray(wire) && wire.length > 0) {
    return wire.map((entry: unknown) => {
      const call = (entry ?? {}) as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
      const fn = call.function ?? {};
      return {
        id: unique(call.id),
        name: typeof fn.name === 'string' ? fn.name : '',
        arguments: typeof fn.arguments === 'string' ? { raw: fn.arguments } : { parsed: fn.arguments },
      };
    });
  }
  const ai = message as BaseMessage & {
    tool_calls?: Array<{ id?: string; name?: unknown; args?: unknown }>;
    invalid_tool_calls?: Array<{ id?: string; name?: unknown; args?: unknown }>;
  };
  return [
    ...(ai.tool_calls ?? []).map((c) => ({ id: unique(c.id), name: typeof c.name === 'string' ? c.name : '', arguments: { parsed: c.args } as ProposedArguments })),
    ...(ai.invalid_tool_calls ?? []).map((c) => ({
      id: unique(c.id),
      name: typeof c.name === 'string' ? c.name : '',
      arguments: (typeof c.args === 'string' ? { raw: c.args } : { parsed: c.args }) as ProposedArguments,
    })),
  ];
}

/** The text of a message's content: a string, or the text parts of a content array. */
export function messageText(message: BaseMessage): string {
  const content: unknown = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' ? (part as { text?: unknown }).text : undefined))
    .filter((text): text is string => typeof text === 'string')
    .join('');
}
