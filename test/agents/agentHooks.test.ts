/**
 * The gate as a hook inside the real agent CLIs: Claude Code, Gemini CLI, Codex and Copilot CLI,
 * each run headless and offline against the fake model (test/support/agents/), with
 * `node <repo>/dist/cli.js hook <agent>` registered for its shell tool (Copilot: for every tool).
 *
 * Every case asks the model to run a command that touches the case's marker file, so "the marker
 * exists" means "the command really ran" (an agent may run a command its hook refused: Codex
 * does for an `ask`, Claude, Gemini and Codex do when a hook crashes; Copilot does when a hook
 * prints garbage or times out). Every case also checks that the hook was
 * called, what it answered, the agent's exit code and its final answer together (the agents exit
 * 0 after a refusal; Gemini exits 0 with no output at all when a hook asks), and what the model
 * read as the tool result. The refused commands are harmless: deny entries for a `touch`, and a
 * hardline-floor command aimed at a disk that does not exist.
 *
 * Needs `npm run build` and `bash scripts/agents/install-agent-clis.sh`.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeModelServer, type FakeModelServer } from '../support/agents/fakeModelServer';
import {
  AGENTS, agentConfigPaths, describeRun, writeClaudeSnapshot, finalText, gateHookCommand, hookDecision,
  newCaseRoot, registerHook, removeCaseRoots, requireAgentStage, runAgent, runGateCli, writeAgentConfig, writeGateSettings,
  type AgentName, type CaseRoot, type HookDecision, type RunResult,
} from '../support/agents/agentRunner';

/** A disk that is not there: the floor refuses erasing it; run anyway, wipefs finds nothing. */
const ABSENT_DISK = '/dev/disk/by-id/agtest-nonexistent';

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The command ran: the hook was called and allowed it, the marker exists, the turn finished. */
function assertRan(result: RunResult): void {
  const why = describeRun(result);
  assert.ok(result.hookCalls.length > 0, `the hook was never called\n${why}`);
  for (const call of result.hookCalls) assert.equal(hookDecision(result.agent, call).decision, 'allow', `the hook did not allow\n${why}`);
  assert.ok(result.markerExists, `the command did not run\n${why}`);
  assert.equal(result.code, 0, `the agent failed\n${why}`);
  assert.equal(finalText(result.agent, result.stdout), 'done', `no final answer\n${why}`);
}

/**
 * The command did not run, the hook refused it with a reason, and the model read that reason
 * in the tool result, then finished its turn (so the agent did not just stop, as Gemini does
 * on an `ask`).
 */
function assertBlocked(result: RunResult, wording: RegExp, decisions: readonly HookDecision[] = ['deny']): string {
  const why = describeRun(result);
  assert.ok(result.hookCalls.length > 0, `the hook was never called\n${why}`);
  const answer = hookDecision(result.agent, result.hookCalls.at(-1)!);
  assert.ok(decisions.includes(answer.decision), `the hook answered ${answer.decision}, not ${decisions.join(' or ')}\n${why}`);
  assert.ok(answer.reason.trim() !== '', `the hook gave no reason\n${why}`);
  assert.match(answer.reason, wording, `the hook's reason does not say why\n${why}`);
  assert.ok(!result.markerExists, `the command RAN\n${why}`);
  assert.equal(result.code, 0, `the agent failed\n${why}`);
  assert.equal(finalText(result.agent, result.stdout), 'done', `no final answer: the model never got a tool result\n${why}`);
  assert.ok(result.toolResult !== null, `the model got no tool result\n${why}`);
  // The model reads the reason (Claude may cut a long one; the first 80 characters are there).
  assert.ok(normalize(result.toolResult).includes(normalize(answer.reason).slice(0, 80)), `the model did not read the hook's reason\n${why}`);
  return result.toolResult;
}

describe('agents (real CLIs): the gate as their hook', function () {
  let server: FakeModelServer;

  before(async function () {
    requireAgentStage();
    server = await startFakeModelServer();
  });

  after(async function () {
    await server?.close();
    removeCaseRoots();
  });

  it('the hardline-floor command of these cases is refused at the floor, and its target does not exist', function () {
    assert.ok(!existsSync(ABSENT_DISK), `${ABSENT_DISK} exists: the floor case would aim at a real device`);
    const root = newCaseRoot('floor-check');
    const explained = runGateCli(root, ['explain', '--rung', 'bypass', '--', `touch ${root.marker}; wipefs -a ${ABSENT_DISK}`]);
    assert.match(explained.stdout, /REJECT at stage hardline-floor/, explained.stdout + explained.stderr);
  });

  for (const agent of AGENTS) {
    describe(agent, function () {
      /** A case root with the agent's config, the gate's user settings, and the hook registered by hand. */
      const prepare = (name: string, settings?: Record<string, unknown> | string | ((root: CaseRoot) => Record<string, unknown>)) => {
        const root = newCaseRoot(`${agent}-${name}`);
        writeAgentConfig(agent, root.home, server);
        const gateSettings = settings === undefined ? undefined : writeGateSettings(root.home, typeof settings === 'function' ? settings(root) : settings);
        const settingsFile = registerHook(agent, root, gateHookCommand(agent));
        return { root, settingsFile, gateSettings };
      };
      const run = (prepared: { root: CaseRoot; settingsFile?: string }, command: string) =>
        runAgent({ agent, server, root: prepared.root, command, ...(prepared.settingsFile ? { settingsFile: prepared.settingsFile } : {}) });

      it('an allowed command runs', async function () {
        const prepared = prepare('allow', { 'approvalsGate.allow': ['touch'] });
        assertRan(await run(prepared, `touch ${prepared.root.marker}`));
      });

      it('a denied command does not run, and the model reads why', async function () {
        const prepared = prepare('deny', (root) => ({ 'approvalsGate.allow': ['touch'], 'approvalsGate.deny': [`touch ${root.marker}`] }));
        assertBlocked(await run(prepared, `touch ${prepared.root.marker}`), /deny/i);
      });

      it('a hardline-floor command does not run, even at the bypass rung, and the model reads why', async function () {
        const prepared = prepare('floor', { 'approvalsGate.rung': 'bypass', 'approvalsGate.allow': ['touch', 'wipefs'] });
        assertBlocked(await run(prepared, `touch ${prepared.root.marker}; wipefs -a ${ABSENT_DISK}`), /hardline floor/i);
      });

      it('an escalated command (no allow entry, no rating model) does not run, and the model reads why', async function () {
        // No gate settings at all: assisted rung, no rater; nobody can be asked in a headless run.
        // Claude Code honours an ask in -p by refusing; Gemini (it exits silently on ask) and
        // Codex (it RUNS the command on ask) need a deny; the Copilot adapter denies too.
        const prepared = prepare('escalate');
        const decisions: HookDecision[] = agent === 'claude-code' ? ['ask', 'deny'] : ['deny'];
        assertBlocked(await run(prepared, `touch ${prepared.root.marker}`), /allow entry|rating model|person|approv/i, decisions);
      });

      it('a broken user settings file blocks every command, with a reason naming the file', async function () {
        const prepared = prepare('broken-settings', '{"approvalsGate.allow": ["touch"');
        const settingsFile = prepared.gateSettings!;
        const seen = assertBlocked(await run(prepared, `touch ${prepared.root.marker}`), /settings/i);
        assert.ok(seen.includes(settingsFile), `the reason does not name ${settingsFile}: ${seen}`);
      });

      it('install, then its copy deleted: the command does not run, and the model reads how to fix it', async function () {
        const root = newCaseRoot(`${agent}-copy-deleted`);
        writeAgentConfig(agent, root.home, server);
        writeGateSettings(root.home, { 'approvalsGate.allow': ['touch'] });
        const installed = runGateCli(root, ['install', agent]);
        assert.equal(installed.status, 0, `install ${agent} failed: ${installed.stdout}${installed.stderr}`);
        const data = path.join(root.home, '.local', 'share', 'approvals-gate');
        const copies = readdirSync(data).filter((name) => /-[0-9a-f]{12}$/.test(name));
        assert.equal(copies.length, 1, `no installed copy in ${data}: ${readdirSync(data).join(', ')}`);
        rmSync(path.join(data, copies[0]!), { recursive: true });
        const result = await runAgent({ agent, server, root, command: `touch ${root.marker}`, bypassHookTrust: false });
        const why = describeRun(result);
        // The launcher ran Node on the missing file (the recorder saw it fail), then refused.
        assert.ok(result.hookCalls.length > 0 && result.hookCalls.every((call) => call.exitCode !== 0 && call.exitCode !== 2), `the hook was not run as expected\n${why}`);
        assert.ok(!result.markerExists, `the command RAN\n${why}`);
        assert.equal(result.code, 0, `the agent failed\n${why}`);
        assert.ok(result.toolResult !== null, `the model got no tool result\n${why}`);
        // Copilot drops stderr on exit 2 but reads the deny on stdout with exit 0, as the others read theirs.
        assert.match(normalize(result.toolResult), /no complete answer.*approvals-gate install/, `the model did not read the fix\n${why}`);
      });

      it('install registers the hook (twice is the same), a real run is gated, uninstall removes it', async function () {
        const root = newCaseRoot(`${agent}-install`);
        writeAgentConfig(agent, root.home, server);
        const deniedCommand = `touch ${root.marker} ${root.root}/denied`;
        writeGateSettings(root.home, { 'approvalsGate.allow': ['touch'], 'approvalsGate.deny': [deniedCommand] });
        const registration = registrationFile(agent, root);
        for (const round of [1, 2]) {
          const installed = runGateCli(root, ['install', agent]);
          assert.equal(installed.status, 0, `install ${agent} (round ${round}) failed: ${installed.stdout}${installed.stderr}`);
          assert.ok(readFileSync(registration, 'utf8').includes(`hook ${agent}"`), `install wrote no hook into ${registration}`);
        }
        // No --settings (Claude) and no --dangerously-bypass-hook-trust (Codex): only what install wrote.
        assertRan(await runAgent({ agent, server, root, command: `touch ${root.marker}`, bypassHookTrust: false }));
        // That first call decided in its own process and started the hook server: the next is answered by it.
        const cache = path.join(root.home, '.cache', 'approvals-gate');
        const until = Date.now() + 10_000;
        while (!(existsSync(cache) && readdirSync(cache).some((f) => f.endsWith('.sock'))) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        assert.ok(readdirSync(cache).some((f) => f.endsWith('.sock')), `no hook server socket in ${cache}: ${readdirSync(cache).join(', ')}`);
        assertBlocked(await runAgent({ agent, server, root, command: deniedCommand, bypassHookTrust: false }), /deny/i);

        const removed = runGateCli(root, ['uninstall', agent]);
        assert.equal(removed.status, 0, `uninstall ${agent} failed: ${removed.stdout}${removed.stderr}`);
        assert.ok(!existsSync(registration) || !readFileSync(registration, 'utf8').includes(`hook ${agent}"`), `uninstall left the hook in ${registration}`);
        const after = await runAgent({ agent, server, root, command: deniedCommand, bypassHookTrust: false });
        assert.equal(after.hookCalls.length, 0, `the hook still runs after uninstall\n${describeRun(after)}`);
        assert.equal(after.code, 0, describeRun(after));
      });
    });
  }
});

/**
 * Claude Code and Codex with the user's shell set to zsh and to bash (zsh from Debian, installed
 * by scripts/ensureSystem.mjs). Claude Code runs its Bash tool in the shell `$SHELL` names; Codex
 * in the login shell of the password database (bash here, whatever `$SHELL` says) unless its
 * model names another, so the gate reads Codex's commands as `any` (docs/agent-hooks.md, "Which shell runs the command"). In each, the
 * command really runs in the shell the case says, and zsh-only spellings of a floor command are
 * refused at bypass.
 */
describe('agents (real CLIs) in zsh and in bash', function () {
  let server: FakeModelServer;

  before(async function () {
    requireAgentStage();
    if (!existsSync('/usr/bin/zsh')) throw new Error('zsh is not installed: run node scripts/ensureSystem.mjs');
    server = await startFakeModelServer();
  });

  after(async function () {
    await server?.close();
    removeCaseRoots();
  });

  const SHELLS = [
    { name: 'zsh', path: '/usr/bin/zsh' },
    { name: 'bash', path: '/bin/bash' },
  ] as const;

  for (const agent of ['claude-code', 'codex'] as const) {
    for (const shell of SHELLS) {
      describe(`${agent}, SHELL=${shell.path}`, function () {
        const prepare = (name: string, snapshotAliases?: string) => {
          const root = newCaseRoot(`${agent}-${shell.name}-${name}`);
          writeAgentConfig(agent, root.home, server);
          if (snapshotAliases !== undefined) writeClaudeSnapshot(root.home, `snapshot-${shell.name}-1796400000001-other.sh`, snapshotAliases);
          writeGateSettings(root.home, { 'approvalsGate.rung': 'bypass' });
          const settingsFile = registerHook(agent, root, gateHookCommand(agent));
          return { root, ...(settingsFile ? { settingsFile } : {}) };
        };
        const run = (prepared: ReturnType<typeof prepare>, command: string) => runAgent({ agent, server, ...prepared, command, env: { SHELL: shell.path } });

        it('the command runs in the shell this case says', async function () {
          const prepared = prepare('which-shell');
          const result = await run(prepared, `touch ${prepared.root.marker}; echo "ZSH=\${ZSH_VERSION:-none}"`);
          assertRan(result);
          // Claude Code follows $SHELL; Codex the password database (this user's is bash).
          const zsh = agent === 'claude-code' && shell.name === 'zsh';
          assert.match(result.toolResult ?? '', zsh ? /ZSH=5\.\d/ : /ZSH=none/, describeRun(result));
        });

        it("zsh -c with a floor command is refused at bypass", async function () {
          const prepared = prepare('zsh-c');
          assertBlocked(await run(prepared, `touch ${prepared.root.marker}; zsh -c 'wipefs -a ${ABSENT_DISK}'`), /hardline floor/i);
        });

        if (shell.name === 'zsh') {
          // Needs the zsh-floors branch (the floors see through zsh's precommand words).
          it('noglob before a floor command is refused at bypass', async function () {
            const prepared = prepare('noglob');
            assertBlocked(await run(prepared, `touch ${prepared.root.marker}; noglob wipefs -a ${ABSENT_DISK}`), /hardline floor/i);
          });
        }

        if (agent === 'claude-code') {
          // A fresh session: no snapshot yet (Claude Code writes it after the first command's
          // hook), so the gate asks the shell (docs/agent-hooks.md, "Which shell runs the command").
          const fresh = (name: string, rc: string) => {
            const root = newCaseRoot(`${agent}-${shell.name}-${name}`);
            writeAgentConfig(agent, root.home, server);
            rmSync(path.join(root.home, '.claude', 'shell-snapshots'), { recursive: true, force: true });
            writeFileSync(path.join(root.home, shell.name === 'zsh' ? '.zshrc' : '.bashrc'), rc);
            writeGateSettings(root.home, { 'approvalsGate.rung': 'manual', 'approvalsGate.allow': ['touch'] });
            const settingsFile = registerHook(agent, root, gateHookCommand(agent));
            return { root, ...(settingsFile ? { settingsFile } : {}) };
          };

          it("a fresh session's first command under a covering entry runs without a prompt", async function () {
            const prepared = fresh('fresh', "alias ll='ls -l'\nmkcd() { mkdir -p \"$1\" && cd \"$1\"; }\n");
            assertRan(await run(prepared, `touch ${prepared.root.marker}`));
          });

          it("a fresh session: a command named by an alias of the start-up file is not the program", async function () {
            const prepared = fresh('fresh-alias', "alias touch='touch'\n");
            assertBlocked(await run(prepared, `touch ${prepared.root.marker}`), /`touch` is defined as alias or function/, ['ask', 'deny']);
          });
        }

        if (agent === 'claude-code' && shell.name === 'zsh') {
          it("an alias in a running session's shell snapshot reaches the floor", async function () {
            const prepared = prepare('alias', `alias -- tidy='wipefs -a ${ABSENT_DISK}'\n`);
            assertBlocked(await run(prepared, `touch ${prepared.root.marker}; tidy`), /hardline floor/i);
          });
        }
      });
    }
  }
});

/** The user-level file `install <agent>` writes the hook into. */
function registrationFile(agent: AgentName, root: CaseRoot): string {
  const paths = agentConfigPaths(root.home);
  switch (agent) {
    case 'claude-code':
      return paths.claudeSettings;
    case 'gemini':
      return paths.geminiSettings;
    case 'codex':
      return paths.codexHooks;
    case 'copilot':
      return paths.copilotGateHooks;
  }
}
