/**
 * `approvals-gate install | uninstall | doctor | export` and the `hook` process itself, run as
 * the agents run them: `node dist/cli.js …` with HOME in a temporary folder (needs `npm run build`).
 * Install is idempotent, keeps the file's other contents, backs the file up before changing it,
 * and never touches a file it cannot read; doctor round-trips a harmless and a refused command
 * through the registered command; a hook process that cannot decide exits 2 with a deny.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AGENT_NAMES, AGENTS } from '../../src/cli/hooks/agents';
import { registrationFor } from '../../src/cli/hooks/registrations';
import { startFakeOpenAiServer } from '../support/fakeOpenAiServer';
import { runShell, type Ran } from '../support/processes';
import { writeClaudeSnapshot } from '../support/claudeSnapshot';

const CLI = path.resolve('dist/cli.js');
const HOOK = path.resolve('dist/hook.js');

/** A command through `sh -c` without blocking this process (the fake model server lives here). */
function shell(command: string, input: string, env: NodeJS.ProcessEnv, cwd: string): Promise<Ran> {
  return runShell(command, input, { env, cwd });
}

describe('agent hooks: install, doctor, export, and the hook process', function () {
  this.timeout(120_000);
  let root: string;
  let home: string;
  const env = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home });
  const cli = (args: string[], input?: string) => spawnSync(process.execPath, [CLI, ...args], { env: env(), encoding: 'utf8', cwd: root, ...(input !== undefined ? { input } : {}) });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'hook-install-'));
    home = path.join(root, 'home');
    mkdirSync(home);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('install registers each agent once, keeps other hooks, and backs the file up', () => {
    const claude = registrationFor('claude-code', env(), home);
    mkdirSync(path.dirname(claude.file), { recursive: true });
    const other = { matcher: 'Bash', hooks: [{ type: 'command', command: 'my-own-logger', timeout: 5 }] };
    writeFileSync(claude.file, JSON.stringify({ model: 'x', hooks: { PreToolUse: [other] } }));
    const first = cli(['install', ...AGENT_NAMES]);
    // Codex is not on this PATH, so its trust cannot be recorded: said, and the exit code is 1.
    assert.equal(first.status, 1, first.stderr);
    assert.match(first.stderr, /Codex CLI: the hook is registered but NOT trusted: `codex` is not on PATH/);
    for (const agent of AGENT_NAMES) assert.match(first.stdout, new RegExp(`${AGENTS[agent].label}: registered`));
    const settings = JSON.parse(readFileSync(claude.file, 'utf8')) as { model: string; hooks: { PreToolUse: unknown[] } };
    assert.equal(settings.model, 'x');
    assert.equal(settings.hooks.PreToolUse.length, 2);
    assert.deepEqual(settings.hooks.PreToolUse[1], other);
    assert.equal(readdirSync(path.dirname(claude.file)).filter((f) => f.includes('approvals-gate-backup')).length, 1);

    const again = cli(['install', ...AGENT_NAMES]);
    assert.equal(again.status, 1);
    for (const agent of AGENT_NAMES) assert.match(again.stdout, new RegExp(`${AGENTS[agent].label}: already registered`));
    assert.equal(readdirSync(path.dirname(claude.file)).filter((f) => f.includes('approvals-gate-backup')).length, 1, 'no change, no new backup');

    const gone = cli(['uninstall', ...AGENT_NAMES]);
    assert.equal(gone.status, 0, gone.stderr);
    const after = JSON.parse(readFileSync(claude.file, 'utf8')) as { hooks: { PreToolUse: unknown[] } };
    assert.deepEqual(after.hooks.PreToolUse, [other]);
    assert.equal(existsSync(registrationFor('copilot', env(), home).file), false, "the gate's own Copilot file goes");
  });

  it('install never touches a file it cannot read', () => {
    const gemini = registrationFor('gemini', env(), home);
    mkdirSync(path.dirname(gemini.file), { recursive: true });
    writeFileSync(gemini.file, '{ "hooks": ');
    const result = cli(['install', 'gemini']);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /not touched/);
    assert.equal(readFileSync(gemini.file, 'utf8'), '{ "hooks": ');
  });

  it('install --detect registers the agents whose folder exists', () => {
    mkdirSync(path.join(home, '.gemini'));
    const result = cli(['install', '--detect']);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /Gemini CLI: registered/);
    assert.doesNotMatch(result.stdout, /Claude Code/);
  });

  it('doctor round-trips through the registered command, and says when nothing is registered', () => {
    const before = cli(['doctor', 'claude-code', 'cursor']);
    assert.equal(before.status, 1);
    assert.match(before.stdout, /not registered/);
    assert.equal(cli(['install', 'claude-code', 'cursor', 'gemini']).status, 0);
    const after = cli(['doctor', 'claude-code', 'cursor', 'gemini']);
    assert.equal(after.status, 0, after.stdout + after.stderr);
    assert.match(after.stdout, /`ls` → runs/);
    assert.match(after.stdout, /`rm -rf \/` → blocked/);
    // The first call started a server for the next ones: it may or may not be up yet.
    assert.match(after.stdout, /hook server: (running|not running; the next call starts one) \(/);
  });

  it('the hook process: unknown agent or garbage input exits 2 with the reason; an answer exits 0', () => {
    writeClaudeSnapshot(home); // a running Claude Code session's
    const unknown = cli(['hook', 'nope'], '{}');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /refused/);
    for (const agent of AGENT_NAMES) {
      const garbage = cli(['hook', agent], 'not json');
      assert.equal(AGENTS[agent].readAnswer({ stdout: garbage.stdout, exitCode: garbage.status ?? -1 }), 'block', agent);
      const fine = cli(['hook', agent], JSON.stringify(AGENTS[agent].sampleInput('ls', root)));
      assert.equal(fine.status, 0, fine.stderr);
      assert.equal(AGENTS[agent].readAnswer({ stdout: fine.stdout, exitCode: 0 }), 'run', agent);
    }
  });

  it('export writes the redacted debug dump of the recent hook decisions', () => {
    cli(['hook', 'gemini'], JSON.stringify(AGENTS.gemini.sampleInput('ls', root)));
    cli(['hook', 'gemini'], JSON.stringify(AGENTS.gemini.sampleInput('rm -rf /', root)));
    const out = path.join(root, 'dump.json');
    const result = cli(['export', '--out', out]);
    assert.equal(result.status, 0, result.stderr);
    const dump = JSON.parse(readFileSync(out, 'utf8')) as { capture: { records: { command: string; action: string }[] } };
    assert.deepEqual(
      dump.capture.records.map((r) => [r.command, r.action]),
      [
        ['ls', 'approve'],
        ['rm -rf /', 'reject'],
      ],
    );
  });

  it('install registers the installed copy of dist/hook.js, which rates with the model from the user settings, cold, from its code cache and through its server', async () => {
    writeClaudeSnapshot(home); // a running Claude Code session's
    const server = await startFakeOpenAiServer({ kind: 'verdict', verdict: { outcome: 'safe', reason: 'Creates an empty notes file.' } });
    try {
      const settings = path.join(home, '.config', 'approvals-gate', 'settings.json');
      mkdirSync(path.dirname(settings), { recursive: true });
      writeFileSync(settings, JSON.stringify({ 'approvalsGate.rater.baseUrl': server.url, 'approvalsGate.rater.model': 'fake-model' }));
      assert.equal(cli(['install', 'claude-code']).status, 0);
      const registered = JSON.parse(readFileSync(registrationFor('claude-code', env(), home).file, 'utf8')) as { hooks: { PreToolUse: { hooks: { command: string }[] }[] } };
      const command = registered.hooks.PreToolUse[0]!.hooks[0]!.command;
      const copy = path.join(home, '.local', 'share', 'approvals-gate');
      assert.ok(command.includes(`${copy}/`) && command.endsWith('/hook.js hook claude-code') && !command.includes(HOOK), command);
      const cache = path.join(home, '.cache', 'approvals-gate');
      for (const run of ['cold', 'cached', 'served']) {
        if (run === 'served') {
          const until = Date.now() + 10_000;
          while (!readdirSync(cache).some((f) => f.endsWith('.sock')) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        }
        const hookEnv = run === 'cached' ? { APPROVALS_GATE_HOOK_SERVER: 'off' } : {};
        const input = JSON.stringify(AGENTS['claude-code'].sampleInput('touch notes.txt', root));
        const result = await shell(command, input, { ...env(), ...hookEnv, OPENAI_API_KEY: 'sk-placeholder-for-the-fake' }, root);
        assert.equal(AGENTS['claude-code'].readAnswer({ stdout: result.stdout, exitCode: result.status ?? -1 }), 'run', `${run}: ${result.stdout} ${result.stderr}`);
        assert.match(result.stdout, /Creates an empty notes file/);
      }
      assert.equal(server.requests.length, 3);
      assert.equal(readdirSync(cache).filter((f) => f.endsWith('.sock')).length, 1, 'the first call started the hook server');
      assert.equal(readdirSync(cache).filter((f) => f.endsWith('.v8cache')).length, 1);
    } finally {
      await server.close();
    }
  });

  it('a rater that never answers: the hook denies within its budget and the process ends', async () => {
    const server = await startFakeOpenAiServer({ kind: 'verdict', verdict: { outcome: 'safe', reason: 'late' }, delayMs: 60_000 });
    try {
      const started = Date.now();
      const input = JSON.stringify(AGENTS.gemini.sampleInput('touch notes.txt', root));
      const command = `'${process.execPath}' '${HOOK}' hook gemini --rater-url ${server.url} --rater-model m --rater-timeout-ms 1000`;
      const result = await shell(command, input, { ...env(), OPENAI_API_KEY: 'sk-placeholder-for-the-fake' }, root);
      const elapsed = Date.now() - started;
      assert.equal(AGENTS.gemini.readAnswer({ stdout: result.stdout, exitCode: result.status ?? -1 }), 'block', result.stdout + result.stderr);
      assert.match(result.stdout, /did not answer in time/);
      assert.ok(elapsed < 15_000, `the hook took ${elapsed} ms`);
    } finally {
      await server.close();
    }
  });
});
