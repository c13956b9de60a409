import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ApprovalsGateApi } from '../../../src/extension';

/**
 * `approvalsGate_runInTerminal` as another agent sees it, inside a real VS Code: listed in
 * `vscode.lm.tools`, invoked with `vscode.lm.invokeTool` (no chat request, so no chat model: a
 * rating fails closed and the command goes to a person), and honouring the rung in force.
 *
 * The card path is tested the way a headless caller meets it: the call waits on the card; the
 * caller cancels its token; the gate records the call as rejected ("cancelled"), the card is
 * withdrawn and nothing ran (the `touch` target does not exist). `bypass` cannot be reached from here — it needs a person to
 * confirm a modal dialog — so it is covered by the UI test (test/e2e/ui/chat.test.mjs) and the
 * stand-in unit test (test/unit/vscode/runInTerminalTool.test.ts).
 */

const TOOL = 'approvalsGate_runInTerminal';
const EXTENSION_ID = 'approvals-gate.approvals-gate';

async function gateApi(): Promise<ApprovalsGateApi> {
  const extension = vscode.extensions.getExtension<ApprovalsGateApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  return extension.activate();
}

async function invoke(input: object, token?: vscode.CancellationToken): Promise<string> {
  const result = await vscode.lm.invokeTool(TOOL, { input, toolInvocationToken: undefined }, token);
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

async function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function cardPanelOpen(): boolean {
  return vscode.window.tabGroups.all.some((group) =>
    group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('approvalsGate.approvalCard')),
  );
}

/**
 * Invokes with a token, waits until the card holds the call, cancels, and returns what the caller
 * got and the call's capture record once the gate has finished with it. VS Code itself answers a
 * cancelled invocation with a CancellationError, so the caller never reads the tool's own
 * rejection; what the gate did is in the capture record.
 */
async function invokeAndCancelAtTheCard(api: ApprovalsGateApi, command: string) {
  const source = new vscode.CancellationTokenSource();
  const before = api.capture.records().length;
  const pending = invoke({ command }, source.token).then(
    (text) => ({ text }),
    (error: unknown) => ({ error }),
  );
  const mine = () => api.capture.records().slice(before).find((record) => record.command === command);
  // The record is begun when the call arrives and finished when it is decided: unfinished = waiting for a person.
  await until('the call waits on the card', () => mine() !== undefined && mine()!.action === undefined && cardPanelOpen());
  source.cancel();
  const outcome = await pending;
  await until('the gate has finished with the call', () => mine()?.action !== undefined, 10_000);
  source.dispose();
  return { outcome, record: mine()! };
}

/** What a cancelled caller gets: VS Code's CancellationError, or (if VS Code ever passes it on) the tool's rejection. */
function assertCancelledForTheCaller(outcome: { text?: string; error?: unknown }): void {
  if (outcome.error !== undefined) {
    assert.ok(outcome.error instanceof vscode.CancellationError || /cancel/i.test(String(outcome.error)), `unexpected error: ${String(outcome.error)}`);
  } else {
    assert.match(outcome.text ?? '', /^Not run: The call was cancelled before anyone answered/);
  }
}

describe('language-model tool approvalsGate_runInTerminal (in VS Code)', function () {
  this.timeout(60_000);
  let api: ApprovalsGateApi;
  let scratch: string;
  const configuration = () => vscode.workspace.getConfiguration('approvalsGate');

  before(async () => {
    api = await gateApi();
    scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gate-lm-tool-')));
  });
  after(async () => {
    await configuration().update('rung', undefined, vscode.ConfigurationTarget.Workspace);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('vscode.lm.tools lists it, with the input schema {command, justification?}', () => {
    const info = vscode.lm.tools.find((tool) => tool.name === TOOL);
    assert.ok(info, `not in vscode.lm.tools: ${vscode.lm.tools.map((t) => t.name).join(', ')}`);
    const schema = info.inputSchema as { properties?: Record<string, unknown>; required?: string[] };
    assert.deepEqual(Object.keys(schema.properties ?? {}).sort(), ['command', 'justification']);
    assert.deepEqual(schema.required, ['command']);
    assert.match(info.description, /Approvals Gate decides on every command first/);
  });

  it('an allowed command runs in the "Approvals Gate" terminal and its output comes back', async () => {
    assert.equal(api.rung(), 'assisted');
    const marker = `lm-tool-${Date.now()}`;
    const text = await invoke({ command: `echo ${marker}` });
    assert.match(text, /^The command ran in the "Approvals Gate" terminal \(approved \(allow-list\)/);
    assert.match(text, new RegExp(`Exit code: 0\\.\\nOutput:\\n${marker}\\n`));
    assert.ok(vscode.window.terminals.some((terminal) => terminal.name === 'Approvals Gate'), 'no "Approvals Gate" terminal');
    assert.equal(api.capture.records().at(-1)?.tool, TOOL);
  });

  it('the hardline floor refuses, whatever the rung, and nothing runs', async () => {
    const text = await invoke({ command: `rm -rf / ; touch ${scratch}/hardline-ran` });
    assert.match(text, /^Not run: .*\(hardline-floor\)/);
    assert.equal(fs.existsSync(path.join(scratch, 'hardline-ran')), false);
  });

  it('malformed input gets a tool error and nothing runs', async () => {
    let text: string;
    try {
      text = await invoke({ command: `touch ${scratch}/malformed-ran`, sudo: true });
    } catch (error) {
      // VS Code may refuse input that does not fit the declared schema before the tool sees it.
      text = error instanceof Error ? error.message : String(error);
    }
    assert.match(text, /sudo|additional|Invalid/i);
    assert.equal(fs.existsSync(path.join(scratch, 'malformed-ran')), false);
  });

  it('at assisted with no rater model, an unlisted command waits for a person (the rating fails closed); cancelling rejects it and nothing runs', async () => {
    const target = path.join(scratch, 'assisted-ran');
    const { outcome, record } = await invokeAndCancelAtTheCard(api, `touch ${target}`);
    assertCancelledForTheCaller(outcome);
    assert.equal(record.rung, 'assisted');
    assert.equal(record.rating?.failClosed, 'no-model');
    assert.equal(record.humanAnswer, 'cancelled');
    assert.equal(record.action, 'reject');
    assert.equal(fs.existsSync(target), false, 'the command ran');
  });

  it('at manual (set in the workspace settings), the same command goes to the card unrated; cancelling rejects it and nothing runs', async () => {
    await configuration().update('rung', 'manual', vscode.ConfigurationTarget.Workspace);
    await until('the rung is manual', () => api.rung() === 'manual', 5_000);
    const target = path.join(scratch, 'manual-ran');
    const { outcome, record } = await invokeAndCancelAtTheCard(api, `touch ${target}`);
    assertCancelledForTheCaller(outcome);
    assert.equal(record.rung, 'manual');
    assert.equal(record.action, 'reject');
    assert.equal(record.rating, undefined, 'manual asks no model');
    assert.equal(record.humanAnswer, 'cancelled');
    assert.equal(fs.existsSync(target), false, 'the command ran');
  });
});
