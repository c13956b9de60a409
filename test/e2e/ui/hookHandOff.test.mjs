// An agent hook's escalation answered on the card in a real VS Code (D§16): the real hook process
// (`node dist/cli.js hook claude-code`, the command `install` registers) is given Claude Code's
// PreToolUse JSON for a command in the opened workspace, with the same cache folder as this
// code-server session, so it finds the extension's socket. The person answers on the card; the
// hook's stdout is what Claude Code would read. Nothing runs the command here: the agent would.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { card, cardButton, clearNotifications, commandFrame, sleep, waitForCard, waitForEmptyQueue } from './gateUi.mjs';
import { TIMEOUTS, UiSuite } from './lib.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(repoRoot, 'dist', 'cli.js');
const CACHE = process.env.E2E_XDG_CACHE_HOME;

let workspace;
const suite = new UiSuite('hook hand-off', { prepareWorkspace: (dir) => { workspace = dir; }, testTimeoutMs: 90_000 });

/** The extension's card socket for the workspace, once it listens (its name is the extension's business). */
async function waitForCardSocket() {
  const folder = path.join(CACHE, 'approvals-gate');
  const deadline = Date.now() + TIMEOUTS.gate;
  while (Date.now() < deadline) {
    const found = fs.existsSync(folder) && fs.readdirSync(folder).find((name) => /^card-[0-9a-f]+\.sock$/.test(name));
    if (found) return path.join(folder, found);
    await sleep(200);
  }
  throw new Error(`no card socket appeared in ${folder}`);
}

/** Runs the hook for `command` as Claude Code would; resolves with its exit code and stdout. */
function runHook(command) {
  return startHook(command).done;
}

/** The hook process for `command`, and its end (exit code, stdout, stderr). */
function startHook(command) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hook-handoff-home-'));
  // A running Claude Code session has its shell snapshot (no user aliases here); with none the
  // gate reads every Claude Code command unresolved (docs/agent-hooks.md, "Which shell runs the command").
  fs.mkdirSync(path.join(home, '.claude', 'shell-snapshots'), { recursive: true });
  fs.writeFileSync(path.join(home, '.claude', 'shell-snapshots', 'snapshot-zsh-1796400000000-e2e.sh'), '# Snapshot file\n# Functions\n# Shell Options\n# Aliases\n');
  const input = { session_id: 'e2e', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: workspace, permission_mode: 'default' };
  const env = { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: CACHE, APPROVALS_GATE_HOOK_SERVER: 'off' };
  const child = spawn(process.execPath, [CLI, 'hook', 'claude-code'], { env, cwd: workspace, stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code) => {
      fs.rmSync(home, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(JSON.stringify(input));
  });
  return { child, done };
}

/** Claude Code's reading of the hook's answer: the permission decision and its reason. */
function decisionOf(result) {
  assert.equal(result.code, 0, `the hook exited ${result.code}: ${result.stderr}`);
  const output = JSON.parse(result.stdout).hookSpecificOutput;
  return { decision: output.permissionDecision, reason: output.permissionDecisionReason };
}

suite.test('the extension listens on a socket of this user only, in a folder nobody else can enter', async () => {
  const socket = await waitForCardSocket();
  // The socket appears when it starts listening and is made 0600 right after (src/vscode/hookHandOff.ts);
  // until then it is in a folder nobody else can enter. Give the chmod a moment on a busy machine.
  for (let waited = 0; waited < 5000 && (fs.lstatSync(socket).mode & 0o777) !== 0o600; waited += 100) await sleep(100);
  assert.equal(fs.statSync(path.dirname(socket)).mode & 0o777, 0o700);
  assert.equal(fs.lstatSync(socket).mode & 0o777, 0o600);
});

suite.test('an escalation comes to the card; "Run once" there is an allow for the agent, and nothing ran here', async ({ page }) => {
  await waitForCardSocket();
  await clearNotifications(page);
  const pending = runHook('touch handoff-approved.txt');
  await waitForCard(page, 'touch handoff-approved.txt');
  assert.match(await card(page).locator('body').innerText(), /Claude Code \(an agent hook, outside VS Code\) asks to run this command/);
  await cardButton(page, 'Run once').click();
  const answer = decisionOf(await pending);
  assert.equal(answer.decision, 'allow');
  assert.match(answer.reason, /A person approved this command on the Approvals Gate card in VS Code/);
  await waitForEmptyQueue(page);
  assert.equal(fs.existsSync(path.join(workspace, 'handoff-approved.txt')), false, 'the extension ran the command itself');
});

suite.test('"Reject" on the card is a deny with the reason, which Claude Code shows the model', async ({ page }) => {
  const pending = runHook('touch handoff-rejected.txt');
  await waitForCard(page, 'touch handoff-rejected.txt');
  await commandFrame(page, 'touch handoff-rejected.txt').waitFor({ state: 'visible', timeout: TIMEOUTS.webview });
  await cardButton(page, 'Reject').click();
  const answer = decisionOf(await pending);
  assert.equal(answer.decision, 'deny');
  assert.match(answer.reason, /rejected/i);
  await waitForEmptyQueue(page);
});

suite.test('an agent that stops waiting (its hook killed) takes its card away', async ({ page }) => {
  const { child, done } = startHook('touch handoff-abandoned.txt');
  await waitForCard(page, 'touch handoff-abandoned.txt');
  child.kill('SIGKILL');
  await done;
  await waitForEmptyQueue(page);
});

suite.test('a command the hook allows, or its floor refuses, never reaches the card', async () => {
  assert.equal(decisionOf(await runHook('ls -la')).decision, 'allow');
  const floored = decisionOf(await runHook('rm -rf /'));
  assert.equal(floored.decision, 'deny');
  assert.match(floored.reason, /Hardline floor/);
});

await suite.run();
