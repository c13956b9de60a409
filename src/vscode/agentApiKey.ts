import * as vscode from 'vscode';
import { RATER_KEY_SECRET } from './apiKeyCommands';

/**
 * The API key of the `@gate` agent's endpoint (`approvalsGate.agent.baseUrl`), in VS Code's secret
 * storage like the rater's. Which key the agent sends:
 * - its own key, when one is set ("Approvals Gate: Set @gate agent API key…");
 * - otherwise the rater's key, but only when the agent endpoint has the same origin (scheme, host,
 *   port) as the rater endpoint: a key is never sent to a server it was not given for;
 * - otherwise none, and the chat says which command sets one.
 */
export const AGENT_KEY_SECRET = 'approvalsGate.agent.apiKey';

export async function agentApiKey(secrets: vscode.SecretStorage, agentBaseUrl: string, raterBaseUrl: string): Promise<string | undefined> {
  const own = await secrets.get(AGENT_KEY_SECRET);
  if (own) return own;
  return sameOrigin(agentBaseUrl, raterBaseUrl) ? secrets.get(RATER_KEY_SECRET) : undefined;
}

export function sameOrigin(a: string, b: string): boolean {
  try {
    const left = new URL(a.trim());
    const right = new URL(b.trim());
    return (left.protocol === 'http:' || left.protocol === 'https:') && left.origin === right.origin;
  } catch {
    return false;
  }
}

/** The two palette commands (package.json `contributes.commands`). */
export function registerAgentKeyCommands(secrets: vscode.SecretStorage): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('approvalsGate.setAgentApiKey', async () => {
      const value = await vscode.window.showInputBox({
        title: 'Approvals Gate: @gate agent API key',
        prompt: 'The key for the OpenAI-compatible endpoint of the @gate agent (approvalsGate.agent.baseUrl). Kept in VS Code secret storage.',
        password: true,
        ignoreFocusOut: true,
        validateInput: (text) => (text.trim() === '' ? 'Enter a key, or use "Clear @gate agent API key" to remove it.' : undefined),
      });
      if (value === undefined) return;
      await secrets.store(AGENT_KEY_SECRET, value.trim());
      void vscode.window.showInformationMessage('@gate agent API key saved in secret storage.');
    }),
    vscode.commands.registerCommand('approvalsGate.clearAgentApiKey', async () => {
      await secrets.delete(AGENT_KEY_SECRET);
      void vscode.window.showInformationMessage('@gate agent API key removed.');
    }),
  ];
}
