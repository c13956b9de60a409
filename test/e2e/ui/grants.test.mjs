// Grants and allow entries in a real VS Code (D§11, D§13): each card button stores exactly what it
// names, for as long as it says, and a setting change that widens approval waits for a person.
// Whether a command ran is a file in the workspace copy; whether it asked is a card (or, for a
// refusal, the Run command's warning arriving without one).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  answerModal, card, cardButton, clearNotifications, runExactCommand, submitAndWaitForCard, submitCommand, waitForEmptyQueue, waitForFile,
  waitForNotification,
} from './gateUi.mjs';
import { chooseQuickPickItem, quickInput, quickPickLabels, reloadWindow, TIMEOUTS, UiSuite } from './lib.mjs';

let workspace;
const file = (name) => path.join(workspace, name);
const suite = new UiSuite('grants', { prepareWorkspace: (dir) => { workspace = dir; }, testTimeoutMs: 90_000 });

/** Each test starts with no notifications up, so a toast it waits for is its own. */
function test(title, fn) {
  suite.test(title, async (context) => {
    await clearNotifications(context.page);
    await fn(context);
  });
}

const REJECTED = /Not run — reject \(human\): You rejected this command/;

/** Submits a command that must run WITHOUT a card: the file appears and the run reports exit 0. */
async function runsWithoutCard(page, name, command = `touch ${name}`) {
  fs.rmSync(file(name), { force: true });
  await submitCommand(page, command);
  await waitForFile(file(name));
  await waitForNotification(page, 'Ran with exit code 0.');
  await clearNotifications(page);
}

/** Submits a command that must ASK: its card comes up; the person rejects it; nothing ran. */
async function asksAndIsRejected(page, name, command = `touch ${name}`) {
  fs.rmSync(file(name), { force: true });
  await submitAndWaitForCard(page, command);
  await cardButton(page, 'Reject').click();
  await waitForNotification(page, REJECTED);
  await waitForEmptyQueue(page);
  assert.equal(fs.existsSync(file(name)), false, `${command} ran although it was rejected`);
  await clearNotifications(page);
}

test('"Allow in this session": the same command then runs without a card; another command still asks', async ({ page }) => {
  await submitAndWaitForCard(page, 'touch grant-session.txt');
  await cardButton(page, 'Allow in this session').click();
  await waitForFile(file('grant-session.txt'));
  await waitForNotification(page, 'Ran with exit code 0.');
  await waitForEmptyQueue(page);
  await clearNotifications(page);
  await runsWithoutCard(page, 'grant-session.txt');
  await asksAndIsRejected(page, 'grant-other.txt');
});

test('"Reject for this session": the same command is then refused without a card', async ({ page }) => {
  await submitAndWaitForCard(page, 'touch grant-denied.txt');
  await cardButton(page, 'Reject for this session').click();
  await waitForNotification(page, REJECTED);
  await waitForEmptyQueue(page);
  await clearNotifications(page);
  await submitCommand(page, 'touch grant-denied.txt');
  // The refusal arrives by itself: had a card come up, nothing would answer until someone decided it.
  const shown = await waitForNotification(page, /Not run — reject \(deny-list\)/);
  assert.match(shown, /The deny list refuses this command \(touch grant-denied\.txt/);
  assert.match(await card(page).getByText(/^(Command \d+ of \d+ waiting|No commands are waiting)/).innerText(), /^No commands are waiting/);
  assert.equal(fs.existsSync(file('grant-denied.txt')), false);
});

test('"Always allow in this workspace" stores exactly the command shown in its preview, and it runs', async ({ page }) => {
  await submitAndWaitForCard(page, 'touch grant-always.txt');
  const preview = card(page).getByRole('region', { name: 'The grant that would be stored' });
  assert.equal((await preview.innerText()).split('\n').join(' '), '1 touch grant-always.txt');
  await cardButton(page, 'Always allow in this workspace').click();
  await waitForFile(file('grant-always.txt'));
  await waitForNotification(page, 'Ran with exit code 0.');
  await clearNotifications(page);
  await runsWithoutCard(page, 'grant-always.txt');
});

test('"Always allow…" editor: an entry that does not cover the command is refused on the card; a covering one is saved to workspace settings', async ({ page }) => {
  await submitAndWaitForCard(page, 'touch grant-prefix-1.txt');
  const frame = card(page);
  await frame.getByText('Always allow…', { exact: true }).click();
  await frame.getByLabel('Entry kind:').selectOption({ label: 'matches this pattern (glob)' });
  const pattern = frame.getByLabel('Pattern:');
  await pattern.fill('touch other-*');
  await frame.getByRole('listitem').filter({ hasText: '✗ not covered:' }).first().waitFor();
  await cardButton(page, 'Allow and save this entry').click();
  await frame.getByRole('status').filter({ hasText: 'does not cover the command on this card' }).waitFor({ timeout: TIMEOUTS.command });
  assert.match(await frame.getByText(/^Command \d+ of \d+ waiting/).innerText(), /^Command 1 of 1 waiting/, 'the refused entry decided the card');
  assert.equal(fs.existsSync(file('grant-prefix-1.txt')), false);

  await pattern.fill('touch grant-prefix-*');
  await frame.getByRole('listitem').filter({ hasText: '✓ covered:' }).first().waitFor();
  assert.equal(await frame.getByLabel('Save in:').inputValue(), 'workspace');
  await cardButton(page, 'Allow and save this entry').click();
  await waitForFile(file('grant-prefix-1.txt'));
  await waitForNotification(page, 'Ran with exit code 0.');
  const settings = fs.readFileSync(file('.vscode/settings.json'), 'utf8');
  assert.match(settings, /"pattern": "touch grant-prefix-\*"/);
  await clearNotifications(page);
  // Written by the person on the card, so it is in force at once (not held back as an outside change).
  await runsWithoutCard(page, 'grant-prefix-2.txt');
});

test('allow entries in the workspace settings wait for "Review setting changes…"; once applied they run without a card', async ({ page }) => {
  // The sample workspace's .vscode/settings.json allows `touch workspace-allow-probe-*`: held back since the window opened.
  await asksAndIsRejected(page, 'workspace-allow-probe-1');
  await runExactCommand(page, 'Approvals Gate: Review setting changes…');
  const listed = await answerModal(page, 'Apply these changes');
  assert.match(listed, /New allow entry: glob "touch workspace-allow-probe-\*"/);
  await runsWithoutCard(page, 'workspace-allow-probe-2');
  await runExactCommand(page, 'Approvals Gate: Review setting changes…');
  await waitForNotification(page, 'No setting changes are waiting for confirmation.');
});

test('after "Developer: Reload Window": workspace grants and accepted entries still hold; session grants and refusals are gone', async ({ page }) => {
  await reloadWindow(page);
  await clearNotifications(page);
  await runsWithoutCard(page, 'grant-always.txt');
  await runsWithoutCard(page, 'grant-prefix-3.txt');
  await runsWithoutCard(page, 'workspace-allow-probe-3');
  await asksAndIsRejected(page, 'grant-session.txt');
  await asksAndIsRejected(page, 'grant-denied.txt');
});

test('"List and revoke grants…" shows the workspace grant; revoking it makes the command ask again', async ({ page }) => {
  await runExactCommand(page, 'Approvals Gate: List and revoke grants…');
  // Read the rows only once the grants pick has replaced the palette.
  await quickInput(page).locator('.quick-input-title').filter({ hasText: 'pick the ones to revoke' }).waitFor({ timeout: TIMEOUTS.command });
  const labels = await quickPickLabels(page);
  assert.ok(labels.includes('touch grant-always.txt'), `grants listed: ${JSON.stringify(labels)}`);
  await chooseQuickPickItem(page, 'touch grant-always.txt');
  await quickInput(page).getByRole('button', { name: 'OK' }).click();
  await waitForNotification(page, 'Revoked 1 grant(s).');
  await clearNotifications(page);
  await asksAndIsRejected(page, 'grant-always.txt');
});

await suite.run();
