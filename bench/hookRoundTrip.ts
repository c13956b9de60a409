/**
 * The hook figure: an agent hook's round trip — process start to the answer on stdout — for a
 * harmless and a refused command, measured side by side in one run with the `cc-safety-net` hook
 * (npm, pinned in package.json) on the same commands, interleaved so that both see the same
 * machine. Every variant gets the same Claude Code `PreToolUse` input on stdin and a fresh HOME.
 * Rows: plain Node (what any JavaScript hook pays before it reads a byte), cc-safety-net, the
 * gate's `dist/hook.js` answered by its hook server (the state from the second call of a session
 * on), the same wrapped in the launcher `install` registers (launcher.ts: what the agent really
 * runs), the same command deciding in its own process from the code cache
 * (`APPROVALS_GATE_HOOK_SERVER=off`, and what every first call costs), and the CLI without the
 * cache (`dist/cli.js hook`), so each part's share is visible. Then the first call of a session
 * (docs/agent-hooks.md, "The server's lifecycle" and "A server from the session's start"), each in
 * a fresh home, interleaved with a plain `node -e 0` (D§16's yardstick: the first call of a session
 * costs at most twice a plain Node start): after the session-start command `install` registers
 * (`hook.js warm claude-code`) has started the server, which is what a Claude Code user gets;
 * with no server, deciding in its own process with the code cache the build's earlier calls wrote
 * (an agent without a session-start registration, or a session idle past the server's 10 minutes);
 * and without the code cache (the build's very first call).
 *
 * `node --import tsx bench/hookRoundTrip.ts` (after `npm run build`) runs this section alone.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launcherCommand, warmCommand } from '../src/cli/hooks/launcher';
import { formatMs, median, table } from './stats';

const ROOT = path.resolve(__dirname, '..');
const RUNS = 25;
const TARGET_MS = 60;
/** The first call of a session: at most this many plain Node starts (D§16). */
const FIRST_CALL_TARGET_RATIO = 2;
/** Fresh homes for each kind of first call. */
const FIRST_CALLS = 7;
const CC_SAFETY_NET = path.join(ROOT, 'node_modules', 'cc-safety-net', 'dist', 'bin', 'cc-safety-net.js');

const COMMANDS = [
  { label: 'harmless (`ls -la`)', command: 'ls -la' },
  { label: 'refused (`rm -rf /`)', command: 'rm -rf /' },
];

function input(command: string, cwd: string): string {
  return JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd, permission_mode: 'default' });
}

export function hookRoundTripSection(): string[] {
  const out: string[] = ['Agent hook round trip: process start → answer on stdout, Claude Code input, median of ' + `${RUNS} interleaved runs`];
  const home = mkdtempSync(path.join(tmpdir(), 'bench-hook-'));
  try {
    const variants: Array<{ name: string; argv: string[]; env?: Record<string, string> }> = [
      { name: 'node, reading stdin and printing it (the floor of any Node hook)', argv: [process.execPath, '-e', 'process.stdin.pipe(process.stdout)'] },
      ...(existsSync(CC_SAFETY_NET) ? [{ name: 'cc-safety-net 2.4.5 hook --claude-code', argv: [process.execPath, CC_SAFETY_NET, 'hook', '--claude-code'] }] : []),
      { name: 'approvals-gate dist/hook.js hook claude-code (its hook server answers)', argv: [process.execPath, path.join(ROOT, 'dist', 'hook.js'), 'hook', 'claude-code'] },
      {
        name: 'the same through the launcher `install` registers (sh + watchdog; what the agent runs)',
        argv: ['/bin/sh', '-c', launcherCommand('claude-code', process.execPath, path.join(ROOT, 'dist', 'hook.js'), 60_000)],
      },
      { name: 'the same, deciding in its own process (code cache; every first call)', argv: [process.execPath, path.join(ROOT, 'dist', 'hook.js'), 'hook', 'claude-code'], env: { APPROVALS_GATE_HOOK_SERVER: 'off' } },
      { name: 'approvals-gate dist/cli.js hook claude-code (no code cache, no server)', argv: [process.execPath, path.join(ROOT, 'dist', 'cli.js'), 'hook', 'claude-code'] },
    ];
    const baseEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home };
    const run = (argv: string[], stdin: string, extraEnv: Record<string, string> = {}) => {
      const started = performance.now();
      const result = spawnSync(argv[0]!, argv.slice(1), { input: stdin, encoding: 'utf8', env: { ...baseEnv, ...extraEnv }, cwd: home });
      return { ms: performance.now() - started, stdout: result.stdout, status: result.status };
    };
    // One run each first: the gate's code cache is written then (the state after the first call),
    // and the first call of the registered command starts the hook server; it is measured on its own.
    const registered = variants.findIndex((v) => v.name.includes('dist/hook.js'));
    const first = variants.map((v) => run(v.argv, input('ls', home), v.env).ms);
    const socketFolder = path.join(home, '.cache', 'approvals-gate');
    const serverUp = Date.now() + 10_000;
    while (Date.now() < serverUp && !(existsSync(socketFolder) && readdirSync(socketFolder).some((f) => f.endsWith('.sock')))) spawnSync('sleep', ['0.05']);
    // A few calls so the server's own first decisions (cold code paths) are not in the figures.
    for (let i = 0; i < 5; i++) run(variants[registered]!.argv, input('ls', home));
    const rows: string[][] = [['hook', ...COMMANDS.map((c) => c.label), 'answers']];
    const medians = new Map<string, number[]>();
    const times = variants.map(() => COMMANDS.map(() => [] as number[]));
    const answers = variants.map(() => COMMANDS.map(() => ''));
    for (let i = 0; i < RUNS; i++) {
      for (const [ci, c] of COMMANDS.entries()) {
        for (const [vi, v] of variants.entries()) {
          const r = run(v.argv, input(c.command, home), v.env);
          times[vi]![ci]!.push(r.ms);
          if (i === 0) answers[vi]![ci] = describe(r.stdout, r.status);
        }
      }
    }
    for (const [vi, v] of variants.entries()) {
      const m = times[vi]!.map((t) => median(t));
      medians.set(v.name, m);
      rows.push([v.name, ...m.map(formatMs), answers[vi]!.join(' / ')]);
    }
    out.push(table(rows));
    out.push(...firstCalls(variants[registered]!.argv, path.join(home, '.cache', 'approvals-gate'), baseEnv, first[registered]!));
    const ours = medians.get(variants[registered]!.name)!;
    const launched = [...medians.entries()].find(([name]) => name.includes('launcher'))![1];
    const theirs = [...medians.entries()].find(([name]) => name.startsWith('cc-safety-net'))?.[1];
    const worst = Math.max(...ours);
    out.push(`  ≤ ${TARGET_MS} ms median: ${worst <= TARGET_MS ? 'MET' : 'NOT MET'} (slowest of the two: ${formatMs(worst)})`);
    if (theirs) {
      const met = ours.every((ms, i) => ms <= theirs[i]!);
      out.push(`  no slower than cc-safety-net on both commands: ${met ? 'MET' : 'NOT MET'} (${ours.map((ms, i) => `${(ms / theirs[i]!).toFixed(2)}×`).join(', ')})`);
      const launchedMet = launched.every((ms, i) => ms <= theirs[i]!);
      out.push(`  the same through the launcher: ${launchedMet ? 'MET' : 'NOT MET'} (${launched.map((ms, i) => `${(ms / theirs[i]!).toFixed(2)}×`).join(', ')})`);
    } else {
      out.push('  cc-safety-net is not installed (npm ci installs it as a dev dependency)');
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return out;
}

/**
 * The first call of a session, each kind in a home of its own, interleaved with a plain `node -e 0`
 * (see the file's comment). Every home has the build's code cache as a user has it from earlier
 * sessions, but the build's-very-first-call row; the servers started are killed with their homes.
 */
function firstCalls(hook: string[], cacheFolder: string, baseEnv: Record<string, string>, ownFirst: number): string[] {
  const codeCache = readdirSync(cacheFolder).find((f) => f.endsWith('.v8cache'));
  const times = { node: [] as number[], served: [] as number[], warm: [] as number[], ready: [] as number[], cached: [] as number[], uncached: [] as number[] };
  const answers = new Set<string>();
  const timed = (argv: string[], stdin: string, env: Record<string, string>, cwd: string) => {
    const started = performance.now();
    const result = spawnSync(argv[0]!, argv.slice(1), { input: stdin, encoding: 'utf8', env, cwd });
    return { ms: performance.now() - started, stdout: result.stdout, status: result.status };
  };
  const inFreshHome = (withCache: boolean, task: (fresh: string, env: Record<string, string>) => void): void => {
    const fresh = mkdtempSync(path.join(tmpdir(), 'bench-hook-first-'));
    try {
      if (withCache && codeCache !== undefined) {
        mkdirSync(path.join(fresh, '.cache', 'approvals-gate'), { recursive: true, mode: 0o700 });
        copyFileSync(path.join(cacheFolder, codeCache), path.join(fresh, '.cache', 'approvals-gate', codeCache));
      }
      task(fresh, { ...baseEnv, HOME: fresh });
    } finally {
      spawnSync('pkill', ['-KILL', '-f', `hook-server ${fresh}/`]);
      rmSync(fresh, { recursive: true, force: true });
    }
  };
  const sessionStart = (fresh: string) => JSON.stringify({ session_id: 'bench', hook_event_name: 'SessionStart', source: 'startup', cwd: fresh });
  for (let i = 0; i < FIRST_CALLS; i++) {
    times.node.push(timed([process.execPath, '-e', '0'], '', baseEnv, ROOT).ms);
    // The session-start command as registered (launcher.ts warmCommand), then the first call once
    // the server listens: the model's first turn comes between the two in a real session.
    inFreshHome(true, (fresh, env) => {
      const warm = timed(['/bin/sh', '-c', warmCommand('claude-code', process.execPath, hook[1]!)], sessionStart(fresh), env, fresh);
      times.warm.push(warm.ms);
      const folder = path.join(fresh, '.cache', 'approvals-gate');
      const returned = performance.now();
      while (performance.now() < returned + 20_000 && !readdirSync(folder).some((f) => f.endsWith('.sock'))) spawnSync('sleep', ['0.02']);
      times.ready.push(performance.now() - returned);
      const served = timed(hook, input('ls', fresh), env, fresh);
      times.served.push(served.ms);
      answers.add(describe(served.stdout, served.status));
    });
    for (const withCache of [true, false]) {
      inFreshHome(withCache, (fresh, env) => {
        const alone = timed(hook, input('ls', fresh), env, fresh);
        (withCache ? times.cached : times.uncached).push(alone.ms);
        answers.add(describe(alone.stdout, alone.status));
      });
    }
  }
  const node = median(times.node);
  const ratio = (ms: number) => `${(ms / node).toFixed(2)}× node`;
  const rows = [
    ['first call of a session', 'median', 'vs plain node'],
    ['plain `node -e 0`', formatMs(node), '1.00×'],
    ['after the session-start command started the server (Claude Code, as installed)', formatMs(median(times.served)), ratio(median(times.served))],
    ['no server: deciding in its own process, with the code cache (no session-start hook, or idle > 10 min)', formatMs(median(times.cached)), ratio(median(times.cached))],
    ["no server and no code cache (the build's very first call)", formatMs(median(times.uncached)), ratio(median(times.uncached))],
  ];
  const served = median(times.served) / node;
  const alone = median(times.cached) / node;
  return [
    `  The first call of a session (the registered command's dist/hook.js, \`ls\`), median of ${FIRST_CALLS} fresh homes each, interleaved with plain Node; answers: ${[...answers].join(', ')}:`,
    table(rows),
    `  the session-start command itself: ${formatMs(median(times.warm))} (what a session start waits for); the server listened ${formatMs(median(times.ready))} after it returned; this run's own first call: ${formatMs(ownFirst)}`,
    `  first call of a session ≤ ${FIRST_CALL_TARGET_RATIO}× a plain Node start, with the session-start command (Claude Code): ${served <= FIRST_CALL_TARGET_RATIO ? 'MET' : 'NOT MET'} (${served.toFixed(2)}×)`,
    `  the same with no server (deciding in its own process): ${alone <= FIRST_CALL_TARGET_RATIO ? 'MET' : 'NOT MET'} (${alone.toFixed(2)}×)`,
  ];
}

if (require.main === module) console.log(hookRoundTripSection().join('\n'));

/** What the answer says, in one word (checks that each hook really decided). */
function describe(stdout: string, status: number | null): string {
  if (status !== 0) return `exit ${status}`;
  if (stdout.trim() === '' || stdout.includes('"session_id"')) return 'no opinion';
  const decision = /"permissionDecision":"(\w+)"/.exec(stdout)?.[1];
  return decision ?? 'other';
}
