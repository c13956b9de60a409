/**
 * The hook server's lifecycle (docs/agent-hooks.md, "The server's lifecycle") with the real agent
 * CLIs (Claude Code, Gemini CLI, Codex, Copilot CLI; headless
 * and offline against the fake model): the hook as `install` registers it, its hook server killed
 * (the socket left behind, as after an idle exit or a reboot) and stopped (SIGSTOP). Each time the
 * agent gets the gate's refusal of a denied command, the command does not run, and a hook server is
 * back and stays (the old bug: every server started over a stale socket left ~2 s later).
 *
 * Needs `npm run build` and `bash scripts/agents/install-agent-clis.sh`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { alive } from '../support/processes';
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startFakeModelServer, type FakeModelServer } from '../support/agents/fakeModelServer';
import { AGENTS, describeRun, hookDecision, newCaseRoot, removeCaseRoots, requireAgentStage, runAgent, runGateCli, writeAgentConfig, writeGateSettings, type RunResult } from '../support/agents/agentRunner';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function serverPids(socket: string): number[] {
  return spawnSync('pgrep', ['-f', `hook-server ${socket}( now| session [a-z-]+)?$`], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
}


async function waitFor(what: string, test: () => boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The hook refused with the deny entry's reason, the command did not run, the agent went on. */
function assertDenied(result: RunResult): void {
  const why = describeRun(result);
  assert.ok(result.hookCalls.length > 0, `the hook was never called\n${why}`);
  const answer = hookDecision(result.agent, result.hookCalls.at(-1)!);
  assert.equal(answer.decision, 'deny', why);
  assert.match(answer.reason, /deny/i, why);
  assert.ok(!result.markerExists, `the command RAN\n${why}`);
  assert.equal(result.code, 0, why);
}

describe('agents (real CLIs): the hook server killed and stopped under them', function () {
  let model: FakeModelServer;
  before(async function () {
    requireAgentStage();
    model = await startFakeModelServer();
  });
  after(async function () {
    await model?.close();
    removeCaseRoots();
  });

  for (const agent of AGENTS) {
    it(`${agent}: a stale socket is taken over and a stopped server replaced; every answer is the gate's`, async function () {
      const root = newCaseRoot(`${agent}-server-life`);
      writeAgentConfig(agent, root.home, model);
      const denied = `touch ${root.marker}`;
      writeGateSettings(root.home, { 'approvalsGate.allow': ['touch'], 'approvalsGate.deny': [denied] });
      const installed = runGateCli(root, ['install', agent]);
      assert.equal(installed.status, 0, installed.stdout + installed.stderr);
      const run = () => runAgent({ agent, server: model, root, command: denied, bypassHookTrust: false });

      // The first call decides in its own process and starts the server.
      assertDenied(await run());
      const cache = path.join(root.home, '.cache', 'approvals-gate');
      await waitFor('the hook server', () => existsSync(cache) && readdirSync(cache).some((f) => f.endsWith('.sock')));
      const socket = path.join(cache, readdirSync(cache).find((f) => f.endsWith('.sock'))!);
      await waitFor('its process', () => serverPids(socket).length === 1);

      // Killed: its socket stays behind.
      const [killed] = serverPids(socket);
      process.kill(killed!, 'SIGKILL');
      await waitFor('the server to die', () => !alive(killed!));
      assert.ok(lstatSync(socket).isSocket());
      assertDenied(await run());
      await waitFor('a new server', () => serverPids(socket).some((pid) => pid !== killed));
      const [next] = serverPids(socket);
      await sleep(5_000);
      assert.ok(alive(next!), 'the server started over the stale socket is still there');
      assertDenied(await run());

      // Stopped: the next call waits for it at most the first-line time, decides itself, replaces it.
      process.kill(next!, 'SIGSTOP');
      try {
        assertDenied(await run());
        await waitFor('the replacement', () => serverPids(socket).some((pid) => pid !== next));
      } finally {
        process.kill(next!, 'SIGCONT');
      }
      await waitFor('the stopped server to leave', () => !alive(next!));
      assert.equal(serverPids(socket).length, 1);
      assertDenied(await run());

      assert.equal(runGateCli(root, ['uninstall', agent]).status, 0);
    });
  }

  // docs/agent-hooks.md, "A server from the session's start": Claude Code runs the SessionStart
  // entry `install` registers (headless too), and that is what starts the server.
  it('claude-code: the session-start entry starts the hook server; answers are still the gate\'s', async function () {
    const root = newCaseRoot('claude-code-session-start');
    writeAgentConfig('claude-code', root.home, model);
    const denied = `touch ${root.marker}`;
    writeGateSettings(root.home, { 'approvalsGate.allow': ['touch'], 'approvalsGate.deny': [denied] });
    const installed = runGateCli(root, ['install', 'claude-code']);
    assert.equal(installed.status, 0, installed.stdout + installed.stderr);
    assert.match(installed.stdout, /SessionStart, which starts its server/);
    const cache = path.join(root.home, '.cache', 'approvals-gate');
    const sessionServers = () =>
      spawnSync('pgrep', ['-f', `hook-server ${cache}/[^ ]+ session claude-code$`], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
    try {
      assertDenied(await runAgent({ agent: 'claude-code', server: model, root, command: denied, bypassHookTrust: false }));
      await waitFor('the server the session start started', () => sessionServers().length === 1);
      assertDenied(await runAgent({ agent: 'claude-code', server: model, root, command: denied, bypassHookTrust: false }));
      assert.equal(sessionServers().length, 1, 'a second session start added a server');
    } finally {
      for (const pid of sessionServers()) process.kill(pid, 'SIGKILL');
    }
    assert.equal(runGateCli(root, ['uninstall', 'claude-code']).status, 0);
  });
});
