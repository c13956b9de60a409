import type * as vscode from 'vscode';
import { ModelRater } from '../gate/rater/modelRater';
import type { Rater } from '../gate/rater/raterContract';
import { LmChatModel, lmModelLabel } from './lmChatModel';

/**
 * The rater on the chat's own model (D§8: "otherwise the chat's own model through a small adapter
 * over `vscode.lm`"), used for the ratings of a `@gate` request when no rater endpoint is set.
 * The same `ModelRater` as for an endpoint — fenced prompt, strict verdict, budget — over the
 * adapter. The verdict tool is required (`LanguageModelChatToolMode.Required`): the rater offers
 * exactly one tool, and a model that answers in prose instead fails closed anyway.
 */
export function createLmRater(model: vscode.LanguageModelChat, timeoutMs: number): Rater {
  return new ModelRater({
    model: new LmChatModel({ model, defaultToolMode: 'required' }),
    label: lmModelLabel(model),
    timeoutMs,
    method: 'functionCalling',
  });
}
