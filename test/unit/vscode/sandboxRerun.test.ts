/**
 * A person can rerun what the sandbox stopped (D§13 "Containment"; docs/decisions.md "A person can
 * rerun what the sandbox stopped"): after a contained run with stops, the sandbox-stop card offers one
 * rerun with exactly the stopped paths and hosts added; only the card's own answer reruns; the rerun
 * runs under the widened policy and is recorded; a protected stop offers no card and says why. The
 * card's messages are validated like every other (D§10): the rerun answer on any other card, or with
 * anything attached, changes nothing.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { CaptureExportSchema, CaptureLog } from '../../../src/gate/capture/captureLog';
import type { SandboxStop } from '../../../src/gate/containment/sandbox';
import type { SandboxPolicy } from '../../../src/gate/containment/sandboxPolicy';
import type { Decision } from '../../../src/gate/decision';
import type { ExecutionRecord } from '../../../src/gate/execution/executionRecord';
import type { Escalation } from '../../../src/gate/person';
import { readCommand } from '../../../src/gate/reading/reading';
import type { CardExtras } from '../../../src/protocol/cardView';
import { CardViewSchema, parseWebviewMessage } from '../../../src/protocol/messages';
import { PendingDecisions, type RerunAnswer } from '../../../src/protocol/pendingDecisions';
import { GatedExecution, type CommandRunner } from '../../../src/vscode/gatedExecution';

const HOME = '/home/gate';
const POLICY: SandboxPolicy = {
  writable: ['/home/gate/proj', '/var/tmp/gate-temp'],
  notWritable: [{ path: '/home/gate/proj/.git/hooks', why: 'version-control hooks' }],
  unreadable: [{ path: '/home/gate/.ssh', why: 'SSH keys' }],
  hosts: [],
  approved: { paths: [], hosts: [] },
};

function record(stops: SandboxStop[], containment: SandboxPolicy, exitCode = 1): ExecutionRecord {
  return { exitCode, output: '', truncatedBytes: 0, timedOut: false, via: 'child-process', durationMs: 1, started: true, notes: [], sandboxStops: stops, containment };
}

interface Harness {
  gate: GatedExecution;
  runs: Array<{ command: string; policy: SandboxPolicy | undefined }>;
  cards: Array<CardExtras & { rerun: NonNullable<CardExtras['rerun']> }>;
  capture: CaptureLog;
}

/** At `manual` every command goes to a person; the escalation card answers "Run once", then the sandbox-stop card `answer`. */
function harness(stopsOf: (policy: SandboxPolicy | undefined, n: number) => SandboxStop[], answer: RerunAnswer | null, rung: 'manual' | 'bypass' = 'manual'): Harness {
  const runs: Harness['runs'] = [];
  const cards: Harness['cards'] = [];
  const capture = new CaptureLog({ capacity: 10 });
  const runner: CommandRunner = {
    run: async (command: string, _cwd: string, _signal?: AbortSignal, _decision?: Decision, options?: { policy?: SandboxPolicy }) => {
      runs.push({ command, policy: options?.policy });
      const policy = options?.policy ?? POLICY;
      return record(stopsOf(options?.policy, runs.length), policy, stopsOf(options?.policy, runs.length).length > 0 ? 1 : 0);
    },
  };
  const log = { info: () => undefined, warn: () => undefined } as unknown as vscode.LogOutputChannel;
  const person = {
    ask: async () => ({ kind: 'run-once' as const }),
    ...(answer
      ? {
          askRerun: async (_escalation: Escalation, _signal: AbortSignal | undefined, extras: CardExtras & { rerun: NonNullable<CardExtras['rerun']> }) => {
            cards.push(extras);
            return answer;
          },
        }
      : {}),
  };
  const gate = new GatedExecution({
    policy: () => ({ rung, allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] }),
    rater: async () => null,
    person,
    runner,
    capture,
    home: HOME,
    storeGrant: async () => undefined,
    log,
  });
  return { gate, runs, cards, capture };
}

/** Outside the policy, in a folder that exists (the rerun creates the file empty, then makes exactly it writable). */
const OUTSIDE = realpathSync(mkdtempSync(join(tmpdir(), 'sandbox-rerun-unit-')));
after(() => rmSync(OUTSIDE, { recursive: true, force: true }));
const OUT = `${OUTSIDE}/out.bin`;
const stoppedOnce = (policy: SandboxPolicy | undefined): SandboxStop[] => (policy ? [] : [{ kind: 'write', target: OUT, evidence: 'output' }, { kind: 'network', target: 'api.example.com:443', evidence: 'violation-log' }]);

describe('extension: a person can rerun what the sandbox stopped (D§13 containment)', () => {
  it('the card offers exactly the stopped path and host; chosen, the rerun runs under the original policy plus those', async () => {
    const h = harness(stoppedOnce, { kind: 'rerun-widened' });
    const { execution } = await h.gate.run({ command: `touch ${OUT} && curl https://api.example.com`, cwd: '/home/gate/proj', tool: 'run_shell_command' });
    assert.equal(h.cards.length, 1);
    assert.deepEqual(h.cards[0]!.rerun.adds, { paths: [OUT], hosts: ['api.example.com:443'], creates: [OUT] });
    assert.deepEqual(h.cards[0]!.containment?.policy.writable, [...POLICY.writable, OUT], 'the card shows the rerun\'s policy');
    assert.equal(h.runs.length, 2);
    const widened = h.runs[1]!.policy!;
    assert.deepEqual(widened.writable, [...POLICY.writable, OUT]);
    assert.deepEqual(widened.hosts, ['api.example.com:443']);
    assert.deepEqual(widened.notWritable, POLICY.notWritable);
    assert.deepEqual(widened.unreadable, POLICY.unreadable);
    assert.equal(execution?.exitCode, 0, 'the call\'s result is the rerun\'s');
    assert.ok((execution?.notes[0] ?? '').startsWith(`Rerun by a person's choice after a sandbox stop, with the sandbox widened for this run only: may write ${OUT} (created empty for it); may connect to api.example.com:443`), execution?.notes[0]);
    rmSync(OUT);
    const rec = h.capture.records()[0]!;
    assert.deepEqual(rec.reruns?.[0]?.added, { paths: { count: 1, first: [OUT] }, hosts: { count: 1, first: ['api.example.com:443'] } });
    assert.deepEqual(rec.reruns?.[0]?.run.containment?.writable.first, [...POLICY.writable, OUT], 'the capture log keeps the widened policy');
    assert.ok(CaptureExportSchema.safeParse(h.capture.export()).success);
  });

  it('the person says no (or the card closes): nothing reruns, and the result says so', async () => {
    for (const answer of [{ kind: 'reject' } as const, { kind: 'cancelled' } as const]) {
      const h = harness(stoppedOnce, answer);
      const { execution } = await h.gate.run({ command: `touch ${OUT}`, cwd: '/home/gate/proj', tool: 'run_shell_command' });
      assert.equal(h.runs.length, 1);
      assert.equal(execution?.exitCode, 1);
      assert.match(execution?.notes.at(-1) ?? '', answer.kind === 'reject' ? /^A person chose not to rerun/ : /^Nothing was rerun .*card closed/);
      assert.equal(h.capture.records()[0]!.reruns, undefined);
    }
  });

  it('a stop naming a protected place or a credential store: no card, no rerun, and the result says why', async () => {
    for (const target of ['/home/gate/proj/.git/hooks/pre-commit', '/home/gate/.aws/credentials', '/home/gate/.bashrc']) {
      const h = harness((policy) => (policy ? [] : [{ kind: 'write', target: OUT, evidence: 'output' }, { kind: 'write', target, evidence: 'output' }]), { kind: 'rerun-widened' });
      const { execution } = await h.gate.run({ command: `touch ${OUT} ${target}`, cwd: '/home/gate/proj', tool: 'run_shell_command' });
      assert.equal(h.cards.length, 0, target);
      assert.equal(h.runs.length, 1, target);
      assert.ok(execution?.notes.some((note) => note.startsWith('No rerun with a wider sandbox is offered') && note.includes(target)), JSON.stringify(execution?.notes));
    }
  });

  it('without a card to ask (a headless person), nothing is offered and nothing reruns', async () => {
    const h = harness(stoppedOnce, null);
    await h.gate.run({ command: `touch ${OUT}`, cwd: '/home/gate/proj', tool: 'run_shell_command' });
    assert.equal(h.runs.length, 1);
  });

  it('at the bypass rung, which asks nobody, no card holds the agent up: the stop is reported, nothing reruns', async () => {
    const h = harness(stoppedOnce, { kind: 'rerun-widened' }, 'bypass');
    const { execution } = await h.gate.run({ command: `touch ${OUT}`, cwd: '/home/gate/proj', tool: 'run_shell_command' });
    assert.equal(h.cards.length, 0);
    assert.equal(h.runs.length, 1);
    assert.match(execution?.notes.at(-1) ?? '', /bypass rung/);
  });

  it('a rerun stopped again may be offered again, at most three reruns per call', async () => {
    const h = harness((_policy, n) => [{ kind: 'write', target: `${OUTSIDE}/out${n}.bin`, evidence: 'output' }], { kind: 'rerun-widened' });
    const { execution } = await h.gate.run({ command: 'make install', cwd: '/home/gate/proj', tool: 'run_shell_command' });
    assert.match(execution?.notes.at(-1) ?? '', /No further rerun .*3 per call/);
    assert.equal(h.runs.length, 4);
    assert.deepEqual(h.runs[3]!.policy?.approved.paths, [`${OUTSIDE}/out1.bin`, `${OUTSIDE}/out2.bin`, `${OUTSIDE}/out3.bin`]);
    assert.equal(h.capture.records()[0]!.reruns?.length, 3);
  });
});

describe('protocol: the sandbox-stop card (D§10, D§13)', () => {
  const escalation: Escalation = { reading: readCommand(`touch ${OUT}`, { home: HOME, shell: 'bash' }), stage: 'bypass', reason: 'The sandbox stopped a write.' };
  const rerun = { stops: [{ kind: 'write' as const, target: OUT, evidence: 'output' as const }], adds: { paths: [OUT], hosts: [], creates: [] }, exitCode: 1 };
  const decide = (cardId: string, answer: unknown, requestId = 'r1') => ({ type: 'decide', requestId, cardId, answer });

  function queue() {
    let n = 0;
    return new PendingDecisions({ log: () => undefined, newId: () => `card-${++n}` });
  }

  it('the card offers only the rerun and leaving it, and names the stop and the additions', () => {
    const pending = queue();
    pending.addRerun(escalation, { rerun, containment: { policy: POLICY, home: HOME } });
    const view = pending.cards()[0]!;
    assert.deepEqual(view.offers, ['rerun-widened', 'reject']);
    assert.deepEqual(view.sandboxRerun, { exitCode: 1, stops: [{ kind: 'write', target: OUT }], adds: { paths: [OUT], hosts: [], creates: [] } });
    assert.equal(view.grantPreview, undefined);
  });

  it('the rerun answer from its card reruns; a reject leaves it', async () => {
    const pending = queue();
    const { answer } = pending.addRerun(escalation, { rerun });
    const reply = pending.receive(decide('card-1', { kind: 'rerun-widened' }));
    assert.deepEqual(reply, { kind: 'ack', ack: { type: 'ack', requestId: 'r1', accepted: true, reason: 'Decision recorded.' } });
    assert.deepEqual(await answer, { kind: 'rerun-widened' });
    const second = pending.addRerun(escalation, { rerun });
    pending.receive(decide('card-2', { kind: 'reject' }));
    assert.deepEqual(await second.answer, { kind: 'reject' });
  });

  it('the rerun answer on an escalation card, any grant on a stop card, or paths attached to the answer: refused, nothing changes', async () => {
    const pending = queue();
    const escalated = pending.add(escalation);
    const refusedOnEscalation = pending.receive(decide('card-1', { kind: 'rerun-widened' }));
    assert.equal(refusedOnEscalation.kind === 'ack' && refusedOnEscalation.ack.accepted, false);
    const stop = pending.addRerun(escalation, { rerun });
    for (const answer of [{ kind: 'run-once' }, { kind: 'allow-always' }, { kind: 'rerun-widened', paths: ['/etc'] }, { kind: 'rerun-widened', hosts: ['evil.example'] }]) {
      const reply = pending.receive(decide('card-2', answer));
      assert.equal(reply.kind === 'ack' && reply.ack.accepted, false, JSON.stringify(answer));
    }
    assert.equal(pending.size, 2, 'both cards still wait');
    assert.equal(parseWebviewMessage(decide('card-2', { kind: 'rerun-widened', extra: 1 })).ok, false);
    pending.cancelAll('test over');
    assert.deepEqual(await escalated.answer, { kind: 'cancelled' });
    assert.deepEqual(await stop.answer, { kind: 'cancelled' });
  });

  it('a card view that offers the rerun without a stop, or more than the rerun with one, is malformed', () => {
    const pending = queue();
    pending.addRerun(escalation, { rerun });
    const view = pending.cards()[0]!;
    assert.equal(CardViewSchema.safeParse(view).success, true);
    assert.equal(CardViewSchema.safeParse({ ...view, offers: ['rerun-widened', 'reject', 'run-once'] }).success, false);
    const withoutStop: Record<string, unknown> = { ...view };
    delete withoutStop.sandboxRerun;
    assert.equal(CardViewSchema.safeParse(withoutStop).success, false);
    assert.equal(CardViewSchema.safeParse({ ...view, sandboxRerun: { ...view.sandboxRerun!, adds: { paths: [], hosts: [], creates: [] } } }).success, false);
    assert.equal(CardViewSchema.safeParse({ ...view, sandboxRerun: { ...view.sandboxRerun!, adds: { paths: [OUT], hosts: [], creates: ['/etc/passwd'] } } }).success, false);
  });

  it('a stop too long to show whole builds no card: the rerun resolves cancelled (not offered)', async () => {
    const pending = queue();
    const long = `/opt/${'x'.repeat(9000)}`;
    const { answer } = pending.addRerun(escalation, { rerun: { ...rerun, adds: { paths: [long], hosts: [], creates: [] } } });
    assert.deepEqual(await answer, { kind: 'cancelled' });
    assert.equal(pending.size, 0);
  });
});
