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
 * (docs/agent-hooks.md, "The server's lifecycle"), each in a fresh home: with the code cache the
 * build's earlier calls wrote (a later session; its server gone) and without it (the build's very
 * first call).
 *
 * `node --import tsx bench/hookRoundTrip.ts` (after `npm run build`) runs this section alone.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launcherCommand } from '../src/cli/hooks/launcher';
import { formatMs, median, table } from './stats';

const ROOT = path.resolve(__dirname, '..');
const RUNS = 25;
const TARGET_MS = 60;
/** The first call of a session (no server yet). */
const FIRST_CALL_TARGET_MS = 150;
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
    // First calls, each in a home of its own (its server leaves when the home is removed).
    const cacheFolder = path.join(home, '.cache', 'approvals-gate');
    const codeCache = readdirSync(cacheFolder).find((f) => f.endsWith('.v8cache'));
    const cached: number[] = [];
    const uncached: number[] = [];
    for (let i = 0; i < FIRST_CALLS; i++) {
      for (const withCache of [true, false]) {
        const fresh = mkdtempSync(path.join(tmpdir(), 'bench-hook-first-'));
        try {
          if (withCache && codeCache !== undefined) {
            mkdirSync(path.join(fresh, '.cache', 'approvals-gate'), { recursive: true, mode: 0o700 });
            copyFileSync(path.join(cacheFolder, codeCache), path.join(fresh, '.cache', 'approvals-gate', codeCache));
          }
          const started = performance.now();
          spawnSync(process.execPath, variants[registered]!.argv.slice(1), { input: input('ls', fresh), encoding: 'utf8', env: { ...baseEnv, HOME: fresh }, cwd: fresh });
          (withCache ? cached : uncached).push(performance.now() - started);
        } finally {
          rmSync(fresh, { recursive: true, force: true });
        }
      }
    }
    out.push(`  the registered command's first call of a session (no server yet: it starts one, then decides itself), median of ${FIRST_CALLS} fresh homes:`);
    out.push(`    with the build's code cache (a later session): ${formatMs(median(cached))}; the build's very first call (no code cache): ${formatMs(median(uncached))}; this run's own first call: ${formatMs(first[registered]!)}`);
    out.push(`  first call of a session ≤ ${FIRST_CALL_TARGET_MS} ms (with the code cache): ${median(cached) <= FIRST_CALL_TARGET_MS ? 'MET' : 'NOT MET'}`);
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

if (require.main === module) console.log(hookRoundTripSection().join('\n'));

/** What the answer says, in one word (checks that each hook really decided). */
function describe(stdout: string, status: number | null): string {
  if (status !== 0) return `exit ${status}`;
  if (stdout.trim() === '' || stdout.includes('"session_id"')) return 'no opinion';
  const decision = /"permissionDecision":"(\w+)"/.exec(stdout)?.[1];
  return decision ?? 'other';
}
