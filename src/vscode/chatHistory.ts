import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';

/**
 * The conversation a `@gate` turn continues, rebuilt from the chat history VS Code hands the
 * participant (its own earlier requests and responses only). A turn whose full transcript is
 * still in memory (tool calls and results included) goes back exactly as the agent loop recorded
 * it; any other turn (after a window reload, say) goes back as what the user saw: their prompt and
 * the response's text. Slash-command turns (`/rung`, `/explain`) are not part of the conversation.
 */

/** One request of the chat history and its response, as plain data. */
export interface HistoryTurn {
  prompt: string;
  /** Set for `/rung`, `/explain`, … */
  command?: string;
  response?: {
    /** The markdown the response showed. */
    text: string;
    /** The turn's messages as the agent loop returned them (prompt first), when still kept. */
    stored?: readonly BaseMessage[];
  };
}

/** Earlier turns kept in the conversation, at most: older ones add cost and little else. */
export const HISTORY_TURNS_KEPT = 8;

export function historyMessages(turns: readonly HistoryTurn[], keep = HISTORY_TURNS_KEPT): BaseMessage[] {
  const conversation = turns.filter((turn) => turn.command === undefined).slice(-keep);
  const messages: BaseMessage[] = [];
  for (const turn of conversation) {
    const stored = turn.response?.stored;
    if (stored && stored.length > 0) {
      messages.push(...stored);
      continue;
    }
    messages.push(new HumanMessage(turn.prompt));
    const text = turn.response?.text.trim() ?? '';
    if (text !== '') messages.push(new AIMessage(text));
  }
  return messages;
}
