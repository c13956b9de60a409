// Shared helpers for the Playwright UI tests that drive code-server with Debian's chromium
// (playwright-core only: nothing here downloads a browser). A UI test file is a plain Node script:
//
//   const suite = new UiSuite('status bar');
//   suite.test('shows the rung', async ({ page }) => { ... });
//   await suite.run();
//
// `scripts/e2e/run.mjs` starts code-server and runs each file with these variables set:
//   CS_URL            code-server's base URL (http://127.0.0.1:PORT)
//   E2E_WORKSPACE     a fresh copy of test/e2e/workspace for this file alone
//   E2E_BROWSER_WS    the shared browser's endpoint (without it the file launches its own chromium)
//   E2E_RESULT_FILE   where the results are written (JSON, after every test, so a timeout keeps them)
//   E2E_ARTIFACTS     where screenshots of failures go (default .e2e/artifacts/screenshots)
//   E2E_TRUST         "trusted" or "untrusted" (files named *.untrusted.test.mjs run untrusted)
// so a file can also be run by hand against a code-server started some other way.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The recipe's flags: no sandbox (root in CI), no GPU, nothing that phones home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];
export const CHROMIUM_PATH = process.env.CHROMIUM || '/usr/bin/chromium';
export const VIEWPORT = { width: 1400, height: 900 };

/** Timeouts (ms): a cold workbench with our extension activated takes 10–16 s on 2 cores. */
export const TIMEOUTS = { workbench: 60_000, gate: 60_000, command: 20_000, webview: 30_000, test: 60_000 };

/** Launches chromium (the shared-browser server when `asServer`). */
export function launchChromium({ asServer = false } = {}) {
  const options = { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS };
  return asServer ? chromium.launchServer(options) : chromium.launch(options);
}

/** The shared browser when the runner provides one, else a browser of our own. */
export async function openBrowser() {
  const ws = process.env.E2E_BROWSER_WS;
  return ws ? chromium.connect(ws, { timeout: 30_000 }) : launchChromium();
}

/**
 * Closes every context before the browser: code-server then sees a graceful disconnect and ends the
 * window's extension host at once. A bare `browser.close()` leaves it waiting 3 h for a reconnect.
 * On a shared browser, `close()` only disconnects this client.
 */
export async function shutdown(browser) {
  if (!browser) return;
  for (const context of browser.contexts()) await context.close().catch(() => {});
  await browser.close().catch(() => {});
}

/**
 * A workbench URL. `devPath`/`testsPath` are server-side paths; code-server's web workbench takes them
 * from the `payload` query parameter as vscode-remote:// URIs whose authority is the host:port the
 * browser uses (the same mechanism as an "Extension Development Host" window).
 */
export function workbenchUrl(base, { folder, devPath, testsPath } = {}) {
  const authority = new URL(base).host;
  const remote = (p) => `vscode-remote://${authority}${p}`;
  const payload = [];
  if (devPath) payload.push(['extensionDevelopmentPath', remote(devPath)]);
  if (testsPath) payload.push(['extensionTestsPath', remote(testsPath)]);
  const query = [];
  if (folder) query.push(`folder=${encodeURIComponent(folder)}`);
  if (payload.length) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `${base.replace(/\/$/, '')}/${query.length ? `?${query.join('&')}` : ''}`;
}

/** Loads the workbench; resolves when its DOM is there (the extension host starts seconds later). */
export async function openWorkbench(page, url) {
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: TIMEOUTS.workbench });
  await page.locator('.monaco-workbench').waitFor({ timeout: TIMEOUTS.workbench });
}

/** Our status bar item (`$(shield) Gate: <rung>`): its text reads "Gate: <rung>" once the codicon is rendered. */
export function gateStatusItem(page) {
  return page.locator('.part.statusbar .statusbar-item').filter({ hasText: /^\s*Gate:/ }).first();
}

/** Waits for OUR extension to be active: its status bar item is the first thing it shows. */
export async function waitForGate(page, timeout = TIMEOUTS.gate) {
  await gateStatusItem(page).waitFor({ state: 'visible', timeout });
}

/** The rung the status bar shows now ("assisted", "manual", …). */
export async function statusBarRung(page) {
  const text = (await gateStatusItem(page).innerText()).replace(/\s+/g, ' ').trim();
  const match = /Gate: ([a-z-]+)/.exec(text);
  if (!match) throw new Error(`status bar item reads ${JSON.stringify(text)}, not "Gate: <rung>"`);
  return match[1];
}

export function quickInput(page) {
  return page.locator('.quick-input-widget');
}

/** The rows of the open quick pick, as rendered (label, description, detail). */
export function quickPickRows(page) {
  return quickInput(page).locator('.quick-input-list .monaco-list-row');
}

/** A row's label: the first `.label-name` in it (the detail line below has one too). */
function rowLabel(row) {
  return row.locator('.quick-input-list-row').first().locator('.label-name').first();
}

/**
 * The labels of the open quick pick's rows in display order, codicons dropped (`$(check) manual`
 * reads "manual"). The list is virtualised: only rows that are rendered count, which for a short
 * pick such as the rung switcher is all of them.
 */
export async function quickPickLabels(page) {
  await quickPickRows(page).first().waitFor({ timeout: TIMEOUTS.command });
  const rows = await quickPickRows(page).evaluateAll((elements) =>
    elements.map((row) => ({
      index: Number(row.getAttribute('data-index')),
      label: row.querySelector('.quick-input-list-row .label-name')?.textContent ?? '',
    })),
  );
  return rows.sort((a, b) => a.index - b.index).map((row) => row.label.replace(/\s+/g, ' ').trim());
}

/** Chooses the quick pick row whose label is exactly `label` (a codicon before it is allowed). */
export async function chooseQuickPickItem(page, label) {
  const exact = new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`);
  const rows = quickPickRows(page);
  await rows.first().waitFor({ timeout: TIMEOUTS.command });
  for (let i = 0; i < (await rows.count()); i += 1) {
    const row = rows.nth(i);
    if (exact.test(await rowLabel(row).innerText())) {
      await row.click();
      return;
    }
  }
  throw new Error(`the quick pick has no row labelled ${JSON.stringify(label)} (rows: ${JSON.stringify(await quickPickLabels(page))})`);
}

/**
 * Clicks the quick pick row whose label is exactly `label` once it is rendered; false when no such
 * row shows within `timeout` ms or the pick closes before the click lands.
 */
export async function clickQuickPickItem(page, label, timeout) {
  const exact = new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`);
  const row = quickPickRows(page).filter({ has: page.locator('.quick-input-list-row .label-name', { hasText: exact }) }).first();
  return row.click({ timeout }).then(() => true, () => false);
}

/**
 * Runs a command through F1 by its title as the palette shows it ("Approvals Gate: Switch rung…").
 * F1 opens the palette already in command mode. Nothing is clicked in the editor area first: with a
 * webview open there, a click moves the focus into its iframe and the workbench keys stop working.
 */
export async function runCommand(page, title) {
  // The palette can close again between opening and typing (a webview restored after a window
  // reload takes the focus back when its page arrives): open it again and retype, within the budget.
  const until = Date.now() + TIMEOUTS.command;
  for (;;) {
    const input = await openPalette(page);
    if (await input.fill(`>${title}`, { timeout: 3_000 }).then(() => true, () => false)) break;
    if (Date.now() > until) throw new Error(`could not type "${title}" into the command palette within ${TIMEOUTS.command} ms`);
  }
  const row = quickPickRows(page).filter({ hasText: title }).first();
  await row.waitFor({ timeout: TIMEOUTS.command });
  await page.keyboard.press('Enter');
}

/**
 * Opens the command palette (F1) and returns its input. F1 is pressed again, after moving the
 * focus to the workbench, until the palette shows: a webview that is still loading (the card's
 * tab restored after a window reload) swallows a key pressed inside it, and can take the focus
 * back when its page arrives, so one press is not always enough.
 */
export async function openPalette(page) {
  const input = quickInput(page).locator('input.input');
  const until = Date.now() + TIMEOUTS.command;
  for (;;) {
    if (await input.isVisible().catch(() => false)) return input;
    await keysToWorkbench(page);
    await page.keyboard.press('F1');
    if (await input.waitFor({ state: 'visible', timeout: 1_500 }).then(() => true, () => false)) return input;
    if (Date.now() > until) throw new Error(`the command palette did not open (F1) within ${TIMEOUTS.command} ms`);
  }
}

/**
 * Moves the keyboard focus out of a webview into the workbench, so the next key reaches VS Code's
 * keybindings. A webview forwards keys once its page is loaded; while it loads (the card's tab
 * restored after a window reload, say) a key pressed inside it is lost. Blurring the webview's
 * frame element is what clicking the workbench would do, without clicking anything.
 */
export async function keysToWorkbench(page) {
  await page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLIFrameElement) active.blur();
  });
}

/**
 * Reloads the window the way a person does ("Developer: Reload Window") and waits for the gate again.
 * Not `page.reload()`: in code-server the extension's workspaceState/globalState live in the browser
 * profile (IndexedDB), and a bare page reload right after a write can lose it, while the workbench's
 * own reload flushes storage first. Measured: a rung chosen just before page.reload() was lost;
 * through this command it survived (5–8 s per reload).
 */
export async function reloadWindow(page) {
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: TIMEOUTS.workbench });
  // Awaited below; when runCommand fails first, its later rejection must not crash the process.
  navigated.catch(() => {});
  await runCommand(page, 'Developer: Reload Window');
  await navigated;
  await page.locator('.monaco-workbench').waitFor({ timeout: TIMEOUTS.workbench });
  await waitForGate(page);
  // A restored card tab takes the keyboard focus when its page arrives, closing any quick input
  // opened before then: wait for the webviews the reload restored to load first.
  const restored = await page.locator('iframe.webview').count();
  for (let i = 0; i < restored; i++) await page.locator('iframe.webview.ready').nth(i).waitFor({ timeout: TIMEOUTS.webview }).catch(() => {});
}

/** The workbench's modal dialog (custom-rendered in the browser, not a native one). */
export function modalDialog(page) {
  return page.locator('.monaco-dialog-box');
}

/**
 * The content frame of a webview: the workbench hosts each webview in an outer `iframe.webview`
 * (marked `.ready` once loaded) that holds the page in an inner `iframe#active-frame`.
 * `index` picks among several open webviews, in DOM order.
 */
export function webviewFrame(page, index = 0) {
  return page.locator('iframe.webview.ready').nth(index).contentFrame().locator('#active-frame').contentFrame();
}

/** Polls for a JSON file (something the extension writes); returns its parsed content. */
export async function waitForJsonFile(file, timeout = 20_000) {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    if (fs.existsSync(file)) {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        // partially written; try again
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${timeout} ms waiting for ${file}`);
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function slug(text) {
  return text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 80);
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One UI test file: an ordered list of tests sharing one page, because each workbench load costs
 * 10–16 s and the steps after it 1–4 s. `run()` opens the browser page, optionally lets the file
 * prepare its workspace copy, loads the workbench, waits for the gate's status bar item, runs the
 * tests in order (each with a timeout, a screenshot on failure, Escape pressed twice after a failure
 * to clear a half-open quick pick or dialog), writes the results and prints one line per test and a
 * closing "N passed, N failed". If the workbench never shows the gate, every test counts as failed.
 */
export class UiSuite {
  /**
   * @param {string} name
   * @param {{ prepareWorkspace?: (dir: string) => void | Promise<void>, testTimeoutMs?: number }} [options]
   */
  constructor(name, options = {}) {
    this.name = name;
    this.options = options;
    this.tests = [];
    this.results = [];
    this.base = process.env.CS_URL || 'http://127.0.0.1:8080';
    this.workspace = process.env.E2E_WORKSPACE;
    this.artifacts = process.env.E2E_ARTIFACTS || path.join(repoRoot, '.e2e/artifacts/screenshots');
  }

  /** Adds a test; `fn` receives `{ page, suite }`. */
  test(title, fn) {
    this.tests.push({ title, fn });
  }

  record(result) {
    this.results.push(result);
    const file = process.env.E2E_RESULT_FILE;
    if (file) fs.writeFileSync(file, JSON.stringify({ suite: this.name, tests: this.results }, null, 2));
  }

  async screenshot(page, title) {
    if (!page) return undefined;
    fs.mkdirSync(this.artifacts, { recursive: true });
    const file = path.join(this.artifacts, `${slug(this.name)}--${slug(title)}.png`);
    await page.screenshot({ path: file, timeout: 10_000 }).catch(() => {});
    return file;
  }

  async run() {
    const started = Date.now();
    let browser;
    let page;
    try {
      try {
        if (!this.workspace) throw new Error('E2E_WORKSPACE is not set (the folder the workbench opens)');
        if (this.options.prepareWorkspace) await this.options.prepareWorkspace(this.workspace);
        browser = await openBrowser();
        const context = await browser.newContext({ viewport: VIEWPORT });
        page = await context.newPage();
        page.on('pageerror', (error) => console.log(`[pageerror] ${error.message}`));
        if (process.env.E2E_VERBOSE) page.on('console', (m) => console.log(`[browser ${m.type()}] ${m.text()}`));
        const loadStarted = Date.now();
        await openWorkbench(page, workbenchUrl(this.base, { folder: this.workspace }));
        await waitForGate(page);
        console.log(`workbench with the gate ready in ${Date.now() - loadStarted} ms`);
      } catch (error) {
        const shot = await this.screenshot(page, 'setup');
        for (const t of this.tests) {
          this.record({ title: t.title, ok: false, ms: 0, error: `setup failed: ${firstLine(error)}`, screenshot: shot });
        }
        return;
      }
      for (const t of this.tests) {
        const testStarted = Date.now();
        try {
          await withTimeout(Promise.resolve().then(() => t.fn({ page, suite: this })), this.options.testTimeoutMs ?? TIMEOUTS.test, `"${t.title}"`);
          this.record({ title: t.title, ok: true, ms: Date.now() - testStarted });
        } catch (error) {
          const shot = await this.screenshot(page, t.title);
          this.record({ title: t.title, ok: false, ms: Date.now() - testStarted, error: firstLine(error), screenshot: shot });
          await page.keyboard.press('Escape').catch(() => {});
          await page.keyboard.press('Escape').catch(() => {});
        }
      }
    } finally {
      await shutdown(browser);
      for (const r of this.results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${this.name} › ${r.title} (${r.ms} ms)${r.error ? ` - ${r.error}` : ''}`);
      const passed = this.results.filter((r) => r.ok).length;
      const failed = this.results.length - passed;
      console.log(`${this.name}: ${Date.now() - started} ms`);
      console.log(`${passed} passed, ${failed} failed`);
      process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
    }
  }
}

/** One line for the report; an assertion's actual and expected values are what make it useful. */
function firstLine(error) {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  if (error && typeof error === 'object' && 'actual' in error && 'expected' in error) {
    return `${message} actual ${JSON.stringify(error.actual)}, expected ${JSON.stringify(error.expected)}`;
  }
  return `${message}${testFileFrame(error)}`;
}

/**
 * " (at grants.test.mjs:135)": the first frame of the stack in a test file, so a bare
 * "locator.waitFor: Timeout" says which step of the test it was.
 */
function testFileFrame(error) {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const frame = /([\w.-]+\.test\.mjs):(\d+)/.exec(stack);
  return frame ? ` (at ${frame[1]}:${frame[2]})` : '';
}
