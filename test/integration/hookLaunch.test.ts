/**
 * The registered command cannot fail open (docs/agent-hooks.md "Every exit path is a
 * deny"): the launcher (src/cli/hooks/launcher.ts) around real Node processes and real files,
 * for every agent's input shape. Whatever goes wrong before the gate answers — a rebuild that
 * rewrites the bundle, a half-written or empty bundle, a deleted install copy, a Node that cannot
 * start, is killed, writes half an answer or hangs — the agent reads its own refusal; and the
 * gate's real answers (an allow included) pass through unchanged. Then the installed copy: the
 * checkout can move or be deleted, doctor sees a newer build, a symlinked bin and npx's cache
 * register the copy, and uninstall leaves the agent's file byte for byte as it was.
 *
 * Needs `npm run build`. The figures (calls, refusals by whom) are printed for the report.
 */
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { runShell, type Ran } from '../support/processes';
import { appendFileSync, chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AGENT_NAMES, AGENTS, type AgentName } from '../../src/cli/hooks/agents';
import { registrationFor } from '../../src/cli/hooks/registrations';
import { LAUNCHER_SCRIPT, launcherCommand } from '../../src/cli/hooks/launcher';
import { HOOK_FILES } from '../../src/cli/hooks/installCopy';
import { writeClaudeSnapshot } from '../support/claudeSnapshot';

const REPO = path.resolve('.');
const DIST = path.join(REPO, 'dist');

/** The registered command as the agents run it: a shell's `-c` (observed: sh for Claude Code, bash for the others; Cursor's is not known). */
function run(command: string, input: string, env: NodeJS.ProcessEnv, shell = '/bin/sh'): Promise<Ran> {
  return runShell(command, input, { env, shell });
}

const SHELL_OF: Record<AgentName, string> = { 'claude-code': '/bin/sh', gemini: 'bash', codex: '/bin/bash', copilot: '/bin/bash', cursor: '/bin/sh' };

const input = (agent: AgentName, command: string, cwd: string) => JSON.stringify(AGENTS[agent].sampleInput(command, cwd));

/** How the agent reads an answer: `run` (allow, or nothing), `ask`, `block`, `garbage` (the agents run it). */
const verdict = (agent: AgentName, ran: Ran) => AGENTS[agent].readAnswer({ stdout: ran.stdout, exitCode: ran.status ?? -1 });

/** The launcher's own refusal: the agent's deny for "cannot decide", with its blocking exit code, naming the fix. */
function assertLauncherRefusal(agent: AgentName, ran: Ran, why: string): void {
  const detail = `${agent} (${why}): status ${ran.status}, stdout ${ran.stdout}, stderr ${ran.stderr}`;
  assert.equal(verdict(agent, ran), 'block', detail);
  assert.equal(ran.status, AGENTS[agent].failureExitCode, detail);
  assert.ok(ran.stdout.includes(`approvals-gate install ${agent}`), `the refusal does not name the fix: ${detail}`);
  assert.match(ran.stderr, /no complete answer/, detail);
  assert.ok(!ran.stdout.includes('approvals-gate-answer-end'), `the end mark reached the agent: ${detail}`);
}

/** Runs the tasks, `width` at a time. */
async function inPool(tasks: readonly (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < tasks.length) await tasks[next++]!();
  }));
}

describe('the registered command cannot fail open (launcher, installed copy)', function () {
  // About 20 s in all on an idle machine; the limit leaves room for a loaded one.
  this.timeout(180_000);
  let root: string;
  let home: string;
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: home, APPROVALS_GATE_HOOK_SERVER: 'off', ...extra });

  /** A checkout of the built hook as `install` sees one: package.json and the four bundles (no sources). */
  function checkout(at: string): string {
    const dist = path.join(at, 'dist');
    mkdirSync(dist, { recursive: true });
    copyFileSync(path.join(REPO, 'package.json'), path.join(at, 'package.json'));
    for (const name of ['cli.js', ...HOOK_FILES]) copyFileSync(path.join(DIST, name), path.join(dist, name));
    chmodSync(path.join(dist, 'cli.js'), 0o755);
    return dist;
  }
  const cli = (cliFile: string, args: string[]) => spawnSync(process.execPath, [cliFile, ...args], { env: env(), encoding: 'utf8', cwd: root });
  const registered = (agent: AgentName): string => {
    const registration = registrationFor(agent, env(), home);
    const value = JSON.parse(readFileSync(registration.file, 'utf8')) as Record<string, unknown>;
    let list: unknown = value;
    for (const key of registration.listPath) list = (list as Record<string, unknown>)[key];
    const commands = (list as unknown[]).flatMap((entry) => registration.commandsOf(entry)).filter((c) => c.includes(`hook ${agent}`));
    assert.equal(commands.length, 1, `${registration.file}: ${JSON.stringify(value)}`);
    return commands[0]!;
  };

  before(function () {
    for (const name of ['cli.js', ...HOOK_FILES]) if (!existsSync(path.join(DIST, name))) throw new Error(`dist/${name} is missing: npm run build`);
  });
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'hook-launch-'));
    home = path.join(root, 'home');
    mkdirSync(home);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("passes the gate's own answers through unchanged, an allow included, for every agent and shell", async () => {
    writeClaudeSnapshot(home); // a running Claude Code session's
    // Read as is by any shell that knows single quotes (fish reads \\ and \' inside them).
    assert.ok(!/['\\]/.test(LAUNCHER_SCRIPT), LAUNCHER_SCRIPT);
    assert.throws(() => launcherCommand('codex', process.execPath, "/home/o'neil/.local/share/approvals-gate/x/hook.js", 60_000), /holds a quote/);
    for (const agent of AGENT_NAMES) {
      const command = launcherCommand(agent, process.execPath, path.join(DIST, 'hook.js'), 60_000);
      assert.ok(!command.includes('\\'), `a word was not single-quoted: ${command}`);
      const direct = spawnSync(process.execPath, [path.join(DIST, 'hook.js'), 'hook', agent], { input: input(agent, 'ls', root), env: env(), encoding: 'utf8' });
      for (const shell of agent === 'claude-code' ? ['/bin/sh', 'bash', 'zsh'].filter((sh) => sh.startsWith('/') || spawnSync('which', [sh]).status === 0) : [SHELL_OF[agent]]) {
        const ls = await run(command, input(agent, 'ls', root), env(), shell);
        assert.equal(verdict(agent, ls), 'run', `${agent} ${shell} ls: ${ls.stdout} ${ls.stderr}`);
        assert.equal(ls.stdout, direct.stdout, `${agent}: the launcher changed the answer`);
        assert.equal(ls.status, direct.status);
        const rm = await run(command, input(agent, 'rm -rf /', root), env(), shell);
        assert.equal(verdict(agent, rm), 'block', `${agent} ${shell} rm -rf /: ${rm.stdout}`);
        assert.match(rm.stdout, /[Hh]ardline floor/, `${agent}: the gate's own reason, not the launcher's`);
      }
    }
  });

  it('every failure before the answer is the agent\'s refusal: deleted, empty or half-written files, Node failing to start, killed, half an answer, hung, missing', async () => {
    const preload = (name: string, text: string) => {
      const file = path.join(root, name);
      writeFileSync(file, text);
      return file;
    };
    const kill = preload('kill.cjs', "process.kill(process.pid, 'SIGKILL');\n");
    const half = preload(
      'half.cjs',
      "const write = process.stdout.write.bind(process.stdout);\nprocess.stdout.write = (chunk) => { const s = String(chunk); write(s.slice(0, Math.max(1, s.length >> 1))); process.kill(process.pid, 'SIGKILL'); return true; };\n",
    );
    const hang = preload('hang.cjs', 'for (;;) {}\n');
    const bundle = (name: string, change: (folder: string) => void): string => {
      const folder = path.join(root, name);
      mkdirSync(folder);
      for (const file of HOOK_FILES) copyFileSync(path.join(DIST, file), path.join(folder, file));
      change(folder);
      return path.join(folder, 'hook.js');
    };
    const whole = bundle('whole', () => undefined);
    const cases: { why: string; hook: string; node?: string; extra?: NodeJS.ProcessEnv; timeoutMs?: number }[] = [
      { why: 'install copy deleted', hook: bundle('deleted', (f) => rmSync(f, { recursive: true })) },
      { why: 'hook.js empty (a build caught between truncate and write)', hook: bundle('empty', (f) => writeFileSync(path.join(f, 'hook.js'), '')) },
      { why: 'hook.js half-written', hook: bundle('half-loader', (f) => writeFileSync(path.join(f, 'hook.js'), readFileSync(path.join(DIST, 'hook.js')).subarray(0, 5000))) },
      { why: 'hook-main.js half-written', hook: bundle('half-main', (f) => writeFileSync(path.join(f, 'hook-main.js'), readFileSync(path.join(DIST, 'hook-main.js')).subarray(0, 800_000))) },
      { why: 'Node cannot start (NODE_OPTIONS)', hook: whole, extra: { NODE_OPTIONS: '--no-such-option' } },
      { why: 'Node killed (SIGKILL) before answering', hook: whole, extra: { NODE_OPTIONS: `--require ${kill}` } },
      { why: 'Node killed after half an answer', hook: whole, extra: { NODE_OPTIONS: `--require ${half}` } },
      { why: 'Node hangs past the watchdog', hook: whole, extra: { NODE_OPTIONS: `--require ${hang}` }, timeoutMs: 4_000 },
      { why: 'the registered Node is gone', hook: whole, node: path.join(root, 'old-node', 'bin', 'node') },
    ];
    const calls = AGENT_NAMES.flatMap((agent) =>
      cases.flatMap((c) =>
        // `ls` too where an approval is an empty answer (Codex): a failure must not look like one.
        (agent === 'codex' ? ['rm -rf /', 'ls'] : ['rm -rf /']).map((dangerous) => async () => {
          const command = launcherCommand(agent, c.node ?? process.execPath, c.hook, c.timeoutMs ?? 60_000);
          const started = Date.now();
          const ran = await run(command, input(agent, dangerous, root), env(c.extra), SHELL_OF[agent]);
          assertLauncherRefusal(agent, ran, `${c.why}, ${dangerous}`);
          if (c.timeoutMs) assert.ok(Date.now() - started < 8_000, `${agent}: the watchdog took ${Date.now() - started} ms`);
        }),
      ),
    );
    await inPool(calls, 3);
    const refused = calls.length;
    process.stdout.write(`      launcher refusals: ${refused} of ${refused} calls (${cases.length} failures × ${AGENT_NAMES.length} agents, rm -rf /, and ls for Codex), no allow, no empty answer, no other exit code\n`);
  });

  it('the rebuild race: `node esbuild.mjs hook` rebuilding and a bundle rewritten in place, under a hammer of `rm -rf /` from every agent', async function () {
    // A checkout of its own (src and node_modules linked), so the rebuilds write its dist/, not the repository's.
    const co = path.join(root, 'checkout');
    mkdirSync(co);
    for (const name of ['src', 'scripts', 'node_modules', 'tsconfig.json', 'package.json']) symlinkSync(path.join(REPO, name), path.join(co, name));
    copyFileSync(path.join(REPO, 'esbuild.mjs'), path.join(co, 'esbuild.mjs'));
    const dist = checkout(co);
    // A second install-like folder rewritten the old way (truncate, then write in pieces): what a non-atomic build did.
    const inPlace = path.join(root, 'in-place');
    mkdirSync(inPlace);
    for (const name of HOOK_FILES) copyFileSync(path.join(DIST, name), path.join(inPlace, name));
    const tallies = new Map<string, number>();
    const count = (key: string) => tallies.set(key, (tallies.get(key) ?? 0) + 1);
    // At least two rebuilds and 24 calls (however loaded the machine), at most 25 s.
    let building = true;
    let builds = 0;
    const enough = () => builds >= 2 && (tallies.get('rebuilt calls') ?? 0) >= 12 && (tallies.get('in-place calls') ?? 0) >= 12;
    const started = Date.now();
    const builder = (async () => {
      while (!enough() && Date.now() - started < 25_000) {
        const built = await new Promise<number | null>((resolve) => spawn(process.execPath, ['esbuild.mjs', 'hook'], { cwd: co, stdio: 'ignore' }).on('close', resolve));
        assert.equal(built, 0, 'the rebuild failed');
        builds++;
      }
      building = false;
    })();
    const loaderBytes = readFileSync(path.join(DIST, 'hook.js'));
    const rewriter = (async () => {
      while (building) {
        writeFileSync(path.join(inPlace, 'hook.js'), '');
        for (let at = 0; at < loaderBytes.length; at += 2048) {
          appendFileSync(path.join(inPlace, 'hook.js'), loaderBytes.subarray(at, at + 2048));
          await new Promise((r) => setTimeout(r, 2));
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const hammer = async (worker: number) => {
      for (let i = 0; building; i++) {
        const agent = AGENT_NAMES[(worker + i) % AGENT_NAMES.length]!;
        const target = i % 2 === 0 ? 'rebuilt' : 'in-place';
        const command = launcherCommand(agent, process.execPath, path.join(target === 'rebuilt' ? dist : inPlace, 'hook.js'), 60_000);
        const ran = await run(command, input(agent, 'rm -rf /', root), env(), SHELL_OF[agent]);
        const seen = verdict(agent, ran);
        count(`${target} calls`);
        if (seen !== 'block') count(`${target} ${seen} (${agent}, status ${ran.status}, stdout ${JSON.stringify(ran.stdout.slice(0, 80))})`);
        else count(`${target} refused by ${/no complete answer/.test(ran.stdout) ? 'the launcher' : 'the gate'}`);
        if (ran.stdout.trim() === '' && ran.status !== 2) count(`${target} EMPTY answer`);
      }
    };
    await Promise.all([builder, rewriter, ...[0, 1, 2].map(hammer)]);
    const figures = [...tallies].map(([k, v]) => `${k}: ${v}`).join('; ');
    process.stdout.write(`      rebuild race (${builds} rebuilds): ${figures}\n`);
    const bad = [...tallies.keys()].filter((k) => !/calls$|refused by/.test(k));
    assert.deepEqual(bad, [], `answers the agents would run: ${figures}`);
    assert.ok((tallies.get('rebuilt calls') ?? 0) >= 8 && (tallies.get('in-place calls') ?? 0) >= 8, `too few calls to mean anything: ${figures}`);
    // The rebuilt folder is written atomically: the gate itself answered every call there.
    assert.equal(tallies.get('rebuilt refused by the launcher') ?? 0, 0, figures);
  });

  it('the installed copy: the checkout can be deleted; a newer build is reported; the copy deleted is a refusal naming the fix', async () => {
    writeClaudeSnapshot(home); // a running Claude Code session's
    const dist = checkout(path.join(root, 'checkout'));
    const first = cli(path.join(dist, 'cli.js'), ['install', ...AGENT_NAMES]);
    assert.match(first.stdout, /Cursor: registered the hook/, first.stdout + first.stderr);
    const commands = Object.fromEntries(AGENT_NAMES.map((agent) => [agent, registered(agent)])) as Record<AgentName, string>;
    const copies = readdirSync(path.join(home, '.local/share/approvals-gate')).filter((n) => /-[0-9a-f]{12}$/.test(n));
    assert.equal(copies.length, 1, copies.join(', '));
    const copy = path.join(home, '.local/share/approvals-gate', copies[0]!);
    assert.deepEqual(readdirSync(copy).sort(), ['cli-rater.js', 'hook-main.js', 'hook.js', 'manifest.json'], 'the hook files and the manifest, nothing else');
    for (const agent of AGENT_NAMES) assert.ok(commands[agent].includes(`${copy}/hook.js`) && !commands[agent].includes(dist), commands[agent]);

    // A newer build at the source: doctor says so, the copy keeps answering.
    appendFileSync(path.join(dist, 'hook-main.js'), '\n// rebuilt\n');
    const doctor = cli(path.join(dist, 'cli.js'), ['doctor', 'claude-code']);
    assert.match(doctor.stdout, /installed: version \d[\w.+-]*, build [0-9a-f]{12}/, doctor.stdout);
    assert.match(doctor.stdout, /its source .* holds a NEWER build .*run `approvals-gate install claude-code` from it/, doctor.stdout);
    assert.equal(doctor.status, 0, doctor.stdout + doctor.stderr);

    // The checkout deleted: every agent's hook answers as before.
    rmSync(path.join(root, 'checkout'), { recursive: true });
    for (const agent of AGENT_NAMES) {
      const rm = await run(commands[agent], input(agent, 'rm -rf /', root), env(), SHELL_OF[agent]);
      assert.equal(verdict(agent, rm), 'block', `${agent}: ${rm.stdout} ${rm.stderr}`);
      assert.match(rm.stdout, /[Hh]ardline floor/);
      const ls = await run(commands[agent], input(agent, 'ls', root), env(), SHELL_OF[agent]);
      assert.equal(verdict(agent, ls), 'run', `${agent}: ${ls.stdout} ${ls.stderr}`);
    }

    // The copy deleted: every agent refuses every command, naming the fix; doctor fails and says why.
    rmSync(copy, { recursive: true });
    for (const agent of AGENT_NAMES) {
      assertLauncherRefusal(agent, await run(commands[agent], input(agent, 'ls', root), env(), SHELL_OF[agent]), 'copy deleted');
    }
    const dist2 = checkout(path.join(root, 'checkout2'));
    const broken = cli(path.join(dist2, 'cli.js'), ['doctor', 'gemini']);
    assert.equal(broken.status, 1);
    assert.match(broken.stdout, /the installed copy .* is MISSING hook\.js, hook-main\.js, cli-rater\.js: every command is refused; run `approvals-gate install gemini` again/, broken.stdout);
    // The fix the refusal names: installing again (the same build) puts the copy back.
    const fixed = cli(path.join(dist2, 'cli.js'), ['install', 'gemini']);
    assert.match(fixed.stdout, /Gemini CLI: already registered/, fixed.stdout + fixed.stderr);
    const healed = await run(commands.gemini, input('gemini', 'ls', root), env(), SHELL_OF.gemini);
    assert.equal(verdict('gemini', healed), 'run', healed.stdout + healed.stderr);
  });

  it('install through a symlinked bin or from npx\'s cache registers the copied hook.js, never cli.js or the cache; a newer install replaces and prunes the older copy', () => {
    // A global npm install: bin/approvals-gate → ../lib/node_modules/approvals-gate/dist/cli.js, run through its shebang.
    const pkg = path.join(root, 'prefix/lib/node_modules/approvals-gate');
    const dist = checkout(pkg);
    mkdirSync(path.join(root, 'prefix/bin'), { recursive: true });
    const bin = path.join(root, 'prefix/bin/approvals-gate');
    symlinkSync(path.relative(path.dirname(bin), path.join(dist, 'cli.js')), bin);
    const viaLink = spawnSync(bin, ['install', 'claude-code'], { env: env(), encoding: 'utf8' });
    assert.equal(viaLink.status, 0, viaLink.stdout + viaLink.stderr);
    const command = registered('claude-code');
    assert.match(command, /\.local\/share\/approvals-gate\/[\w.+-]+-[0-9a-f]{12}\/hook\.js hook claude-code$/, command);
    assert.ok(!command.includes('cli.js') && !command.includes(bin), command);
    assert.ok(viaLink.stdout.includes(`copied from ${dist}`), viaLink.stdout);

    // npx: the package inside `_npx`: copied out, and said so.
    const npx = checkout(path.join(root, 'npm-cache/_npx/0123abcd/node_modules/approvals-gate'));
    appendFileSync(path.join(npx, 'hook.js'), '\n// another build\n');
    const viaNpx = cli(path.join(npx, 'cli.js'), ['install', 'claude-code']);
    assert.equal(viaNpx.status, 0, viaNpx.stdout + viaNpx.stderr);
    assert.match(viaNpx.stdout, /updated the registration.*npx's cache: the copy stays when npm empties it/, viaNpx.stdout);
    assert.match(viaNpx.stdout, /Removed the installed copy .* \(no agent runs it now\)/, 'the older copy is pruned');
    const after = registered('claude-code');
    assert.ok(!after.includes('_npx') && after !== command, after);
    assert.equal(readdirSync(path.join(home, '.local/share/approvals-gate')).filter((n) => /-[0-9a-f]{12}$/.test(n)).length, 1);
  });

  it('uninstall leaves the agent\'s file byte for byte as it was (comments, layout, mode), removes what install made, and prunes its backups', () => {
    const dist = checkout(path.join(root, 'checkout'));
    const claude = registrationFor('claude-code', env(), home).file;
    mkdirSync(path.dirname(claude), { recursive: true });
    const original = '{\n\t// my settings\n\t"model": "opus",\n\t"hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "my-logger" } ] }, ] },\n}\n';
    writeFileSync(claude, original);
    chmodSync(claude, 0o640);
    for (let round = 0; round < 2; round++) assert.equal(cli(path.join(dist, 'cli.js'), ['install', 'claude-code', 'copilot', 'cursor']).status, 0);
    // Reinstalling from a changed build updates the entry (a second change, a second backup).
    appendFileSync(path.join(dist, 'hook.js'), '\n// another build\n');
    assert.equal(cli(path.join(dist, 'cli.js'), ['install', 'claude-code']).status, 0);
    assert.ok(readdirSync(path.dirname(claude)).some((n) => n.includes('approvals-gate-backup')));
    assert.equal(statSync(claude).mode & 0o777, 0o640, 'install keeps the mode');
    const whileInstalled = readFileSync(claude, 'utf8');
    assert.ok(whileInstalled.startsWith('{\n\t// my settings\n\t"model": "opus",\n'), `install edits the hooks list only: ${whileInstalled}`);
    const gone = cli(path.join(dist, 'cli.js'), ['uninstall', 'claude-code', 'copilot', 'cursor']);
    assert.equal(gone.status, 0, gone.stdout + gone.stderr);
    assert.equal(readFileSync(claude, 'utf8'), original);
    assert.equal(statSync(claude).mode & 0o777, 0o640);
    assert.deepEqual(readdirSync(path.dirname(claude)), ['settings.json'], 'no backup left');
    assert.ok(!existsSync(path.join(home, '.copilot')) && !existsSync(path.join(home, '.cursor')), 'the folders install made are gone');
    assert.ok(!existsSync(path.join(home, '.local/share/approvals-gate')), 'the copy and the kept originals are gone');

    // Changed by the user after install: only the entry goes, their change stays.
    assert.equal(cli(path.join(dist, 'cli.js'), ['install', 'claude-code']).status, 0);
    writeFileSync(claude, readFileSync(claude, 'utf8').replace('"model": "opus",', '"model": "opus",\n\t"theme": "dark", // mine'));
    const again = cli(path.join(dist, 'cli.js'), ['uninstall', 'claude-code']);
    assert.match(again.stdout, /changed since the install, so only the entry was taken out/, again.stdout);
    const left = readFileSync(claude, 'utf8');
    assert.ok(left.startsWith('{\n\t// my settings\n\t"model": "opus",\n\t"theme": "dark", // mine\n'), left);
    assert.ok(left.includes('my-logger') && !left.includes('hook claude-code') && !left.includes('warm claude-code'), left);
  });
});
