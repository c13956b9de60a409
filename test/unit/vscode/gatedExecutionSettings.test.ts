/**
 * The extension with settings it cannot use as written (GatedExecution + SettingsService's
 * refusal and warnings): a refusal refuses every command before anything runs or is asked; the
 * dropped values are said on the card the person sees. And the names VS Code's configuration
 * holds under `approvalsGate` that are no setting (`unknownSectionNames`).
 */
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { CaptureLog } from '../../../src/gate/capture/captureLog';
import type { Escalation } from '../../../src/gate/person';
import { unknownSectionNames, settingsRefusal, effectiveSettings } from '../../../src/gate/settings/effectiveSettings';
import { GatedExecution } from '../../../src/vscode/gatedExecution';

function gate(settings: { refusal: string | null; warnings: string[] }, seen: Escalation[], ran: string[]): GatedExecution {
  const log = { info: () => undefined, warn: () => undefined } as unknown as vscode.LogOutputChannel;
  return new GatedExecution({
    policy: () => ({ rung: 'manual', allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] }),
    rater: async () => null,
    person: {
      ask: async (escalation) => {
        seen.push(escalation);
        return { kind: 'reject', reason: 'no' };
      },
    },
    runner: {
      run: async (command) => {
        ran.push(command);
        return { exitCode: 0, output: '', truncated: false } as never;
      },
    },
    capture: new CaptureLog({ capacity: 10 }),
    home: '/home/gate',
    storeGrant: async () => undefined,
    log,
    settings: () => settings,
  });
}

describe('extension: settings the gate cannot use', () => {
  it('a refusal refuses every command, listed ones too, before a card or a run', async () => {
    const refusal = settingsRefusal(effectiveSettings({ user: { 'approvalsGate.denny': ['git push'] } }, { trusted: true }).problems);
    assert.ok(refusal);
    const seen: Escalation[] = [];
    const ran: string[] = [];
    const g = gate({ refusal, warnings: [] }, seen, ran);
    for (const command of ['ls', 'git status', 'git push']) {
      const { decision } = await g.run({ command, cwd: '/tmp', tool: 'test' });
      assert.equal(decision.action, 'reject');
      assert.match(decision.reason, /approvalsGate\.denny: unknown setting \(did you mean approvalsGate\.deny\?\)/);
    }
    assert.deepEqual(seen, []);
    assert.deepEqual(ran, []);
    assert.equal((await g.decideOnly('ls', '/tmp')).action, 'reject');
  });

  it('dropped values are said on the card', async () => {
    const seen: Escalation[] = [];
    const g = gate({ refusal: null, warnings: ['approvalsGate.allow entry 1 (user settings): ls *: …; ignored'] }, seen, []);
    await g.run({ command: 'touch x', cwd: '/tmp', tool: 'test' });
    assert.equal(seen.length, 1);
    assert.match(seen[0]!.reason, /Settings warning: 1 value\(s\) .* approvalsGate\.allow entry 1/);
  });

  it('unknownSectionNames: nested and unknown names, with their scopes; functions and known names skipped', () => {
    const section = {
      rung: 'manual',
      deny: ['x'],
      denny: ['git push'],
      rater: { baseUrl: 'http://x', modle: 'm' },
      hooks: { trustedFolders: ['/'] },
      get: () => undefined,
      inspect: () => undefined,
    };
    const problems = unknownSectionNames(section, (name) => (name === 'denny' ? { workspaceValue: ['git push'] } : { globalValue: 1 }), ['hooks.trustedFolders']);
    assert.deepEqual(
      problems.map((p) => [p.setting, p.scope, p.refuses, p.message]),
      [
        ['approvalsGate.denny', 'workspace', true, 'unknown setting (did you mean approvalsGate.deny?)'],
        ['approvalsGate.rater.modle', 'user', true, 'unknown setting (did you mean approvalsGate.rater.model?)'],
      ],
    );
  });
});
