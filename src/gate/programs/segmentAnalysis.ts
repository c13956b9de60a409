/**
 * What the preflight arms all need to know about one segment, worked out once.
 *
 * The open-world, script-env-leak and protected-write arms each look at a segment through its
 * wrappers (`sudo`, `env`, `timeout`, …) and name the program inside. The preflight walk peels
 * every segment anyway (to find the program a wrapper runs), so it makes this view once and
 * hands it to each arm, instead of each arm peeling again.
 *
 * It is handed on explicitly rather than remembered in a WeakMap keyed by the argv: measured
 * on the bench corpus, the map's lookups and the garbage collector's weak-table work cost more
 * than peeling an argv that (nearly always) has no wrapper at all.
 *
 * The view is a pure function of the argv's words, so an arm given it sees exactly what it
 * would see by peeling the argv itself.
 */
import type { Word } from '../reading/resolution';
import { peelWrappers, programName, type PeeledCommand } from './wrappers';
import type { FormReading } from './table';

export interface SegmentAnalysis {
  /** `peelWrappers(argv)` (what `unwrap(argv)` returns). */
  peeled: PeeledCommand;
  /** The lower-cased basename of the program inside the wrappers, or null (opaque or no program word). */
  program: string | null;
  /** The forms of the whole argv (`programForms(argv)`), when they are read already (a segment's record has them). */
  readonly forms?: FormReading;
  /**
   * The command inside the wrappers with its forms (`programForms(peeled.argv)`), when they are
   * read already: a segment's record has them (`SegmentRecord.inside`).
   */
  readonly inside?: { readonly forms: FormReading };
}

/** The view of an argv: its wrappers peeled and the program inside named. Never throws. */
export function analyseArgv(argv: readonly Word[]): SegmentAnalysis {
  const peeled = peelWrappers(argv);
  return { peeled, program: programName(peeled.argv[0])?.toLowerCase() ?? null };
}
