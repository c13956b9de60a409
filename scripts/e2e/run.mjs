#!/usr/bin/env node
// The e2e stage (`npm run test:e2e`): the packaged extension inside a real VS Code (code-server
// 4.100.3 = VS Code 1.100.3) driven by Debian's chromium through playwright-core. Offline.
//
//  1. setup: install-code-server.sh (idempotent), `npm run package` (builds through
//     vscode:prepublish, then vsce), the in-host bundles, the chat helper's vsix;
//  2. one code-server SESSION per workspace-trust mode that has tests: "trusted" (trust disabled,
//     everything else) and "untrusted" (trust enabled, the workspace not trusted: the files named
//     `*.untrusted.test.*`). Each session: a fresh mktemp run dir (user-data-dir, extensions-dir, XDG
//     dirs, TMPDIR), both vsix installed with --install-extension, user settings, code-server on
//     127.0.0.1 with a free port, /healthz; then
//       - the in-host mocha suite, through the payload URL (extensionDevelopmentPath = the INSTALLED
//         extension's folder, so the vsix is what is tested) with codeAutomationExit;
//       - every Playwright UI file test/e2e/ui/*.test.mjs, one Node process each (with a timeout),
//         all sharing one chromium through its websocket endpoint, each on its own workspace copy;
//  3. per-test lines, and a closing line "N passed, N failed" counting individual tests; exit 1 on
//     any failure and when nothing ran. On failure, screenshots, code-server's output and its logs
//     are kept under .e2e/artifacts/.
//
// Options: --vsix FILE (test this vsix; skip build and package), --only TEXT (repeatable: run only
// the UI files whose name contains TEXT; "in-host" selects the in-host suite), --skip-install,
// --ui-file FILE (repeatable: run this Playwright script, from anywhere, instead of the suites —
// `npm run bench` measures the extension inside VS Code this way: bench/inVsCode.mjs).
// Environment: E2E_FILE_TIMEOUT_MS (per UI file, default 180000), E2E_INHOST_TIMEOUT_MS (default
// 240000), E2E_ARTIFACTS_DIR (default .e2e/artifacts), E2E_KEEP_RUN=1 (keep the run dirs), E2E_VERBOSE=1 (browser console),
// APPROVALS_GATE_E2E_GREP (in-host test title filter), CODE_SERVER (another code-server binary).
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { launchChromium, shutdown, VIEWPORT, workbenchUrl } from '../../test/e2e/ui/lib.mjs';
import { buildInHost, inHostOut } from './buildInHost.mjs';
import { packageChatHelper } from './packageChatHelper.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CODE_SERVER = process.env.CODE_SERVER || path.join(root, '.e2e/code-server/node_modules/.bin/code-server');
const CHAT_HELPER_ID = 'approvals-gate-test.chat-helper';
const EXTENSION_ID = 'approvals-gate.approvals-gate';
// E2E_ARTIFACTS_DIR: somewhere else for screenshots and logs (the bench uses its own, so a bench
// run beside a test run does not wipe the test run's artifacts).
const ARTIFACTS = process.env.E2E_ARTIFACTS_DIR ? path.resolve(process.env.E2E_ARTIFACTS_DIR) : path.join(root, '.e2e/artifacts');
const FILE_TIMEOUT_MS = Number(process.env.E2E_FILE_TIMEOUT_MS || 180_000);
const INHOST_TIMEOUT_MS = Number(process.env.E2E_INHOST_TIMEOUT_MS || 240_000);
const UNTRUSTED = /\.untrusted\.test\.[cm]?[jt]s$/;
const execFileAsync = promisify(execFile);

// ---- bookkeeping ---------------------------------------------------------------------------------

const tally = { passed: 0, failed: 0 };
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const live = { codeServers: new Set(), children: new Set(), runDirs: new Set() };

function count(ok, line) {
  if (ok) tally.passed += 1;
  else tally.failed += 1;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${line}`);
}

function finish() {
  console.log(`\ne2e total ${seconds(started)}`);
  if (tally.failed > 0) console.log(`artifacts: ${path.relative(root, ARTIFACTS)}/`);
  if (tally.passed + tally.failed === 0) {
    console.log('nothing ran');
    tally.failed = 1;
  }
  console.log(`${tally.passed} passed, ${tally.failed} failed`);
  process.exitCode = tally.failed > 0 ? 1 : 0;
}

/** `promise`'s value, or `onTimeout` after `ms` (the timer is cleared either way: no lingering event loop). */
async function within(promise, ms, onTimeout) {
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Kills a process group we started (code-server and its children, or a UI test file). */
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

// The trap: whatever happens, the code-servers and test processes we started do not outlive us.
process.on('exit', () => {
  for (const pid of [...live.codeServers, ...live.children]) killGroup(pid, 'SIGKILL');
  if (!process.env.E2E_KEEP_RUN) for (const dir of live.runDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    count(false, `stopped by ${signal}`);
    finish();
    process.exit(130);
  });
}

function parseArgs(argv) {
  const options = { vsix: undefined, only: [], uiFiles: [], skipInstall: false, serve: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--vsix') options.vsix = path.resolve(argv[++i] ?? '');
    else if (arg === '--only') options.only.push(argv[++i] ?? '');
    else if (arg === '--ui-file') options.uiFiles.push(path.resolve(argv[++i] ?? ''));
    else if (arg === '--skip-install') options.skipInstall = true;
    else if (arg === '--serve') options.serve = argv[i + 1] === 'untrusted' ? (i += 1, 'untrusted') : 'trusted';
    else throw new Error(`run.mjs: unknown argument ${arg}`);
  }
  return options;
}

/** Runs a command, its output shown; rejects with the exit code. */
function runVisible(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`))));
  });
}

// ---- setup ---------------------------------------------------------------------------------------

async function setup(options) {
  const step = async (name, fn) => {
    const t = Date.now();
    const value = await fn();
    console.log(`setup: ${name} (${seconds(t)})`);
    return value;
  };
  if (!options.skipInstall) await step('code-server installed', () => runVisible('bash', ['scripts/e2e/install-code-server.sh'], { stdio: ['ignore', 'ignore', 'inherit'] }));
  if (!existsSync(CODE_SERVER)) throw new Error(`no code-server at ${CODE_SERVER}; run scripts/e2e/install-code-server.sh`);
  const vsix = options.vsix ?? (await step('npm run package', async () => {
    await runVisible('npm', ['run', '--silent', 'package'], { stdio: ['ignore', 'ignore', 'inherit'] });
    return path.join(root, 'approvals-gate.vsix');
  }));
  if (!existsSync(vsix)) throw new Error(`no vsix at ${vsix}`);
  // --ui-file runs no in-host suite: out/e2e (shared by every run on this checkout) is left alone.
  const testsPath = options.uiFiles.length > 0 ? undefined : await step('in-host bundle', () => buildInHost());
  const chatHelperVsix = await step('chat helper vsix', () => packageChatHelper());
  return { vsix, testsPath, chatHelperVsix };
}

// ---- code-server ---------------------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function userSettings(trust) {
  return {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    // Trusted sessions: trust off, every folder trusted. Untrusted sessions: trust on, and no prompt,
    // so a fresh folder simply opens in Restricted Mode.
    'security.workspace.trust.enabled': trust === 'untrusted',
    'security.workspace.trust.startupPrompt': 'never',
  };
}

/** Starts one code-server session: fresh dirs, both extensions installed, settings, /healthz. */
async function startSession(trust, built) {
  const run = mkdtempSync(path.join(os.tmpdir(), `approvals-gate-e2e-${trust}-`));
  live.runDirs.add(run);
  const dirs = { run, ud: path.join(run, 'ud'), ext: path.join(run, 'ext'), tmp: path.join(run, 'tmp'), xdg: path.join(run, 'xdg'), workspaces: path.join(run, 'workspaces') };
  for (const dir of [path.join(dirs.ud, 'User'), dirs.ext, dirs.tmp, dirs.xdg, dirs.workspaces]) mkdirSync(dir, { recursive: true });
  const env = {
    ...process.env,
    // code-server would write ~/.config/code-server/config.yaml, and leave sockets in /tmp.
    XDG_CONFIG_HOME: path.join(dirs.xdg, 'config'),
    XDG_DATA_HOME: path.join(dirs.xdg, 'data'),
    XDG_CACHE_HOME: path.join(dirs.xdg, 'cache'),
    TMPDIR: dirs.tmp,
    // Read by the in-host runner (the extension host inherits code-server's environment).
    APPROVALS_GATE_E2E_TRUST: trust,
    APPROVALS_GATE_E2E_RESULTS: path.join(run, 'inHost-results.json'),
  };
  const t = Date.now();
  await execFileAsync(CODE_SERVER, ['--user-data-dir', dirs.ud, '--extensions-dir', dirs.ext, '--install-extension', built.vsix, '--install-extension', built.chatHelperVsix], { env, cwd: run });
  const installed = readdirSync(dirs.ext).find((name) => name.toLowerCase().startsWith(`${EXTENSION_ID}-`));
  if (!installed) throw new Error(`--install-extension did not install ${EXTENSION_ID} (found: ${readdirSync(dirs.ext).join(', ')})`);
  writeFileSync(path.join(dirs.ud, 'User/settings.json'), `${JSON.stringify(userSettings(trust), null, 2)}\n`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(run, 'code-server.log');
  const log = openSync(logFile, 'a');
  const args = [
    '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
    '--disable-getting-started-override', '--ignore-last-opened',
    '--user-data-dir', dirs.ud, '--extensions-dir', dirs.ext, '--enable-proposed-api', CHAT_HELPER_ID,
    ...(trust === 'trusted' ? ['--disable-workspace-trust'] : []),
  ];
  const child = spawn(CODE_SERVER, args, { env, cwd: run, detached: true, stdio: ['ignore', log, log] });
  live.codeServers.add(child.pid);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const session = { trust, base, dirs, child, exited, logFile, devPath: path.join(dirs.ext, installed), failed: false };
  let early;
  exited.then((why) => { early = why; });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (early !== undefined) throw new Error(`code-server exited (${early}) before /healthz answered; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`code-server did not answer /healthz within 30 s; see ${logFile}`);
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(`session ${trust}: code-server on ${base} (pid ${child.pid}, installed ${installed}) in ${seconds(t)}`);
  return session;
}

async function stopSession(session) {
  killGroup(session.child.pid, 'SIGTERM');
  const stopped = await within(session.exited.then(() => true), 10_000, false);
  if (!stopped) killGroup(session.child.pid, 'SIGKILL');
  live.codeServers.delete(session.child.pid);
  if (session.failed) saveSessionArtifacts(session);
  live.runDirs.delete(session.dirs.run);
  if (!process.env.E2E_KEEP_RUN) rmSync(session.dirs.run, { recursive: true, force: true });
  else console.log(`session ${session.trust}: run dir kept at ${session.dirs.run}`);
}

function saveSessionArtifacts(session) {
  const dest = path.join(ARTIFACTS, session.trust);
  mkdirSync(dest, { recursive: true });
  for (const name of ['code-server.log', 'inHost-results.json', 'inHost-results.txt']) {
    const file = path.join(session.dirs.run, name);
    if (existsSync(file)) cpSync(file, path.join(dest, name));
  }
  const logs = path.join(session.dirs.ud, 'logs');
  if (existsSync(logs)) cpSync(logs, path.join(dest, 'logs'), { recursive: true });
}

/** A fresh copy of the sample workspace; its path is new, so in an untrusted session it is untrusted. */
function workspaceCopy(session, name) {
  const dir = path.join(session.dirs.workspaces, name);
  cpSync(path.join(root, 'test/e2e/workspace'), dir, { recursive: true });
  return dir;
}

// ---- the in-host suite ---------------------------------------------------------------------------

async function runInHost(session, built, wsEndpoint) {
  const t = Date.now();
  const folder = workspaceCopy(session, 'in-host');
  const resultsFile = path.join(session.dirs.run, 'inHost-results.json');
  const browser = await chromium.connect(wsEndpoint, { timeout: 30_000 });
  let exitCode;
  let page;
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    page = await context.newPage();
    const exited = new Promise((resolve) => {
      page.exposeFunction('codeAutomationExit', (code) => resolve(code));
    });
    if (process.env.E2E_VERBOSE) page.on('console', (m) => console.log(`[browser ${m.type()}] ${m.text()}`));
    await page.goto(workbenchUrl(session.base, { folder, devPath: session.devPath, testsPath: built.testsPath }), { waitUntil: 'domcontentloaded' });
    exitCode = await within(exited, INHOST_TIMEOUT_MS, 'timeout');
    if (exitCode !== 0) {
      mkdirSync(path.join(ARTIFACTS, session.trust), { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, session.trust, 'in-host.png'), timeout: 10_000 }).catch(() => {});
    }
  } finally {
    await shutdown(browser);
  }

  console.log(`in-host suite (${session.trust}): codeAutomationExit(${exitCode}) after ${seconds(t)}`);
  const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined;
  if (!results) {
    session.failed = true;
    count(false, `in-host (${session.trust}): no results file (${exitCode === 'timeout' ? `timed out after ${INHOST_TIMEOUT_MS} ms` : `exit ${exitCode}`})`);
    return;
  }
  for (const test of results.tests) {
    if (test.state === 'pending') console.log(`  skip in-host › ${test.title}`);
    else count(test.state === 'passed', `in-host › ${test.title} (${test.durationMs ?? 0} ms)${test.error ? ` - ${test.error.split('\n')[0]}` : ''}`);
  }
  if (results.harnessError) count(false, `in-host (${session.trust}): ${results.harnessError}`);
  // The exit code and the file must agree; a run that "passed" with a non-zero exit is a failure.
  const fileSaysOk = results.failures === 0 && !results.harnessError && results.passes > 0;
  if ((exitCode === 0) !== fileSaysOk) count(false, `in-host (${session.trust}): codeAutomationExit(${exitCode}) disagrees with the results file`);
  if (exitCode !== 0 || !fileSaysOk) session.failed = true;
}

// ---- the UI files --------------------------------------------------------------------------------

function runUiFile(session, file, wsEndpoint) {
  const name = path.basename(file).replace(/(\.test)?\.mjs$/, '');
  const resultFile = path.join(session.dirs.run, `ui-${name}.json`);
  const env = {
    ...process.env,
    CS_URL: session.base,
    E2E_WORKSPACE: workspaceCopy(session, `ui-${name}`),
    E2E_BROWSER_WS: wsEndpoint,
    E2E_RESULT_FILE: resultFile,
    E2E_ARTIFACTS: path.join(ARTIFACTS, 'screenshots'),
    E2E_TRUST: session.trust,
    // The session's cache folder, where the extension listens for agent hooks (hookHandOff.test.mjs).
    E2E_XDG_CACHE_HOME: path.join(session.dirs.xdg, 'cache'),
  };
  const t = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    live.children.add(child.pid);
    let output = '';
    const keep = (chunk) => { output += chunk; };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid, 'SIGKILL');
    }, FILE_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      live.children.delete(child.pid);
      const results = existsSync(resultFile) ? JSON.parse(readFileSync(resultFile, 'utf8')) : { tests: [] };
      console.log(`ui ${path.relative(root, file)} (${session.trust}): exit ${code ?? signal} after ${seconds(t)}`);
      for (const test of results.tests) count(test.ok, `ui ${name} › ${test.title} (${test.ms} ms)${test.error ? ` - ${test.error}` : ''}`);
      const allOk = results.tests.length > 0 && results.tests.every((test) => test.ok);
      if (timedOut) count(false, `ui ${name}: timed out after ${FILE_TIMEOUT_MS} ms`);
      else if (results.tests.length === 0) count(false, `ui ${name}: no test results (exit ${code ?? signal})`);
      else if ((code === 0) !== allOk) count(false, `ui ${name}: exit ${code ?? signal} disagrees with its results`);
      if (timedOut || code !== 0 || !allOk) {
        session.failed = true;
        mkdirSync(ARTIFACTS, { recursive: true });
        writeFileSync(path.join(ARTIFACTS, `ui-${name}-${session.trust}.log`), output);
        console.log(output.split('\n').filter(Boolean).slice(-25).map((line) => `    | ${line}`).join('\n'));
      }
      resolve();
    });
  });
}

/** --serve: one session kept running for writing and debugging tests by hand, until Ctrl-C. */
async function serve(trust, built) {
  const session = await startSession(trust, built);
  const folder = workspaceCopy(session, 'serve');
  console.log(`\nCS_URL=${session.base} E2E_WORKSPACE=${folder} node test/e2e/ui/<file>.test.mjs`);
  console.log(`open: ${workbenchUrl(session.base, { folder })}`);
  console.log(`in-host: ${workbenchUrl(session.base, { folder, devPath: session.devPath, testsPath: built.testsPath })}`);
  console.log('Ctrl-C stops code-server.');
  await new Promise(() => {});
}

// ---- main ----------------------------------------------------------------------------------------

async function main() {
  const options = parseArgs(process.argv.slice(2));
  rmSync(ARTIFACTS, { recursive: true, force: true });
  let built;
  try {
    built = await setup(options);
  } catch (error) {
    count(false, `setup: ${error.message.split('\n')[0]}`);
    return;
  }

  if (options.serve) {
    await serve(options.serve, built);
    return;
  }

  const selected = (name) => options.only.length === 0 || options.only.some((text) => name.includes(text));
  // Not built for --ui-file runs (setup skips it), so only read when it was.
  const inHostFiles = built.testsPath ? readdirSync(inHostOut, { recursive: true }).filter((name) => name.endsWith('.test.js')) : [];
  const uiDir = path.join(root, 'test/e2e/ui');
  const uiFiles = options.uiFiles.length > 0
    ? options.uiFiles
    : readdirSync(uiDir).filter((name) => name.endsWith('.test.mjs') && selected(name)).sort().map((name) => path.join(uiDir, name));
  for (const file of uiFiles) if (!existsSync(file)) throw new Error(`run.mjs: no UI file ${file}`);
  const runInHostSuite = options.uiFiles.length === 0 && (options.only.length === 0 || options.only.includes('in-host'));
  const plan = ['trusted', 'untrusted'].map((trust) => ({
    trust,
    inHost: runInHostSuite && inHostFiles.some((name) => UNTRUSTED.test(name) === (trust === 'untrusted')),
    ui: uiFiles.filter((file) => UNTRUSTED.test(file) === (trust === 'untrusted')),
  })).filter((s) => s.inHost || s.ui.length > 0);

  const browserServer = await launchChromium({ asServer: true });
  try {
    for (const planned of plan) {
      console.log(`\n== session: ${planned.trust} workspace (${planned.inHost ? 'in-host suite + ' : ''}${planned.ui.length} UI file(s))`);
      let session;
      try {
        session = await startSession(planned.trust, built);
      } catch (error) {
        count(false, `session ${planned.trust}: ${error.message.split('\n')[0]}`);
        continue;
      }
      try {
        if (planned.inHost) await runInHost(session, built, browserServer.wsEndpoint());
        for (const file of planned.ui) await runUiFile(session, file, browserServer.wsEndpoint());
      } catch (error) {
        session.failed = true;
        count(false, `session ${planned.trust}: ${error.message.split('\n')[0]}`);
      } finally {
        await stopSession(session);
      }
    }
  } finally {
    await browserServer.close();
  }
}

try {
  await main();
} catch (error) {
  count(false, `harness: ${error.stack ?? error}`);
}
finish();
