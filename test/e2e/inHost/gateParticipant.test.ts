import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ApprovalsGateApi } from '../../../src/extension';

/**
 * `@gate` inside a real VS Code, driven the way the Chat view is (`workbench.action.chat.open`
 * with a query submits it), on the test-only chat helper's fake model: the model proposes a
 * command, the gate approves it, it runs in the "Approvals Gate" terminal, and its output reaches
 * the model's next request — read from the fake model's request log, i.e. from outside the
 * extension. (The UI test shows the same in the Chat view; this one checks what the model got.)
 */

const EXTENSION_ID = 'approvals-gate.approvals-gate';

interface LoggedRequest {
  messages: Array<{ role: string; text: string }>;
  tools: string[];
}

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('@gate chat participant (in VS Code, fake chat model)', function () {
  this.timeout(90_000);
  const fakeModel = () => vscode.workspace.getConfiguration('approvalsGateTest.fakeModel');
  let api: ApprovalsGateApi;
  let dir: string;

  before(async () => {
    const extension = vscode.extensions.getExtension<ApprovalsGateApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed`);
    api = await extension.activate();
    await vscode.extensions.getExtension('approvals-gate-test.chat-helper')?.activate();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-chat-'));
  });
  after(async () => {
    await fakeModel().update('scriptPath', undefined, vscode.ConfigurationTarget.Global);
    await fakeModel().update('requestLogPath', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a proposed command runs in the "Approvals Gate" terminal and its output reaches the model', async () => {
    const marker = `gate-chat-${Date.now()}`;
    const script = path.join(dir, 'script.json');
    const log = path.join(dir, 'requests.jsonl');
    fs.writeFileSync(
      script,
      JSON.stringify({
        replies: [
          { toolCalls: [{ name: 'run_shell_command', input: { command: `echo ${marker}` }, callId: 'call-1' }] },
          { text: `The command printed ${marker}.` },
        ],
        fallback: { text: 'no more scripted replies' },
      }),
    );
    await fakeModel().update('scriptPath', script, vscode.ConfigurationTarget.Global);
    await fakeModel().update('requestLogPath', log, vscode.ConfigurationTarget.Global);

    const before = api.capture.records().length;
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: `@gate print the marker ${marker}` });

    const requests = await until('the model was asked twice', () => {
      if (!fs.existsSync(log)) return undefined;
      const lines = fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as LoggedRequest);
      return lines.length >= 2 ? lines : undefined;
    });
    const [first, second] = requests;
    assert.deepEqual([...first!.tools].sort(), ['list_directory', 'read_file', 'run_shell_command', 'search_text', 'write_file']);
    assert.match(first!.messages[0]!.text, /^System instructions/, 'the system prompt travels as user text');
    assert.match(first!.messages.at(-1)!.text, new RegExp(`print the marker ${marker}$`));
    const toolResult = second!.messages.at(-1)!;
    assert.equal(toolResult.role, 'user');
    assert.match(toolResult.text, new RegExp(`The command ran \\(approved \\(allow-list\\)[\\s\\S]*Exit code: 0\\.[\\s\\S]*${marker}`));

    const record = api.capture.records().slice(before).find((r) => r.command === `echo ${marker}`);
    assert.ok(record, 'no capture record for the command');
    assert.equal(record.tool, 'run_shell_command');
    assert.equal(record.action, 'approve');
    assert.ok(vscode.window.terminals.some((terminal) => terminal.name === 'Approvals Gate'), 'no "Approvals Gate" terminal');
  });
});
