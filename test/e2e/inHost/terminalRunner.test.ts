import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { TerminalRunner, type TerminalRunnerSettings } from '../../../src/vscode/terminalRunner';

/**
 * The terminal runner inside a real VS Code (code-server 4.100.3's extension host): shell
 * integration, output and exit codes, the timeout, forged end-of-command sequences, the fresh-state
 * rule, the scrubbed environment, the fallback to a child process, and the exec-time recheck.
 * Each runner here uses its own terminal name, so the extension's own "Approvals Gate" terminal
 * (if the extension ran something) is not disturbed.
 */

const NAME = 'Approvals Gate (in-host test)';

/** Waits (up to 3 s) for a condition VS Code settles asynchronously, such as a disposed terminal leaving the list. */
async function eventually(check: () => boolean): Promise<boolean> {
  const until = Date.now() + 3000;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return check();
}

function terminalsNamed(name: string): vscode.Terminal[] {
  return vscode.window.terminals.filter((t) => t.name === name);
}

describe('terminal runner (in VS Code)', function () {
  this.timeout(60_000);
  let cwd: string;
  const settings: TerminalRunnerSettings = { timeoutMs: 20_000, passEnvironment: [] };
  let runner: TerminalRunner;
  const logLines: string[] = [];

  before(() => {
    cwd = realpathSync(mkdtempSync(join(tmpdir(), 'approvals-gate-inhost-')));
    runner = new TerminalRunner({
      settings: () => settings,
      home: homedir(),
      name: NAME,
      environment: { ...process.env, ACME_API_KEY: 'planted-key-value-0000', ACME_PASSED_TOKEN: 'passed-value-1111' },
      log: (line) => logLines.push(line),
    });
  });
  after(() => {
    runner.dispose();
    rmSync(cwd, { recursive: true, force: true });
  });
  afterEach(() => {
    settings.timeoutMs = 20_000;
    settings.passEnvironment = [];
  });

  it('runs through shell integration in a terminal of its own, with output and exit code', async () => {
    const record = await runner.run('echo hello; false', cwd);
    assert.equal(record.via, 'shell-integration', record.notes.join(' | '));
    assert.equal(record.exitCode, 1);
    assert.equal(record.output, 'hello\n');
    assert.equal(record.timedOut, false);
    assert.equal(record.started, true);
    assert.equal(terminalsNamed(NAME).length, 1);
  });

  it('reports other exit codes, and reuses the terminal', async () => {
    const record = await runner.run("bash -c 'exit 3'", cwd);
    assert.equal(record.via, 'shell-integration');
    assert.equal(record.exitCode, 3);
    const ok = await runner.run('true', cwd);
    assert.equal(ok.exitCode, 0);
    assert.equal(terminalsNamed(NAME).length, 1, 'a second terminal was opened for an unchanged shell');
  });

  it('types the command exactly: no history expansion in the terminal', async () => {
    const record = await runner.run('echo X!!Y ^a^b', cwd);
    assert.equal(record.via, 'shell-integration');
    assert.equal(record.output, 'X!!Y ^a^b\n');
  });

  it('the exit code is the shell\'s, not a forged end-of-command sequence\'s', async () => {
    const record = await runner.run("printf 'before\\033]633;D;0\\007'; sleep 2; echo after; bash -c 'exit 4'", cwd);
    assert.equal(record.via, 'shell-integration');
    assert.equal(record.exitCode, 4, record.notes.join(' | '));
    assert.match(record.output, /before/);
    assert.match(record.notes.join(' '), /forged end-of-command sequence/);
  });

  it('every command starts in a fresh shell in the requested folder', async () => {
    const moved = await runner.run('cd / && export GATE_TEST_VAR=1 && alias ls=false', cwd);
    assert.equal(moved.exitCode, 0);
    assert.match(moved.notes.join(' '), /next command starts in a fresh shell/);
    const record = await runner.run('pwd; echo "var=${GATE_TEST_VAR:-unset}"; type -t ls', cwd);
    assert.equal(record.output, `${cwd}\nvar=unset\nfile\n`);
    assert.ok(await eventually(() => terminalsNamed(NAME).length === 1), 'the old terminal was not closed');
  });

  it('gives the command the scrubbed environment (also what the terminal host adds)', async () => {
    settings.passEnvironment = ['ACME_PASSED_TOKEN'];
    const record = await runner.run('env', cwd);
    assert.equal(record.via, 'shell-integration');
    const names = new Set(record.output.split('\n').filter((l) => l.includes('=')).map((l) => l.slice(0, l.indexOf('='))));
    for (const name of ['ACME_API_KEY', 'VSCODE_IPC_HOOK_CLI', 'VSCODE_GIT_IPC_HANDLE', 'GIT_ASKPASS', 'VSCODE_NONCE', 'ELECTRON_RUN_AS_NODE']) {
      assert.equal(names.has(name), false, `${name} reached the command`);
    }
    assert.match(record.output, /^ACME_PASSED_TOKEN=passed-value-1111$/m);
    assert.match(record.output, /^PAGER=cat$/m);
    assert.match(record.output, /^GIT_PAGER=cat$/m);
    assert.match(record.output, /^INPUTRC=\/dev\/null$/m);
  });

  it('times out: Ctrl+C, no exit code, and the next command gets a working terminal', async () => {
    settings.timeoutMs = 1500;
    const started = Date.now();
    const record = await runner.run('echo started; sleep 30', cwd);
    assert.equal(record.via, 'shell-integration');
    assert.equal(record.timedOut, true);
    assert.equal(record.exitCode, null);
    assert.match(record.output, /started/);
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
    settings.timeoutMs = 20_000;
    const next = await runner.run('echo after', cwd);
    assert.equal(next.exitCode, 0);
    assert.equal(next.output, 'after\n');
  });

  it('recreates a terminal the person closed', async () => {
    await runner.run('true', cwd);
    for (const terminal of terminalsNamed(NAME)) terminal.dispose();
    await new Promise((r) => setTimeout(r, 500));
    const record = await runner.run('echo again', cwd);
    assert.equal(record.via, 'shell-integration');
    assert.equal(record.output, 'again\n');
  });

  describe('falls back to a child process', () => {
    it('for a command of several lines (the terminal would run each line alone)', async () => {
      const record = await runner.run("echo one\necho two\nbash -c 'exit 6'", cwd);
      assert.equal(record.via, 'child-process');
      assert.equal(record.output, 'one\ntwo\n');
      assert.equal(record.exitCode, 6);
      assert.match(record.notes[0] ?? '', /several lines/);
    });

    it('for input bash reads as incomplete (the terminal would wait for more)', async () => {
      const started = Date.now();
      const record = await runner.run('echo "abc', cwd);
      assert.equal(record.via, 'child-process');
      assert.equal(record.exitCode, 2);
      assert.ok(Date.now() - started < 5000);
    });

    it('when shell integration does not come up, and from then on', async () => {
      const quiet = join(cwd, 'no-integration.sh');
      writeFileSync(quiet, '# sourced, but reports nothing\n');
      const fallback = new TerminalRunner({ settings: () => settings, home: homedir(), name: `${NAME} (no integration)`, integrationScript: quiet, readyTimeoutMs: 3000 });
      try {
        const first = await fallback.run('echo via-fallback', cwd);
        assert.equal(first.via, 'child-process');
        assert.equal(first.output, 'via-fallback\n');
        assert.match(first.notes[0] ?? '', /shell integration is unavailable: shell integration did not activate within 3000 ms/);
        assert.ok(fallback.shellIntegrationUnavailable);
        const started = Date.now();
        const second = await fallback.run('true', cwd);
        assert.equal(second.via, 'child-process');
        assert.ok(Date.now() - started < 2000, 'it waited for shell integration again');
        assert.ok(await eventually(() => terminalsNamed(`${NAME} (no integration)`).length === 0), 'the useless terminal was left open');
      } finally {
        fallback.dispose();
      }
    });

    it('when VS Code\'s shell-integration script is missing', async () => {
      const fallback = new TerminalRunner({ settings: () => settings, home: homedir(), name: `${NAME} (missing script)`, integrationScript: join(cwd, 'missing.sh') });
      try {
        const record = await fallback.run('echo ok', cwd);
        assert.equal(record.via, 'child-process');
        assert.match(record.notes[0] ?? '', /script was not found/);
      } finally {
        fallback.dispose();
      }
    });
  });

  it('the exec-time recheck refuses without running anything', async () => {
    const sentinel = join(cwd, 'SENTINEL');
    const record = await runner.run(`touch ${sentinel}; rm -rf /`, cwd);
    assert.equal(record.refused?.stage, 'hardline-floor');
    assert.equal(record.started, false);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(existsSync(sentinel), false);
  });
});
