/**
 * The session-start registration (docs/agent-hooks.md, "A server from the session's start"):
 * `install` registers `hook.js warm AGENT` in Claude Code's `SessionStart` list, run by real
 * processes in a temporary home as Claude Code runs it (`/bin/sh -c`, its SessionStart input on
 * stdin). It starts the hook server, so the session's first PreToolUse call is answered by that
 * server (such a call writes no code cache; a call deciding in its own process does); it starts
 * no second server; and whatever goes wrong (its copy gone, its Node gone, the server off) it
 * exits 0 with nothing on stdout or stderr, so a session start never fails for it. Uninstall
 * takes it out, byte for byte from an older install that had no session-start entry too.
 *
 * Needs `npm run build`.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';

import { AGENTS } from '../../src/cli/hooks/agents';
import { registrationFor } from '../../src/cli/hooks/registrations';
import { bubblewrapPath } from '../../src/cli/hooks/readOnlySandbox';
import { alive, runShell } from '../support/processes';

const CLI = path.resolve('dist/cli.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function serverPids(home: string): number[] {
  return spawnSync('pgrep', ['-f', `hook-server ${home}/`], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
}

async function waitFor(what: string, test: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('agent hooks: the session-start command starts the hook server', function () {
  this.timeout(120_000);
  let root: string;
  let home: string;
  const env = (extra: NodeJS.ProcessEnv = {}) => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...extra });
  const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { env: env(), encoding: 'utf8', cwd: root });
  const settingsFile = () => registrationFor('claude-code', env(), home).file;
  const settings = () => parseJsonc(readFileSync(settingsFile(), 'utf8')) as { hooks: { PreToolUse: unknown[]; SessionStart?: unknown[] } };
  const commands = (list: unknown[] | undefined) => (list ?? []).flatMap((entry) => registrationFor('claude-code', env(), home).commandsOf(entry));
  const cacheFiles = () => (existsSync(path.join(home, '.cache/approvals-gate')) ? readdirSync(path.join(home, '.cache/approvals-gate')) : []);
  const sessionStartInput = () => JSON.stringify({ session_id: 's', hook_event_name: 'SessionStart', source: 'startup', cwd: home });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'hook-warm-'));
    home = path.join(root, 'home');
    mkdirSync(home);
  });
  afterEach(() => {
    for (const pid of serverPids(home)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('install registers it; it starts one server, quietly; the first PreToolUse call is answered by that server', async () => {
    assert.equal(cli(['install', 'claude-code']).status, 0);
    const [warm, ...more] = commands(settings().hooks.SessionStart);
    assert.equal(more.length, 0);
    assert.match(warm!, /\/hook\.js warm claude-code$/, warm);
    const [hook] = commands(settings().hooks.PreToolUse);

    const started = await runShell(warm!, sessionStartInput(), { env: env(), cwd: home });
    assert.deepEqual([started.status, started.stdout, started.stderr], [0, '', ''], 'a session start reads nothing from it');
    await waitFor('the hook server', () => serverPids(home).length === 1 && cacheFiles().some((f) => f.endsWith('.sock')));
    // Before it listened, it asked Claude Code's shell (no snapshot at a session's start), as the first call would have.
    if (bubblewrapPath() !== undefined) assert.ok(existsSync(path.join(home, '.local/state/approvals-gate/shell-definitions.json')), 'the shell was not asked before the server listened');
    // Started again (a resume, a second session): the running server is kept, none is added.
    const again = await runShell(warm!, sessionStartInput(), { env: env(), cwd: home });
    assert.deepEqual([again.status, again.stdout, again.stderr], [0, '', '']);
    await sleep(1_000);
    assert.equal(serverPids(home).length, 1, 'a second server was started');

    const denied = await runShell(hook!, JSON.stringify(AGENTS['claude-code'].sampleInput('rm -rf /', home)), { env: env(), cwd: home });
    assert.equal(AGENTS['claude-code'].readAnswer({ stdout: denied.stdout, exitCode: denied.status ?? -1 }), 'block', denied.stdout + denied.stderr);
    const allowed = await runShell(hook!, JSON.stringify(AGENTS['claude-code'].sampleInput('ls', home)), { env: env(), cwd: home });
    assert.equal(AGENTS['claude-code'].readAnswer({ stdout: allowed.stdout, exitCode: allowed.status ?? -1 }), 'run', allowed.stdout + allowed.stderr);
    // A call that decides in its own process writes the build's code cache on exit; served ones do not.
    assert.deepEqual(cacheFiles().filter((f) => f.endsWith('.v8cache')), [], `the first calls were decided in their own processes: ${cacheFiles().join(', ')}`);
  });

  it('exits 0 with nothing to say when its copy or its Node is gone, or the server is off', async () => {
    assert.equal(cli(['install', 'claude-code']).status, 0);
    const [warm] = commands(settings().hooks.SessionStart);
    const off = await runShell(warm!, sessionStartInput(), { env: env({ APPROVALS_GATE_HOOK_SERVER: 'off' }), cwd: home });
    assert.deepEqual([off.status, off.stdout, off.stderr], [0, '', '']);
    await sleep(500);
    assert.deepEqual(serverPids(home), []);
    const noNode = await runShell(warm!.replace(process.execPath, '/nonexistent/node'), sessionStartInput(), { env: env(), cwd: home });
    assert.deepEqual([noNode.status, noNode.stdout, noNode.stderr], [0, '', '']);
    rmSync(path.join(home, '.local/share/approvals-gate'), { recursive: true, force: true });
    const noCopy = await runShell(warm!, sessionStartInput(), { env: env(), cwd: home });
    assert.deepEqual([noCopy.status, noCopy.stdout, noCopy.stderr], [0, '', '']);
    assert.deepEqual(serverPids(home), []);
  });

  it('uninstall takes it out; after an older install without it, install adds it and uninstall still gives the file back byte for byte', () => {
    const file = settingsFile();
    mkdirSync(path.dirname(file), { recursive: true });
    const original = '{\n  // mine\n  "model": "opus",\n  "hooks": { "SessionStart": [ { "hooks": [ { "type": "command", "command": "my-banner" } ] } ] }\n}\n';
    writeFileSync(file, original);
    assert.equal(cli(['install', 'claude-code']).status, 0);
    assert.deepEqual(commands(settings().hooks.SessionStart).map((c) => c.replace(/.* warm /, 'warm ')), ['warm claude-code', 'my-banner'], 'first, the user’s own kept');
    // What an install before the session-start entry left: the same file without it.
    const withWarm = readFileSync(file, 'utf8');
    const older = JSON.stringify({ ...settings(), hooks: { ...settings().hooks, SessionStart: [{ hooks: [{ type: 'command', command: 'my-banner' }] }] } }, null, 2);
    writeFileSync(file, older);
    const upgraded = cli(['install', 'claude-code']);
    assert.match(upgraded.stdout, /updated the registration|registered/, upgraded.stdout);
    assert.equal(commands(settings().hooks.SessionStart).filter((c) => c.includes('warm claude-code')).length, 1);
    assert.equal(cli(['install', 'claude-code']).stdout.includes('already registered'), true);
    assert.ok(withWarm.includes('warm claude-code'));
    const gone = cli(['uninstall', 'claude-code']);
    assert.equal(gone.status, 0, gone.stdout + gone.stderr);
    assert.equal(readFileSync(file, 'utf8'), original);
  });
});
