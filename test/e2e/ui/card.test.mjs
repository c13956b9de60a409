// The approval card in a real VS Code (D§10), driven only through what a person sees: the palette's
// "Approvals Gate: Run a command through the gate…", the card's buttons and fields by their names,
// notifications, the "Approvals Gate" log, the terminal. Commands are `touch <file>` in the
// workspace copy, so whether a command ran is a file on disk, never the gate's word for it.
//
// Order matters (one workbench per file): the rater tests come last, because once the fake rater is
// accepted every command is rated "attack".
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startFakeRater } from './fakeRaterServer.mjs';
import {
  answerModal, card, cardButton, clearNotifications, commandFrame, gateTask, logText, notification, pendingCardId, postFromCardWebview,
  queueLine, RawJson, runExactCommand, runTask, sleep, submitAndWaitForCard, timeCardAfterSubmit, waitForCard, waitForEmptyQueue, waitForFile,
  waitForNotification, writeGateTasks,
} from './gateUi.mjs';
import { quickInput, TIMEOUTS, UiSuite } from './lib.mjs';

const ESC = '\x1b';
const BEL = '\x07';
/** If the payload in any of these ever ran inside the card, it would click "Run once" and `touch` would leave this file. */
const HOSTILE_RAN = 'card-hostile-ran.txt';
const CLICK_RUN_ONCE = "document.title='PWNED';document.querySelector('[data-answer=run-once]').click()";
const HOSTILE = [
  `git commit -m "<img src=x onerror=\\"${CLICK_RUN_ONCE}\\">"`,
  `-m '</script><script>${CLICK_RUN_ONCE}</script>'`,
  `-m "${ESC}[31mred${ESC}[0m ${ESC}]0;owned${BEL}"`,
  '-m "invoice\u202Efdp.exe"',
  '-m "zero\u200Bwidth\u200Djoin"',
  `; touch ${HOSTILE_RAN}`,
].join(' ');

/** A 200-line commit message with one backtick pair buried on line 137: the substitution runs `touch`. */
const BURIED_RAN = 'card-buried-backtick-ran.txt';
const COMMIT_LINES = ['git commit -m "Refactor the parser'];
for (let n = 2; n < 200; n += 1) COMMIT_LINES.push(n === 137 ? `- note ${n}: see \`touch ${BURIED_RAN}\` for details` : `- note ${n}: nothing to see here`);
COMMIT_LINES.push('"');
const COMMIT_MESSAGE = COMMIT_LINES.join('\n');
const COMMIT_TASK = 'e2e: gate a 200-line commit message';


const PLANTED_KEY = 'sk-e2eCardRaterKey0123456789abcdefABCDEF';
const rater = await startFakeRater(() => ({ outcome: 'attack', reason: 'E2E fake rater: this command exfiltrates credentials.' }));

let workspace;
const file = (name) => path.join(workspace, name);
let decidedCardId;

const suite = new UiSuite('approval card', {
  prepareWorkspace: (dir) => {
    workspace = dir;
    writeGateTasks(dir, [gateTask(COMMIT_TASK, COMMIT_MESSAGE, 'commitMessage')]);
  },
  testTimeoutMs: 90_000,
});

/** Each test starts with no notifications up, so a toast it waits for is its own. */
function test(title, fn) {
  suite.test(title, async (context) => {
    await clearNotifications(context.page);
    await fn(context);
  });
}

async function isFocused(locator) {
  return locator.evaluate((element) => element === element.ownerDocument.activeElement && element.ownerDocument.hasFocus());
}

/** The one line Escape / Reject produce in the Run command's warning. */
const REJECTED = /Not run — reject \(human\): You rejected this command/;

test('the card is in front moments after submitting, with the focus on Reject; Escape rejects', async ({ page }) => {
  const firstMs = await timeCardAfterSubmit(page, 'touch card-escape.txt');
  assert.equal(await isFocused(cardButton(page, 'Reject')), true, 'Reject does not have the focus');
  assert.match(await queueLine(page).innerText(), /^Command 1 of 1 waiting for your decision/);
  await page.keyboard.press('Escape');
  assert.match(await waitForNotification(page, REJECTED), REJECTED);
  await waitForEmptyQueue(page);
  assert.equal(fs.existsSync(file('card-escape.txt')), false, 'the rejected command ran');

  // The panel stays open between cards: the later cards are "warm".
  const warmMs = [];
  for (let i = 1; i <= 3; i += 1) {
    warmMs.push(await timeCardAfterSubmit(page, `touch card-latency-${i}.txt`));
    assert.equal(await isFocused(cardButton(page, 'Reject')), true, `Reject does not have the focus on warm card ${i}`);
    await page.keyboard.press('Escape');
    await waitForEmptyQueue(page);
    assert.equal(fs.existsSync(file(`card-latency-${i}.txt`)), false);
  }
  // A figure, not a bound (the machine is shared): `npm run bench` measures it over several window loads.
  console.log(`figure: Enter in the input box → card drawn: first card (panel created) ${firstMs} ms; panel already open ${warmMs.join(', ')} ms`);
});

test('hostile text is shown as text: no element, no script, escapes for ESC/BEL/U+202E/zero-width, the ";" marked, nothing ran', async ({ page }) => {
  await submitAndWaitForCard(page, HOSTILE);
  const frame = commandFrame(page, HOSTILE);
  const text = await frame.innerText();
  // Every piece arrives as the characters typed, with hidden ones as visible escapes.
  for (const piece of [
    `<img src=x onerror=\\"${CLICK_RUN_ONCE}\\">`,
    `</script><script>${CLICK_RUN_ONCE}</script>`,
    '\\e[31mred\\e[0m \\e]0;owned\\x07',
    'invoice\\u202efdp.exe',
    'zero\\u200bwidth\\u200djoin',
    `; touch ${HOSTILE_RAN}`,
  ]) assert.ok(text.includes(piece), `the frame does not show ${JSON.stringify(piece)}; it shows ${JSON.stringify(text)}`);
  assert.equal(/[\u001b\u0007\u202e\u200b\u200d]/.test(text), false, 'a hidden character reached the page as itself');
  assert.match(text, /^1\n/, 'the line is not numbered');
  // Marked sites and escapes carry accessible names.
  const page_ = card(page);
  assert.equal(await page_.getByRole('img', { name: /^;: command separator/ }).count(), 1, 'the ";" is not marked');
  assert.equal(await page_.getByRole('img', { name: 'control character U+001B' }).count(), 3);
  assert.equal(await page_.getByRole('img', { name: 'invisible character U+202E' }).count(), 1);
  assert.equal(await page_.getByRole('img', { name: 'invisible character U+200B' }).count(), 1);
  await page_.getByText('Hidden characters', { exact: true }).waitFor();
  // Nothing the text describes exists or ran.
  assert.equal(await page_.locator('img').count(), 0, 'an <img> element exists in the card');
  assert.equal(await page_.locator('script').filter({ hasText: 'PWNED' }).count(), 0, 'a <script> element from the command exists');
  assert.notEqual(await page_.locator('html').evaluate(() => document.title), 'PWNED', 'the payload ran (document.title)');
  await sleep(1000);
  assert.equal(fs.existsSync(file(HOSTILE_RAN)), false, 'the command ran while the card was up');
  assert.match(await queueLine(page).innerText(), /^Command 1 of 1 waiting/, 'the card was decided by something other than the person');
  decidedCardId = await pendingCardId(page);
  await cardButton(page, 'Reject').click();
  await waitForNotification(page, REJECTED);
  assert.equal(fs.existsSync(file(HOSTILE_RAN)), false);
});

test('a 200-line commit message: every line numbered, the buried backtick pair marked, nothing ran', async ({ page }) => {
  const started = Date.now();
  await runTask(page, COMMIT_TASK);
  await waitForCard(page, COMMIT_MESSAGE, started);
  const frameAll = card(page).getByRole('region', { name: 'Command, 200 lines' });
  await frameAll.waitFor();
  await card(page).getByRole('heading', { name: 'Command (200 lines)' }).waitFor();
  const lines = (await frameAll.innerText()).split('\n');
  // "1", "git commit …", "2", "- note 2: …", …: a number before every line, in order, none skipped.
  assert.equal(lines.length, 400, `the frame has ${lines.length} text lines, not 200 numbered ones`);
  for (let n = 1; n <= 200; n += 1) {
    assert.equal(lines[2 * (n - 1)], String(n), `line ${n} is not numbered ${n}`);
    assert.equal(lines[2 * (n - 1) + 1], COMMIT_LINES[n - 1], `line ${n} is not shown as sent`);
  }
  const backticks = card(page).getByRole('img', { name: /^`: backtick command substitution/ });
  assert.equal(await backticks.count(), 2, 'both backticks of line 137 should be marked');
  assert.equal(await card(page).getByText(/^The gate could not read this command exactly because of: .*\bsubstitution\b/).count(), 1);
  // Unreadable commands are never stored as grants: no session or workspace buttons.
  assert.equal(await cardButton(page, 'Allow in this session').count(), 0);
  assert.equal(await cardButton(page, 'Always allow in this workspace').count(), 0);
  await cardButton(page, 'Reject').click();
  await waitForNotification(page, REJECTED);
  assert.equal(fs.existsSync(file(BURIED_RAN)), false, 'the buried substitution ran');
});

test('"Run once" runs the command in the "Approvals Gate" terminal', async ({ page }) => {
  await submitAndWaitForCard(page, 'touch card-run-once.txt');
  await cardButton(page, 'Run once').click();
  await waitForFile(file('card-run-once.txt'));
  await waitForNotification(page, 'Ran with exit code 0.');
  await page.locator('.part.panel').getByText('Approvals Gate', { exact: true }).first().waitFor({ timeout: TIMEOUTS.command });
  await waitForEmptyQueue(page);
  await runExactCommand(page, 'View: Hide Panel');
});

test('"Reject" with a reason: the reason reaches the caller, the command does not run', async ({ page }) => {
  await submitAndWaitForCard(page, 'touch card-reason.txt');
  const reason = 'e2e: use the build script instead';
  await card(page).getByLabel(/^Reason for rejecting/).fill(reason);
  await cardButton(page, 'Reject').click();
  const shown = await waitForNotification(page, reason);
  assert.match(shown, /^Not run — reject \(human\): You rejected this command: e2e: use the build script instead/);
  await waitForEmptyQueue(page);
  assert.equal(fs.existsSync(file('card-reason.txt')), false);
});

test('forged, stale, duplicate and malformed card messages change nothing and are logged', async ({ page }) => {
  const command = 'touch card-forged.txt';
  await submitAndWaitForCard(page, command);
  const cardId = await pendingCardId(page);
  assert.ok(cardId && decidedCardId && cardId !== decidedCardId);
  const decide = (requestId, id, answer, extra = {}) => ({ type: 'decide', requestId, cardId: id, answer, ...extra });
  const forged = [
    decide('forged-unknown', 'card-00000000-no-such-card', { kind: 'run-once' }), // a card that never existed
    decide('forged-stale', decidedCardId, { kind: 'run-once' }), // a card decided in an earlier test
    decide('forged-extra-key', cardId, { kind: 'run-once' }, { approvedBy: 'the card' }), // unknown key
    decide('forged-not-offered', cardId, { kind: 'run-anyway', typed: 'run anyway' }), // only attack cards offer it
    decide('forged-bad-answer', cardId, { kind: 'approve' }), // no such answer
    { type: 'decide', requestId: 'forged-no-card', answer: { kind: 'run-once' } }, // no card id
    new RawJson(`{"type":"decide","requestId":"forged-proto","cardId":"${cardId}","answer":{"kind":"run-once"},"__proto__":{"isAdmin":true}}`),
    { type: 'ready', protocol: 99 },
    'run-once',
  ];
  for (const message of forged) await postFromCardWebview(page, message);
  await sleep(1500);
  assert.equal(fs.existsSync(file('card-forged.txt')), false, 'a forged message ran the command');
  assert.match(await queueLine(page).innerText(), /^Command 1 of 1 waiting/, 'a forged message decided the card');
  await cardButton(page, 'Reject').waitFor({ state: 'visible' });
  assert.equal(await cardButton(page, 'Reject').isEnabled(), true, 'the card is stuck busy');

  // The person rejects; the same card then gets a duplicate "Run once" that must be refused.
  await cardButton(page, 'Reject').click();
  await postFromCardWebview(page, decide('forged-duplicate', cardId, { kind: 'run-once' }));
  await waitForNotification(page, REJECTED);
  await sleep(1000);
  assert.equal(fs.existsSync(file('card-forged.txt')), false, 'the duplicate decision ran the command');

  const log = await logText(page);
  const expected = [
    'Refused a decision (run-once) for card card-00000000-no-such-card: no such card is pending.',
    `Refused a decision (run-once) for card ${decidedCardId}: it was already decided or closed.`,
    'Dropped a webview message that failed validation: (message): Unrecognized key: "approvedBy"',
    `Refused a decision for card ${cardId}: the card does not offer run-anyway.`,
    `Card ${cardId} decided: reject.`,
    `Refused a decision (run-once) for card ${cardId}: it was already decided or closed.`,
  ];
  const flat = log.replace(/\s+/g, ' ');
  for (const line of expected) assert.ok(flat.includes(line), `the log lacks ${JSON.stringify(line)}:\n${log.slice(-3000)}`);
  const drops = flat.match(/Dropped a webview message that failed validation/g) ?? [];
  assert.ok(drops.length >= 5, `expected the malformed messages to be logged as dropped, found ${drops.length}`);
  assert.equal(flat.includes('isAdmin'), false, 'the log echoes message content');
});

test('a rater endpoint written into the workspace settings is held back until confirmed through "Review…"', async ({ page }) => {
  // The API key first, through its command (a password input box).
  await runExactCommand(page, 'Approvals Gate: Set rater API key…');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  assert.equal(await input.getAttribute('type'), 'password');
  await input.fill(PLANTED_KEY);
  await page.keyboard.press('Enter');
  await waitForNotification(page, 'Rater API key saved in secret storage.');
  await clearNotifications(page);

  // An agent edits .vscode/settings.json behind the person's back.
  const settingsFile = file('.vscode/settings.json');
  const settings = {
    'approvalsGate.allow': ['echo workspace-allow-probe', { match: 'glob', pattern: 'touch workspace-allow-probe-*' }],
    'approvalsGate.rater.baseUrl': rater.url,
    'approvalsGate.rater.model': 'e2e-fake-rater',
  };
  fs.writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
  const toast = notification(page, /Approvals Gate is holding back \d+ setting change\(s\)/);
  await toast.waitFor({ state: 'visible', timeout: TIMEOUTS.command });
  // The notification's "Review…" lists the changes; cancelling keeps them held back.
  await toast.getByRole('button', { name: 'Review…' }).click();
  const listed = await answerModal(page, 'Cancel');
  assert.match(listed, /Settings were changed outside Approvals Gate in ways that would let more commands run without asking/);
  assert.match(listed, /approvalsGate\.rater\.baseUrl/);

  // Until confirmed, the gate runs on the old settings: no rater, an ordinary card.
  await submitAndWaitForCard(page, 'touch card-held-back.txt');
  assert.equal(rater.ratings().length, 0, 'the held-back rater endpoint was consulted');
  assert.equal(await card(page).getByText('Possible attack').count(), 0);
  await cardButton(page, 'Reject').click();
  await waitForEmptyQueue(page);

  // "Approvals Gate: Review setting changes…" asks again; this time the person applies them.
  await runExactCommand(page, 'Approvals Gate: Review setting changes…');
  assert.match(await answerModal(page, 'Apply these changes'), /"e2e-fake-rater" at http:\/\/127\.0\.0\.1:\d+\/v1/);
});

test('the attack banner: only the typed "run anyway" runs the command', async ({ page }) => {
  const target = file('card-attack-ran.txt');
  await submitAndWaitForCard(page, 'touch card-attack-ran.txt');
  const page_ = card(page);
  await page_.getByRole('alert').filter({ hasText: 'Possible attack: stop and read.' }).waitFor();
  await page_.getByRole('heading', { name: 'Command flagged as an attack' }).waitFor();
  assert.ok(rater.ratings().length >= 1, 'the fake rater was not consulted');
  assert.equal(rater.ratings().at(-1).headers.authorization, `Bearer ${PLANTED_KEY}`);
  // Only Run anyway and Reject: nothing is remembered from a banner.
  for (const absent of ['Run once', 'Allow in this session', 'Always allow in this workspace', 'Reject for this session']) {
    assert.equal(await cardButton(page, absent).count(), 0, `the banner offers "${absent}"`);
  }
  assert.equal(await isFocused(cardButton(page, 'Reject')), true, 'Reject does not have the focus');
  const runAnyway = cardButton(page, 'Run anyway');
  const typed = page_.getByLabel('To run it anyway, type run anyway:');
  assert.equal(await runAnyway.isDisabled(), true);
  for (const wrong of ['run anywa', 'Run anyway', 'run anyway ', 'run  anyway', 'yes']) {
    await typed.fill(wrong);
    assert.equal(await runAnyway.isDisabled(), true, `"${wrong}" enabled Run anyway`);
    await typed.press('Enter');
  }
  // A forged run-anyway without the exact words is malformed.
  const cardId = await pendingCardId(page);
  await postFromCardWebview(page, { type: 'decide', requestId: 'forged-typed', cardId, answer: { kind: 'run-anyway', typed: 'yes' } });
  await sleep(1000);
  assert.equal(fs.existsSync(target), false, 'the command ran without the exact words');
  assert.match(await queueLine(page).innerText(), /^Command 1 of 1 waiting/);

  await typed.fill('run anyway');
  assert.equal(await runAnyway.isEnabled(), true);
  await runAnyway.click();
  await waitForFile(target);
  await waitForNotification(page, 'Ran with exit code 0.');
  await waitForEmptyQueue(page);
});

test('the attack banner: Reject halts, and the same command shows the banner again (nothing remembered)', async ({ page }) => {
  fs.rmSync(file('card-attack-ran.txt'), { force: true });
  await submitAndWaitForCard(page, 'touch card-attack-ran.txt');
  await card(page).getByRole('alert').filter({ hasText: 'Possible attack' }).waitFor();
  await cardButton(page, 'Reject').click();
  const shown = await waitForNotification(page, /Not run — halt/);
  assert.match(shown, /Not run — halt \(human\): The rater sees an attack: E2E fake rater: this command exfiltrates credentials\. You did not run it anyway; the agent's run ends\./);
  await waitForEmptyQueue(page);
  assert.equal(fs.existsSync(file('card-attack-ran.txt')), false);
});

await suite.run();
await rater.close();
