// `@gate` in the Chat view of a real VS Code (docs/chat-participant.md), driven only through what a
// person does: type `@gate …` in the chat input, read the response, answer the approval card,
// switch the rung from the status bar. The model is the test-only chat helper's fake model
// (test/e2e/chatHelper), scripted through a JSON file named in this workspace copy's settings; it
// also answers the ratings, since no rater endpoint is set (D§8: the chat's own model rates).
// Whether a command ran is a file on disk or the terminal, never the gate's word for it; what the
// model received is read from the fake model's request log.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { answerModal, card, cardButton, waitForCard, waitForEmptyQueue, waitForFile } from './gateUi.mjs';
import { chooseQuickPickItem, gateStatusItem, quickInput, runCommand, statusBarRung, TIMEOUTS, UiSuite } from './lib.mjs';

const MARK = Date.now().toString(36);
let workspace;
let fakeModelDir;
const scriptFile = () => path.join(fakeModelDir, 'script.json');
const requestLog = () => path.join(fakeModelDir, 'requests.jsonl');

/** The fake model's next answers (a new write starts again from the first). */
function script(replies) {
  fs.writeFileSync(scriptFile(), JSON.stringify({ replies, fallback: { text: 'The fake model has no more scripted replies.' } }));
}

/** The requests the fake model has received so far, oldest first. */
function modelRequests() {
  if (!fs.existsSync(requestLog())) return [];
  return fs.readFileSync(requestLog(), 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

function chatInput(page) {
  return page.locator('.interactive-input-part .monaco-editor .view-lines').first();
}

/** Types `text` into the Chat view's input (emptied first: `@gate` is sticky) and sends it. */
async function sendChat(page, text) {
  await runCommand(page, 'Chat: Focus on Chat View');
  await chatInput(page).waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  await chatInput(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** The chat response that contains `text` (the newest one). */
function response(page, text) {
  return page.locator('.interactive-response').filter({ hasText: text }).last();
}

async function responseText(page, text, timeout = 45_000) {
  const found = response(page, text);
  await found.waitFor({ state: 'visible', timeout });
  return (await found.innerText()).replace(/\u00a0/g, ' ');
}

const suite = new UiSuite('chat (@gate)', {
  prepareWorkspace: (dir) => {
    workspace = dir;
    fakeModelDir = `${dir}-fake-model`;
    fs.mkdirSync(fakeModelDir, { recursive: true });
    script([]);
    // This copy's settings point the helper's fake model at our script and request log (and add nothing the gate would hold back).
    fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, '.vscode', 'settings.json'),
      `${JSON.stringify({ 'approvalsGateTest.fakeModel.scriptPath': scriptFile(), 'approvalsGateTest.fakeModel.requestLogPath': requestLog() }, null, 2)}\n`,
    );
  },
  testTimeoutMs: 120_000,
});

suite.test('typing "@gate …" runs the proposed command in the "Approvals Gate" terminal; its output reaches the model; the answer renders', async ({ page }) => {
  const marker = `ui-chat-${MARK}`;
  script([
    { toolCalls: [{ name: 'run_shell_command', input: { command: `echo ${marker}` }, callId: 'ui-call-1' }] },
    { text: `Done: the command printed ${marker}.` },
  ]);
  const before = modelRequests().length;
  await sendChat(page, `@gate print the marker ${marker}`);
  const text = await responseText(page, `Done: the command printed ${marker}.`);
  // The command block and its decision line, then the model's answer.
  assert.match(text, new RegExp(`echo ${marker}`));
  assert.match(text, /Ran · stage allow-list · exit code 0 — Allowed by the built-in allow list/);
  // It ran in the "Approvals Gate" terminal …
  await page.locator('.part.panel').getByText('Approvals Gate', { exact: true }).first().waitFor({ timeout: TIMEOUTS.command });
  // … and the model's second request carried its output.
  const requests = modelRequests().slice(before);
  assert.equal(requests.length, 2, `the fake model was asked ${requests.length} times`);
  assert.match(requests[1].messages.at(-1).text, new RegExp(`Exit code: 0\\.[\\s\\S]*${marker}`));
});

suite.test('a risky command shows the approval card, and the chat links to it; rejecting it there is reported in the chat; nothing ran', async ({ page }) => {
  const file = `ui-risky-${MARK}.txt`;
  script([
    { toolCalls: [{ name: 'run_shell_command', input: { command: `touch ${file}` }, callId: 'ui-call-2' }] },
    { toolCalls: [{ name: 'record_verdict', input: { outcome: 'destructive', reason: 'Creates a file in the workspace.' } }] },
    { text: 'Understood: I did not create the file.' },
  ]);
  await sendChat(page, '@gate create the file');
  await waitForCard(page, `touch ${file}`);
  await card(page).getByText('Creates a file in the workspace.').first().waitFor({ timeout: TIMEOUTS.webview });
  const waiting = response(page, 'Waiting for your approval on the Approvals Gate card.');
  await waiting.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  await waiting.getByRole('button', { name: 'Show pending approvals' }).waitFor({ timeout: TIMEOUTS.command });
  await cardButton(page, 'Reject').click();
  const text = await responseText(page, 'Understood: I did not create the file.');
  assert.match(text, /Not run — refused · stage human · outcome destructive — You rejected this command/);
  await waitForEmptyQueue(page);
  assert.equal(fs.existsSync(path.join(workspace, file)), false, 'the rejected command ran');
});

suite.test('at bypass (confirmed in the modal dialog), an unlisted command runs without a card', async ({ page }) => {
  await gateStatusItem(page).click();
  await quickInput(page).waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  await chooseQuickPickItem(page, 'bypass');
  assert.match(await answerModal(page, 'Switch to bypass'), /bypass/i);
  await gateStatusItem(page).filter({ hasText: 'Gate: bypass' }).waitFor({ timeout: TIMEOUTS.command });
  assert.equal(await statusBarRung(page), 'bypass');
  const file = `ui-bypass-${MARK}.txt`;
  script([
    { toolCalls: [{ name: 'run_shell_command', input: { command: `touch ${file}` }, callId: 'ui-call-3' }] },
    { text: 'Created the file.' },
  ]);
  await sendChat(page, '@gate create another file');
  await waitForFile(path.join(workspace, file), 45_000);
  const text = await responseText(page, 'Created the file.');
  assert.match(text, /Ran · stage bypass · exit code 0 — The rung is bypass/);
});

suite.test('"@gate /rung manual" switches the rung from the chat; the status bar follows', async ({ page }) => {
  await sendChat(page, '@gate /rung manual');
  const text = await responseText(page, 'The rung for this workspace is now');
  assert.match(text, /The rung for this workspace is now manual: Every shell command waits for you/);
  await gateStatusItem(page).filter({ hasText: 'Gate: manual' }).waitFor({ timeout: TIMEOUTS.command });
});

await suite.run();
