/**
 * `node dist/cli.js batch` as a black box: one process, N request lines on stdin, wall time
 * measured around the whole process. An empty run measures process start-up, so the marginal
 * cost of a decision can be separated from the fixed cost of starting Node.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

/** The bundle `npm run build` writes; `APPROVALS_GATE_CLI=path` measures another build. */
export const CLI = process.env.APPROVALS_GATE_CLI ?? path.resolve(__dirname, '..', 'dist', 'cli.js');

/** A batch request line for `command`, rated `safe` at `assisted`; non-ASCII escaped. */
export function requestLine(id: string, command: string): string {
  const json = JSON.stringify({ id, command, rung: 'assisted', raterVerdict: { outcome: 'safe', reason: 'benchmark' } });
  return json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface BatchRun {
  ms: number;
  answers: string[];
}

/** Runs one batch process over `lines` and checks that every line was answered. */
export function runBatch(lines: readonly string[]): BatchRun {
  const input = lines.length === 0 ? '' : lines.join('\n') + '\n';
  const start = performance.now();
  const run = spawnSync(process.execPath, [CLI, 'batch'], { input, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (run.error || run.status !== 0) {
    throw new Error(`batch failed (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr.slice(0, 1000)}`);
  }
  const answers = run.stdout.split('\n').filter((l) => l !== '');
  if (answers.length !== lines.length) throw new Error(`batch answered ${answers.length} of ${lines.length} lines`);
  return { ms, answers };
}
