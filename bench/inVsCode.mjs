// The extension's figures inside a real VS Code (code-server 4.100.3 + Debian chromium), for
// `npm run bench`. Run by `node scripts/e2e/run.mjs --ui-file bench/inVsCode.mjs`, which installs
// the packaged .vsix into a fresh code-server and sets CS_URL / E2E_WORKSPACE.
//
// Two kinds of window load, each measured several times:
//   - a fresh window (a new browser profile opening the workbench: what a person gets opening
//     code-server in a new browser, and what VS Code desktop gives every window);
//   - "Developer: Reload Window" of an open one, the card's tab closed first. In code-server every
//     webview of the browser shares one origin and one service worker registration; after a reload
//     (or once any webview has been closed) the webview host holds the first request of a new
//     webview (fake.html) for about one second while that registration is updated — VS Code's own
//     Markdown preview shows the same 1,000 ms (docs/approval-card.md). So these loads are reported
//     on their own row, not mixed with the fresh ones;
//   - "Developer: Reload Window" with the card's (empty) tab left open: the extension restores the
//     tab while the window loads (ApprovalPanel.adopt), so the first card needs no new webview.
//     Only the card is timed here (the Running Extensions editor would cover the tab).
// For each load:
//   - activation: the figure VS Code itself reports for the extension in "Developer: Show Running
//     Extensions" ("Activation: 92ms" — module load plus activate(), measured by the extension host);
//   - the first card: Enter in "Approvals Gate: Run a command through the gate…" with a command that
//     escalates (`touch …`, unrated at the default rung) → the card page drawn with that card (its
//     `approvals-gate:card-shown` mark; the panel is created for it);
//   - QUEUED_CARDS more cards with the panel already open.
// The escalation happens after Enter (the command is read, decided and sent to the card first), so
// Enter → drawn is an upper bound on escalation → visible.
//
// Writes { fresh: Load[], reloaded: Load[], reloadedWithTab: number[] }
// (Load = { activationMs, firstCardMs, openPanelCardMs[] }; reloadedWithTab: first-card ms)
// as JSON to $BENCH_FIGURES_FILE; each load is a UiSuite test, so a failed step is a failed test.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { queueLine, timeCardAfterSubmit, waitForEmptyQueue } from '../test/e2e/ui/gateUi.mjs';
import { openWorkbench, reloadWindow, runCommand, TIMEOUTS, UiSuite, VIEWPORT, waitForGate, workbenchUrl } from '../test/e2e/ui/lib.mjs';

const FRESH_WINDOWS = Number(process.env.BENCH_FRESH_WINDOWS || 5);
const RELOADS = Number(process.env.BENCH_RELOADS || 3);
const SHOW_TITLE = 'Approvals Gate: Show pending approvals';
const QUEUED_CARDS = 3;
const EXTENSION_NAME = 'Approvals Gate';

const figures = { fresh: [], reloaded: [], reloadedWithTab: [] };
const suite = new UiSuite('bench in VS Code', { testTimeoutMs: 120_000 });

/** VS Code's own activation figure for this extension, from the Running Extensions editor. */
async function activationMs(page) {
  await runCommand(page, 'Developer: Show Running Extensions');
  const row = page.locator('.runtime-extensions-editor .monaco-list-row').filter({ hasText: EXTENSION_NAME }).first();
  await row.waitFor({ timeout: TIMEOUTS.command });
  // The list refreshes while extensions activate; the figure is there once the row shows it.
  const deadline = Date.now() + TIMEOUTS.command;
  for (;;) {
    const text = await row.innerText();
    const match = /(?:Startup )?Activation: (\d+)ms/.exec(text);
    if (match) {
      await runCommand(page, 'View: Close All Editors');
      return Number(match[1]);
    }
    if (Date.now() > deadline) throw new Error(`no activation figure in the Running Extensions row: ${JSON.stringify(text)}`);
    await page.waitForTimeout(100);
  }
}

/** One load's figures, in a window whose workbench shows the gate and has no card panel yet. */
async function measureLoad(page, label) {
  const load = { activationMs: await activationMs(page), firstCardMs: 0, openPanelCardMs: [] };
  load.firstCardMs = await timeCardAfterSubmit(page, `touch bench-${label}-first.txt`);
  await page.keyboard.press('Escape');
  await waitForEmptyQueue(page);
  for (let card = 1; card <= QUEUED_CARDS; card += 1) {
    load.openPanelCardMs.push(await timeCardAfterSubmit(page, `touch bench-${label}-open-${card}.txt`));
    await page.keyboard.press('Escape');
    await waitForEmptyQueue(page);
  }
  // The next load must create the panel again: nothing may restore it.
  await runCommand(page, 'View: Close All Editors');
  for (const name of fs.readdirSync(process.env.E2E_WORKSPACE)) assert.ok(!name.startsWith('bench-'), `${name}: a rejected command ran`);
  return load;
}

function save() {
  const file = process.env.BENCH_FIGURES_FILE;
  if (file) fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}

for (let n = 1; n <= FRESH_WINDOWS; n += 1) {
  suite.test(`fresh window ${n}: activation and card latency`, async ({ page }) => {
    if (n === 1) {
      figures.fresh.push(await measureLoad(page, `fresh-${n}`));
    } else {
      // A new browser profile: no service worker, no storage from the earlier windows.
      const context = await page.context().browser().newContext({ viewport: VIEWPORT });
      try {
        const fresh = await context.newPage();
        await openWorkbench(fresh, workbenchUrl(process.env.CS_URL, { folder: process.env.E2E_WORKSPACE }));
        await waitForGate(fresh);
        figures.fresh.push(await measureLoad(fresh, `fresh-${n}`));
      } finally {
        await context.close();
      }
    }
    save();
  });
}

for (let n = 1; n <= RELOADS; n += 1) {
  suite.test(`reloaded window ${n}: activation and card latency`, async ({ page }) => {
    await reloadWindow(page);
    figures.reloaded.push(await measureLoad(page, `reload-${n}`));
    save();
  });
}

for (let n = 1; n <= RELOADS; n += 1) {
  suite.test(`reloaded window with the card tab open ${n}: card latency`, async ({ page }) => {
    // The tab stays open after the previous load's card; the first of these loads opens it.
    if (!(await queueLine(page).isVisible().catch(() => false))) await runCommand(page, SHOW_TITLE);
    await queueLine(page).waitFor({ timeout: TIMEOUTS.webview });
    await reloadWindow(page);
    // The restored tab is on screen before anything is asked.
    await queueLine(page).waitFor({ timeout: TIMEOUTS.webview });
    figures.reloadedWithTab.push(await timeCardAfterSubmit(page, `touch bench-tab-${n}.txt`));
    await page.keyboard.press('Escape');
    await waitForEmptyQueue(page);
    for (const name of fs.readdirSync(process.env.E2E_WORKSPACE)) assert.ok(!name.startsWith('bench-'), `${name}: a rejected command ran`);
    save();
  });
}

await suite.run();
