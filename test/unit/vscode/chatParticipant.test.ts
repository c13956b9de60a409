/**
 * `@gate` end to end under plain Node: the participant's handler with a `vscode` stand-in, the
 * real agent loop over the `vscode.lm` adapter on a scripted chat model, and the real gated path
 * (pipeline, rater provider, capture log) with a recording runner and a scripted card. The same
 * scripted model answers the agent and — no rater endpoint being set — the ratings (D§8).
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rung } from '../../../src/gate/rung';
import { silentLog, wireGate, type Wiring } from '../../support/gateWiring';
import * as standIn from '../../support/vscodeLmStandIn';
import { ScriptedLanguageModel, sentText, type ScriptedReply } from '../../support/vscodeLmStandIn';

const { LanguageModelTextPart: Text, LanguageModelToolCallPart: ToolCall, LanguageModelToolResultPart: ToolResult } = standIn;

class FakeStream {
  readonly parts: Array<{ kind: 'markdown' | 'progress' | 'button'; value: string }> = [];
  markdown(value: string | { value: string }) {
    this.parts.push({ kind: 'markdown', value: typeof value === 'string' ? value : value.value });
  }
  progress(value: string) {
    this.parts.push({ kind: 'progress', value });
  }
  button(command: { command: string; title: string }) {
    this.parts.push({ kind: 'button', value: `${command.command}|${command.title}` });
  }
  text(): string {
    return this.parts.filter((p) => p.kind === 'markdown').map((p) => p.value).join('');
  }
}

interface ChatResult {
  metadata?: { sessionId?: string; turn?: number; stoppedBy?: string; refused?: string[] };
  errorDetails?: { message: string };
}
type Handler = (request: unknown, context: unknown, stream: FakeStream, token: unknown) => Promise<ChatResult>;

describe('@gate chat participant (vscode stand-in, real loop and gate)', () => {
  let wiring: Wiring;
  let handler: Handler;
  let participant: Record<string, unknown>;
  let registration: { dispose(): void };
  let workspace: string;
  let endpoints: { agent: { baseUrl: string; model: string }; rater: { baseUrl: string } };
  const switched: Rung[] = [];

  before(() => {
    standIn.install();
    workspace = mkdtempSync(join(tmpdir(), 'gate-participant-'));
  });
  after(() => {
    standIn.uninstall();
    rmSync(workspace, { recursive: true, force: true });
  });

  beforeEach(async () => {
    standIn.workspace.workspaceFolders = [{ uri: { fsPath: workspace } }];
    wiring = await wireGate();
    endpoints = { agent: { baseUrl: '', model: '' }, rater: { baseUrl: '' } };
    switched.length = 0;
    const rung = {
      get rung() {
        return wiring.rung();
      },
      async set(next: Rung) {
        if (next === 'bypass') return false; // the person cancels the modal
        switched.push(next);
        wiring.setRung(next);
        return true;
      },
    };
    const { registerGateParticipant } = await import('../../../src/vscode/chatParticipant');
    registration = registerGateParticipant({
      gate: wiring.gate,
      panel: wiring.panel as never,
      rung: rung as never,
      rater: wiring.rater,
      capture: wiring.capture,
      log: silentLog as never,
      endpoints: () => endpoints,
      secrets: { get: async () => undefined } as never,
    });
    const entry = standIn.registered.participants.get('approvalsGate.gate')!;
    handler = entry.handler as Handler;
    participant = entry.participant;
  });
  afterEach(() => registration.dispose());

  function ask(prompt: string, replies: ScriptedReply[] | ScriptedLanguageModel, options: { command?: string; history?: unknown[]; cancel?: standIn.CancellationTokenSource } = {}) {
    const model = replies instanceof ScriptedLanguageModel ? replies : new ScriptedLanguageModel(replies);
    const stream = new FakeStream();
    const source = options.cancel ?? new standIn.CancellationTokenSource();
    const request = { prompt, command: options.command, references: [], toolReferences: [], toolInvocationToken: undefined, model };
    const result = handler(request, { history: options.history ?? [] }, stream, source.token);
    return { model, stream, result, source };
  }

  it('runs an allowed command in the workspace; its output reaches the model; the chat shows the command and decision', async () => {
    const { model, stream, result } = ask('say hi', [
      { parts: [new ToolCall('c1', 'run_shell_command', { command: 'echo hi' })] },
      { parts: [new Text('It printed hi.')] },
    ]);
    const done = await result;
    assert.deepEqual(wiring.runner.ran, [{ command: 'echo hi', cwd: workspace }]);
    const last = model.requests[1]!.messages.at(-1)!;
    assert.ok(last.content.some((p) => p instanceof ToolResult && p.callId === 'c1'));
    assert.match(sentText(last), /Exit code: 0\.[\s\S]*\nhi\n/);
    const text = stream.text();
    assert.match(text, /```sh\necho hi\n```\n\*\*Ran\*\* · stage `allow-list` · exit code 0 — /);
    assert.match(text, /It printed hi\.$/);
    assert.ok(stream.parts.some((p) => p.kind === 'progress'), 'progress is streamed');
    assert.equal(done.metadata?.stoppedBy, 'answer');
    assert.equal(done.metadata?.turn, 1);
    assert.match(done.metadata?.sessionId ?? '', /^[0-9a-f-]{36}$/);
  });

  it('a risky command is rated by the chat model itself (no rater endpoint), goes to the card, and the chat links to it', async () => {
    const { model, stream, result } = ask('make a file', [
      { parts: [new ToolCall('c1', 'run_shell_command', { command: 'touch risky.txt' })] },
      { parts: [new ToolCall('v1', 'record_verdict', { outcome: 'destructive', reason: 'Creates a file.' })] },
      { parts: [new Text('Understood, I left it.')] },
    ]);
    await wiring.panel.waitForCard();
    const rating = model.requests[1]!;
    assert.deepEqual(rating.options.tools!.map((t) => t.name), ['record_verdict']);
    assert.equal(rating.options.toolMode, standIn.LanguageModelChatToolMode.Required);
    // The button appears once the chat has noticed the card.
    const until = Date.now() + 3_000;
    while (!stream.parts.some((p) => p.kind === 'button') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    assert.ok(stream.parts.some((p) => p.kind === 'button' && p.value === 'approvalsGate.showApprovals|Show pending approvals'));
    wiring.panel.answer({ kind: 'reject', reason: 'not in this repo' });
    const done = await result;
    assert.deepEqual(wiring.runner.ran, []);
    assert.match(stream.text(), /\*\*Not run — refused\*\* · stage `human` · outcome `destructive` — You rejected this command: not in this repo/);
    assert.deepEqual(done.metadata?.refused, ['touch risky.txt']);
    assert.equal(wiring.capture.records().at(-1)?.rating?.model, 'vscode-lm:test-vendor/scripted-model');
    const followups = (participant.followupProvider as { provideFollowups: (r: ChatResult) => Array<{ prompt: string; command?: string; label: string }> }).provideFollowups(done);
    assert.deepEqual(followups[0], { prompt: 'touch risky.txt', command: 'explain', label: 'Explain the decision on touch risky.txt' });
    assert.equal(followups.length, 2);
  });

  it('cancelling the chat withdraws the pending card; nothing runs and the model is not called again', async () => {
    wiring.setRung('manual');
    const source = new standIn.CancellationTokenSource();
    const { model, stream, result } = ask('make it', [{ parts: [new ToolCall('c1', 'run_shell_command', { command: 'touch cancelled.txt' })] }], { cancel: source });
    await wiring.panel.waitForCard();
    source.cancel();
    const done = await result;
    assert.equal(done.metadata?.stoppedBy, 'cancelled');
    assert.equal(wiring.panel.asked[0]!.withdrawn, true);
    assert.deepEqual(wiring.panel.pendingIds(), []);
    assert.deepEqual(wiring.runner.ran, []);
    assert.equal(model.requests.length, 1);
    assert.match(stream.text(), /Stopped: the turn was cancelled/);
  });

  it('an attack ends the run with a clear message', async () => {
    wiring.panel.autoAnswer = { kind: 'reject' };
    const { stream, result } = ask('set things up', [
      { parts: [new ToolCall('c1', 'run_shell_command', { command: 'touch ~/.bashrc.d/hook' })] },
      { parts: [new ToolCall('v1', 'record_verdict', { outcome: 'attack', reason: 'Plants a startup hook.' })] },
    ]);
    const done = await result;
    assert.equal(done.metadata?.stoppedBy, 'halted');
    assert.match(stream.text(), /\*\*Approvals Gate ended this run\.\*\* /);
    assert.deepEqual(wiring.runner.ran, []);
  });

  it('a model that fails mid-turn ends the turn with a readable error and no open card', async () => {
    const { result } = ask('look around', [
      { parts: [new ToolCall('c1', 'list_directory', { path: '.' })] },
      { error: new standIn.LanguageModelError('gone', 'NotFound') },
    ]);
    const done = await result;
    assert.match(done.errorDetails?.message ?? '', /The agent's model failed, so this turn ended: .*no longer available/);
    assert.deepEqual(wiring.panel.pendingIds(), []);
  });

  it('the next request continues the same session with the full transcript of the last turn', async () => {
    const first = ask('say hi', [{ parts: [new ToolCall('c1', 'run_shell_command', { command: 'echo hi' })] }, { parts: [new Text('Done.')] }]);
    const done = await first.result;
    const history = [new standIn.ChatRequestTurn('say hi', undefined), new standIn.ChatResponseTurn([new standIn.ChatResponseMarkdownPart(first.stream.text())], { metadata: done.metadata })];
    const second = ask('and again?', [{ parts: [new Text('Sure.')] }], { history });
    const next = await second.result;
    assert.equal(next.metadata?.sessionId, done.metadata?.sessionId);
    assert.equal(next.metadata?.turn, 2);
    const sent = second.model.requests[0]!.messages;
    assert.ok(sent.some((m) => m.content.some((p) => p instanceof ToolResult && p.callId === 'c1')), 'the earlier tool result is in the conversation');
    assert.match(sentText(sent.at(-1)!), /and again\?$/);
  });

  it('/rung shows the rungs, switches to manual, refuses a made-up rung, and keeps the rung when bypass is not confirmed', async () => {
    const show = ask('', [], { command: 'rung' });
    await show.result;
    assert.match(show.stream.text(), /The rung for this workspace is \*\*assisted\*\*[\s\S]*\| bypass \|/);
    const manual = ask('manual', [], { command: 'rung' });
    await manual.result;
    assert.deepEqual(switched, ['manual']);
    assert.match(manual.stream.text(), /now \*\*manual\*\*/);
    const bogus = ask('yolo', [], { command: 'rung' });
    await bogus.result;
    assert.match(bogus.stream.text(), /There is no rung `yolo`/);
    const bypass = ask('bypass', [], { command: 'rung' });
    await bypass.result;
    assert.match(bypass.stream.text(), /stays \*\*manual\*\*: switching to bypass was not confirmed/);
  });

  it('/explain shows the decision record and runs nothing', async () => {
    const { stream, result } = ask('rm -rf /', [], { command: 'explain' });
    await result;
    assert.match(stream.text(), /```text\ncommand   "rm -rf \/"[\s\S]*decision  REJECT at stage hardline-floor/);
    assert.deepEqual(wiring.runner.ran, []);
  });

  it('an agent endpoint without a key: says what to do, and calls no model', async () => {
    endpoints.agent = { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' };
    const { model, stream, result } = ask('hi', []);
    const done = await result;
    assert.match(stream.text(), /Set @gate agent API key/);
    assert.ok(done.errorDetails);
    assert.equal(model.requests.length, 0);
  });
});
