// The status-bar rung switcher (D§13), driven only through what a person sees: the "Gate: <rung>"
// item, the quick pick it opens, and the modal confirmation that guards `bypass`.
import assert from 'node:assert/strict';
import { chooseQuickPickItem, gateStatusItem, modalDialog, quickInput, quickPickLabels, reloadWindow, statusBarRung, TIMEOUTS, UiSuite } from './lib.mjs';

const RUNGS = ['manual', 'write', 'assisted', 'auto', 'bypass'];
const suite = new UiSuite('status bar');

async function openSwitcher(page) {
  await gateStatusItem(page).click();
  await quickInput(page).waitFor({ state: 'visible', timeout: TIMEOUTS.command });
}

suite.test('shows the rung in force (the default, assisted, in a fresh workspace)', async ({ page }) => {
  assert.equal(await statusBarRung(page), 'assisted');
});

suite.test('clicking the item opens a quick pick with the five rungs in ladder order', async ({ page }) => {
  await openSwitcher(page);
  assert.deepEqual(await quickPickLabels(page), RUNGS);
  await page.keyboard.press('Escape');
  await quickInput(page).waitFor({ state: 'hidden', timeout: TIMEOUTS.command });
  assert.equal(await statusBarRung(page), 'assisted');
});

suite.test('choosing bypass asks for a modal confirmation; cancelling keeps the rung', async ({ page }) => {
  await openSwitcher(page);
  await chooseQuickPickItem(page, 'bypass');
  const dialog = modalDialog(page);
  await dialog.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  assert.match(await dialog.innerText(), /bypass/i);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUTS.command });
  assert.equal(await statusBarRung(page), 'assisted');
});

suite.test('choosing manual switches the rung without a confirmation', async ({ page }) => {
  await openSwitcher(page);
  await chooseQuickPickItem(page, 'manual');
  await gateStatusItem(page).filter({ hasText: 'Gate: manual' }).waitFor({ timeout: TIMEOUTS.command });
  assert.equal(await modalDialog(page).isVisible(), false);
  assert.equal(await statusBarRung(page), 'manual');
});

suite.test('the chosen rung is still in force after a window reload', async ({ page }) => {
  await reloadWindow(page);
  assert.equal(await statusBarRung(page), 'manual');
});

await suite.run();
