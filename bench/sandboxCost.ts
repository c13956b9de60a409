/**
 * What the OS sandbox costs per command (D§13 "Containment"; docs/performance.md): the median
 * of repeated runs of `bash -c true`, contained (`containedRun.ts`, as `approvals-gate run` runs it) and not, and the first
 * command's set-up (the library's proxy and violation monitor started, and a contained `true`
 * run to prove the sandbox works here). The contained figure includes making the policy (the
 * search for protected places in the workspace) and wrapping the command.
 *
 * Two routes, interleaved with the uncontained run (docs/decisions.md "The sandbox's cost per
 * command"): the default, which on Linux runs a command that may reach no host without the
 * proxy's bridges, and the manager's route (`viaManager`), which bridges the proxy in as a
 * command with an allowed host does. Each route's time is also split: the policy, the wrap (the
 * library's, with its ripgrep and `which`), and the run of the wrapped line to its end.
 *
 * Part of `npm run bench`; alone: `node --import tsx bench/sandboxCost.ts`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sandbox } from '../src/gate/containment/sandbox';
import { sandboxPolicyFor, type SandboxPolicy } from '../src/gate/containment/sandboxPolicy';
import type { Decision } from '../src/gate/decision';
import { spawn } from 'node:child_process';
import { runContained } from '../src/gate/containment/containedRun';
import { formatMs, median } from './stats';

/** Runs of `true` each way. */
const RUNS = 30;
/** The goal per contained command, over the uncontained run. */
const TARGET_MS = 30;

const APPROVED: Decision = { action: 'approve', stage: 'bypass', reason: 'bench', resolution: { resolved: true, segments: [] } };

export async function sandboxCostSection(): Promise<string[]> {
  const lines = ['OS sandbox (D§13 containment): `bash -c true`, as `approvals-gate run` runs it'];
  if (process.platform !== 'linux' && process.platform !== 'darwin') return [...lines, `  not measured: no sandbox on ${process.platform}`];
  const workspace = mkdtempSync(join(tmpdir(), 'gate-bench-sandbox-'));
  // A small project: a git folder and a package, so the protected-place search has something to find.
  mkdirSync(join(workspace, '.git', 'hooks'), { recursive: true });
  mkdirSync(join(workspace, 'src'));
  writeFileSync(join(workspace, 'package.json'), '{}');
  try {
    const sandbox = Sandbox.shared();
    const setUpStart = performance.now();
    const availability = await sandbox.start();
    const setUpMs = performance.now() - setUpStart;
    if (!availability.ok) return [...lines, `  not measured: ${availability.reason} (${availability.fix})`];
    const plain: number[] = [];
    const contained: number[] = [];
    const parts = { default: emptyParts(), manager: emptyParts() };
    const policyOf = () => sandboxPolicyFor({ command: 'true', cwd: workspace, home: homedir(), decision: APPROVED, workspaceFolders: [workspace] });
    for (let i = 0; i < RUNS; i++) {
      // Alternated, so load on the machine falls on every figure alike.
      let start = performance.now();
      await new Promise((done) => spawn('bash', ['-c', 'true'], { cwd: workspace, stdio: 'ignore' }).on('close', done));
      plain.push(performance.now() - start);
      start = performance.now();
      const record = await runContained({ command: 'true', cwd: workspace, env: process.env as Record<string, string>, policy: policyOf(), sandbox });
      contained.push(performance.now() - start);
      if (!record.started || record.exitCode !== 0) return [...lines, `  contained \`true\` failed: ${record.started ? `exit ${record.exitCode}` : record.reason}`];
      for (const route of ['default', 'manager'] as const) {
        const failed = await timedParts(sandbox, workspace, policyOf, route === 'manager', parts[route]);
        if (failed !== null) return [...lines, `  contained \`true\` (${route} route) failed: ${failed}`];
      }
    }
    await sandbox.stop();
    const plainMs = median(plain);
    const containedMs = median(contained);
    const costMs = containedMs - plainMs;
    const split = (name: string, p: Parts) =>
      `  ${name}: ${formatMs(median(p.total))} (policy ${formatMs(median(p.policy))}, wrap ${formatMs(median(p.wrap))}, run ${formatMs(median(p.run))}); cost ${formatMs(median(p.total) - plainMs)}`;
    return [
      ...lines,
      `  first command's set-up (proxy, violation monitor, a contained \`true\`): ${formatMs(setUpMs)}`,
      `  median of ${RUNS}: uncontained ${formatMs(plainMs)}, contained ${formatMs(containedMs)}; the sandbox's cost ${formatMs(costMs)} per command`,
      split('no host, without the proxy bridges (the default on Linux)', parts.default),
      split('no host, through the manager and its proxy bridges (as with a host allowed)', parts.manager),
      `  ≤ ${TARGET_MS} ms per command: ${costMs <= TARGET_MS ? 'MET' : 'NOT MET'}`,
    ];
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

interface Parts {
  policy: number[];
  wrap: number[];
  run: number[];
  total: number[];
}

function emptyParts(): Parts {
  return { policy: [], wrap: [], run: [], total: [] };
}

/** One contained `true` by a route, its time split into policy, wrap and run; the failure, or null. */
async function timedParts(sandbox: Sandbox, cwd: string, policyOf: () => SandboxPolicy, viaManager: boolean, into: Parts): Promise<string | null> {
  const start = performance.now();
  const policy = policyOf();
  const made = performance.now();
  let wrapped = 0;
  const code = await sandbox.contain('true', policy, process.env as Record<string, string>, async (spawnable) => {
    wrapped = performance.now();
    return new Promise<number | null>((done) => spawn(spawnable.file, spawnable.args, { cwd, env: spawnable.env, stdio: 'ignore' }).on('close', done));
  }, { viaManager });
  const end = performance.now();
  if (code !== 0) return `exit ${code}`;
  into.policy.push(made - start);
  into.wrap.push(wrapped - made);
  into.run.push(end - wrapped);
  into.total.push(end - start);
  return null;
}

if (require.main === module) {
  sandboxCostSection().then(
    (lines) => console.log(lines.join('\n')),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
