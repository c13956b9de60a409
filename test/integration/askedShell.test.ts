/**
 * The first command of a Claude Code session, through the real hook process (needs `npm run
 * build` and bubblewrap): there is no shell snapshot yet, so the hook asks the agent's shell
 * (bash, started as Claude Code starts it, in a read-only sandbox) for its aliases and functions
 * and caches the answer by the start-up files' identities (docs/agent-hooks.md, "Which shell runs
 * the command"). An alias in `~/.bashrc` is still not the program it shadows; a start-up file
 * cannot write; one that hangs costs the time limit and leaves the state unknown.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AGENTS } from '../../src/cli/hooks/agents';
import { ASK_TIMEOUT_MS } from '../../src/cli/hooks/askedShell';
import { bubblewrapPath } from '../../src/cli/hooks/readOnlySandbox';

const CLI = path.resolve('dist/cli.js');

describe("the agent's shell, asked when there is no snapshot (hook process)", function () {
  this.timeout(120_000);
  let root: string;
  let home: string;
  let project: string;
  const cacheFile = () => path.join(home, '.local', 'state', 'approvals-gate', 'shell-definitions.json');
  const env = () => ({ PATH: '/usr/bin:/bin', HOME: home, SHELL: '/bin/bash', APPROVALS_GATE_HOOK_SERVER: 'off', APPROVALS_GATE_CARD: 'off' });
  const hook = (command: string, extra: Record<string, unknown> = {}) => {
    const started = process.hrtime.bigint();
    const out = spawnSync(process.execPath, [CLI, 'hook', 'claude-code'], { env: env(), encoding: 'utf8', cwd: project, input: JSON.stringify({ ...(AGENTS['claude-code'].sampleInput(command, project) as object), ...extra }) });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const verdict = AGENTS['claude-code'].readAnswer({ stdout: out.stdout, exitCode: out.status ?? -1 });
    return { ...out, verdict, ms };
  };
  const bashrc = (text: string) => writeFileSync(path.join(home, '.bashrc'), text);
  const cachedAt = () => (JSON.parse(readFileSync(cacheFile(), 'utf8')) as { at: number }).at;

  before(function () {
    assert.ok(existsSync(CLI), 'dist/cli.js must be built (npm run build)');
    assert.ok(bubblewrapPath(), 'bubblewrap must be installed (scripts/ensureSystem.mjs mocha)');
  });
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'asked-shell-'));
    home = path.join(root, 'home');
    project = path.join(root, 'project');
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'README.md'), 'hi\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("an alias in ~/.bashrc is not the program it shadows; a name it does not define is read as before", () => {
    bashrc("alias ls='rm -rf'\ngit() { command git \"$@\"; }\necho 'a banner the start-up file prints'\n");
    assert.ok(!existsSync(path.join(home, '.claude', 'shell-snapshots')));
    const first = hook('cat README.md');
    assert.equal(first.verdict, 'run', first.stdout + first.stderr);
    const cached = hook('cat README.md');
    assert.equal(cached.verdict, 'run');
    console.log(`      first call (shell asked) ${first.ms.toFixed(0)} ms, second (cached) ${cached.ms.toFixed(0)} ms, whole hook process`);
    const aliased = hook('ls -la');
    assert.equal(aliased.verdict, 'ask', 'unresolved: the person (Claude Code prompt) decides');
    assert.match(aliased.stdout, /`ls` is defined as alias or function in the agent's shell \(\/bin\/bash asked at /);
    const covered = hook('ls -la', { permission_mode: 'bypassPermissions' });
    assert.notEqual(covered.verdict, 'run', 'even at bypass the alias is not ls');
    assert.match(hook('git status').stdout, /`git` is defined as alias or function/);
  });

  it('the start-up files run read-only and without network: nothing they write is written', () => {
    const marker = path.join(home, 'written-by-bashrc');
    bashrc(`echo x > ${marker}\necho y > ${path.join(project, 'also-written')}\nalias ll='ls -l'\n`);
    assert.equal(hook('cat README.md').verdict, 'run', 'the answer still counts');
    assert.ok(!existsSync(marker), 'the home folder is read-only');
    assert.ok(!existsSync(path.join(project, 'also-written')), 'the project is read-only');
    assert.notEqual(hook('ll').verdict, 'run');
  });

  it('a start-up file that hangs: unknown after the time limit, decided within the budget', () => {
    bashrc('sleep 10\n');
    const out = hook('cat README.md');
    assert.notEqual(out.verdict, 'run', 'unknown: every command is unresolved');
    assert.match(out.stdout, /did not answer within 1500 ms/);
    // The time limit plus two node starts on a busy machine, far from the 10 s sleep.
    assert.ok(out.ms < ASK_TIMEOUT_MS + 4000, `${out.ms} ms`);
    console.log(`      a hanging ~/.bashrc: decided in ${out.ms.toFixed(0)} ms`);
  });

  it('the cache is used on the second call and dropped when ~/.bashrc changes', () => {
    bashrc("alias ll='ls -l'\n");
    assert.equal(hook('cat README.md').verdict, 'run');
    const at = cachedAt();
    assert.equal(hook('cat README.md').verdict, 'run');
    assert.equal(cachedAt(), at, 'the second call read the cache');
    // Only the time changes: asked again.
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(home, '.bashrc'), later, later);
    assert.equal(hook('cat README.md').verdict, 'run');
    assert.notEqual(cachedAt(), at, 'touched: asked again');
    // The new text is what counts.
    bashrc("alias cat='rm -rf'\n");
    assert.notEqual(hook('cat README.md').verdict, 'run');
  });

  it('a half-written or malformed cache is ignored: the shell is asked again', () => {
    bashrc("alias cat='rm -rf'\n");
    assert.notEqual(hook('cat README.md').verdict, 'run');
    const written = JSON.parse(readFileSync(cacheFile(), 'utf8')) as { v: number; definitions: { aliases: unknown; functions: unknown } };
    // Each of these, if believed, would say `cat` is no alias.
    const forged = { ...written, definitions: { ...written.definitions, aliases: [] } };
    const text = JSON.stringify(forged);
    for (const [why, bad] of [
      ['half-written', text.slice(0, text.length - 3)],
      ['another version', JSON.stringify({ ...forged, v: written.v + 1 })],
      ['functions not a list of names', JSON.stringify({ ...forged, definitions: { ...forged.definitions, functions: 'x' } })],
      ['an alias entry of the wrong shape', JSON.stringify({ ...forged, definitions: { ...forged.definitions, aliases: [['ll']] } })],
    ] as const) {
      writeFileSync(cacheFile(), bad);
      assert.notEqual(hook('cat README.md').verdict, 'run', why);
    }
    // The control: the same forgery well formed is believed (the key still matches).
    writeFileSync(cacheFile(), text);
    assert.equal(hook('cat README.md').verdict, 'run', 'a well-formed cache is read');
  });
});
