/**
 * The rater's own bundle (`dist/rater.js`). LangChain and the OpenAI client are large; keeping them
 * out of `dist/extension.js` and loading this file on the first rating keeps activation cheap.
 */
export { createOpenAiRater, openAiRaterLabel } from '../gate/rater/openAiRater';
