/**
 * The LangChain chat model over `vscode.LanguageModelChat`, under plain Node with a stand-in for
 * the `vscode` module and a scripted model: what `sendRequest` receives (vscode classes, roles,
 * tools, tool mode, justification), what comes back (text, tool calls, invalid calls), streaming,
 * cancellation through the AbortSignal, readable errors; then the two users of the adapter — the
 * rater on the chat's model (D§8) and the agent loop (a command's output reaches the model; a
 * malformed call runs nothing).
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import type { GatedOutcome, GatedShellCall } from '../../../src/agent/agentTool';
import type { Decision } from '../../../src/gate/decision';
import { readCommand } from '../../../src/gate/reading/reading';
import type { RatingRequest } from '../../../src/gate/rater/raterContract';
import * as standIn from '../../support/vscodeLmStandIn';
import { ScriptedLanguageModel, sentText, type ScriptedReply } from '../../support/vscodeLmStandIn';

type LmModule = typeof import('../../../src/vscode/lmChatModel');
type RaterModule = typeof import('../../../src/vscode/lmRater');
type LoopModule = typeof import('../../../src/agent/agentLoop');

const { LanguageModelTextPart: Text, LanguageModelToolCallPart: ToolCall, LanguageModelToolResultPart: ToolResult } = standIn;

function ratingRequest(command: string): RatingRequest {
  return { reading: readCommand(command, { home: '/home/u', shell: 'bash' }), findings: [], rung: 'assisted', tripwire: false };
}

function approvedDecision(): Decision {
  return { action: 'approve', stage: 'allow-list', reason: 'Allowed by the built-in allow list (echo).', resolution: { resolved: true, segments: [] } } as unknown as Decision;
}

describe('LmChatModel (vscode.lm adapter, vscode stand-in)', () => {
  let lm: LmModule;
  let raters: RaterModule;
  let loop: LoopModule;

  before(async () => {
    standIn.install();
    lm = await import('../../../src/vscode/lmChatModel');
    raters = await import('../../../src/vscode/lmRater');
    loop = await import('../../../src/agent/agentLoop');
  });
  after(() => standIn.uninstall());

  const modelWith = (replies: ScriptedReply[]) => {
    const scripted = new ScriptedLanguageModel(replies);
    return { scripted, model: new lm.LmChatModel({ model: scripted as never }) };
  };

  it('sends vscode messages: system as prefixed user text, roles, text parts; and a justification', async () => {
    const { scripted, model } = modelWith([{ parts: [new Text('pong')] }]);
    const answer = await model.invoke([new SystemMessage('Be brief.'), new HumanMessage('ping')]);
    assert.equal(answer.content, 'pong');
    const [request] = scripted.requests;
    assert.equal(request!.messages.length, 1);
    const [message] = request!.messages;
    assert.ok(message instanceof standIn.LanguageModelChatMessage);
    assert.equal(message.role, standIn.LanguageModelChatMessageRole.User);
    assert.ok(message.content.every((part) => part instanceof Text));
    assert.match(sentText(message), /^System instructions.*Be brief\.ping$/s);
    assert.match(request!.options.justification ?? '', /Approvals Gate/);
    assert.equal(request!.options.tools, undefined, 'no tools offered when none are bound');
  });

  it('bindTools offers LanguageModelChatTools with JSON schemas; tool_choice any → Required, default → Auto', async () => {
    const shell = tool(async () => '', { name: 'run_shell_command', description: 'Run', schema: z.strictObject({ command: z.string() }) });
    const { scripted, model } = modelWith([{ parts: [new Text('a')] }, { parts: [new Text('b')] }]);
    await model.bindTools([shell]).invoke('x');
    await model.bindTools([shell], { tool_choice: 'any' }).invoke('y');
    const [auto, required] = scripted.requests;
    assert.deepEqual(auto!.options.tools!.map((t) => t.name), ['run_shell_command']);
    assert.equal((auto!.options.tools![0]!.inputSchema as { type: string }).type, 'object');
    assert.equal(auto!.options.toolMode, standIn.LanguageModelChatToolMode.Auto);
    assert.equal(required!.options.toolMode, standIn.LanguageModelChatToolMode.Required);
  });

  it('a tool call with an object input comes back as a tool call; a string input as an invalid one', async () => {
    const { model } = modelWith([
      { parts: [new Text('Let me look.'), new ToolCall('c1', 'run_shell_command', { command: 'ls' }), new ToolCall('c2', 'run_shell_command', 'rm -rf ~' as unknown as object)] },
    ]);
    const answer = await model.invoke('go');
    assert.equal(answer.content, 'Let me look.');
    assert.deepEqual(answer.tool_calls?.map((c) => [c.id, c.name, c.args]), [['c1', 'run_shell_command', { command: 'ls' }]]);
    assert.deepEqual(answer.invalid_tool_calls?.map((c) => c.id), ['c2']);
  });

  it('tool results go back as LanguageModelToolResultParts in a user message after the assistant tool-call message', async () => {
    const { scripted, model } = modelWith([{ parts: [new ToolCall('c1', 'read_file', { path: 'a' })] }, { parts: [new Text('done')] }]);
    const first = await model.invoke([new HumanMessage('read a')]);
    const { ToolMessage } = await import('@langchain/core/messages');
    await model.invoke([new HumanMessage('read a'), first, new ToolMessage({ tool_call_id: 'c1', content: 'contents of a' })]);
    const sent = scripted.requests[1]!.messages;
    assert.deepEqual(sent.map((m) => m.role), [1, 2, 1]);
    assert.ok(sent[1]!.content[0] instanceof ToolCall);
    const result = sent[2]!.content[0];
    assert.ok(result instanceof ToolResult);
    assert.equal(result.callId, 'c1');
    assert.equal(sentText(sent[2]!), 'contents of a');
  });

  it('stream() yields the text as the model streams it', async () => {
    const { model } = modelWith([{ parts: [new Text('one '), new Text('two')] }]);
    const chunks: string[] = [];
    for await (const chunk of await model.stream('count')) chunks.push(String(chunk.content));
    assert.deepEqual(chunks, ['one ', 'two']);
  });

  it('aborting the signal cancels the request token and rejects at once', async () => {
    // Each part comes 3 s after the last, so only a cancelled request ends within the bound below
    // (a tight margin here failed on a busy machine).
    const { scripted, model } = modelWith([{ parts: [new Text('a'), new Text('b'), new Text('c')], delayMs: 3_000 }]);
    const controller = new AbortController();
    const started = Date.now();
    const pending = model.invoke('slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(pending, (error: Error) => /cancel|abort/i.test(`${error.name} ${error.message}`));
    assert.ok(Date.now() - started < 2_500, `took ${Date.now() - started} ms`);
    assert.equal(scripted.requests[0]!.token?.isCancellationRequested, true);
  });

  it('a LanguageModelError becomes a readable error naming what happened', async () => {
    const { model } = modelWith([{ error: new standIn.LanguageModelError('denied', 'NoPermissions') }]);
    await assert.rejects(model.invoke('x'), /test-vendor\/scripted-model did not answer: this extension may not use the model/);
  });

  it('a stream that fails midway is an error, not a short answer', async () => {
    const { model } = modelWith([{ parts: [new Text('partial')], failAfterParts: new Error('connection lost') }]);
    await assert.rejects(model.invoke('x'), /failed: connection lost/);
  });

  describe('the rater on the chat model (D§8)', () => {
    it('rates through one required verdict tool and reads the verdict', async () => {
      const scripted = new ScriptedLanguageModel([{ parts: [new ToolCall('v1', 'record_verdict', { outcome: 'safe', reason: 'Lists files.' })] }]);
      const rater = raters.createLmRater(scripted as never, 5_000);
      const result = await rater.rate(ratingRequest('ls -la'));
      assert.deepEqual(result.verdict, { outcome: 'safe', reason: 'Lists files.' });
      assert.equal(result.source, 'vscode-lm:test-vendor/scripted-model');
      assert.equal(result.failClosed, undefined);
      const [request] = scripted.requests;
      assert.deepEqual(request!.options.tools!.map((t) => t.name), ['record_verdict']);
      assert.equal(request!.options.toolMode, standIn.LanguageModelChatToolMode.Required);
      assert.match(sentText(request!.messages[0]!), /<command_to_evaluate>/);
    });

    it('prose instead of a verdict fails closed (unparseable), never safe', async () => {
      const scripted = new ScriptedLanguageModel([{ parts: [new Text('Looks safe to me!')] }]);
      const result = await raters.createLmRater(scripted as never, 5_000).rate(ratingRequest('rm -rf build'));
      assert.equal(result.verdict.outcome, 'destructive');
      assert.equal(result.failClosed, 'unparseable');
    });

    it('a refusing model fails closed (threw) with the reason', async () => {
      const scripted = new ScriptedLanguageModel([{ error: new standIn.LanguageModelError('quota', 'Blocked') }]);
      const result = await raters.createLmRater(scripted as never, 5_000).rate(ratingRequest('ls'));
      assert.equal(result.failClosed, 'threw');
      assert.match(result.verdict.reason, /blocked/);
    });

    it('a model slower than the budget fails closed (timeout) and its request is cancelled', async () => {
      const scripted = new ScriptedLanguageModel([{ parts: [new ToolCall('v', 'record_verdict', { outcome: 'safe', reason: 'x' })], delayMs: 500 }]);
      const result = await raters.createLmRater(scripted as never, 50).rate(ratingRequest('ls'));
      assert.equal(result.failClosed, 'timeout');
      assert.equal(scripted.requests[0]!.token?.isCancellationRequested, true);
    });
  });

  describe('the agent loop over the adapter', () => {
    let workspace: string;
    before(() => {
      workspace = mkdtempSync(join(tmpdir(), 'lm-agent-'));
    });
    after(() => rmSync(workspace, { recursive: true, force: true }));

    it("a proposed command goes to runGated, and its output reaches the model's next request", async () => {
      const scripted = new ScriptedLanguageModel([
        { parts: [new ToolCall('call-1', 'run_shell_command', { command: 'echo hi' })] },
        { parts: [new Text('It printed hi.')] },
      ]);
      const calls: GatedShellCall[] = [];
      const result = await loop.runAgentTurn({
        model: new lm.LmChatModel({ model: scripted as never }),
        prompt: 'say hi',
        workspaceRoot: workspace,
        home: '/home/u',
        rung: () => 'assisted',
        person: null,
        runGated: async (call): Promise<GatedOutcome> => {
          calls.push(call);
          return { decision: approvedDecision(), execution: { exitCode: 0, output: 'hi\n', truncatedBytes: 0, timedOut: false, via: 'child-process', durationMs: 3, started: true, notes: [] } };
        },
      });
      assert.equal(result.stoppedBy, 'answer');
      assert.equal(result.text, 'It printed hi.');
      assert.deepEqual(calls.map((c) => c.command), ['echo hi']);
      const second = scripted.requests[1]!.messages;
      const last = second[second.length - 1]!;
      const resultPart = last.content.find((p) => p instanceof ToolResult) as InstanceType<typeof ToolResult> | undefined;
      assert.ok(resultPart, 'the next request carries the tool result');
      assert.equal(resultPart.callId, 'call-1');
      assert.match(sentText(last), /Exit code: 0\.[\s\S]*hi/);
      assert.deepEqual(scripted.requests[0]!.options.tools!.map((t) => t.name).sort(), ['list_directory', 'read_file', 'run_shell_command', 'search_text', 'write_file']);
    });

    const malformed: Array<[string, unknown]> = [
      ['a string instead of an object', 'echo hi'],
      ['no command', { justification: 'x' }],
      ['a number as the command', { command: 42 }],
      ['an extra key', { command: 'echo hi', sudo: true }],
      ['a huge command', { command: `echo ${'a'.repeat(70 * 1024)}` }],
    ];
    for (const [what, input] of malformed) {
      it(`a malformed call (${what}) gets a tool error back and nothing runs`, async () => {
        const scripted = new ScriptedLanguageModel([{ parts: [new ToolCall('m1', 'run_shell_command', input as object)] }, { parts: [new Text('ok')] }]);
        let ran = 0;
        const result = await loop.runAgentTurn({
          model: new lm.LmChatModel({ model: scripted as never }),
          prompt: 'do it',
          workspaceRoot: workspace,
          home: '/home/u',
          rung: () => 'bypass',
          person: null,
          runGated: async () => {
            ran += 1;
            return { decision: approvedDecision() };
          },
        });
        assert.equal(ran, 0);
        assert.equal(result.steps[0]!.ok, false);
        const second = scripted.requests[1]!.messages;
        assert.match(sentText(second[second.length - 1]!), /Nothing was run/);
      });
    }

    it('a model that fails mid-turn ends the turn with a readable message', async () => {
      const scripted = new ScriptedLanguageModel([
        { parts: [new ToolCall('c', 'list_directory', { path: '.' })] },
        { error: new standIn.LanguageModelError('gone', 'NotFound') },
      ]);
      const result = await loop.runAgentTurn({
        model: new lm.LmChatModel({ model: scripted as never }),
        prompt: 'look',
        workspaceRoot: workspace,
        home: '/home/u',
        rung: () => 'assisted',
        person: null,
        runGated: async () => ({ decision: approvedDecision() }),
      });
      assert.equal(result.stoppedBy, 'model-error');
      assert.match(result.text, /no longer available/);
    });
  });
});
