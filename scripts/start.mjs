#!/usr/bin/env node
// `npm start`: the extension in a real VS Code on the sample workspace. With a local `code` binary it
// installs the packaged extension there and opens the workspace; otherwise it installs code-server
// 4.100.3 from npm (scripts/e2e/install-code-server.sh), starts it on 127.0.0.1 with a fresh profile
// holding only this extension, and prints the URL. Ctrl+C stops it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspace = path.join(root, 'sample-workspace');
const vsix = path.join(root, 'approvals-gate.vsix');
const port = Number(process.env.PORT || 8089);
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

run('npm', ['run', '--silent', 'package']);

const code = spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' }).stdout.trim();
if (code && !process.env.APPROVALS_GATE_USE_CODE_SERVER) {
  run(code, ['--install-extension', vsix, '--force']);
  run(code, [workspace]);
  console.log(`Opened ${workspace} in VS Code with Approvals Gate installed.`);
  process.exit(0);
}

run('bash', [path.join(root, 'scripts/e2e/install-code-server.sh')]);
const codeServer = path.join(root, '.e2e/code-server/node_modules/.bin/code-server');
const dir = mkdtempSync(path.join(os.tmpdir(), 'approvals-gate-start-'));
const env = { ...process.env, XDG_CONFIG_HOME: path.join(dir, 'xdg'), XDG_DATA_HOME: path.join(dir, 'xdg'), XDG_CACHE_HOME: path.join(dir, 'xdg'), TMPDIR: path.join(dir, 'tmp') };
for (const sub of ['ud/User', 'ext', 'tmp', 'xdg']) mkdirSync(path.join(dir, sub), { recursive: true });
writeFileSync(path.join(dir, 'ud/User/settings.json'), JSON.stringify({ 'workbench.startupEditor': 'readme', 'telemetry.telemetryLevel': 'off', 'update.mode': 'none', 'extensions.autoCheckUpdates': false }, null, 2));
execFileSync(codeServer, ['--user-data-dir', path.join(dir, 'ud'), '--extensions-dir', path.join(dir, 'ext'), '--install-extension', vsix], { env, stdio: 'inherit' });
const server = spawn(codeServer, ['--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check', '--user-data-dir', path.join(dir, 'ud'), '--extensions-dir', path.join(dir, 'ext'), workspace], { env, stdio: ['ignore', 'ignore', 'inherit'] });
for (let i = 0; i < 150; i++) {
  if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
console.log(`\nApprovals Gate is running in VS Code (code-server) at http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}\nPress Ctrl+C to stop.`);
const stop = () => { server.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (status) => process.exit(status ?? 0));
