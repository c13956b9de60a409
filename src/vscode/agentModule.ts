/**
 * What the `@gate` participant needs from LangChain land: the agent loop, its models (an
 * OpenAI-compatible endpoint, or the chat's own model through the `vscode.lm` adapter), the rater
 * on the chat's model, and the rebuilding of a conversation from the chat history. Bundled into the
 * lazily loaded `dist/rater.js` (re-exported by `raterModule.ts`), so LangChain stays out of
 * `dist/extension.js` and is loaded on the first chat request or rating, not at activation.
 */
export { runAgentTurn } from '../agent/agentLoop';
export { createOpenAiAgentModel } from '../agent/openAiAgentModel';
export { historyMessages } from './chatHistory';
export { LmChatModel } from './lmChatModel';
export { createLmRater } from './lmRater';
