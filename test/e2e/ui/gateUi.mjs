// What a person does with the gate in the workbench, as steps the UI test files share: run a command
// through the gate from the palette, find the approval card and its buttons by their labels, read
// notifications and the "Approvals Gate" log, answer the save dialog. Everything is found by what
// the person reads (command titles, button names, accessible names, notification text); the one
// exception is `postFromCardWebview`, which plays a compromised card page on purpose.
import fs from 'node:fs';
import path from 'node:path';
import { chooseQuickPickItem, clickQuickPickItem, modalDialog, openPalette, quickInput, runCommand, TIMEOUTS, webviewFrame } from './lib.mjs';

export const RUN_TITLE = 'Approvals Gate: Run a command through the gate…';

/** The approval card's page (the only webview these tests open). */
export function card(page) {
  return webviewFrame(page);
}

/** A card button by its exact name ("Run once", "Reject", …). */
export function cardButton(page, name) {
  return card(page).getByRole('button', { name, exact: true });
}

/** The numbered command frame of the card in front that shows `command` (its accessible name is "Command, N lines"). */
export function commandFrame(page, command) {
  const frames = card(page).getByRole('region', { name: /^Command, \d+ lines?$/ });
  return command === undefined ? frames.first() : frames.filter({ hasText: firstLine(command) }).first();
}

/** The queue line at the top of the card page ("Command 1 of 1 waiting…", "No commands are waiting…"). */
export function queueLine(page) {
  return card(page).getByText(/^(Command \d+ of \d+ waiting for your decision|No commands are waiting for your decision\.)/);
}

/** Waits until nothing is waiting on the card page. */
export async function waitForEmptyQueue(page, timeout = TIMEOUTS.command) {
  await card(page).getByText('No commands are waiting for your decision.').waitFor({ timeout });
}

/**
 * "Approvals Gate: Run a command through the gate…" with `command` typed into its input box.
 * Resolves with the moment Enter was pressed (the command submitted), for latency figures.
 */
export async function submitCommand(page, command) {
  const input = quickInput(page).locator('input.input');
  // Right after a window reload the restored card tab can take the focus, and a quick input closes
  // when it loses the focus: the Run command's box may vanish before it is filled. Then the command
  // is asked for again (nothing was submitted), at most three times.
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, RUN_TITLE);
    await input.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
    const filled = await input.fill(command, { timeout: 10_000 }).then(() => true, (error) => {
      if (attempt >= 3) throw error;
      return false;
    });
    if (filled && (await input.isVisible())) break;
    await page.keyboard.press('Escape');
  }
  if ((await input.inputValue()) !== command) throw new Error(`the input box holds ${JSON.stringify(await input.inputValue())}, not the command`);
  const submitted = Date.now();
  await page.keyboard.press('Enter');
  return submitted;
}

/** Submits `command` and waits for its card (its command frame and the Reject button). Returns ms from submit to Reject visible. */
export async function submitAndWaitForCard(page, command, { rejectName = 'Reject' } = {}) {
  const submitted = await submitCommand(page, command);
  return waitForCard(page, command, submitted, rejectName);
}

/** Waits for the card showing `command`; returns the ms since `since`. */
export async function waitForCard(page, command, since = Date.now(), rejectName = 'Reject') {
  await cardButton(page, rejectName).waitFor({ state: 'visible', timeout: TIMEOUTS.webview });
  const elapsed = Date.now() - since;
  await commandFrame(page, command).waitFor({ state: 'visible', timeout: TIMEOUTS.webview });
  return elapsed;
}

/**
 * When the card page last showed a new card, in ms since the epoch: its `approvals-gate:card-shown`
 * User Timing mark (set after the frame that drew the card), read on the card page's own clock. A
 * polling driver only notices a card some time after it is drawn; this is when it was drawn.
 */
export async function cardShownAt(page) {
  const shownAt = await card(page).locator('body').evaluate(() => {
    const marks = performance.getEntriesByName('approvals-gate:card-shown');
    const last = marks[marks.length - 1];
    return last ? performance.timeOrigin + last.startTime : null;
  });
  if (shownAt === null) throw new Error('the card page has no approvals-gate:card-shown mark');
  return shownAt;
}

/** Submits `command` and returns ms from Enter to the moment its card was drawn (`cardShownAt`). */
export async function timeCardAfterSubmit(page, command) {
  const submitted = await submitCommand(page, command);
  await waitForCard(page, command, submitted);
  return Math.round(await cardShownAt(page)) - submitted;
}

/**
 * Runs a palette command by its exact title, clicking its row: `runCommand` presses Enter, which
 * takes the highlighted row, and for "Tasks: Run Task" that is "Tasks: Restart Running Task".
 */
export async function runExactCommand(page, title) {
  // As in `runCommand`: the palette can close before its row is clicked (a restored webview takes
  // the focus back when its page arrives); open it again and retype, within the budget.
  const until = Date.now() + TIMEOUTS.command;
  for (;;) {
    const input = await openPalette(page);
    const typed = await input.fill(`>${title}`, { timeout: 3_000 }).then(() => true, () => false);
    if (typed && (await clickQuickPickItem(page, title, 3_000))) return;
    if (Date.now() > until) throw new Error(`could not run "${title}" from the command palette within ${TIMEOUTS.command} ms`);
  }
}

/** Workspace task that sends `command` (any text, newlines included) through the gate: the input box is one line only. */
export function gateTask(label, command, id) {
  return {
    task: { label, type: 'shell', command: `echo \${input:${id}}`, problemMatcher: [] },
    input: { id, type: 'command', command: 'approvalsGate.runCommand', args: command },
  };
}

/** Writes `.vscode/tasks.json` with the given gate tasks (before the workbench loads). */
export function writeGateTasks(workspace, tasks) {
  const file = path.join(workspace, '.vscode', 'tasks.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ version: '2.0.0', tasks: tasks.map((t) => t.task), inputs: tasks.map((t) => t.input) }, null, 2)}\n`);
}

/** "Tasks: Run Task", then the task labelled `label`. */
export async function runTask(page, label) {
  await runExactCommand(page, 'Tasks: Run Task');
  await chooseQuickPickItem(page, label);
}

/** The visible notification toast whose text matches `text`. */
export function notification(page, text) {
  return page.locator('.notifications-toasts .notification-toast').filter({ hasText: text }).first();
}

/** Waits for a notification toast matching `text`; returns its text. */
export async function waitForNotification(page, text, timeout = TIMEOUTS.command) {
  const toast = notification(page, text);
  await toast.waitFor({ state: 'visible', timeout });
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

/** "Notifications: Clear All Notifications", so the next test reads only its own. */
export async function clearNotifications(page) {
  await runExactCommand(page, 'Notifications: Clear All Notifications');
  await page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'hidden', timeout: TIMEOUTS.command }).catch(() => {});
}

/**
 * The text the "Approvals Gate" output channel shows ("Approvals Gate: Show log"), read from its
 * editor with the panel maximised so the last lines are rendered. The panel is hidden afterwards.
 */
export async function logText(page) {
  await runExactCommand(page, 'Approvals Gate: Show log');
  const lines = page.locator('.part.panel .view-lines').first();
  await lines.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  await runExactCommand(page, 'View: Toggle Maximized Panel');
  await page.waitForTimeout(300);
  const text = await lines.innerText();
  await runExactCommand(page, 'View: Toggle Maximized Panel');
  await runExactCommand(page, 'View: Hide Panel');
  return text.replace(/\u00a0/g, ' ');
}

/**
 * Posts `message` to the extension exactly as the card's own script does: the card page's
 * `acquireVsCodeApi().postMessage(m)` calls the hosting frame's `__vscode_post_message__('onmessage',
 * {message: m})` (VS Code's webview `pre/index.html`). The card already holds the only API handle
 * (`acquireVsCodeApi` throws on a second call) and the page cannot be given another, so the test
 * calls the same function one frame up: what arrives at the extension is indistinguishable from
 * a message the card page sent — a card compromised by hostile text, in effect.
 */
export async function postFromCardWebview(page, message) {
  const outer = await page.locator('iframe.webview.ready').first().elementHandle();
  const frame = await outer.contentFrame();
  await frame.evaluate((json) => {
    window.__vscode_post_message__('onmessage', { message: JSON.parse(json) });
  }, message instanceof RawJson ? message.text : JSON.stringify(message));
}

/** A message given as JSON text, for what an object literal cannot say (an own `__proto__` key). */
export class RawJson {
  constructor(text) {
    this.text = text;
  }
}

/** The id the card in front carries (for forged messages only: a person never sees it). */
export async function pendingCardId(page) {
  return card(page).locator('[data-card-id]').first().getAttribute('data-card-id');
}

/** The workbench's modal dialog with its button `name` clicked; resolves with the dialog's text. */
export async function answerModal(page, name) {
  const dialog = modalDialog(page);
  await dialog.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  const text = (await dialog.innerText()).replace(/\s+/g, ' ').trim();
  await dialog.getByRole('button', { name, exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUTS.command });
  return text;
}

/**
 * Answers code-server's simple save dialog with `file`, and its "already exists" question with OK.
 * The dialog ignores Enter while it is still reading the folder the typed path points into, so
 * Enter is pressed again (up to 5 times, 1.5 s apart) until the dialog closes or asks to overwrite.
 */
export async function answerSaveDialog(page, file) {
  const widget = quickInput(page);
  const input = widget.locator('input.input');
  await input.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  // The dialog fills in its default path asynchronously; wait for it, or it overwrites ours.
  await page.waitForFunction(() => document.querySelector('.quick-input-widget input.input')?.value.endsWith('.json'), undefined, { timeout: TIMEOUTS.command });
  await input.fill(file);
  const overwrite = widget.getByText(/already exists\. Are you sure you want to overwrite it\?/);
  for (let attempt = 1; ; attempt += 1) {
    await page.keyboard.press('Enter');
    const outcome = await Promise.race([
      widget.waitFor({ state: 'hidden', timeout: 1500 }).then(() => 'closed', () => 'open'),
      overwrite.waitFor({ state: 'visible', timeout: 1500 }).then(() => 'overwrite', () => 'open'),
    ]);
    if (outcome === 'closed') return;
    if (outcome === 'overwrite') {
      await page.keyboard.press('Enter');
      await widget.waitFor({ state: 'hidden', timeout: TIMEOUTS.command });
      return;
    }
    if (attempt === 5) throw new Error(`the save dialog did not take ${file}`);
  }
}

/** Polls until `file` exists. */
export async function waitForFile(file, timeout = TIMEOUTS.command) {
  const until = Date.now() + timeout;
  while (!fs.existsSync(file)) {
    if (Date.now() > until) throw new Error(`timed out after ${timeout} ms waiting for ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function firstLine(text) {
  // The frame shows escapes for hidden characters, so match on a plain stretch of the first line.
  const line = text.split('\n')[0];
  const plain = /[A-Za-z0-9 ._-]{6,}/.exec(line);
  return plain ? plain[0].trim() : line;
}
