import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

/**
 * The test-only chat helper (test/e2e/chatHelper) is what the `@gate` chat tests stand on: check here
 * that code-server gave it its proposed APIs and that its fake model answers as scripted.
 */
const VENDOR = 'approvals-gate-test';

async function fakeModel(): Promise<vscode.LanguageModelChat> {
  const models = await vscode.lm.selectChatModels({ vendor: VENDOR });
  assert.equal(models.length, 1, `models of vendor ${VENDOR}: ${models.length}`);
  return models[0]!;
}

async function ask(model: vscode.LanguageModelChat, text: string): Promise<{ text: string; toolCalls: vscode.LanguageModelToolCallPart[] }> {
  const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(text)], {}, new vscode.CancellationTokenSource().token);
  let reply = '';
  const toolCalls: vscode.LanguageModelToolCallPart[] = [];
  for await (const part of response.stream) {
    if (part instanceof vscode.LanguageModelTextPart) reply += part.value;
    else if (part instanceof vscode.LanguageModelToolCallPart) toolCalls.push(part);
  }
  return { text: reply, toolCalls };
}

describe('chat helper (test-only extension)', () => {
  const settings = () => vscode.workspace.getConfiguration('approvalsGateTest.fakeModel');
  let dir: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-lm-'));
  });
  after(async () => {
    await settings().update('scriptPath', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('requestLogPath', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is active with its proposed APIs, and its fake model is selectable', async () => {
    const helper = vscode.extensions.getExtension('approvals-gate-test.chat-helper');
    assert.ok(helper, 'the chat helper is not installed');
    await helper.activate();
    assert.equal((await fakeModel()).id, 'approvals-gate-test-fake-model');
  });

  it('echoes the last message when no script is set', async () => {
    assert.equal((await ask(await fakeModel(), 'hello there')).text, 'FAKE-LM reply to: hello there');
  });

  it('answers from a script in order, tool calls included, then the fallback; and logs each request', async () => {
    const script = path.join(dir, 'script.json');
    const log = path.join(dir, 'requests.jsonl');
    fs.writeFileSync(script, JSON.stringify({
      replies: [
        { toolCalls: [{ name: 'run_shell_command', input: { command: 'ls' }, callId: 'call-1' }] },
        { text: 'second reply' },
      ],
      fallback: { text: 'no more replies' },
    }));
    await settings().update('scriptPath', script, vscode.ConfigurationTarget.Global);
    await settings().update('requestLogPath', log, vscode.ConfigurationTarget.Global);
    const model = await fakeModel();

    const first = await ask(model, 'one');
    assert.deepEqual(first.toolCalls.map((c) => [c.callId, c.name, c.input]), [['call-1', 'run_shell_command', { command: 'ls' }]]);
    assert.equal((await ask(model, 'two')).text, 'second reply');
    assert.equal((await ask(model, 'three')).text, 'no more replies');

    const logged = fs.readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { messages: { text: string }[] });
    assert.deepEqual(logged.map((entry) => entry.messages.at(-1)?.text), ['one', 'two', 'three']);
  });
});
