/**
 * Compares what the resolver predicts with what the bash oracle recorded.
 *
 * The resolver gives segments and the connectors between them; the oracle gives the argv of every
 * simple command bash ran while every program returned the same status. From the segments, the
 * connectors, the `negated` flags and that status this module works out which segments bash must
 * have run, and in which order, and then matches them against the records:
 * - a literal word must equal one recorded argument byte for byte (the value encoded as UTF-8);
 * - an opaque word may stand for any run of zero or more recorded arguments;
 * - the segments of one pipeline run concurrently, so they match as a multiset;
 * - with a `&` anywhere, background lists race with what follows, so the whole run matches as a
 *   multiset;
 * - a segment with no argv (only assignments or redirects) runs nothing and succeeds;
 * - a program named by a path where the sandbox has nothing to run cannot be recorded: bash
 *   fails to execute it (status 126/127), so it is expected to leave no record and to fail.
 */
import type { Segment, Word } from '../../src/gate/reading/resolution';
import type { RecorderMode } from './bashOracle';

/** The pipelines bash must run, in order, each as the segments that execute a program. */
export interface ExpectedExecution {
  pipelines: Segment[][];
  /** False when a `&` lets records arrive in any order. */
  ordered: boolean;
}

export type AlignmentResult =
  | { ok: true; comparedSegments: number }
  | { ok: false; reason: string; expected: Array<Array<string | null>>; actual: string[][] };

/**
 * What the sandbox holds at a program path (a program word containing `/`): a recorder, or
 * nothing bash can execute. Words without `/` are looked up as functions or through PATH and are
 * always recorded.
 */
export type ProgramPathKind = 'recorder' | 'absent';
export type ProgramPathLookup = (programWord: string) => ProgramPathKind;

const everyPathRecorded: ProgramPathLookup = () => 'recorder';

/** True when bash will leave a record for this segment's program. */
function leavesRecord(segment: Segment, lookup: ProgramPathLookup): boolean {
  if (segment.argv.length === 0) return false;
  const program = segment.argv[0]!;
  if (program.kind !== 'literal' || !program.value.includes('/')) return true;
  return lookup(program.value) === 'recorder';
}

/** The status every program returns in a run of the given mode. */
export function recorderStatus(mode: RecorderMode): number {
  return mode === 'succeed' ? 0 : 1;
}

/**
 * Walks the and-or lists the way bash does: a pipeline after `&&` runs only when the last status
 * is 0, after `||` only when it is not; after `;`, newline or `&` it always runs. A skipped
 * pipeline leaves the last status as it was, which is what makes `a || b && c` run `c` when `a`
 * succeeds.
 */
export function expectedExecution(segments: readonly Segment[], mode: RecorderMode, lookup: ProgramPathLookup = everyPathRecorded): ExpectedExecution {
  const pipelines: Segment[][] = [];
  let ordered = true;
  let lastStatus = 0;
  let before: Segment['connector'] = null;
  let i = 0;
  while (i < segments.length) {
    let end = i;
    while (end < segments.length - 1 && isPipe(segments[end]!.connector)) end++;
    const pipeline = segments.slice(i, end + 1);
    const last = pipeline[pipeline.length - 1]!;
    const runs = before === '&&' ? lastStatus === 0 : before === '||' ? lastStatus !== 0 : true;
    if (runs) {
      pipelines.push(pipeline.filter((segment) => leavesRecord(segment, lookup)));
      let status = last.argv.length === 0 ? 0 : leavesRecord(last, lookup) ? recorderStatus(mode) : 127;
      if (pipeline[0]!.negated) status = status === 0 ? 1 : 0;
      lastStatus = status;
    }
    if (last.connector === '&') ordered = false;
    before = last.connector;
    i = end + 1;
  }
  return { pipelines: pipelines.filter((p) => p.length > 0), ordered };
}

function isPipe(connector: Segment['connector']): boolean {
  return connector === '|' || connector === '|&';
}

/**
 * True when the recorded argv can be what bash made of these words: literals equal one argument
 * each, byte for byte; each opaque word covers zero or more arguments.
 */
export function wordsMatch(words: readonly Word[], actual: readonly Buffer[]): boolean {
  const literals = words.map((word) => (word.kind === 'literal' ? Buffer.from(word.value, 'utf8') : null));
  // reachable[j]: the words so far can account for exactly the first j arguments.
  let reachable: boolean[] = actual.map(() => false).concat([false]);
  reachable[0] = true;
  for (const literal of literals) {
    const next: boolean[] = reachable.map(() => false);
    if (literal === null) {
      let seen = false;
      for (let j = 0; j < reachable.length; j++) {
        seen = seen || reachable[j]!;
        next[j] = seen;
      }
    } else {
      for (let j = 0; j < actual.length; j++) {
        if (reachable[j] && literal.equals(actual[j]!)) next[j + 1] = true;
      }
    }
    reachable = next;
  }
  return reachable[actual.length]!;
}

/** Checks one oracle run against the resolver's segments. */
export function alignExecution(
  segments: readonly Segment[],
  mode: RecorderMode,
  records: readonly Buffer[][],
  lookup: ProgramPathLookup = everyPathRecorded,
): AlignmentResult {
  const expected = expectedExecution(segments, mode, lookup);
  const shownExpected = expected.pipelines.flat().map(showPattern);
  const shownActual = records.map((record) => record.map(showBytes));
  const fail = (reason: string): AlignmentResult => ({ ok: false, reason, expected: shownExpected, actual: shownActual });

  for (const segment of segments) {
    if (segment.argv.length > 0 && segment.argv[0]!.kind !== 'literal') {
      return fail(`resolved segment ${JSON.stringify(segment.raw)} has a program word that is not literal`);
    }
  }
  const total = expected.pipelines.reduce((sum, pipeline) => sum + pipeline.length, 0);
  if (records.length !== total) return fail(`bash ran ${records.length} simple command(s), the resolver predicts ${total}`);

  if (!expected.ordered) {
    const unmatched = unmatchedCount(expected.pipelines.flat(), records);
    return unmatched === 0 ? { ok: true, comparedSegments: total } : fail(`${unmatched} segment(s) match no recorded argv`);
  }
  let offset = 0;
  for (const pipeline of expected.pipelines) {
    const slice = records.slice(offset, offset + pipeline.length);
    const unmatched = unmatchedCount(pipeline, slice);
    if (unmatched !== 0) {
      return fail(`pipeline starting at record ${offset}: ${unmatched} segment(s) match no recorded argv`);
    }
    offset += pipeline.length;
  }
  return { ok: true, comparedSegments: total };
}

/** Segments left without a partner in a maximum matching against records (Kuhn's algorithm). */
function unmatchedCount(segments: readonly Segment[], records: readonly Buffer[][]): number {
  const fits = segments.map((segment) => records.map((record) => wordsMatch(segment.argv, record)));
  const recordOwner: number[] = records.map(() => -1);
  const tryAssign = (s: number, visited: boolean[]): boolean => {
    for (let r = 0; r < records.length; r++) {
      if (!fits[s]![r] || visited[r]) continue;
      visited[r] = true;
      if (recordOwner[r] === -1 || tryAssign(recordOwner[r]!, visited)) {
        recordOwner[r] = s;
        return true;
      }
    }
    return false;
  };
  let unmatched = 0;
  for (let s = 0; s < segments.length; s++) {
    if (!tryAssign(s, records.map(() => false))) unmatched++;
  }
  return unmatched;
}

/** A segment's argv for messages: the literal value, or `null` for an opaque word. */
export function showPattern(segment: Segment): Array<string | null> {
  return segment.argv.map((word) => (word.kind === 'literal' ? word.value : null));
}

/** Bytes for messages: the text when it is valid UTF-8, otherwise a marked hex dump. */
export function showBytes(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : `<bytes ${bytes.toString('hex')}>`;
}
