#!/usr/bin/env node
// `npm run test:electron`: the same in-host suite as `npm run test:e2e`, in VS Code desktop through
// @vscode/test-electron, for contributors whose machine can download VS Code (this project's CI
// cannot: update.code.visualstudio.com is unreachable there, so CI uses code-server instead).
//
// Downloads VS Code (VSCODE_VERSION, default 1.100.3: the VS Code inside code-server 4.100.3), builds
// the extension, the in-host bundles and the chat helper, installs the helper into a fresh
// extensions dir, and runs the suite twice, as run.mjs does: the trusted files with workspace trust
// disabled, then the `*.untrusted.test.ts` files with trust enabled on an untrusted copy of the
// sample workspace. The extension under test is the repository itself (extensionDevelopmentPath).
// Prints "N passed, N failed" from the runner's results files. On a Linux machine without a display,
// run it under `xvfb-run -a`.
//
// VS Code is spawned here rather than through test-electron's runTests(), because runTests() always
// adds --disable-workspace-trust, which would make the untrusted pass meaningless.
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath } from '@vscode/test-electron';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInHost, inHostOut } from './buildInHost.mjs';
import { packageChatHelper } from './packageChatHelper.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHAT_HELPER_ID = 'approvals-gate-test.chat-helper';
const version = process.env.VSCODE_VERSION || '1.100.3';

execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
const testsPath = await buildInHost();
const chatHelperVsix = await packageChatHelper();
let vscodeExecutablePath;
try {
  vscodeExecutablePath = await downloadAndUnzipVSCode(version);
} catch (error) {
  console.error(`Could not download VS Code ${version} (${error.code ?? error.message}). This needs update.code.visualstudio.com;`);
  console.error('without it, run the same suite in code-server: npm run test:e2e');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(vscodeExecutablePath, { reuseMachineInstall: true });

const inHostFiles = readdirSync(inHostOut, { recursive: true }).filter((name) => name.endsWith('.test.js'));
const modes = ['trusted', 'untrusted'].filter((mode) => inHostFiles.some((name) => name.endsWith('.untrusted.test.js') === (mode === 'untrusted')));

let passed = 0;
let failed = 0;
for (const mode of modes) {
  const run = mkdtempSync(path.join(os.tmpdir(), `approvals-gate-electron-${mode}-`));
  const ud = path.join(run, 'ud');
  const ext = path.join(run, 'ext');
  const workspace = path.join(run, 'workspace');
  const resultsFile = path.join(run, 'inHost-results.json');
  mkdirSync(path.join(ud, 'User'), { recursive: true });
  mkdirSync(ext, { recursive: true });
  cpSync(path.join(root, 'test/e2e/workspace'), workspace, { recursive: true });
  writeFileSync(path.join(ud, 'User/settings.json'), JSON.stringify({
    'security.workspace.trust.enabled': mode === 'untrusted',
    'security.workspace.trust.startupPrompt': 'never',
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoUpdate': false,
  }, null, 2));
  const install = spawnSync(cli, [...cliArgs, '--user-data-dir', ud, '--extensions-dir', ext, '--install-extension', chatHelperVsix], { encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`installing the chat helper failed: ${install.stderr}`);

  const args = [
    workspace,
    '--no-sandbox', '--disable-gpu-sandbox', '--disable-updates', '--skip-welcome', '--skip-release-notes',
    '--user-data-dir', ud, '--extensions-dir', ext, '--enable-proposed-api', CHAT_HELPER_ID,
    ...(mode === 'trusted' ? ['--disable-workspace-trust'] : []),
    `--extensionDevelopmentPath=${root}`, `--extensionTestsPath=${testsPath}`,
  ];
  const env = { ...process.env, APPROVALS_GATE_E2E_TRUST: mode, APPROVALS_GATE_E2E_RESULTS: resultsFile };
  console.log(`\n== VS Code ${version}, ${mode} workspace`);
  const code = await new Promise((resolve) => {
    const child = spawn(vscodeExecutablePath, args, { env, stdio: 'inherit' });
    child.on('error', () => resolve(-1));
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? signal));
  });
  const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined;
  if (!results) {
    failed += 1;
    console.log(`FAIL ${mode}: no results (VS Code exited with ${code})`);
  } else {
    passed += results.passes;
    failed += results.failures + (results.harnessError ? 1 : 0);
    if (results.harnessError) console.log(`FAIL ${mode}: ${results.harnessError}`);
    if ((code === 0) !== (results.failures === 0 && !results.harnessError)) {
      failed += 1;
      console.log(`FAIL ${mode}: exit code ${code} disagrees with the results file`);
    }
  }
  rmSync(run, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
