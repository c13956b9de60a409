import * as vscode from 'vscode';
import type { GrantStore } from '../gate/grants/grantStore';
import type { GrantRequest } from './gatedExecution';
import type { WideningGuard } from './wideningGuard';

/**
 * Stores what the person asked for on the card (D§11): a session, always or deny-session grant
 * goes to the workspace's grant store; an "Always allow…" entry is appended to the `allow`
 * setting of the scope the person chose (user or workspace) and accepted at once, so the widening
 * guard does not hold back, as an outside change, an entry the person wrote themselves.
 */
export function createGrantWriter(grants: GrantStore, widening: WideningGuard, log: vscode.LogOutputChannel): (grant: GrantRequest) => Promise<void> {
  return async (grant) => {
    if (grant.scope === 'setting') {
      const target = grant.target === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
      const configuration = vscode.workspace.getConfiguration('approvalsGate');
      const current = configuration.inspect<unknown[]>('allow');
      const existing = (grant.target === 'workspace' ? current?.workspaceValue : current?.globalValue) ?? [];
      await configuration.update('allow', [...existing, { match: grant.entry.match, pattern: grant.entry.pattern }], target);
      // The person wrote this entry on the card: it is accepted, not held back as an outside change.
      await widening.acceptAllowEntry(grant.entry);
      log.info(`Added allow entry ${JSON.stringify(grant.entry)} to ${grant.target} settings.`);
      return;
    }
    const result = await grants.add(grant.scope, grant.command);
    log.info(`Grant (${grant.scope}) for ${JSON.stringify(grant.command)}: ${JSON.stringify(result)}`);
  };
}
