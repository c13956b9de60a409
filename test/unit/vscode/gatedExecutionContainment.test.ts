/**
 * The card of a command the extension runs itself carries the sandbox's policy the runner would
 * run it under if approved (D§13 "Containment", D§10); a hook's card (the agent runs the command)
 * and a runner that would not contain it carry none.
 */
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { CaptureLog } from '../../../src/gate/capture/captureLog';
import type { SandboxPolicy } from '../../../src/gate/containment/sandboxPolicy';
import type { Escalation } from '../../../src/gate/person';
import type { CardExtras } from '../../../src/protocol/cardView';
import { GatedExecution, type CommandRunner } from '../../../src/vscode/gatedExecution';

const POLICY: SandboxPolicy = {
  writable: ['/home/gate/proj', '/tmp'],
  notWritable: [{ path: '/home/gate/proj/.git/hooks', why: 'version-control hooks' }],
  unreadable: [{ path: '/home/gate/.ssh', why: 'SSH keys' }],
  hosts: [],
  approved: { paths: [], hosts: [] },
};

function gate(runner: CommandRunner, seen: Array<CardExtras | undefined>): GatedExecution {
  const log = { info: () => undefined, warn: () => undefined } as unknown as vscode.LogOutputChannel;
  return new GatedExecution({
    policy: () => ({ rung: 'manual', allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] }),
    rater: async () => null,
    person: {
      ask: async (_escalation: Escalation, _signal?: AbortSignal, extras?: CardExtras) => {
        seen.push(extras);
        return { kind: 'reject', reason: 'no' };
      },
    },
    runner,
    capture: new CaptureLog({ capacity: 10 }),
    home: '/home/gate',
    storeGrant: async () => undefined,
    log,
  });
}

const run = async () => ({ exitCode: 0, output: '', truncated: false }) as never;

describe('extension: the sandbox policy on the card', () => {
  it('a command the extension would run contained: the card gets the runner\'s policy for it and the home folder', async () => {
    const asked: Array<[string, string]> = [];
    const seen: Array<CardExtras | undefined> = [];
    const runner: CommandRunner = {
      run,
      containmentIfApproved: (command, cwd) => {
        asked.push([command, cwd]);
        return POLICY;
      },
    };
    await gate(runner, seen).run({ command: 'touch x', cwd: '/home/gate/proj', tool: 'run_shell_command' });
    assert.deepEqual(asked, [['touch x', '/home/gate/proj']]);
    assert.deepEqual(seen, [{ containment: { policy: POLICY, home: '/home/gate' } }]);
  });

  it('the sandbox off (the runner says null, or cannot say): no policy on the card', async () => {
    for (const runner of [{ run, containmentIfApproved: () => null }, { run }] as CommandRunner[]) {
      const seen: Array<CardExtras | undefined> = [];
      await gate(runner, seen).run({ command: 'touch x', cwd: '/tmp', tool: 'run_shell_command' });
      assert.deepEqual(seen, [{}]);
    }
  });

  it('a policy that cannot be built still shows the card, without it', async () => {
    const seen: Array<CardExtras | undefined> = [];
    const runner: CommandRunner = { run, containmentIfApproved: () => { throw new Error('disk gone'); } };
    const { decision } = await gate(runner, seen).run({ command: 'touch x', cwd: '/tmp', tool: 'run_shell_command' });
    assert.deepEqual(seen, [{}]);
    assert.equal(decision.stage, 'human');
  });

  it('a hook\'s card (the agent runs the command, not the gate): no policy, the runner is not asked', async () => {
    const seen: Array<CardExtras | undefined> = [];
    let asked = 0;
    const runner: CommandRunner = { run, containmentIfApproved: () => { asked += 1; return POLICY; } };
    await gate(runner, seen).askOnCard({ command: 'touch x', cwd: '/tmp', tool: 'Bash', from: 'Claude Code asks:', signal: new AbortController().signal });
    assert.equal(seen.length, 1);
    assert.equal(seen[0], undefined);
    assert.equal(asked, 0);
  });
});
