/**
 * Test-only helper extension `approvals-gate-test.chat-helper` (never published: it uses proposed
 * APIs, so code-server must be started with `--enable-proposed-api approvals-gate-test.chat-helper`).
 *
 * Without Copilot, VS Code hides the Chat view and fails every participant request with "Language
 * model unavailable". This helper supplies the two missing pieces:
 * - a default chat participant (proposal `defaultChatParticipant`, `isDefault` in package.json), which
 *   makes the workbench enable its Chat UI;
 * - a fake language model (proposal `chatProvider`), so `request.model` exists and answers. Its
 *   replies come from a JSON script (see `fakeModelScript.ts`) named by the setting
 *   `approvalsGateTest.fakeModel.scriptPath` or the environment variable APPROVALS_GATE_FAKE_LM_SCRIPT;
 *   every request is appended to the JSON Lines file named by `approvalsGateTest.fakeModel.requestLogPath`
 *   or APPROVALS_GATE_FAKE_LM_LOG, so a test can check what the model was asked.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { echoReply, parseFakeModelScript, ScriptedReplies, type FakeReply } from './fakeModelScript';

/** The part of the 1.100 `chatProvider` proposal this helper uses (absent from @types/vscode). */
interface ChatResponseFragment {
  index: number;
  part: vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart;
}
interface LanguageModelChatProvider {
  provideLanguageModelResponse(
    messages: readonly vscode.LanguageModelChatMessage[],
    options: { readonly tools?: readonly { name: string }[] },
    extensionId: string,
    progress: vscode.Progress<ChatResponseFragment>,
    token: vscode.CancellationToken,
  ): Thenable<void>;
  provideTokenCount(text: string | vscode.LanguageModelChatMessage, token: vscode.CancellationToken): Thenable<number>;
}
interface ChatResponseProviderMetadata {
  vendor: string;
  name: string;
  family: string;
  version: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  isDefault?: boolean;
  isUserSelectable?: boolean;
  capabilities?: { toolCalling?: boolean; agentMode?: boolean };
}
interface ProposedLm {
  registerChatModelProvider(id: string, provider: LanguageModelChatProvider, metadata: ChatResponseProviderMetadata): vscode.Disposable;
}

const MODEL_ID = 'approvals-gate-test-fake-model';
const replies = new ScriptedReplies();

function setting(key: 'scriptPath' | 'requestLogPath', envName: string): string | undefined {
  const fromSetting = vscode.workspace.getConfiguration('approvalsGateTest.fakeModel').get<string>(key);
  return fromSetting || process.env[envName] || undefined;
}

/** The text of a message: its text parts, and the text inside tool results. */
function messageText(message: vscode.LanguageModelChatMessage): string {
  const pieces: string[] = [];
  for (const part of message.content as readonly unknown[]) {
    if (part instanceof vscode.LanguageModelTextPart) pieces.push(part.value);
    else if (isToolResult(part)) {
      for (const inner of part.content) if (inner instanceof vscode.LanguageModelTextPart) pieces.push(inner.value);
    }
  }
  return pieces.join('');
}

/**
 * A tool result part. Read by shape: VS Code 1.100 hands a provider its tool results as
 * `LanguageModelToolResultPart2` (the data-part proposal's class), which does not extend
 * `LanguageModelToolResultPart`, so an `instanceof` check alone misses every one of them.
 */
function isToolResult(part: unknown): part is { callId: string; content: readonly unknown[] } {
  if (part instanceof vscode.LanguageModelToolResultPart) return true;
  const candidate = part as { callId?: unknown; content?: unknown } | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.callId === 'string' && Array.isArray(candidate.content) && !(part instanceof vscode.LanguageModelToolCallPart);
}

function roleName(role: vscode.LanguageModelChatMessageRole): string {
  return role === vscode.LanguageModelChatMessageRole.User ? 'user' : 'assistant';
}

function chooseReply(lastText: string): FakeReply {
  const scriptPath = setting('scriptPath', 'APPROVALS_GATE_FAKE_LM_SCRIPT');
  if (!scriptPath) return echoReply(lastText);
  const version = `${scriptPath}@${fs.statSync(scriptPath).mtimeMs}`;
  return replies.next(version, parseFakeModelScript(fs.readFileSync(scriptPath, 'utf8')), lastText);
}

const fakeModel: LanguageModelChatProvider = {
  async provideLanguageModelResponse(messages, options, extensionId, progress) {
    const last = messages[messages.length - 1];
    const lastText = last ? messageText(last) : '';
    const logPath = setting('requestLogPath', 'APPROVALS_GATE_FAKE_LM_LOG');
    if (logPath) {
      const entry = {
        at: new Date().toISOString(),
        extensionId,
        messages: messages.map((m) => ({ role: roleName(m.role), text: messageText(m) })),
        tools: (options.tools ?? []).map((tool) => tool.name),
      };
      fs.appendFileSync(logPath, `${JSON.stringify(entry)}\n`);
    }
    const reply = chooseReply(lastText);
    if (reply.text !== undefined) progress.report({ index: 0, part: new vscode.LanguageModelTextPart(reply.text) });
    (reply.toolCalls ?? []).forEach((call, i) => {
      const callId = call.callId ?? `fake-call-${Date.now()}-${i}`;
      progress.report({ index: 0, part: new vscode.LanguageModelToolCallPart(callId, call.name, call.input) });
    });
  },
  async provideTokenCount(text) {
    return Math.ceil((typeof text === 'string' ? text : messageText(text)).length / 4) || 1;
  },
};

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.chat.createChatParticipant('approvalsGateTest.defaultAgent', async (request, _context, stream) => {
      stream.markdown(`default agent echo: ${request.prompt}`);
      return {};
    }),
    (vscode.lm as unknown as ProposedLm).registerChatModelProvider(MODEL_ID, fakeModel, {
      vendor: 'approvals-gate-test',
      name: 'Approvals Gate Test Fake Model',
      family: 'fake',
      version: '1.0',
      maxInputTokens: 100_000,
      maxOutputTokens: 4_096,
      isDefault: true,
      isUserSelectable: true,
      capabilities: { toolCalling: true, agentMode: false },
    }),
  );
}

export function deactivate(): void {}
