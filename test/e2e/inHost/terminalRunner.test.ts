import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { prepareRerun, rerunOfferFor, widenedPolicy } from '../../../src/gate/containment/rerunWidening';
import type { ExecutionRecord } from '../../../src/gate/execution/executionRecord';
import { OUTPUT_END_OSC } from '../../../src/gate/execution/outputEndMarker';
import { TerminalRunner, type TerminalRunnerSettings } from '../../../src/vscode/terminalRunner';

/**
 * The terminal runner inside a real VS Code (code-server 4.100.3's extension host): shell
 * integration, output and exit codes, the timeout, forged end-of-command sequences, the fresh-state
 * rule, the scrubbed environment, the fallback to a child process, and the exec-time recheck.
 * Each runner here uses its own terminal name, so the extension's own "Approvals Gate" terminal
 * (if the extension ran something) is not disturbed.
 */

const NAME = 'Approvals Gate (in-host test)';

/**
 * Waits for the terminal list to satisfy `check`, re-checking whenever a terminal opens or closes:
 * a disposed terminal leaves the list only when the window confirms it, and how long that takes
 * depends on the machine's load (this used to poll for a fixed 3 s). Bounded: false after `ms`.
 */
function terminalsSettle(check: () => boolean, ms = 15_000): Promise<boolean> {
  if (check()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      for (const subscription of subscriptions) subscription.dispose();
      resolve(value);
    };
    const recheck = () => { if (check()) done(true); };
    const subscriptions = [vscode.window.onDidCloseTerminal(recheck), vscode.window.onDidOpenTerminal(recheck)];
    const timer = setTimeout(() => done(check()), ms);
  });
}

/** The record's notes, for an assertion's message: they say which path ran and what went wrong. */
function why(record: ExecutionRecord): string {
  return `via ${record.via}, exit ${record.exitCode}, ${record.durationMs} ms; notes: ${record.notes.join(' | ') || 'none'}`;
}

function terminalsNamed(name: string): vscode.Terminal[] {
  return vscode.window.terminals.filter((t) => t.name === name);
}

describe('terminal runner (in VS Code)', function () {
  this.timeout(60_000);
  let cwd: string;
  // The terminal's own path, uncontained: the sandbox off (its contained path is the next suite).
  const settings: TerminalRunnerSettings = { timeoutMs: 20_000, passEnvironment: [], sandbox: { mode: 'off', packageRegistries: false } };
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
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.exitCode, 1, why(record));
    assert.equal(record.output, 'hello\n', why(record));
    assert.equal(record.timedOut, false);
    assert.equal(record.started, true);
    assert.equal(terminalsNamed(NAME).length, 1);
  });

  it('reports other exit codes, and reuses the terminal', async () => {
    const record = await runner.run("bash -c 'exit 3'", cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.exitCode, 3, why(record));
    const ok = await runner.run('true', cwd);
    assert.equal(ok.exitCode, 0, why(ok));
    assert.equal(terminalsNamed(NAME).length, 1, 'a second terminal was opened for an unchanged shell');
  });

  it('types the command exactly: no history expansion in the terminal', async () => {
    const record = await runner.run('echo X!!Y ^a^b', cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.output, 'X!!Y ^a^b\n', why(record));
  });

  it('the exit code is the shell\'s, not a forged end-of-command sequence\'s', async () => {
    const record = await runner.run("printf 'before\\033]633;D;0\\007'; sleep 2; echo after; bash -c 'exit 4'", cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.exitCode, 4, why(record));
    assert.match(record.output, /before/, why(record));
    assert.match(record.notes.join(' '), /forged end-of-command sequence/);
  });

  it('output that forges an end and a new start does not hide that it did, nor change the exit code', async () => {
    const record = await runner.run("printf 'one\\n\\033]633;D;0\\007\\033]633;A\\007\\033]633;B\\007\\033]633;C\\007'; sleep 0.5; echo two; bash -c 'exit 6'", cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.exitCode, 6, why(record));
    assert.match(record.output, /^one\n/, why(record));
    assert.match(record.notes.join(' '), /forged/, why(record));
    const next = await runner.run('echo clean', cwd);
    assert.equal(next.output, 'clean\n', why(next));
    assert.deepEqual(next.notes, [], why(next));
  });

  it('every command starts in a fresh shell in the requested folder', async () => {
    const moved = await runner.run('cd / && export GATE_TEST_VAR=1 && alias ls=false', cwd);
    assert.equal(moved.exitCode, 0, why(moved));
    assert.match(moved.notes.join(' '), /next command starts in a fresh shell/);
    const record = await runner.run('pwd; echo "var=${GATE_TEST_VAR:-unset}"; type -t ls', cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.output, `${cwd}\nvar=unset\nfile\n`, why(record));
    assert.equal(record.exitCode, 0, why(record));
    assert.ok(await terminalsSettle(() => terminalsNamed(NAME).length === 1), 'the old terminal was not closed');
  });

  it('captures the output of a new terminal\'s first command, however VS Code reads the line back (long, wrapping, trailing blanks)', async () => {
    // VS Code gives the execution `executeCommand` returns the output only when the command line it
    // reads back off the rendered terminal equals the string passed; a line typed into a new terminal
    // before its prompt is drawn, and long enough to wrap, was read back wrong ("t ls"), and the
    // output went to an execution nobody read. The runner must not depend on that match.
    settings.passEnvironment = ['ACME_PASSED_TOKEN']; // a new terminal
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const record = await runner.run(`echo ${words} | wc -w; echo trailing-blanks   `, cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.exitCode, 0, why(record));
    assert.equal(record.output, '40\ntrailing-blanks\n', why(record));
    const next = await runner.run('echo next-in-the-same-terminal', cwd);
    assert.equal(next.output, 'next-in-the-same-terminal\n', why(next));
  });

  it('output that imitates the end-of-output marker does not end the capture', async () => {
    const fake = `\\033]${OUTPUT_END_OSC};${'0'.repeat(32)};99\\007`;
    const record = await runner.run(`printf '${fake}'; echo after-the-imitation; bash -c 'exit 5'`, cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.exitCode, 5, why(record));
    assert.equal(record.output, 'after-the-imitation\n', why(record));
  });

  it('gives the command the scrubbed environment (also what the terminal host adds)', async () => {
    settings.passEnvironment = ['ACME_PASSED_TOKEN'];
    const record = await runner.run('env', cwd);
    assert.equal(record.via, 'shell-integration', why(record));
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
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.timedOut, true, why(record));
    assert.equal(record.exitCode, null);
    assert.match(record.output, /started/, why(record));
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
    settings.timeoutMs = 20_000;
    const next = await runner.run('echo after', cwd);
    assert.equal(next.exitCode, 0, why(next));
    assert.equal(next.output, 'after\n', why(next));
  });

  it('recreates a terminal the person closed', async () => {
    await runner.run('true', cwd);
    for (const terminal of terminalsNamed(NAME)) terminal.dispose();
    await new Promise((r) => setTimeout(r, 500));
    const record = await runner.run('echo again', cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.output, 'again\n', why(record));
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

    it('when VS Code\'s script sets up nothing: at once, and from then on', async () => {
      const quiet = join(cwd, 'no-integration.sh');
      writeFileSync(quiet, '# sourced, but sets up nothing\n');
      const name = `${NAME} (no integration)`;
      // A long ready timeout: the runner must not need it to find out.
      const fallback = new TerminalRunner({ settings: () => settings, home: homedir(), name, integrationScript: quiet, readyTimeoutMs: 25_000 });
      try {
        const started = Date.now();
        const first = await fallback.run('echo via-fallback', cwd);
        assert.equal(first.via, 'child-process', why(first));
        assert.equal(first.output, 'via-fallback\n', why(first));
        assert.match(first.notes[0] ?? '', /shell integration is unavailable: VS Code's shell-integration script installed no prompt hook/);
        assert.ok(Date.now() - started < 25_000, 'it waited for the ready timeout');
        assert.ok(fallback.shellIntegrationUnavailable);
        const second = await fallback.run('true', cwd);
        assert.equal(second.via, 'child-process');
        assert.match(second.notes[0] ?? '', /because shell integration is unavailable/, 'it tried a terminal again');
        assert.ok(await terminalsSettle(() => terminalsNamed(name).length === 0), 'the useless terminal was left open');
      } finally {
        fallback.dispose();
      }
    });

    it('when the terminal\'s shell dies at start: that command only, until it happens twice', async () => {
      const dying = join(cwd, 'dies.sh');
      writeFileSync(dying, 'exit 3\n');
      const name = `${NAME} (dies)`;
      const fallback = new TerminalRunner({ settings: () => settings, home: homedir(), name, integrationScript: dying });
      try {
        const first = await fallback.run('echo first', cwd);
        assert.equal(first.via, 'child-process', why(first));
        assert.equal(first.output, 'first\n', why(first));
        assert.match(first.notes[0] ?? '', /because the terminal did not start: the terminal's shell exited at start/, why(first));
        assert.equal(fallback.shellIntegrationUnavailable, null, 'one failed start made it final');
        const second = await fallback.run('echo second', cwd);
        assert.match(second.notes[0] ?? '', /because shell integration is unavailable: the terminal's shell exited at start/, why(second));
        const third = await fallback.run('true', cwd);
        assert.match(third.notes[0] ?? '', /because shell integration is unavailable/, why(third));
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

/**
 * The terminal's contained path with real bubblewrap (D§13 "Containment"; docs/decisions.md "The
 * terminal runs contained commands"): the sandbox on, commands still run in the terminal, typed as
 * bash running the sandbox's wrapped line from a private file with the command as a comment; the
 * status and the output are the command's, a write outside the workspace is stopped and reported,
 * and the terminal's shell is never changed by a command.
 */
describe('terminal runner, contained (in VS Code, real bubblewrap)', function () {
  this.timeout(90_000);
  const CONTAINED = 'Approvals Gate (in-host test, contained)';
  const settings: TerminalRunnerSettings = { timeoutMs: 30_000, passEnvironment: [], sandbox: { mode: 'on', packageRegistries: false } };
  let cwd: string;
  let outside: string;
  let runner: TerminalRunner;
  const logLines: string[] = [];

  before(function () {
    if (process.platform !== 'linux' || !existsSync('/usr/bin/bwrap')) this.skip();
    cwd = realpathSync(mkdtempSync(join(tmpdir(), 'approvals-gate-inhost-contained-')));
    // Beside the temp folder, not in it: neither the workspace nor the temp folder is writable there.
    outside = join(dirname(realpathSync(tmpdir())), `approvals-gate-outside-${process.pid}`);
    mkdirSync(outside, { recursive: true });
    runner = new TerminalRunner({ settings: () => ({ ...settings, workspaceFolders: [cwd] }), home: homedir(), name: CONTAINED, environment: process.env, log: (line) => logLines.push(line) });
  });
  after(() => {
    runner?.dispose();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
    if (outside) rmSync(outside, { recursive: true, force: true });
  });
  afterEach(() => {
    settings.timeoutMs = 30_000;
  });

  it('runs in the terminal, contained: the command\'s output and status, the policy on the record', async () => {
    const record = await runner.run('echo inside > made.txt && cat made.txt && exit 4', cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.equal(record.exitCode, 4, why(record));
    assert.equal(record.output, 'inside\n', why(record));
    assert.equal(readFileSync(join(cwd, 'made.txt'), 'utf8'), 'inside\n');
    assert.deepEqual(record.notes, [], why(record));
    assert.deepEqual(record.sandboxStops, [], why(record));
    assert.ok(record.containment?.writable.includes(cwd), why(record));
    assert.equal(terminalsNamed(CONTAINED).length, 1);
  });

  it('cannot write outside the workspace, and reports the stop', async () => {
    const target = join(outside, 'planted');
    const record = await runner.run(`echo x > ${target}`, cwd);
    assert.equal(record.via, 'shell-integration', why(record));
    assert.notEqual(record.exitCode, 0, why(record));
    assert.equal(existsSync(target), false, 'nothing was written outside the workspace');
    assert.deepEqual(record.sandboxStops?.map((stop) => [stop.kind, stop.target]), [['write', target]], why(record));
    assert.ok(record.notes.some((note) => note.includes(`stopped a write to ${target}`)), why(record));
  });

  it('a cd or export ends with the command: the next one runs in the same terminal, in the same folder', async () => {
    const before = logLines.length;
    const changed = await runner.run('cd / && export GATE_INHOST_X=1 && pwd', cwd);
    assert.equal(changed.output, '/\n', why(changed));
    const next = await runner.run('pwd; echo "${GATE_INHOST_X-unset}"', cwd);
    assert.equal(next.output, `${cwd}\nunset\n`, why(next));
    assert.equal(next.via, 'shell-integration', why(next));
    assert.equal(logLines.slice(before).some((line) => line.startsWith('new terminal')), false, logLines.slice(before).join(' | '));
    assert.equal(terminalsNamed(CONTAINED).length, 1);
  });

  it('times out: Ctrl+C ends the sandbox too, and the next command runs contained in a new terminal', async () => {
    settings.timeoutMs = 2000;
    const record = await runner.run('echo started; sleep 30', cwd);
    assert.equal(record.timedOut, true, why(record));
    assert.equal(record.exitCode, null);
    settings.timeoutMs = 30_000;
    const next = await runner.run('echo after', cwd);
    assert.equal(next.exitCode, 0, why(next));
    assert.equal(next.output, 'after\n', why(next));
    assert.equal(next.via, 'shell-integration', why(next));
  });

  it('a person\'s rerun after a stop runs in the terminal under the widened policy given (docs/decisions.md "A person can rerun what the sandbox stopped")', async () => {
    const target = join(outside, 'rerun');
    const first = await runner.run(`echo x > ${target}`, cwd);
    assert.deepEqual(first.sandboxStops?.map((stop) => [stop.kind, stop.target]), [['write', target]], why(first));
    const context = { cwd, home: homedir() };
    const offer = rerunOfferFor(first.sandboxStops!, first.containment!, context);
    assert.ok(offer.offered, JSON.stringify(offer));
    assert.equal(prepareRerun(first.sandboxStops!, first.containment!, context, offer.adds), null);
    const again = await runner.run(`echo x > ${target}`, cwd, undefined, undefined, { policy: widenedPolicy(first.containment!, offer.adds) });
    assert.equal(again.via, 'shell-integration', why(again));
    assert.equal(again.exitCode, 0, why(again));
    assert.equal(readFileSync(target, 'utf8'), 'x\n');
    assert.deepEqual(again.containment?.approved.paths, [target], why(again));
    assert.deepEqual(again.sandboxStops, [], why(again));
  });

  it('a command that cannot be typed runs as a child process, contained too', async () => {
    const target = join(outside, 'planted2');
    const record = await runner.run(`echo one\necho x > ${target}`, cwd);
    assert.equal(record.via, 'child-process', why(record));
    assert.match(record.notes[0] ?? '', /^Ran contained, in the OS sandbox, as a child process \(bash -c\) because the command spans several lines/, why(record));
    assert.equal(existsSync(target), false);
    assert.deepEqual(record.sandboxStops?.map((stop) => stop.target), [target], why(record));
  });
});
