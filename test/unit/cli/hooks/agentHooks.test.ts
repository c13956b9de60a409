/**
 * `approvals-gate hook AGENT` (D§16), in process: each agent's input shape is read, the gate's
 * decision is answered in that agent's shape, and each answer means to the agent what the gate
 * decided (`readAnswer` reads it back the way the agent does — for Codex, an `allow` or `ask`
 * would make it RUN the command, so those must never be written). Settings: the user's file may
 * widen; a project's only narrows unless the user trusts its folder; a broken file blocks.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AGENT_NAMES, AGENTS, type AgentName, type AgentVerdict, type HookAnswer } from '../../../../src/cli/hooks/agents';
import { runHook } from '../../../../src/cli/hooks/hookCommand';
import { userFolders } from '../../../../src/cli/hooks/userFolders';
import { parseCliOptions } from '../../../../src/cli/options';
import { readHookCapture } from '../../../../src/cli/hooks/hookCapture';
import { isGateHookCommand } from '../../../../src/cli/hooks/registrations';

/** A real snapshot Claude Code 2.1.328 wrote for zsh (aliases `git='rm -rf'`, `ll`; function `mkcd`). */
const ZSH_SNAPSHOT = path.join(__dirname, '../../../fixtures/shellSnapshots/claude-code-2.1.328-zsh.sh');
/** A snapshot with nothing of the user's: what Claude Code writes for an empty ~/.zshrc. */
const EMPTY_SNAPSHOT = readFileSync(ZSH_SNAPSHOT, 'utf8').replace(/^# Functions\n[\s\S]*?(?=^# Shell Options)/m, '# Functions\n').replace(/^(# Aliases\n)(alias .*\n)+/m, '$1');

/** What each agent makes of each kind of answer (its documented and observed behaviour). */
const EXPECTED: Record<AgentName, Record<HookAnswer['kind'], AgentVerdict>> = {
  'claude-code': { allow: 'run', ask: 'ask', deny: 'block', stop: 'block' },
  gemini: { allow: 'run', ask: 'block', deny: 'block', stop: 'block' },
  codex: { allow: 'run', ask: 'block', deny: 'block', stop: 'block' },
  copilot: { allow: 'run', ask: 'block', deny: 'block', stop: 'block' },
  cursor: { allow: 'run', ask: 'block', deny: 'block', stop: 'block' },
};

describe('agent hooks: the answer shapes', () => {
  for (const agent of AGENT_NAMES) {
    it(`${agent}: every answer is well-formed and means what the gate decided`, () => {
      for (const kind of ['allow', 'ask', 'deny', 'stop'] as const) {
        const output = AGENTS[agent].write({ kind, reason: `reason for ${kind}` });
        assert.equal(AGENTS[agent].readAnswer(output), EXPECTED[agent][kind], `${agent} ${kind}: ${output.stdout}`);
        if (output.stdout !== '') JSON.parse(output.stdout);
      }
    });
  }

  it('Codex is never told allow or ask, and every deny carries a reason', () => {
    for (const kind of ['allow', 'ask', 'deny', 'stop'] as const) {
      const out = AGENTS.codex.write({ kind, reason: '' }).stdout;
      assert.doesNotMatch(out, /"permissionDecision":"(allow|ask)"/);
      if (kind !== 'allow') assert.match(out, /"permissionDecisionReason":"[^"]+"/);
    }
  });

  it('the documented field names of each agent', () => {
    assert.deepEqual(JSON.parse(AGENTS['claude-code'].write({ kind: 'ask', reason: 'r' }).stdout), {
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'r' },
    });
    assert.deepEqual(JSON.parse(AGENTS.gemini.write({ kind: 'deny', reason: 'r' }).stdout), { decision: 'deny', reason: 'r' });
    assert.deepEqual(JSON.parse(AGENTS.copilot.write({ kind: 'allow', reason: 'r' }).stdout), { permissionDecision: 'allow', permissionDecisionReason: 'r' });
    const cursor = JSON.parse(AGENTS.cursor.write({ kind: 'stop', reason: 'r' }).stdout) as Record<string, unknown>;
    assert.equal(cursor.permission, 'deny');
    assert.equal(cursor.user_message, 'r');
    assert.equal(cursor.agent_message, 'r');
    assert.equal(cursor.continue, false);
    const claudeStop = JSON.parse(AGENTS['claude-code'].write({ kind: 'stop', reason: 'r' }).stdout) as Record<string, unknown>;
    assert.equal(claudeStop.continue, false);
  });
});

describe('agent hooks: deciding', function () {
  let root: string;
  let env: NodeJS.ProcessEnv;
  let project: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'hook-test-'));
    project = path.join(root, 'project');
    mkdirSync(project);
    env = { HOME: path.join(root, 'home'), PATH: '/usr/bin:/bin' };
    // A running Claude Code keeps a snapshot of its shell's aliases and functions.
    writeSnapshot('snapshot-zsh-1-aaaaaa.sh', EMPTY_SNAPSHOT);
  });
  const snapshots = () => path.join(env.HOME!, '.claude', 'shell-snapshots');
  const writeSnapshot = (name: string, text: string) => {
    mkdirSync(snapshots(), { recursive: true });
    writeFileSync(path.join(snapshots(), name), text);
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const folders = () => userFolders(env);
  const writeUserSettings = (value: unknown) => {
    mkdirSync(path.dirname(folders().settingsFile), { recursive: true });
    writeFileSync(folders().settingsFile, typeof value === 'string' ? value : JSON.stringify(value));
  };
  const writeProjectSettings = (value: unknown) => {
    mkdirSync(path.join(project, '.vscode'), { recursive: true });
    writeFileSync(path.join(project, '.vscode', 'settings.json'), typeof value === 'string' ? value : JSON.stringify(value));
  };
  const ask = async (agent: AgentName, command: string, extraInput: Record<string, unknown> = {}, flags: string[] = []) => {
    const input = { ...(AGENTS[agent].sampleInput(command, project) as Record<string, unknown>), ...extraInput };
    const output = await runHook({ agent: AGENTS[agent], options: parseCliOptions(['hook', agent, ...flags]), stdin: JSON.stringify(input), env, folders: folders() });
    return { ...output, verdict: AGENTS[agent].readAnswer(output) };
  };

  for (const agent of AGENT_NAMES) {
    it(`${agent}: a listed read runs, the floor blocks, an escalation reaches no one silently`, async () => {
      assert.equal((await ask(agent, 'ls -la')).verdict, 'run');
      const floored = await ask(agent, 'rm -rf /');
      assert.equal(floored.verdict, 'block');
      assert.match(floored.stdout, /Hardline floor/);
      const escalated = await ask(agent, 'touch notes.txt');
      // Only Claude Code in a prompting mode shows its own prompt; everywhere else it is a deny that says what to do.
      assert.equal(escalated.verdict, agent === 'claude-code' ? 'ask' : 'block');
      assert.match(escalated.stdout, /settings/);
    });

    it(`${agent}: a deny entry in the user's settings blocks, and the reason names it`, async () => {
      writeUserSettings({ 'approvalsGate.allow': ['touch'], 'approvalsGate.deny': ['touch secret.txt'] });
      assert.equal((await ask(agent, 'touch notes.txt')).verdict, 'run');
      const denied = await ask(agent, 'touch secret.txt');
      assert.equal(denied.verdict, 'block');
      assert.match(denied.stdout, /touch secret\.txt/);
    });

    it(`${agent}: a broken settings file blocks every command, naming the file`, async () => {
      writeUserSettings('{"approvalsGate.allow": ["touch"');
      for (const command of ['ls', 'touch notes.txt']) {
        const out = await ask(agent, command);
        assert.equal(out.verdict, 'block', command);
        assert.ok(out.stdout.includes('settings.json') || out.stderr.includes('settings.json'));
      }
    });

    it(`${agent}: input it cannot read is refused, never passed`, async () => {
      for (const stdin of ['', 'not json', '[]', '{"cwd":"/tmp"}', JSON.stringify({ ...(AGENTS[agent].sampleInput('ls', project) as object), cwd: 3 })]) {
        const output = await runHook({ agent: AGENTS[agent], options: parseCliOptions(['hook', agent]), stdin, env, folders: folders() });
        assert.equal(AGENTS[agent].readAnswer(output), 'block', `${agent} ${stdin}`);
        assert.match(output.stderr, /Command not run/);
      }
    });
  }

  it('Claude Code asks only in the modes that prompt a person', async () => {
    for (const [mode, verdict] of [
      ['default', 'ask'],
      ['acceptEdits', 'ask'],
      ['plan', 'ask'],
      ['bypassPermissions', 'block'],
      ['dontAsk', 'block'],
      ['someNewMode', 'block'],
    ] as const) {
      assert.equal((await ask('claude-code', 'touch notes.txt', { permission_mode: mode })).verdict, verdict, mode);
    }
    const asked = await ask('claude-code', 'touch notes.txt');
    assert.doesNotMatch(asked.stdout, /Nobody can be asked/);
  });

  it('a tool that is not a shell gets no opinion; a write into a running Copilot shell is refused', async () => {
    const other = await runHook({ agent: AGENTS['claude-code'], options: parseCliOptions(['hook', 'claude-code']), stdin: JSON.stringify({ tool_name: 'Read', tool_input: { file_path: 'x' }, cwd: project }), env, folders: folders() });
    assert.equal(other.stdout, '');
    assert.equal(other.exitCode, 0);
    const typed = await runHook({ agent: AGENTS.copilot, options: parseCliOptions(['hook', 'copilot']), stdin: JSON.stringify({ toolName: 'write_bash', toolArgs: '{"input":"rm -rf ~\\n"}', cwd: project }), env, folders: folders() });
    assert.equal(AGENTS.copilot.readAnswer(typed), 'block');
  });

  it('Copilot: toolArgs as an object (what 1.0.102 sends) or as a JSON string (what its docs say)', async () => {
    writeUserSettings({ 'approvalsGate.deny': ['touch'] });
    for (const toolArgs of [{ command: 'touch notes.txt', description: 'd' }, JSON.stringify({ command: 'touch notes.txt' })]) {
      const stdin = JSON.stringify({ sessionId: 's', timestamp: 1, cwd: project, toolName: 'bash', toolArgs });
      const output = await runHook({ agent: AGENTS.copilot, options: parseCliOptions(['hook', 'copilot']), stdin, env, folders: folders() });
      assert.equal(AGENTS.copilot.readAnswer(output), 'block', output.stdout);
      assert.match(output.stdout, /deny list/, output.stdout);
    }
  });

  it("Claude Code: a command run by an alias or function of its shell snapshot is not read as that program", async () => {
    writeUserSettings({ 'approvalsGate.allow': ['git status', 'ls'] });
    assert.equal((await ask('claude-code', 'git status')).verdict, 'run');
    writeSnapshot('snapshot-zsh-2-bbbbbb.sh', readFileSync(ZSH_SNAPSHOT, 'utf8'));
    const aliased = await ask('claude-code', 'git status', { permission_mode: 'bypassPermissions' });
    assert.equal(aliased.verdict, 'block');
    assert.match(aliased.stdout, /`git` is defined as alias or function in the agent's shell/);
    assert.equal((await ask('claude-code', 'mkcd build')).verdict, 'ask', 'a function of the snapshot');
    assert.equal((await ask('claude-code', 'ls')).verdict, 'run', 'a name no snapshot defines');
    // The other agents have no snapshot: git is git.
    assert.equal((await ask('gemini', 'git status')).verdict, 'run');
  });

  it("Claude Code: an alias's text reaches the floor", async () => {
    writeUserSettings({ 'approvalsGate.rung': 'bypass' });
    writeSnapshot('snapshot-bash-3-cccccc.sh', EMPTY_SNAPSHOT.replace('# Aliases\n', "# Aliases\nalias -- cleanup='rm -rf /'\n"));
    const floored = await ask('claude-code', 'cleanup');
    assert.equal(floored.verdict, 'block');
    assert.match(floored.stdout, /Hardline floor/);
    assert.equal((await ask('gemini', 'cleanup')).verdict, 'run', 'bypass: the name alone is harmless where it is no alias');
  });

  it("an entry that almost covers: the agent is told the entry, why not, and the command it covers (docs/decisions.md, \"Near misses\")", async () => {
    writeUserSettings({ 'approvalsGate.allow': ['rm'] });
    const told = await ask('gemini', 'rm -rf out coverage *.log .cache');
    assert.equal(told.verdict, 'block');
    assert.match(told.stdout, /The allow entry rm \(approvalsGate\.allow \(user settings\)\) does not cover the command: the word \*\.log is only known at run time, and it may expand to an option of rm/);
    assert.match(told.stdout, /It covers the command written as: rm -rf -- out coverage \*\.log \.cache/);
    assert.equal((await ask('gemini', 'rm -rf -- out coverage *.log .cache')).verdict, 'run');
  });

  it("Claude Code: with no snapshot its shell is asked; one whose names cannot be found counts only where that shell stands in", async () => {
    writeUserSettings({ 'approvalsGate.allow': ['ls'] });
    env.SHELL = '/bin/bash';
    rmSync(snapshots(), { recursive: true });
    assert.equal((await ask('claude-code', 'ls')).verdict, 'run', 'no snapshot: bash is asked, and no start-up file defines ls');
    const nameless = EMPTY_SNAPSHOT.replace('# Aliases\n', '# Aliases\necho not an alias\n');
    // A zsh session's snapshot while Claude Code now picks bash: the bash asked says nothing about it.
    writeSnapshot('snapshot-zsh-4-dddddd.sh', nameless);
    const other = await ask('claude-code', 'ls', { permission_mode: 'bypassPermissions' });
    assert.equal(other.verdict, 'block');
    assert.match(other.stdout, /cannot be read: a line of the aliases names no alias.*another shell or older than a change to the start-up files/);
    rmSync(path.join(snapshots(), 'snapshot-zsh-4-dddddd.sh'));
    writeSnapshot('snapshot-bash-4-dddddd.sh', nameless);
    assert.equal((await ask('claude-code', 'ls')).verdict, 'run', 'the same shell, no start-up file changed since: it stands in');
    // ~/.bashrc changed after the snapshot was written: the snapshot may hold what it no longer does.
    writeFileSync(path.join(env.HOME!, '.bashrc'), '# changed\n');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(env.HOME!, '.bashrc'), later, later);
    assert.equal((await ask('claude-code', 'ls', { permission_mode: 'bypassPermissions' })).verdict, 'block');
    rmSync(snapshots(), { recursive: true });
    env.BASH_ENV = '/tmp/env.sh';
    const bashEnv = await ask('claude-code', 'ls', { permission_mode: 'bypassPermissions' });
    assert.equal(bashEnv.verdict, 'block');
    assert.match(bashEnv.stdout, /BASH_ENV is set/);
    assert.equal((await ask('codex', 'ls')).verdict, 'run', 'Codex has no snapshot to read');
  });

  it("the agent's CDPATH is how its shell reads a relative cd: git elsewhere meets the foreign-config floor", async () => {
    mkdirSync(path.join(project, 'sub'));
    mkdirSync(path.join(root, 'elsewhere', 'sub'), { recursive: true });
    assert.equal((await ask('claude-code', 'cd sub && git status')).verdict, 'run');
    env.CDPATH = path.join(root, 'elsewhere');
    const moved = await ask('claude-code', 'cd sub && git status');
    assert.notEqual(moved.verdict, 'run');
    assert.match(moved.stdout, /elsewhere\/sub/);
  });

  it("a project's settings narrow; they widen only in a folder the user trusts", async () => {
    writeUserSettings({ 'approvalsGate.allow': ['touch'] });
    writeProjectSettings({ 'approvalsGate.deny': ['touch notes.txt'], 'approvalsGate.allow': ['rm'], 'approvalsGate.rung': 'bypass' });
    assert.equal((await ask('gemini', 'touch notes.txt')).verdict, 'block', 'project deny applies');
    assert.equal((await ask('gemini', 'touch other.txt')).verdict, 'run', 'user allow applies');
    assert.equal((await ask('gemini', 'rm old.txt')).verdict, 'block', 'untrusted project allow is ignored');
    writeUserSettings({ 'approvalsGate.allow': ['touch'], 'approvalsGate.hooks.trustedFolders': [project] });
    assert.equal((await ask('gemini', 'rm old.txt')).verdict, 'run', 'trusted project allow applies (rung bypass)');
  });

  it("an untrusted project may lower the rung, never raise it", async () => {
    writeUserSettings({ 'approvalsGate.rung': 'bypass' });
    assert.equal((await ask('gemini', 'touch notes.txt')).verdict, 'run');
    writeProjectSettings({ 'approvalsGate.rung': 'manual' });
    assert.equal((await ask('gemini', 'touch notes.txt')).verdict, 'block');
  });

  it("a broken project settings file blocks", async () => {
    writeProjectSettings('{ "approvalsGate.deny": [');
    assert.equal((await ask('cursor', 'ls')).verdict, 'block');
  });

  it('every decision is one redacted line of the capture log', async () => {
    env.OPENAI_API_KEY = 'sk-test-1234567890abcdef';
    await ask('codex', 'ls');
    await ask('codex', 'echo sk-test-1234567890abcdef');
    const text = readFileSync(folders().captureFile, 'utf8');
    assert.doesNotMatch(text, /sk-test-1234567890abcdef/);
    const { capture, agents } = readHookCapture(folders().captureFile);
    assert.deepEqual(agents, ['codex', 'codex']);
    assert.equal(capture.records.length, 2);
    assert.equal(capture.records[0]!.command, 'ls');
    assert.equal(capture.records[0]!.action, 'approve');
    assert.equal(capture.records[0]!.tool, 'hook:codex');
  });
});

describe("agent hooks: which registered commands are the gate's", () => {
  it('the gate start files and approvals-gate, by whole name, then hook AGENT', () => {
    assert.ok(isGateHookCommand("'/usr/bin/node' '/w/dist/hook.js' hook claude-code", 'claude-code'));
    assert.ok(isGateHookCommand('node /w/dist/cli.js hook codex --rung manual', 'codex'));
    assert.ok(isGateHookCommand('approvals-gate hook gemini', 'gemini'));
    assert.equal(isGateHookCommand('node myhook.js hook claude-code', 'claude-code'), false, "someone else's hook file");
    assert.equal(isGateHookCommand('node /w/dist/hook.js hook codex', 'claude-code'), false, 'another agent');
    assert.equal(isGateHookCommand('node /w/dist/hook.js hook claude-codex', 'claude-code'), false);
  });
});
