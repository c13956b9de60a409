/**
 * Like-for-like companions to the side-by-side figures of `run.ts`.
 *
 * The headline comparison sets the gate's batch marginal — a fresh process, JIT warm-up
 * included, start-up removed — against tree-sitter parsing in-process after its warm-up passes.
 * The two are not measured alike: tree-sitter also has a warm-up (its WebAssembly is compiled in
 * tiers), and the gate's code keeps getting faster for thousands of decisions after start-up.
 * These figures pair them properly, in both directions, each side measured the same way from
 * outside, as a process reading the same request lines:
 *
 * - cold: tree-sitter in a fresh process of its own over the same request lines, start-up
 *   removed exactly as for `batch` (`treeSitterProcess.ts`);
 * - warm: each process once it has warmed up: what 8N more lines cost after the first 8N,
 *   (T(16N) − T(8N)) / 8N, for `batch` and for the tree-sitter process alike. V8 keeps
 *   optimising the gate's code for about 30,000 decisions (in-process, the corpus pass time
 *   falls from ~50 µs to ~7 µs per command over ~25 passes and then stays there); measuring
 *   after only N lines caught it half-way. A run's wall time on a shared 2-vCPU machine moves by
 *   ±50 ms, which over a span of 2N lines was as big as the figure itself: the span is 8N, and
 *   each T is the fastest of its runs (load only ever adds time).
 */
import { spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runBatch } from './batchProcess';
import { formatMs, median, table } from './stats';

/**
 * The tree-sitter process bundled for plain `node`, as `dist/cli.js` is (under tsx its start-up
 * would carry tsx's). In `.bench/`, beside `node_modules`, where it finds the grammar and the
 * web-tree-sitter runtime (left out of the bundle: it finds its own WebAssembly beside itself).
 */
const TREE_SITTER_PROCESS = path.resolve(__dirname, '..', '.bench', 'treeSitterProcess.js');

function buildTreeSitterProcess(): void {
  buildSync({
    entryPoints: [path.resolve(__dirname, 'treeSitterProcess.ts')],
    outfile: TREE_SITTER_PROCESS,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['web-tree-sitter'],
    logLevel: 'warning',
  });
}

/** About the size of the held-out corpus the per-decision target is checked on from outside. */
const HELD_OUT_SIZE = 900;
/**
 * Runs per measure, made back to back with their partners (an empty and a full run; 8N and 16N
 * lines): the median difference is kept for the fresh figures, the fastest run of each for the warm ones.
 */
const PAIRS = 7;
/** The warm figures are taken after WARM_AFTER × N lines, over WARM_SPAN × N more. */
const WARM_AFTER = 8;
const WARM_SPAN = 8;

/** One tree-sitter process over `lines`; throws unless it parsed every line. */
function runTreeSitter(lines: readonly string[]): number {
  const input = lines.length === 0 ? '' : lines.join('\n') + '\n';
  const start = performance.now();
  const run = spawnSync(process.execPath, [TREE_SITTER_PROCESS], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (run.error || run.status !== 0) throw new Error(`tree-sitter process failed: ${run.error?.message ?? run.stderr.slice(0, 1000)}`);
  if (Number(run.stdout.trim()) !== lines.length) throw new Error(`tree-sitter process parsed ${run.stdout.trim()} of ${lines.length} lines`);
  return ms;
}

/** What a fresh process over a ~900-line sample costs, per command, with and without its start-up. */
interface SmallRun {
  lines: number;
  batchMarginalMs: number;
  batchWholeMs: number;
  treeSitterMarginalMs: number;
  treeSitterWholeMs: number;
}

function heldOutSizedRun(lines: readonly string[]): { sample: string[]; run: SmallRun } {
  // Every k-th line, so that every category of the corpus is in the sample.
  const step = Math.max(1, Math.floor(lines.length / HELD_OUT_SIZE));
  const sample = lines.filter((_, index) => index % step === 0).slice(0, HELD_OUT_SIZE);
  const parts = { batchEmpty: [] as number[], batchFull: [] as number[], treeSitterEmpty: [] as number[], treeSitterFull: [] as number[] };
  for (let pair = 0; pair < PAIRS; pair += 1) {
    parts.batchEmpty.push(runBatch([]).ms);
    parts.batchFull.push(runBatch(sample).ms);
    parts.treeSitterEmpty.push(runTreeSitter([]));
    parts.treeSitterFull.push(runTreeSitter(sample));
  }
  const marginal = (full: number[], empty: number[]) => Math.max(0, median(full.map((ms, k) => ms - empty[k]!))) / sample.length;
  return {
    sample,
    run: {
      lines: sample.length,
      batchMarginalMs: marginal(parts.batchFull, parts.batchEmpty),
      batchWholeMs: median(parts.batchFull) / sample.length,
      treeSitterMarginalMs: marginal(parts.treeSitterFull, parts.treeSitterEmpty),
      treeSitterWholeMs: median(parts.treeSitterFull) / sample.length,
    },
  };
}

export interface LikeForLike {
  /** A fresh process of each over a sample the size of the held-out corpus. */
  heldOutSized: SmallRun;
  /** tree-sitter in a fresh process, per command, start-up removed. */
  treeSitterColdMs: number;
  /** Lines a process had answered before the warm figures are taken (8N). */
  warmAfterLines: number;
  /** tree-sitter's process once warm, per command: (T(16N) − T(8N)) / 8N. */
  treeSitterWarmMs: number;
  /** The gate through batch once warm, per decision: (T(16N) − T(8N)) / 8N. */
  batchWarmMs: number;
  /** Printable table. */
  lines: string[];
}

/** `lines`: the N request lines of the headline batch run; `reference`: its headline figures. */
export async function likeForLike(lines: readonly string[], reference: { treeSitterMs: number; batchMarginalMs: number }): Promise<LikeForLike> {
  const n = lines.length;
  buildTreeSitterProcess();
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
  const runs = { batchBefore: [] as number[], batchAfter: [] as number[], treeSitterBefore: [] as number[], treeSitterAfter: [] as number[] };
  for (let pair = 0; pair < PAIRS; pair += 1) {
    runs.batchBefore.push(runBatch(warmedUp).ms);
    runs.batchAfter.push(runBatch(longer).ms);
    runs.treeSitterBefore.push(runTreeSitter(warmedUp));
    runs.treeSitterAfter.push(runTreeSitter(longer));
  }
  const span = WARM_SPAN * n;
  const { sample, run: small } = heldOutSizedRun(lines);
  const batchWarmMs = Math.max(0, Math.min(...runs.batchAfter) - Math.min(...runs.batchBefore)) / span;
  const treeSitterWarmMs = Math.max(0, Math.min(...runs.treeSitterAfter) - Math.min(...runs.treeSitterBefore)) / span;
  const ratio = (ms: number, base: number) => `${(ms / base).toFixed(2)}×`;
  const warmLabel = `(T(${longer.length} lines) − T(${warmedUp.length} lines)) / ${span}, fastest runs`;
  return {
    heldOutSized: small,
    warmAfterLines: warmedUp.length,
    treeSitterColdMs,
    treeSitterWarmMs,
    batchWarmMs,
    lines: table([
      ['like for like: each a process over the same request lines', 'per command', 'ratio'],
      [`${sample.length} lines (held-out corpus size), fresh: tree-sitter parse only, start-up removed`, formatMs(small.treeSitterMarginalMs), '1.00×'],
      [`${sample.length} lines, fresh: gate through batch, start-up removed`, formatMs(small.batchMarginalMs), ratio(small.batchMarginalMs, small.treeSitterMarginalMs)],
      [`${sample.length} lines, fresh, start-up included: tree-sitter`, formatMs(small.treeSitterWholeMs), '1.00×'],
      [`${sample.length} lines, fresh, start-up included: gate through batch`, formatMs(small.batchWholeMs), ratio(small.batchWholeMs, small.treeSitterWholeMs)],
      [`cold: tree-sitter parse only, fresh process (${n} lines, start-up ${formatMs(treeSitterStartupMs)} removed)`, formatMs(treeSitterColdMs), '1.00×'],
      [`cold: gate through batch, marginal (as above)`, formatMs(reference.batchMarginalMs), ratio(reference.batchMarginalMs, treeSitterColdMs)],
      [`warm: tree-sitter parse only, its process once warm, ${warmLabel}`, formatMs(treeSitterWarmMs), '1.00×'],
      [`warm: gate through batch once warm, ${warmLabel}`, formatMs(batchWarmMs), ratio(batchWarmMs, treeSitterWarmMs)],
      [`(warm: tree-sitter in-process, no line reading, as in the table above)`, formatMs(reference.treeSitterMs), ratio(reference.treeSitterMs, treeSitterWarmMs)],
    ]).split('\n'),
  };
}
