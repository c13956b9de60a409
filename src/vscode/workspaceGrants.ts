import type * as vscode from 'vscode';
import { GrantStore } from '../gate/grants/grantStore';

/**
 * The grant store of this workspace (D§11), kept in the extension's own `workspaceState`, not in
 * a file an agent could edit; its warnings and notes go to the log.
 */
export function openWorkspaceGrants(state: vscode.Memento, log: vscode.LogOutputChannel): Promise<GrantStore> {
  return GrantStore.open({
    storage: { get: (key) => state.get(key), update: async (key, value) => state.update(key, value) },
    logger: { warn: (m) => log.warn(m), info: (m) => log.info(m) },
  });
}
