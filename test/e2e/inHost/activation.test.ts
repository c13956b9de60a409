import { strict as assert } from 'node:assert';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';

/** The shipped extension's id: `publisher.name` from package.json. */
const EXTENSION_ID = 'approvals-gate.approvals-gate';

interface ContributedCommand {
  command: string;
}
interface ContributedSetting {
  default?: unknown;
}

function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `${EXTENSION_ID} is not installed in this window`);
  return found;
}

describe('activation', () => {
  it('the Approvals Gate extension is present', () => {
    const ext = extension();
    assert.equal(ext.packageJSON.name, 'approvals-gate');
    assert.equal(ext.packageJSON.publisher, 'approvals-gate');
  });

  it('activates without errors', async () => {
    const ext = extension();
    await ext.activate(); // rejects when activate() throws
    assert.equal(ext.isActive, true);
  });

  it('registers every command that package.json contributes', async () => {
    await extension().activate();
    const contributed = (extension().packageJSON.contributes?.commands ?? []) as ContributedCommand[];
    assert.ok(contributed.length > 0, 'package.json contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('every configuration default is readable and equals the declared default', () => {
    const properties = (extension().packageJSON.contributes?.configuration?.properties ?? {}) as Record<string, ContributedSetting>;
    const keys = Object.keys(properties);
    assert.ok(keys.length > 0, 'package.json contributes no settings');
    const configuration = vscode.workspace.getConfiguration();
    const wrong = keys.filter((key) => {
      const inspected = configuration.inspect(key);
      return inspected === undefined || !isDeepStrictEqual(inspected.defaultValue, properties[key]?.default);
    });
    assert.deepEqual(wrong, [], `defaults VS Code does not report as declared: ${wrong.join(', ')}`);
  });

  it("a trusted window reads the sample workspace's allow entries (the untrusted tests' contrast)", () => {
    const inspected = vscode.workspace.getConfiguration('approvalsGate').inspect<unknown[]>('allow');
    assert.ok(Array.isArray(inspected?.workspaceValue) && inspected.workspaceValue.length > 0, `workspaceValue: ${JSON.stringify(inspected?.workspaceValue)}`);
  });
});
