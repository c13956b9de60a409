import * as vscode from 'vscode';

/** The SecretStorage key of the rater's API key. Never in settings, never in a file (D§8). */
export const RATER_KEY_SECRET = 'approvalsGate.rater.apiKey';

export async function setRaterApiKey(secrets: vscode.SecretStorage): Promise<void> {
  const value = await vscode.window.showInputBox({
    title: 'Approvals Gate: rater API key',
    prompt: 'The key for the OpenAI-compatible rater endpoint. Kept in VS Code secret storage.',
    password: true,
    ignoreFocusOut: true,
    validateInput: (text) => (text.trim() === '' ? 'Enter a key, or use "Clear rater API key" to remove it.' : undefined),
  });
  if (value === undefined) return;
  await secrets.store(RATER_KEY_SECRET, value.trim());
  vscode.window.showInformationMessage('Rater API key saved in secret storage.');
}

export async function clearRaterApiKey(secrets: vscode.SecretStorage): Promise<void> {
  await secrets.delete(RATER_KEY_SECRET);
  vscode.window.showInformationMessage('Rater API key removed.');
}
