/**
 * The rater's own bundle (`dist/rater.js`). LangChain and the OpenAI client are large; keeping them
 * out of `dist/extension.js` and loading this file on the first rating keeps activation cheap.
 * The `@gate` agent needs the same libraries, so it travels in this bundle too (one copy of
 * LangChain, loaded on the first rating or chat request).
 */
export { createOpenAiRater, openAiRaterLabel } from '../gate/rater/openAiRater';
export * from './agentModule';
