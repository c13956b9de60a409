/**
 * The npm package as a user gets it (docs/decisions.md, "The npm package and a newcomer's first
 * commands"): `npm pack` of this checkout (its `prepack` builds
 * the bundles), installed globally into an EMPTY prefix with an empty npm cache and `--offline`
 * (so the tarball needs nothing from a registry), then `approvals-gate --version`, `install --detect`,
 * `install claude-code`, `doctor`, the real Claude Code gated through what `install` registered
 * (`rm -rf /` refused, an everyday command run), and `uninstall`, which must leave the user's
 * settings file byte for byte and mode for mode as it was. And the same package through `npx`.
 *
 * Safety: the agent's PATH starts with a stand-in `rm` that only touches the case's marker, so a
 * gate that failed open would run the stand-in, never the real `rm -rf /` (the everyday command
 * shows which `rm` the agent's shell finds).
 *
 * Needs `bash scripts/agents/install-agent-clis.sh` (Claude Code) and npm on PATH.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeModelServer, type FakeModelServer } from '../support/agents/fakeModelServer';
import { writeClaudeSnapshot } from '../support/claudeSnapshot';
import {
  REPO_ROOT, agentConfigPaths, casesFolder, cleanEnv, describeRun, finalText, hookDecision, newCaseRoot,
  removeCaseRoots, requireAgentStage, runAgent, type RunResult,
} from '../support/agents/agentRunner';

const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** What the package must hold, and what it must not (sources, tests, maps, the extension's bundles). */
const REQUIRED = ['package.json', 'README.md', 'LICENSE', 'dist/cli.js', 'dist/hook.js', 'dist/hook-main.js', 'dist/cli-rater.js'];
const FORBIDDEN = /\.map$|\.vsix$|\.ts$|^(src|test|bench|scripts|webview-ui|sample-workspace|media|docs)\/|^dist\/(extension|rater|webview)\.js$/;

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const output = (run: SpawnSyncReturns<string>) => `exit ${run.status}${run.error ? ` (${run.error.message})` : ''}\n${run.stdout}${run.stderr}`;

/** `npm …` with its cache in `cache` and nothing of this machine's npm set-up but PATH. */
function npm(args: readonly string[], options: { cwd: string; home: string; cache: string; env?: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
  return spawnSync('npm', args, {
    cwd: options.cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH, HOME: options.home, npm_config_cache: options.cache, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...options.env },
  });
}

/** The Claude Code hook commands in a settings file that run the gate's hook. */
function gateCommands(settingsFile: string): string[] {
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as { hooks?: { PreToolUse?: { hooks?: { command?: string }[] }[] } };
  return (settings.hooks?.PreToolUse ?? []).flatMap((group) => group.hooks ?? []).map((hook) => hook.command ?? '').filter((command) => command.includes('hook claude-code'));
}

describe('the npm package: packed, installed into an empty prefix, gating the real Claude Code', function () {
  let server: FakeModelServer;
  let work: string;
  let tarball: string;

  before(async function () {
    requireAgentStage();
    server = await startFakeModelServer();
    work = mkdtempSync(path.join(casesFolder(), 'npm-package-'));
  });

  after(async function () {
    await server?.close();
    removeCaseRoots();
  });

  it('npm pack builds a small tarball of the bundles, README and LICENSE', function () {
    // Run as a user runs it in a checkout: its own environment, so `prepack` builds with this one's node_modules.
    const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, npm_config_cache: path.join(work, 'pack-cache') } });
    assert.equal(packed.status, 0, `npm pack failed: ${output(packed)}`);
    const [report] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
    assert.ok(report, `npm pack printed no report: ${packed.stdout}`);
    const files = report.files.map((file) => file.path).sort();
    for (const file of REQUIRED) assert.ok(files.includes(file), `the package lacks ${file}: ${files.join(', ')}`);
    const unwanted = files.filter((file) => FORBIDDEN.test(file));
    assert.deepEqual(unwanted, [], `the package ships files it must not: ${unwanted.join(', ')}`);
    // Today 3.5 MB packed, 13.9 MB unpacked: the OS sandbox for `approvals-gate run` added its
    // library to dist/cli.js (+1.1 MB) and its seccomp helpers for x64 and arm64 (dist/vendor/,
    // 1.4 MB); the YAML reader of pods on standard input (js-yaml) and the floor's new readers
    // another 60 kB packed. A built checkout packed whole: 12 MB, 36 MB of maps unpacked.
    assert.ok(report.size < 4_000_000, `the tarball is ${report.size} bytes`);
    assert.ok(report.unpackedSize < 16_000_000, `the package unpacks to ${report.unpackedSize} bytes`);
    tarball = path.join(work, report.filename);
    assert.ok(existsSync(tarball), `${tarball} is missing`);
    // The README's two commands install this very file.
    assert.ok(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8').includes(`npm install -g ./${report.filename}`), `README.md does not say npm install -g ./${report.filename}`);
  });

  it('installs globally into an empty prefix with no registry, and the real Claude Code is gated through it', async function () {
    assert.ok(tarball, 'no tarball: the npm pack test failed');
    const prefix = path.join(work, 'prefix');
    const root = newCaseRoot('npm-global');
    const installed = npm(['install', '--global', '--prefix', prefix, '--offline', tarball], { cwd: root.ws, home: root.home, cache: path.join(work, 'install-cache') });
    assert.equal(installed.status, 0, `npm install -g of the tarball failed (with --offline and an empty cache: does it need a dependency?): ${output(installed)}`);
    const bin = path.join(prefix, 'bin');
    const gate = (args: readonly string[]) =>
      spawnSync(path.join(bin, 'approvals-gate'), args, { cwd: root.ws, encoding: 'utf8', timeout: 60_000, env: { ...cleanEnv(root), PATH: `${bin}:${cleanEnv(root).PATH}` } });

    const version = gate(['--version']);
    assert.equal(version.status, 0, output(version));
    assert.equal(version.stdout.trim(), VERSION);
    const help = gate(['--help']);
    assert.equal(help.status, 0, output(help));
    assert.match(help.stdout, /approvals-gate install AGENT/);

    // The user's own Claude Code settings, in a layout `install` would not write (4 spaces, no final
    // newline, an empty hooks object, mode 0640): uninstall must give back exactly these bytes.
    const settingsFile = agentConfigPaths(root.home).claudeSettings;
    mkdirSync(path.dirname(settingsFile), { recursive: true });
    const original = '{\n    "cleanupPeriodDays": 30,\n    "hooks": {}\n}';
    writeFileSync(settingsFile, original);
    chmodSync(settingsFile, 0o640);

    const detected = gate(['install', '--detect']);
    assert.equal(detected.status, 0, `install --detect: ${output(detected)}`);
    const commands = gateCommands(settingsFile);
    assert.equal(commands.length, 1, `install --detect registered ${commands.length} gate hooks: ${readFileSync(settingsFile, 'utf8')}`);
    const command = commands[0]!;
    // The fast hook entry, never the npm link to the whole CLI (no hook server, ~280 ms a call),
    // and nothing of the checkout the package was packed from.
    assert.ok(!command.includes(path.join(bin, 'approvals-gate')), `install registered the npm link to the CLI: ${command}`);
    assert.ok(!/\bcli\.js\b/.test(command), `install registered the CLI bundle, not the hook entry: ${command}`);
    assert.ok(!command.includes(REPO_ROOT), `install registered a path in the checkout: ${command}`);
    const afterFirst = readFileSync(settingsFile, 'utf8');
    const again = gate(['install', 'claude-code']);
    assert.equal(again.status, 0, `install claude-code: ${output(again)}`);
    assert.equal(readFileSync(settingsFile, 'utf8'), afterFirst, 'a second install changed the settings file');

    const doctor = gate(['doctor', 'claude-code']);
    assert.equal(doctor.status, 0, `doctor: ${output(doctor)}`);

    // A stand-in `rm` first on the agent's PATH: it only touches the marker.
    const standIn = path.join(root.root, 'stand-in-bin');
    mkdirSync(standIn);
    writeFileSync(path.join(standIn, 'rm'), `#!/bin/sh\ntouch '${root.marker}'\nexit 1\n`, { mode: 0o755 });
    const run = (shellCommand: string) => runAgent({ agent: 'claude-code', server, root, command: shellCommand, pathPrefix: [standIn, bin] });
    // Another Claude Code session is running: its shell snapshot is there (2.1.328 writes a session's
    // own only after the first command's hook; with none, every command is read unresolved).
    writeClaudeSnapshot(root.home);

    // An everyday command runs (no gate settings: the built-in allow list approves it); its
    // output reaches the model, and shows the agent's shell would find the stand-in rm.
    const everyday = `everyday-${path.basename(root.root)}.txt`;
    writeFileSync(path.join(root.ws, everyday), '');
    const ran = await run('ls && command -v rm');
    assertAllowedAndRan(ran, [everyday, path.join(standIn, 'rm')]);
    // The fast entry starts a hook server after that first call.
    const cache = path.join(root.home, '.cache', 'approvals-gate');
    const until = Date.now() + 10_000;
    const sockets = () => (existsSync(cache) ? readdirSync(cache).filter((f) => f.endsWith('.sock')) : []);
    while (sockets().length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(sockets().length > 0, `no hook server socket in ${cache} after a call: the registered command is not the fast hook entry (${command})`);

    const refused = await run('rm -rf /');
    assertRefused(refused, /hardline floor/i);

    const removed = gate(['uninstall', 'claude-code']);
    assert.equal(removed.status, 0, `uninstall: ${output(removed)}`);
    assert.equal(readFileSync(settingsFile, 'utf8'), original, 'uninstall did not give back the settings file byte for byte');
    assert.equal(statSync(settingsFile).mode & 0o777, 0o640, 'uninstall changed the settings file\'s mode');
    const leftovers = readdirSync(path.dirname(settingsFile)).filter((f) => f.includes('approvals-gate'));
    assert.deepEqual(leftovers, [], `uninstall left its files beside the settings file: ${leftovers.join(', ')}`);
  });

  it('runs through npx, and install from npx never registers a path inside npx\'s cache', function () {
    assert.ok(tarball, 'no tarball: the npm pack test failed');
    const root = newCaseRoot('npm-npx');
    const cache = path.join(work, 'npx-cache');
    const npx = (args: readonly string[]) => npm(['exec', '--yes', '--offline', '--package', tarball, '--', 'approvals-gate', ...args], { cwd: root.ws, home: root.home, cache });
    const version = npx(['--version']);
    assert.equal(version.status, 0, output(version));
    assert.equal(version.stdout.trim(), VERSION);

    const settingsFile = agentConfigPaths(root.home).claudeSettings;
    mkdirSync(path.dirname(settingsFile), { recursive: true });
    writeFileSync(settingsFile, '{}\n');
    const installed = npx(['install', 'claude-code']);
    const npxCache = path.join(cache, '_npx');
    if (installed.status === 0) {
      // Registered: then what it registered lives outside npx's cache, which npm empties when it likes.
      const commands = gateCommands(settingsFile);
      assert.equal(commands.length, 1, `install registered ${commands.length} gate hooks: ${readFileSync(settingsFile, 'utf8')}`);
      assert.ok(!commands[0]!.includes(npxCache), `install registered a path inside npx's cache: ${commands[0]}`);
      const removed = npx(['uninstall', 'claude-code']);
      assert.equal(removed.status, 0, output(removed));
    } else {
      // Refused: with a message that says why, and the file untouched.
      assert.match(installed.stdout + installed.stderr, /npx/, `install from npx failed without naming npx: ${output(installed)}`);
      assert.equal(readFileSync(settingsFile, 'utf8'), '{}\n');
    }
  });
});

/** The hook allowed every call, the command ran (its output, with every `shown` text, reached the model), the turn finished. */
function assertAllowedAndRan(result: RunResult, shown: readonly string[]): void {
  const why = describeRun(result);
  assert.ok(result.hookCalls.length > 0, `the hook was never called\n${why}`);
  for (const call of result.hookCalls) assert.equal(hookDecision(result.agent, call).decision, 'allow', `the hook did not allow\n${why}`);
  assert.ok(result.toolResult !== null, `the model got no tool result\n${why}`);
  for (const text of shown) assert.ok(result.toolResult.includes(text), `the command's output lacks ${text}\n${why}`);
  assert.ok(!result.markerExists, `the stand-in rm ran\n${why}`);
  assert.equal(result.code, 0, `the agent failed\n${why}`);
  assert.equal(finalText(result.agent, result.stdout), 'done', `no final answer\n${why}`);
}

/** The hook denied with a reason the model read; the stand-in rm never ran; the turn finished. */
function assertRefused(result: RunResult, wording: RegExp): void {
  const why = describeRun(result);
  assert.ok(result.hookCalls.length > 0, `the hook was never called\n${why}`);
  const answer = hookDecision(result.agent, result.hookCalls.at(-1)!);
  assert.equal(answer.decision, 'deny', `the hook answered ${answer.decision}\n${why}`);
  assert.match(answer.reason, wording, `the hook's reason does not say why\n${why}`);
  assert.ok(!result.markerExists, `the command RAN (the stand-in rm touched the marker)\n${why}`);
  assert.equal(result.code, 0, `the agent failed\n${why}`);
  assert.equal(finalText(result.agent, result.stdout), 'done', `no final answer\n${why}`);
  assert.ok(result.toolResult !== null && normalize(result.toolResult).includes(normalize(answer.reason).slice(0, 80)), `the model did not read the hook's reason\n${why}`);
}
