/**
 * The terminal's contained route with real bubblewrap (D§13 "Containment"; docs/decisions.md "The
 * terminal runs contained commands"): what the "Approvals Gate" terminal is given to type for a
 * contained command (`containedTerminalLine`: bash runs a private file holding the sandbox's
 * wrapped line, the command shown as a comment), run by a bash standing in for the terminal's
 * shell, through the runners' shared start / run / stops report (`containedExecution`). The VS Code
 * side (typing, the status record) is test/e2e/inHost/terminalRunner.test.ts; this is what the
 * shell does with the line: the command cannot write outside the workspace, the stop is reported
 * as the child-process route reports it, the status is the command's, and a `cd` or `export` in
 * the command does not reach the terminal's shell.
 *
 * Needs bubblewrap, socat and ripgrep (scripts/ensureSystem.mjs installs them for `npm test`).
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { containedExecution, containedTerminalLine } from '../../src/gate/containment/containedRun';
import { Sandbox } from '../../src/gate/containment/sandbox';
import { sandboxPolicyFor, type SandboxPolicy } from '../../src/gate/containment/sandboxPolicy';
import type { ExecutionRecord } from '../../src/gate/execution/executionRecord';
import { askGate } from '../support/askGate';
import { HAVE_BUBBLEWRAP } from '../support/bubblewrap';

/** What the terminal's shell printed after the typed line ran: its own folder and variable. */
const AFTER = 'echo "shell-after: status=$? pwd=$PWD x=${GATE_TERMINAL_X-unset}"';

describe('sandbox: the terminal\'s contained line with real bubblewrap (D§13)', function () {
  if (!HAVE_BUBBLEWRAP) {
    it('needs bubblewrap on Linux (scripts/ensureSystem.mjs installs it)', function () {
      this.skip();
    });
    return;
  }
  this.timeout(120000);
  let root: string;
  let home: string;
  let workspace: string;
  let outside: string;
  let privateFolder: string;

  before(async () => {
    assert.deepEqual(await Sandbox.shared().start(), { ok: true }, 'the sandbox must start on this machine');
  });
  // The library's proxy keeps the process alive until stopped.
  after(() => Sandbox.shared().stop());
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gate-terminal-line-'));
    home = join(root, 'home');
    workspace = join(root, 'work', 'app');
    outside = join(root, 'outside');
    privateFolder = join(root, 'terminal-private');
    for (const dir of [home, workspace, outside, join(root, 'tmp')]) mkdirSync(dir, { recursive: true });
    mkdirSync(privateFolder, { mode: 0o700 });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Decide at bypass, build the policy, and run as the terminal route does, a bash standing in for the terminal's shell. */
  async function runAsTerminal(command: string): Promise<{ record: ExecutionRecord; policy: SandboxPolicy; typed: string; after: string }> {
    const decision = await askGate(command, { name: 'bypass', rung: 'bypass', allow: [], defaultAllow: true });
    assert.equal(decision.action, 'approve', decision.reason);
    const policy = sandboxPolicyFor({ command, cwd: workspace, home, decision, workspaceFolders: [workspace], tempFolder: join(root, 'tmp') });
    let typed = '';
    let after = '';
    const record = await containedExecution({ command, policy, env: {}, via: 'shell-integration' }, async (spawnable) => {
      const script = join(privateFolder, 'contained-1.bash');
      writeFileSync(script, spawnable.line, { mode: 0o600 });
      typed = containedTerminalLine(script, command);
      const started = Date.now();
      const shell = spawn('/bin/bash', ['--noprofile', '--norc', '-c', `${typed}\n__status=$?\n${AFTER.replace('$?', '$__status')}`], { cwd: workspace, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      await new Promise((resolve) => shell.on('close', resolve));
      const line = output.split('\n').find((l) => l.startsWith('shell-after: ')) ?? '';
      after = line;
      const status = Number(/status=(\d+)/.exec(line)?.[1] ?? NaN);
      return { exitCode: status, output: output.replace(line, ''), truncatedBytes: 0, timedOut: false, via: 'shell-integration', durationMs: Date.now() - started, started: true, notes: [] };
    });
    return { record, policy, typed, after };
  }

  it('a write outside the workspace fails, and the stop is reported as the child-process route reports it', async () => {
    const target = join(outside, 'planted');
    const { record, policy, typed } = await runAsTerminal(`echo x > ${target}`);
    assert.ok(typed.endsWith(` # echo x > ${target}`), `the command is shown as a comment: ${typed}`);
    assert.notEqual(record.exitCode, 0, record.output);
    assert.equal(existsSync(target), false, 'nothing was written outside');
    assert.deepEqual(record.sandboxStops?.map((stop) => [stop.kind, stop.target]), [['write', target]]);
    assert.ok(record.notes.some((note) => note.includes(`stopped a write to ${target}`)), record.notes.join(' | '));
    assert.deepEqual(record.containment, policy, 'the record keeps the policy it ran under');
  });

  it('work in the workspace runs, with the command\'s own status', async () => {
    const { record } = await runAsTerminal('echo kept > inside.txt && exit 3');
    assert.equal(record.exitCode, 3, record.output);
    assert.equal(readFileSync(join(workspace, 'inside.txt'), 'utf8'), 'kept\n');
    assert.deepEqual(record.sandboxStops, []);
  });

  it('a cd or export in the command ends with it: the terminal\'s shell keeps its folder and variables', async () => {
    const { record, after } = await runAsTerminal('cd / && export GATE_TERMINAL_X=1 && pwd');
    assert.equal(record.exitCode, 0, record.output);
    assert.match(record.output, /^\/$/m, 'inside, the command was in /');
    assert.equal(after, `shell-after: status=0 pwd=${workspace} x=unset`);
  });
});
