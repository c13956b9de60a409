// An untrusted workspace in a real VS Code (Restricted Mode, D§13): a cloned repository's
// .vscode/settings.json that widens approval — allow entries, a `bypass` rung, the built-in allow
// list kept on — changes nothing, and the status bar says its values are ignored; a narrowing
// setting (a deny entry) still applies. Runs in the untrusted session (the file name says so).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  cardButton, clearNotifications, runExactCommand, submitAndWaitForCard, submitCommand, waitForEmptyQueue, waitForNotification,
} from './gateUi.mjs';
import { gateStatusItem, statusBarRung, TIMEOUTS, UiSuite } from './lib.mjs';

let workspace;
const file = (name) => path.join(workspace, name);
const suite = new UiSuite('untrusted workspace', {
  prepareWorkspace: (dir) => {
    workspace = dir;
    // The sample's allow entries, plus a bypass rung, plus one deny entry (narrowing: applies anyway).
    fs.writeFileSync(path.join(dir, '.vscode/settings.json'), `${JSON.stringify({
      'approvalsGate.allow': ['echo workspace-allow-probe', { match: 'glob', pattern: 'touch workspace-allow-probe-*' }],
      'approvalsGate.rung': 'bypass',
      'approvalsGate.deny': ['touch workspace-deny-probe'],
    }, null, 2)}\n`);
  },
});

function test(title, fn) {
  suite.test(title, async (context) => {
    await clearNotifications(context.page);
    await fn(context);
  });
}

test('the window is in Restricted Mode and the rung is the default, not the workspace\'s bypass', async ({ page }) => {
  assert.equal(process.env.E2E_TRUST ?? 'untrusted', 'untrusted');
  await page.locator('.part.statusbar').getByText('Restricted Mode').first().waitFor({ timeout: TIMEOUTS.command });
  assert.equal(await statusBarRung(page), 'assisted');
});

test('the status bar says the workspace\'s settings are ignored (icon, accessible name, tooltip)', async ({ page }) => {
  const item = gateStatusItem(page);
  await item.locator('.codicon-warning').waitFor({ timeout: TIMEOUTS.command });
  assert.match(await item.getAttribute('aria-label'), /Workspace settings are being ignored\./);
  await item.hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'This workspace is not trusted' }).first();
  await hover.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  const text = (await hover.innerText()).replace(/\s+/g, ' ');
  for (const setting of ['approvalsGate.rung', 'approvalsGate.allow']) assert.ok(text.includes(setting), `the tooltip does not name ${setting}: ${text}`);
  assert.match(text, /are ignored/);
  await page.mouse.move(700, 450);
});

test('a command the workspace allows still asks; rejected, it does not run', async ({ page }) => {
  await submitAndWaitForCard(page, 'touch workspace-allow-probe-1');
  await cardButton(page, 'Reject').click();
  await waitForNotification(page, /Not run — reject \(human\): You rejected this command/);
  await waitForEmptyQueue(page);
  assert.equal(fs.existsSync(file('workspace-allow-probe-1')), false);
});

test('the ignored values are not even offered for review', async ({ page }) => {
  await runExactCommand(page, 'Approvals Gate: Review setting changes…');
  await waitForNotification(page, 'No setting changes are waiting for confirmation.');
});

test('the workspace\'s deny entry still applies (narrowing settings are honoured untrusted)', async ({ page }) => {
  await submitCommand(page, 'touch workspace-deny-probe');
  const shown = await waitForNotification(page, /Not run — reject \(deny-list\)/);
  assert.match(shown, /The deny list refuses this command \(touch workspace-deny-probe/);
  assert.equal(fs.existsSync(file('workspace-deny-probe')), false);
});

await suite.run();
