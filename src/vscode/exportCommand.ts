import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { buildDebugDump, type DebugDumpParts } from '../gate/capture/debugDump';
import { collectSecretLiterals } from '../gate/capture/redaction';

/**
 * "Approvals Gate: Export approvals debug dump": one redacted JSON document through a save dialog.
 * Written to a temporary sibling and renamed into place, so a failed write leaves nothing partial.
 */
export async function exportDebugDump(parts: () => Promise<DebugDumpParts>, apiKey: () => Promise<string | undefined>, log: vscode.LogOutputChannel): Promise<vscode.Uri | undefined> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const defaultFolder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
  const target = await vscode.window.showSaveDialog({
    title: 'Export approvals debug dump',
    saveLabel: 'Export',
    defaultUri: vscode.Uri.joinPath(defaultFolder, `approvals-gate-dump-${stamp}.json`),
    filters: { JSON: ['json'] },
  });
  if (!target) return undefined;
  const temporary = target.with({ path: `${target.path}.partial-${process.pid}` });
  try {
    // `rename(…, {overwrite: true})` deletes what is at the target first, recursively: never a folder.
    const existing = await vscode.workspace.fs.stat(target).then((s) => s, () => undefined);
    if (existing && (existing.type & vscode.FileType.Directory) !== 0) {
      throw new Error('that path is a folder; choose a file name');
    }
    const key = await apiKey();
    const document = buildDebugDump(await parts(), { literals: collectSecretLiterals(process.env, key ? [key] : []) });
    await vscode.workspace.fs.writeFile(temporary, Buffer.from(JSON.stringify(document, null, 2) + '\n', 'utf8'));
    await vscode.workspace.fs.rename(temporary, target, { overwrite: true });
    log.info(`Exported the approvals debug dump to ${target.fsPath}`);
    vscode.window.showInformationMessage(`Approvals debug dump written to ${target.fsPath}.`);
    return target;
  } catch (error) {
    await vscode.workspace.fs.delete(temporary).then(undefined, () => undefined);
    const message = error instanceof Error ? error.message : String(error);
    log.error(`Exporting the debug dump failed: ${message}`);
    vscode.window.showErrorMessage(`Approvals Gate could not write the debug dump to ${target.fsPath}: ${message}`);
    return undefined;
  }
}
