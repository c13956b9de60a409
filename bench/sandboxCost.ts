/**
 * What the OS sandbox costs per command (D§13 "Containment"; docs/performance.md): the median
 * of repeated runs of `bash -c true`, contained (`containedRun.ts`, as `approvals-gate run` runs it) and not, and the first
 * command's set-up (the library's proxy and violation monitor started, and a contained `true`
 * run to prove the sandbox works here). The contained figure includes making the policy (the
 * search for protected places in the workspace) and wrapping the command.
 *
 * Part of `npm run bench`; alone: `node --import tsx bench/sandboxCost.ts`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sandbox } from '../src/gate/containment/sandbox';
import { sandboxPolicyFor } from '../src/gate/containment/sandboxPolicy';
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
    for (let i = 0; i < RUNS; i++) {
      // Alternated, so load on the machine falls on both alike.
      let start = performance.now();
      await new Promise((done) => spawn('bash', ['-c', 'true'], { cwd: workspace, stdio: 'ignore' }).on('close', done));
      plain.push(performance.now() - start);
      start = performance.now();
      const policy = sandboxPolicyFor({ command: 'true', cwd: workspace, home: homedir(), decision: APPROVED, workspaceFolders: [workspace] });
      const record = await runContained({ command: 'true', cwd: workspace, env: process.env as Record<string, string>, policy, sandbox });
      contained.push(performance.now() - start);
      if (!record.started || record.exitCode !== 0) return [...lines, `  contained \`true\` failed: ${record.started ? `exit ${record.exitCode}` : record.reason}`];
    }
    await sandbox.stop();
    const plainMs = median(plain);
    const containedMs = median(contained);
    const costMs = containedMs - plainMs;
    return [
      ...lines,
      `  first command's set-up (proxy, violation monitor, a contained \`true\`): ${formatMs(setUpMs)}`,
      `  median of ${RUNS}: uncontained ${formatMs(plainMs)}, contained ${formatMs(containedMs)}; the sandbox's cost ${formatMs(costMs)} per command`,
      `  ≤ ${TARGET_MS} ms per command: ${costMs <= TARGET_MS ? 'MET' : 'NOT MET'}`,
    ];
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
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
