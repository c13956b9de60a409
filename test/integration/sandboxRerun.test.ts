/**
 * A person's rerun of what the sandbox stopped, with real bubblewrap (D§13 "Containment";
 * docs/decisions.md "A person can rerun what the sandbox stopped"): the extension's gated path
 * (`GatedExecution`) over the child-process runner, contained. A write outside the workspace is
 * stopped; the sandbox-stop card offers that exact path; rerun with it added, the write lands. A stop
 * naming a planted protected place (git hooks in the workspace, an editor's tasks file elsewhere) is
 * never offered, and the protected place stays unwritten.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { CaptureLog } from '../../src/gate/capture/captureLog';
import { Sandbox } from '../../src/gate/containment/sandbox';
import { sandboxPolicyFor, type SandboxPolicy } from '../../src/gate/containment/sandboxPolicy';
import type { Decision } from '../../src/gate/decision';
import type { ExecutionRecord } from '../../src/gate/execution/executionRecord';
import type { CardExtras } from '../../src/protocol/cardView';
import { runInChildProcess } from '../../src/vscode/childProcessRunner';
import { GatedExecution, type CommandRunner } from '../../src/vscode/gatedExecution';
import { HAVE_BUBBLEWRAP } from '../support/bubblewrap';

describe('sandbox rerun: real bubblewrap (D§13 containment)', function () {
  if (!HAVE_BUBBLEWRAP) {
    it('needs bubblewrap on Linux (scripts/ensureSystem.mjs installs it)', function () {
      this.skip();
    });
    return;
  }
  this.timeout(120_000);
  let root: string;
  let home: string;
  let workspace: string;
  let outside: string;

  let server: Server;
  let port: number;

  before(async () => {
    assert.deepEqual(await Sandbox.shared().start(), { ok: true }, 'the sandbox must start on this machine');
    server = createServer((_request, response) => response.end('served'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  // The library's proxy keeps the process alive until stopped.
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Sandbox.shared().stop();
  });
  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gate-rerun-')));
    home = join(root, 'home');
    workspace = join(root, 'work', 'app');
    outside = join(root, 'outside');
    for (const dir of [home, join(workspace, '.git', 'hooks'), join(root, 'tmp'), join(outside, 'proj', '.vscode')]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(workspace, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\nexit 0\n');
    writeFileSync(join(outside, 'proj', '.vscode', 'tasks.json'), '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** The gate at `manual` over the contained child-process runner: the escalation card answers "Run once", the sandbox-stop card `rerun-widened` (up to `reruns` times). */
  function gate(reruns = 3) {
    const runs: ExecutionRecord[] = [];
    const cards: Array<NonNullable<CardExtras['rerun']>> = [];
    const runner: CommandRunner = {
      run: async (command: string, cwd: string, signal?: AbortSignal, decision?: Decision, options?: { policy?: SandboxPolicy }) => {
        const policy =
          options?.policy ??
          sandboxPolicyFor({ command, cwd, home, decision: decision!, workspaceFolders: [workspace], tempFolder: join(root, 'tmp') });
        const record = await runInChildProcess(command, cwd, { timeoutMs: 30_000, home, environment: { ...process.env, HOME: home }, containment: { policy }, ...(signal ? { signal } : {}) });
        runs.push(record);
        return record;
      },
    };
    const capture = new CaptureLog({ capacity: 10 });
    const log = { info: () => undefined, warn: () => undefined } as unknown as vscode.LogOutputChannel;
    const execution = new GatedExecution({
      policy: () => ({ rung: 'manual', allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] }),
      rater: async () => null,
      person: {
        ask: async () => ({ kind: 'run-once' }),
        askRerun: async (_escalation, _signal, extras) => {
          cards.push(extras.rerun);
          return cards.length <= reruns ? { kind: 'rerun-widened' } : { kind: 'reject' };
        },
      },
      runner,
      capture,
      home,
      storeGrant: async () => undefined,
      log,
    });
    return { execution, runs, cards, capture };
  }

  it('a write outside the workspace is stopped; rerun with that exact path added, it succeeds', async () => {
    const target = join(outside, 'out.txt');
    const g = gate();
    const { decision, execution } = await g.execution.run({ command: `echo rerun > ${target}`, cwd: workspace, tool: 'run_shell_command' });
    assert.equal(decision.action, 'approve', decision.reason);
    assert.equal(g.runs.length, 2, JSON.stringify(g.runs.map((r) => r.notes)));
    assert.notEqual(g.runs[0]!.exitCode, 0, 'the first run was stopped');
    assert.deepEqual(g.runs[0]!.sandboxStops?.map((stop) => [stop.kind, stop.target]), [['write', target]]);
    assert.deepEqual(g.cards, [{ stops: g.runs[0]!.sandboxStops, adds: { paths: [target], hosts: [], creates: [target] }, exitCode: g.runs[0]!.exitCode }]);
    assert.equal(execution?.exitCode, 0, JSON.stringify(execution));
    assert.equal(readFileSync(target, 'utf8'), 'rerun\n');
    assert.deepEqual(execution?.sandboxStops, []);
    assert.ok(execution?.containment?.writable.includes(target));
    assert.ok(execution?.containment?.notWritable.some((entry) => entry.path === join(workspace, '.git', 'hooks')), 'the workspace\'s protected places stay unwritable in the rerun');
    assert.equal(g.capture.records()[0]?.reruns?.[0]?.added.paths.first[0], target);
  });

  it('the widened rerun can write only that path: its next write outside is stopped again', async () => {
    const target = join(outside, 'out.txt');
    const other = join(outside, 'other.txt');
    const g = gate(1);
    // The first run stops at the first write (set -e), so only that path is offered.
    const { execution } = await g.execution.run({ command: `set -e; echo a > ${target}; echo b > ${other}`, cwd: workspace, tool: 'run_shell_command' });
    assert.deepEqual(g.cards[0]?.adds, { paths: [target], hosts: [], creates: [target] });
    assert.equal(g.runs.length, 2);
    assert.equal(readFileSync(target, 'utf8'), 'a\n');
    assert.deepEqual(g.runs[1]!.sandboxStops?.map((stop) => stop.target), [other], 'the rerun is stopped at the next outside write');
    assert.equal(existsSync(other), false);
    assert.deepEqual(g.cards[1]?.adds.paths, [other], 'that stop is offered again, on a card of its own');
    assert.ok(execution?.notes.some((note) => note.startsWith('A person chose not to rerun')), JSON.stringify(execution?.notes));
  });

  it('a connection to a host outside the policy is stopped; rerun with that exact host:port added, it connects', async () => {
    // The address comes from a file, so the decision approves no host; `--noproxy ''`: the library's
    // NO_PROXY sends loopback past its proxy (docs/decisions.md "Containment: the sandbox's policy").
    writeFileSync(join(workspace, 'url.txt'), `http://127.0.0.1:${port}/`);
    const g = gate();
    const { execution } = await g.execution.run({ command: `curl -fsS --max-time 10 --noproxy '' "$(cat url.txt)"`, cwd: workspace, tool: 'run_shell_command' });
    assert.ok(g.runs[0]!.sandboxStops?.some((stop) => stop.kind === 'network' && stop.target === `127.0.0.1:${port}`), JSON.stringify(g.runs[0]!.sandboxStops));
    assert.deepEqual(g.cards[0]?.adds, { paths: [], hosts: [`127.0.0.1:${port}`], creates: [] });
    assert.equal(g.runs.length, 2);
    assert.equal(execution?.exitCode, 0, JSON.stringify(execution));
    assert.equal(execution?.output, 'served');
    assert.deepEqual(execution?.containment?.hosts, [`127.0.0.1:${port}`]);
  });

  it('a stop naming a planted protected place is never offered: no card, no rerun, the reason on the result', async () => {
    const hook = join(workspace, '.git', 'hooks', 'pre-commit');
    const tasks = join(outside, 'proj', '.vscode', 'tasks.json');
    for (const planted of [hook, tasks]) {
      const g = gate();
      const { execution } = await g.execution.run({ command: `echo x > ${join(outside, 'out.txt')}; echo pwned > ${planted}`, cwd: workspace, tool: 'run_shell_command' });
      assert.ok(g.runs[0]!.sandboxStops?.some((stop) => stop.target === planted), `the sandbox stopped the write to ${planted}: ${JSON.stringify(g.runs[0]!.sandboxStops)}`);
      assert.deepEqual(g.cards, [], 'no rerun card');
      assert.equal(g.runs.length, 1, 'no rerun');
      assert.ok(execution?.notes.some((note) => note.startsWith('No rerun with a wider sandbox is offered') && note.includes(planted)), JSON.stringify(execution?.notes));
      assert.notEqual(readFileSync(planted, 'utf8'), 'pwned\n');
      assert.equal(existsSync(join(outside, 'out.txt')), false);
    }
  });
});
