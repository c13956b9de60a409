// "Approvals Gate: Export approvals debug dump" in a real VS Code (D§12): the save dialog (code-server's
// simple file dialog, answered by typing a path), one valid JSON document with a schema version, and
// secrets planted through the UI — the rater API key, keys in a command's text, in a reject reason and
// in a session grant — redacted. An export that cannot be written says so and leaves nothing behind.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  answerSaveDialog, card, cardButton, clearNotifications, runExactCommand, submitAndWaitForCard, waitForEmptyQueue, waitForFile,
  waitForNotification,
} from './gateUi.mjs';
import { quickInput, TIMEOUTS, UiSuite } from './lib.mjs';

const EXPORT_TITLE = 'Approvals Gate: Export approvals debug dump';
/** The rater API key, typed into "Set rater API key…". */
const API_KEY = 'sk-e2eExportApiKey0123456789abcdefABCDEFgh';
/** Keys of other providers' shapes, typed into commands and a reason. */
const GITHUB_TOKEN = 'ghp_e2eExportGithub0123456789abcdefABCDEF';
const PROJECT_KEY = 'sk-proj-e2eExportProject0123456789abcdefAB';
const SECRETS = [API_KEY, GITHUB_TOKEN, PROJECT_KEY];

let workspace;
const file = (name) => path.join(workspace, name);
const suite = new UiSuite('export', { prepareWorkspace: (dir) => { workspace = dir; }, testTimeoutMs: 90_000 });

function test(title, fn) {
  suite.test(title, async (context) => {
    await clearNotifications(context.page);
    await fn(context);
  });
}

/**
 * Makes `target` unwritable for this process: `chattr +i` as root (root ignores permission bits),
 * permission bits otherwise. Returns the undo. Throws when neither works, so the test fails rather
 * than "passing" against a writable path.
 */
function makeUnwritable(target) {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', target]);
    return () => execFileSync('chattr', ['-i', target]);
  }
  const mode = fs.statSync(target).mode & 0o777;
  fs.chmodSync(target, fs.statSync(target).isDirectory() ? 0o555 : 0o444);
  return () => fs.chmodSync(target, mode);
}

/** Files in `dir` left by an export (its temporary sibling is `<name>.partial-<pid>`). */
const partials = (dir) => fs.readdirSync(dir).filter((name) => name.includes('.partial-'));

test('"Set rater API key…" keeps the key (a password box)', async ({ page }) => {
  await runExactCommand(page, 'Approvals Gate: Set rater API key…');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  assert.equal(await input.getAttribute('type'), 'password');
  await input.fill(API_KEY);
  await page.keyboard.press('Enter');
  await waitForNotification(page, 'Rater API key saved in secret storage.');
});

test('commands carrying secrets: one rejected with a reason, one allowed for the session', async ({ page }) => {
  const leaky = `curl -H "Authorization: Bearer ${API_KEY}" "https://api.example.com/v1/models?token=${GITHUB_TOKEN}"`;
  await submitAndWaitForCard(page, leaky);
  await card(page).getByLabel(/^Reason for rejecting/).fill(`do not send ${PROJECT_KEY} anywhere`);
  await cardButton(page, 'Reject').click();
  await waitForNotification(page, /Not run — reject \(human\): You rejected this command: do not send/);
  await waitForEmptyQueue(page);
  await clearNotifications(page);

  await submitAndWaitForCard(page, `touch export-granted.txt ${PROJECT_KEY}`);
  await cardButton(page, 'Allow in this session').click();
  await waitForFile(file('export-granted.txt'));
  await waitForNotification(page, 'Ran with exit code 0.');
});

test('the export is one valid JSON document with a schema version, the planted secrets redacted', async ({ page }) => {
  const target = file('approvals-dump.json');
  await runExactCommand(page, EXPORT_TITLE);
  await answerSaveDialog(page, target);
  await waitForNotification(page, `Approvals debug dump written to ${target}.`);
  const text = fs.readFileSync(target, 'utf8');
  const dump = JSON.parse(text);
  assert.equal(dump.schemaVersion, 1);
  assert.equal(dump.extension.id, 'approvals-gate.approvals-gate');
  assert.equal(dump.vscodeVersion, '1.100.3');
  for (const secret of SECRETS) {
    assert.equal(text.includes(secret), false, `the dump contains ${secret.slice(0, 12)}…`);
    // Nor any long piece of one (a partial redaction).
    assert.equal(text.includes(secret.slice(-20)), false, `the dump contains the tail of ${secret.slice(0, 12)}…`);
  }
  assert.ok(text.includes('<redacted>'));
  // The redacted things are still there, recognisably, with the marker where the secret was.
  const commands = dump.capture.records.map((record) => record.command);
  const curl = commands.find((command) => command.startsWith('curl -H'));
  assert.ok(curl, `no captured curl command among ${JSON.stringify(commands)}`);
  assert.match(curl, /<redacted>/);
  assert.match(curl, /api\.example\.com/);
  assert.ok(dump.grants.session.some((grant) => grant.startsWith('touch export-granted.txt') && grant.includes('<redacted>')), JSON.stringify(dump.grants));
  assert.notEqual(dump.settings['approvalsGate.rater.apiKey'], API_KEY);
  assert.deepEqual(partials(workspace), []);
});

/** Exports to `target` while `locked` cannot be written: the error names the file; `locked` is writable again after. */
async function exportFailsWithError(page, target, locked) {
  const undo = makeUnwritable(locked);
  try {
    await runExactCommand(page, EXPORT_TITLE);
    await answerSaveDialog(page, target);
    const shown = await waitForNotification(page, /could not write the debug dump/);
    assert.ok(shown.startsWith(`Approvals Gate could not write the debug dump to ${target}: `), shown);
    console.log(`error shown: ${shown}`);
  } finally {
    undo();
  }
}

test('an export to a file that cannot be replaced: a clear error, the file untouched, nothing partial left', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'approvals-gate-e2e-export-'));
  const target = path.join(dir, 'locked-dump.json');
  fs.writeFileSync(target, '{"kept": true}\n');
  try {
    await exportFailsWithError(page, target, target);
    assert.equal(fs.readFileSync(target, 'utf8'), '{"kept": true}\n');
    assert.deepEqual(partials(dir), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an export into a folder that cannot be written: a clear error, nothing created', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'approvals-gate-e2e-export-'));
  const sealed = path.join(dir, 'sealed');
  fs.mkdirSync(sealed);
  const target = path.join(sealed, 'dump.json');
  try {
    await exportFailsWithError(page, target, sealed);
    assert.deepEqual(fs.readdirSync(sealed), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

await suite.run();
