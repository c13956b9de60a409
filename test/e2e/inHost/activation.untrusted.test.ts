import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';

/**
 * Runs only in the untrusted session (trust enabled, the sample workspace not trusted): the extension
 * declares `untrustedWorkspaces: limited`, so it must still activate in Restricted Mode. The sample
 * workspace widens `approvalsGate.allow` (a trusted window reads it: see activation.test.ts); here
 * VS Code itself must keep that value away from the extension, because package.json lists the setting
 * in `restrictedConfigurations`. Observed in VS Code 1.100.3: in Restricted Mode a restricted setting's
 * workspace value is hidden from `inspect()` as well as from `get()`.
 */
const EXTENSION_ID = 'approvals-gate.approvals-gate';

describe('activation in an untrusted workspace', () => {
  it('the window is in Restricted Mode', () => {
    assert.equal(vscode.workspace.isTrusted, false);
  });

  it('the extension activates anyway (limited support)', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not installed in this window`);
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it("VS Code keeps the workspace's allow entries from the extension (get and inspect)", () => {
    const configuration = vscode.workspace.getConfiguration('approvalsGate');
    assert.deepEqual(configuration.get('allow'), []);
    assert.equal(configuration.inspect('allow')?.workspaceValue, undefined);
  });
});
