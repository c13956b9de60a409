/**
 * The card of a command the extension runs itself carries the sandbox's policy the runner would
 * run it under if approved (D§13 "Containment", D§10); a hook's card (the agent runs the command)
 * and a runner that would not contain it carry none.
 */
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { CAPTURE_LIST_SHOWN, CAPTURE_TEXT_CHARS, CaptureExportSchema, CaptureLog, CaptureRecordSchema } from '../../../src/gate/capture/captureLog';
import { redact } from '../../../src/gate/capture/redaction';
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

function gate(runner: CommandRunner, seen: Array<CardExtras | undefined>, capture = new CaptureLog({ capacity: 10 }), rung: 'manual' | 'bypass' = 'manual'): GatedExecution {
  const log = { info: () => undefined, warn: () => undefined } as unknown as vscode.LogOutputChannel;
  return new GatedExecution({
    policy: () => ({ rung, allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] }),
    rater: async () => null,
    person: {
      ask: async (_escalation: Escalation, _signal?: AbortSignal, extras?: CardExtras) => {
        seen.push(extras);
        return { kind: 'reject', reason: 'no' };
      },
    },
    runner,
    capture,
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

  describe('the capture log keeps what the run did (D§12, D§13)', () => {
    it('the policy the command ran under and the sandbox\'s stops, bounded, on the call\'s own record', async () => {
      const capture = new CaptureLog({ capacity: 10 });
      const many: SandboxPolicy = { ...POLICY, notWritable: Array.from({ length: 40 }, (_, i) => ({ path: `/home/gate/proj/pkg${i}/package.json`, why: 'a package manifest' })) };
      const stops = Array.from({ length: 12 }, (_, i) => ({ kind: 'write' as const, target: `/etc/x${i}`, evidence: 'output' as const }));
      const runner: CommandRunner = {
        run: async () => ({ exitCode: 1, output: 'secret output', truncatedBytes: 0, timedOut: false, via: 'shell-integration', durationMs: 3, started: true, notes: [], sandboxStops: stops, containment: many }),
        containmentIfApproved: () => many,
      };
      await gate(runner, [], capture, 'bypass').run({ command: 'touch /etc/x0', cwd: '/home/gate/proj', tool: 'run_shell_command' });
      const [record] = capture.records();
      assert.equal(record?.action, 'approve');
      const run = record?.run;
      assert.ok(run, 'the record has the run');
      assert.deepEqual({ via: run.via, started: run.started, exitCode: run.exitCode, timedOut: run.timedOut }, { via: 'shell-integration', started: true, exitCode: 1, timedOut: false });
      assert.equal(run.containment?.notWritable.count, 40);
      assert.equal(run.containment?.notWritable.first.length, CAPTURE_LIST_SHOWN);
      assert.deepEqual(run.containment?.writable, { count: 2, first: ['/home/gate/proj', '/tmp'] });
      assert.equal(run.sandboxStops?.count, 12);
      assert.deepEqual(run.sandboxStops?.first.map((stop) => stop.target), ['/etc/x0', '/etc/x1', '/etc/x2', '/etc/x3', '/etc/x4']);
      assert.equal(JSON.stringify(record).includes('secret output'), false, 'never the output');
      assert.ok(CaptureExportSchema.safeParse(JSON.parse(JSON.stringify(capture.export()))).success, 'the export still parses');
    });

    it('a run that did not go contained keeps no policy; a decision that did not run keeps no run', async () => {
      const capture = new CaptureLog({ capacity: 10 });
      const runner: CommandRunner = { run: async () => ({ exitCode: 0, output: '', truncatedBytes: 0, timedOut: false, via: 'child-process', durationMs: 1, started: true, notes: [] }) };
      await gate(runner, [], capture, 'bypass').run({ command: 'ls', cwd: '/tmp', tool: 'run_shell_command' });
      await gate(runner, [], capture, 'manual').run({ command: 'touch x', cwd: '/tmp', tool: 'run_shell_command' });
      const [ran, rejected] = capture.records();
      assert.deepEqual(ran?.run, { via: 'child-process', started: true, exitCode: 0, timedOut: false });
      assert.equal(rejected?.run, undefined);
    });

    it('a long path or a secret in a stop: cut, and redacted at export like the rest of the record', () => {
      const capture = new CaptureLog({ capacity: 10 });
      const record = capture.begin({ tool: 'run_shell_command', command: 'x', rung: 'bypass', cwd: '/tmp' });
      const long = `/tmp/${'a'.repeat(5000)}`;
      capture.noteRun(record, { exitCode: 1, output: '', truncatedBytes: 0, timedOut: false, via: 'child-process', durationMs: 1, started: true, notes: [], sandboxStops: [{ kind: 'network', target: 'ghp_0123456789abcdefghij0123456789abcdef:443', evidence: 'output' }], containment: { ...POLICY, writable: [long] } });
      const [kept] = capture.records();
      assert.ok(kept!.run!.containment!.writable.first[0]!.length <= CAPTURE_TEXT_CHARS);
      assert.ok(CaptureRecordSchema.safeParse(kept).success);
      const redacted = JSON.stringify(redact(capture.export(), { literals: [] }));
      assert.equal(redacted.includes('ghp_0123456789'), false, redacted.slice(0, 300));
    });
  });
});
