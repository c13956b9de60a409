// A person can rerun what the sandbox stopped (D§13 "Containment"; docs/decisions.md "A person can
// rerun what the sandbox stopped"), in a real VS Code with real bubblewrap (`approvalsGate.sandbox` is
// on by default): a command approved on the card writes outside the workspace, the sandbox stops it,
// and the sandbox-stop card shows what was stopped and the exact path a rerun would add. "Don't rerun"
// leaves it; "Rerun once with these added" reruns it, and the file is written. Whether it ran is the
// file on disk, never the gate's word for it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { card, cardButton, clearNotifications, logText, submitAndWaitForCard, waitForEmptyQueue, waitForNotification } from './gateUi.mjs';
import { TIMEOUTS, UiSuite } from './lib.mjs';

let outside;

const suite = new UiSuite('sandbox rerun', {
  prepareWorkspace: (dir) => {
    // Beside the session's workspaces, so neither the workspace nor the temp folder (the session's
    // TMPDIR) holds it: the sandbox's policy does not let a command write here.
    outside = path.join(path.dirname(path.dirname(dir)), `rerun-outside-${process.pid}`);
    fs.mkdirSync(outside, { recursive: true });
  },
  testTimeoutMs: 120_000,
});

function test(title, fn) {
  suite.test(title, async (context) => {
    await clearNotifications(context.page);
    await fn(context);
  });
}

const STOP_TITLE = 'The sandbox stopped this command';

/** Submits `touch target`, approves it once on the card, and waits for the sandbox-stop card. */
async function stoppedCard(page, target) {
  const command = `touch ${target}`;
  await submitAndWaitForCard(page, command);
  await cardButton(page, 'Run once').click();
  await card(page).getByRole('heading', { name: STOP_TITLE }).waitFor({ timeout: TIMEOUTS.webview });
  assert.equal(fs.existsSync(target), false, 'the first run was contained: nothing was written outside');
}

test('the stop and the exact path on the card; "Don\'t rerun" leaves it unwritten', async ({ page }) => {
  const target = path.join(outside, 'left.txt');
  await stoppedCard(page, target);
  const stops = card(page).getByRole('list', { name: 'What the sandbox stopped' });
  assert.equal((await stops.innerText()).trim(), `a write to ${target}`);
  const adds = card(page).getByRole('list', { name: 'What the rerun adds to the sandbox' });
  assert.match(await adds.innerText(), new RegExp(`^may write ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(does not exist yet`));
  // The stop card offers the rerun and leaving it, nothing else; leaving it has the focus.
  for (const absent of ['Run once', 'Allow in this session', 'Always allow in this workspace']) {
    assert.equal(await cardButton(page, absent).count(), 0, `a stop card offers "${absent}"`);
  }
  assert.equal(await cardButton(page, "Don't rerun").evaluate((b) => b === b.ownerDocument.activeElement), true, '"Don\'t rerun" does not have the focus');
  await cardButton(page, "Don't rerun").click();
  await waitForNotification(page, /Ran with exit code 1/);
  await waitForEmptyQueue(page);
  assert.equal(fs.existsSync(target), false, 'nothing was written after "Don\'t rerun"');
});

test('"Rerun once with these added" reruns it with that path writable: the file is written', async ({ page }) => {
  const target = path.join(outside, 'made.txt');
  await stoppedCard(page, target);
  const rerun = cardButton(page, 'Rerun once with these added');
  await rerun.waitFor();
  await rerun.click();
  await waitForNotification(page, /Ran with exit code 0/);
  await waitForEmptyQueue(page);
  assert.equal(fs.existsSync(target), true, 'the rerun did not write the file');
  const log = await logText(page);
  assert.ok(log.includes(`rerun [human] touch ${target}`), 'the log does not record the rerun');
});

await suite.run();
