import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { NegotiationSession } from '../gate/negotiation';
import type { GatedExecution } from './gatedExecution';
import type { RaterProvider } from './raterProvider';
import { PreviewRater, previewSummary, readRunInTerminalInput, runInTerminalResult, RUN_IN_TERMINAL_TOOL } from './runInTerminalReport';

/**
 * `approvalsGate_runInTerminal` (D§13): the gate offered to every other agent in the editor —
 * Copilot agent mode, or any extension that calls `vscode.lm.invokeTool`. Same gate, same card,
 * same runner as `@gate`:
 * - `prepareInvocation` runs the deterministic part of the pipeline (lists, floors, rung; no
 *   rating, no person, no capture record) and shows where the call stands as its progress
 *   message. It asks for no VS Code confirmation: the approval card is the confirmation when one
 *   is needed, and it shows what a generic dialog cannot (hidden characters, composition sites,
 *   the grants on offer) — a second, weaker prompt would only teach people to click through;
 * - `invoke` goes through `GatedExecution.run`; the token's cancellation aborts it, which closes a
 *   pending card (the call is then rejected) and stops a running command;
 * - every answer, refusals and malformed input included, is a tool result the calling model can
 *   act on; nothing runs unless the gate approved it.
 *
 * Negotiation at `auto` (D§9): the callers are anonymous (the invocation token is opaque), so all
 * calls of this tool in the window share one negotiation session. That is the cautious reading:
 * the bounds that hand an argument to a person are reached sooner, never later.
 */
export interface RunInTerminalToolParts {
  gate: GatedExecution;
  rater: RaterProvider;
  log: vscode.LogOutputChannel;
}

export function registerRunInTerminalTool(parts: RunInTerminalToolParts): vscode.Disposable {
  const negotiation = new NegotiationSession();
  const result = (text: string) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);

  const tool: vscode.LanguageModelTool<unknown> = {
    async prepareInvocation(options) {
      const read = readRunInTerminalInput(options.input);
      const message = new vscode.MarkdownString();
      if (!read.ok) {
        message.appendText(`Approvals Gate: ${read.error}`);
        return { invocationMessage: message };
      }
      const decision = await parts.rater.within({ override: new PreviewRater() }, () => parts.gate.decideOnly(read.input.command, workingFolder()));
      message.appendText(`Approvals Gate: ${previewSummary(decision)}`);
      return { invocationMessage: message };
    },

    async invoke(options, token) {
      const read = readRunInTerminalInput(options.input);
      if (!read.ok) {
        parts.log.info(`${RUN_IN_TERMINAL_TOOL}: malformed input refused: ${read.error}`);
        return result(read.error);
      }
      if (token.isCancellationRequested) return result('Not run: the call was cancelled before the gate saw it.');
      const controller = new AbortController();
      const cancelled = token.onCancellationRequested(() => controller.abort(new Error('the tool call was cancelled')));
      try {
        const { decision, execution } = await parts.gate.run({
          command: read.input.command,
          cwd: workingFolder(),
          tool: RUN_IN_TERMINAL_TOOL,
          ...(read.input.justification !== undefined ? { justification: read.input.justification } : {}),
          negotiation,
          signal: controller.signal,
        });
        return result(runInTerminalResult(decision, execution));
      } catch (error) {
        // GatedExecution does not throw by contract; if it ever does, the caller still learns that nothing is known to have run.
        const message = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
        parts.log.error(`${RUN_IN_TERMINAL_TOOL}: the gated path failed: ${message}`);
        return result(`The gate failed while handling this command (${message}); treat it as not run, and do not retry it blindly.`);
      } finally {
        cancelled.dispose();
      }
    },
  };
  return vscode.lm.registerTool(RUN_IN_TERMINAL_TOOL, tool);
}

/** Where the tool runs commands: the first workspace folder, else the home folder (as the palette command does). */
function workingFolder(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? homedir();
}
