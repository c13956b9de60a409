/**
 * Like-for-like companions to the side-by-side figures of `run.ts`.
 *
 * The headline comparison sets the gate's batch marginal — a fresh process, JIT warm-up
 * included, start-up removed — against tree-sitter parsing in-process after two warm-up passes.
 * The two are not measured alike: tree-sitter also has a warm-up (its WebAssembly is compiled in
 * tiers), and the gate's code keeps getting faster for thousands of decisions after start-up.
 * These figures pair them properly, in both directions, and leave the headline figure as it is:
 *
 * - cold: tree-sitter in a fresh process of its own over the same request lines, start-up
 *   removed exactly as for `batch` (`treeSitterProcess.ts`);
 * - warm: the gate through `batch` once the process has warmed up: what 2N more lines cost after
 *   the first 8N, (T(10N) − T(8N)) / 2N. V8 keeps optimising the gate's code for about 30,000
 *   decisions (in-process, the corpus pass time falls from ~70 µs to ~11 µs per command over ~25
 *   passes and then stays there); measuring after only N lines caught it half-way.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runBatch } from './batchProcess';
import { formatMs, median, table } from './stats';

const TREE_SITTER_PROCESS = path.resolve(__dirname, 'treeSitterProcess.ts');
/** Runs timed back to back in pairs (empty and full, 8N and 10N lines); the median difference is kept. */
const PAIRS = 5;
/** The warm batch figure is taken after WARM_AFTER × N lines, over WARM_SPAN × N more. */
const WARM_AFTER = 8;
const WARM_SPAN = 2;

/** One tree-sitter process over `lines`; throws unless it parsed every line. */
function runTreeSitter(lines: readonly string[]): number {
  const input = lines.length === 0 ? '' : lines.join('\n') + '\n';
  const start = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', TREE_SITTER_PROCESS], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (run.error || run.status !== 0) throw new Error(`tree-sitter process failed: ${run.error?.message ?? run.stderr.slice(0, 1000)}`);
  if (Number(run.stdout.trim()) !== lines.length) throw new Error(`tree-sitter process parsed ${run.stdout.trim()} of ${lines.length} lines`);
  return ms;
}

export interface LikeForLike {
  /** tree-sitter in a fresh process, per command, start-up removed. */
  treeSitterColdMs: number;
  /** The gate through batch once warm, per decision: (T(10N) − T(8N)) / 2N. */
  batchWarmMs: number;
  /** Printable table. */
  lines: string[];
}

/** `lines`: the N request lines of the headline batch run; `reference`: its headline figures. */
export async function likeForLike(lines: readonly string[], reference: { treeSitterMs: number; batchMarginalMs: number }): Promise<LikeForLike> {
  const n = lines.length;
  // Every difference below is taken within a pair of runs made one right after the other, so
  // that a change in the machine's load between two runs does not land in it.
  runTreeSitter([]);
  runTreeSitter(lines);
  const startups: number[] = [];
  const parses: number[] = [];
  for (let pair = 0; pair < PAIRS; pair += 1) {
    const startup = runTreeSitter([]);
    startups.push(startup);
    parses.push(runTreeSitter(lines) - startup);
  }
  const treeSitterStartupMs = median(startups);
  const treeSitterColdMs = Math.max(0, median(parses)) / n;
  const repeated = (copies: number) => Array.from({ length: copies }, () => lines).flat();
  const warmedUp = repeated(WARM_AFTER);
  const longer = repeated(WARM_AFTER + WARM_SPAN);
  runBatch(warmedUp);
  const extra: number[] = [];
  for (let pair = 0; pair < PAIRS; pair += 1) {
    const before = runBatch(warmedUp).ms;
    extra.push(runBatch(longer).ms - before);
  }
  const batchWarmMs = Math.max(0, median(extra)) / (WARM_SPAN * n);
  const ratio = (ms: number, base: number) => `${(ms / base).toFixed(2)}×`;
  return {
    treeSitterColdMs,
    batchWarmMs,
    lines: table([
      ['like for like', 'per command', 'ratio'],
      [`cold: tree-sitter parse only in a fresh process (${n} lines, start-up ${formatMs(treeSitterStartupMs)} removed)`, formatMs(treeSitterColdMs), '1.00×'],
      [`cold: gate through batch, marginal (as above)`, formatMs(reference.batchMarginalMs), ratio(reference.batchMarginalMs, treeSitterColdMs)],
      [`warm: tree-sitter parse only, in-process (as above, after the same warm-up)`, formatMs(reference.treeSitterMs), '1.00×'],
      [`warm: gate through batch once warm, (T(${longer.length} lines) − T(${warmedUp.length} lines)) / ${longer.length - warmedUp.length}`, formatMs(batchWarmMs), ratio(batchWarmMs, reference.treeSitterMs)],
    ]).split('\n'),
  };
}
