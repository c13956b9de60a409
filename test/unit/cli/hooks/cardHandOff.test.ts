/**
 * The hook's hand-off of an escalation to the approval card (cardHandOff.ts, hookCommand.ts):
 * a real Unix socket server stands in for the extension (the extension's side runs in a real
 * VS Code in test/e2e/ui/hookHandOff.test.mjs). Only an exact answer line from a socket of this
 * user in a private folder counts; every other case leaves the agent's own answer.
 */
import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AGENTS, type AgentName } from '../../../../src/cli/hooks/agents';
import { askCard } from '../../../../src/cli/hooks/cardHandOff';
import { cardSocket, cardSocketsFor, readCardAnswer, readCardRequest, type CardRequest } from '../../../../src/cli/hooks/cardHandOffWire';
import { runHook } from '../../../../src/cli/hooks/hookCommand';
import { userFolders } from '../../../../src/cli/hooks/userFolders';
import { parseCliOptions } from '../../../../src/cli/options';

describe('agent hooks: an escalation handed to the card', function () {
  if (process.platform === 'win32') return;
  let root: string;
  let project: string;
  let env: NodeJS.ProcessEnv;
  let server: net.Server | undefined;
  let requests: CardRequest[];

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'hook-card-'));
    project = path.join(root, 'project');
    mkdirSync(path.join(project, 'sub'), { recursive: true });
    env = { HOME: path.join(root, 'home'), XDG_CACHE_HOME: path.join(root, 'cache'), PATH: '/usr/bin:/bin', APPROVALS_GATE_HOOK_SERVER: 'off' };
    requests = [];
  });
  afterEach(async () => {
    if (server !== undefined) await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  /** A card for the project folder that answers each request with `reply` (or never, when null). */
  async function card(reply: string | null, folderMode = 0o700): Promise<void> {
    const socket = cardSocket(project, env);
    mkdirSync(path.dirname(socket), { recursive: true, mode: folderMode });
    chmodSync(path.dirname(socket), folderMode);
    server = net.createServer((conn) => {
      let text = '';
      conn.setEncoding('utf8');
      conn.on('data', (chunk: string) => {
        text += chunk;
        if (!text.includes('\n')) return;
        const request = readCardRequest(text.slice(0, text.indexOf('\n')));
        assert.notEqual(typeof request, 'string', String(request));
        requests.push(request as CardRequest);
        if (reply !== null) conn.end(reply);
      });
    });
    await new Promise<void>((resolve) => server!.listen(socket, resolve));
  }

  async function ask(agent: AgentName, command: string, cwd = project) {
    const input = AGENTS[agent].sampleInput(command, cwd);
    const output = await runHook({ agent: AGENTS[agent], options: parseCliOptions(['hook', agent, '--rater-timeout-ms', '100']), stdin: JSON.stringify(input), env, folders: userFolders(env) });
    return { ...output, verdict: AGENTS[agent].readAnswer(output) };
  }

  const answer = (action: string, reason: string) => `${JSON.stringify({ v: 1, action, reason })}\n`;

  it("a person's approval on the card lets the command run, for every agent, from a folder below the workspace too", async () => {
    await card(answer('approve', 'A person approved this command on the Approvals Gate card in VS Code.'));
    for (const agent of Object.keys(AGENTS) as AgentName[]) {
      const result = await ask(agent, 'touch notes.txt', path.join(project, 'sub'));
      assert.equal(result.verdict, 'run', `${agent}: ${result.stdout}`);
    }
    assert.equal(requests.length, Object.keys(AGENTS).length);
    assert.equal(requests[0]!.command, 'touch notes.txt');
    assert.equal(requests[0]!.cwd, path.join(project, 'sub'));
    assert.match(requests[0]!.reason, /\S/);
  });

  it("the card's refusal and halt are the agent's deny, with the person's reason", async () => {
    await card(answer('reject', 'You rejected this command.'));
    const rejected = await ask('gemini', 'touch notes.txt');
    assert.equal(rejected.verdict, 'block');
    assert.match(rejected.stdout, /You rejected this command/);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    await card(answer('halt', 'You stopped the agent.'));
    const halted = await ask('claude-code', 'touch notes.txt');
    assert.equal(halted.verdict, 'block');
    assert.match(halted.stdout, /You stopped the agent/);
  });

  it('only escalations are handed over: approvals and floors are decided by the hook alone', async () => {
    await card(answer('approve', 'x'));
    assert.equal((await ask('gemini', 'ls -la')).verdict, 'run');
    assert.equal((await ask('gemini', 'rm -rf /')).verdict, 'block');
    assert.equal(requests.length, 0);
  });

  it("no card, an unavailable card, an odd line or a folder others may enter: the agent's own answer", async () => {
    const plain = await ask('claude-code', 'touch notes.txt');
    assert.equal(plain.verdict, 'ask');
    for (const reply of [answer('unavailable', 'nobody'), '{"v":1,"action":"approve"}\n', `${JSON.stringify({ v: 2, action: 'approve', reason: 'x' })}\n`, 'approve\n', '']) {
      await card(reply);
      assert.equal((await ask('claude-code', 'touch notes.txt')).verdict, 'ask', JSON.stringify(reply));
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
    await card(answer('approve', 'x'), 0o755);
    assert.equal((await ask('gemini', 'touch notes.txt')).verdict, 'block');
    assert.equal((await ask('claude-code', 'touch notes.txt')).verdict, 'ask');
  });

  it('a card that takes the request and stays silent is given up at the end of the wait', async () => {
    await card(null);
    const request = { v: 1, agent: 'gemini', agentLabel: 'Gemini CLI', command: 'touch x', cwd: project, reason: 'r' } as const;
    const started = Date.now();
    assert.equal(await askCard(request, cardSocketsFor(project, env), 300), null);
    const waited = Date.now() - started;
    assert.ok(waited >= 250 && waited < 5_000, `waited ${waited} ms`);
    assert.equal(requests.length, 1);
  });

  it('APPROVALS_GATE_CARD=off keeps escalations with the agent', async () => {
    await card(answer('approve', 'x'));
    env.APPROVALS_GATE_CARD = 'off';
    assert.equal((await ask('claude-code', 'touch notes.txt')).verdict, 'ask');
    assert.equal(requests.length, 0);
  });

  it('the wire reads exactly its two lines', () => {
    assert.deepEqual(readCardAnswer('{"v":1,"action":"reject","reason":"no"}'), { v: 1, action: 'reject', reason: 'no' });
    for (const line of ['{"v":1,"action":"allow","reason":"x"}', '{"v":1,"action":"approve","reason":"x","extra":1}', '[]', 'null', '{']) assert.equal(readCardAnswer(line), undefined, line);
    const request = { v: 1, agent: 'gemini', agentLabel: 'Gemini CLI', command: 'ls', cwd: '/w', reason: 'r' };
    assert.deepEqual(readCardRequest(JSON.stringify(request)), request);
    assert.match(readCardRequest(JSON.stringify({ ...request, cwd: 'w' })) as string, /absolute/);
    assert.match(readCardRequest(JSON.stringify({ ...request, more: 1 })) as string, /other fields/);
    assert.deepEqual(cardSocketsFor('/a/b', env), [cardSocket('/a/b', env), cardSocket('/a', env), cardSocket('/', env)]);
  });
});
