import type { ListEntry } from './listEntry';
import { literalWord, type Resolution, type Segment, type Word } from '../reading/resolution';
import { resolve } from '../reading/resolver';

/**
 * Exact entries and grants (D§6): the pattern read by the resolver, once per home folder, and
 * compared segment by segment (argv, assignments, redirects) with what the command runs. Both
 * directions use it: allow covers a segment equal to the pattern, deny and escalate look for one
 * among every segment they collect.
 */

/** The exact pattern as the resolver reads it under this home folder (cached on the entry). */
export function exactResolution(entry: ListEntry, home: string): Resolution | null {
  const { compiled } = entry;
  if (compiled.match !== 'exact') return null;
  let resolution = compiled.resolutions.get(home);
  if (resolution === undefined) {
    if (compiled.resolutions.size >= 8) compiled.resolutions.clear();
    resolution = resolve(entry.pattern, { home, shell: 'bash' });
    compiled.resolutions.set(home, resolution);
  }
  return resolution;
}

/**
 * A one-command pattern covers any segment equal to it; a pattern of several commands covers
 * each segment of a line that equals it as a whole (same commands, same operators).
 */
export function exactCoversSegment(entry: ListEntry, segments: readonly Segment[], index: number, home: string): boolean {
  const pattern = exactResolution(entry, home);
  if (pattern === null || !pattern.resolved) return false;
  if (pattern.segments.length === 1) return segmentsEqual(pattern.segments[0]!, segments[index]!);
  return sameLine(pattern.segments, segments);
}

/**
 * Whether a segment is exactly these literal words and nothing else: no assignment, no redirect,
 * no here-text. The exact comparison ({@link segmentsEqual}) applied to the command the words
 * spell: a prefix entry whose words are the whole segment says no more than the exact entry
 * spelling them (docs/decisions.md, "A prefix entry that spells the whole command").
 */
export function segmentIsExactly(words: readonly string[], segment: Segment): boolean {
  if (segment.hereText !== undefined) return false;
  const spelled: Segment = { argv: words.map(literalWord), assignments: [], redirects: [], connector: null, negated: false, timed: false, raw: '' };
  return segmentsEqual(spelled, segment);
}

export function sameLine(a: readonly Segment[], b: readonly Segment[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((segment, i) => {
    const other = b[i]!;
    const last = i === a.length - 1;
    return segmentsEqual(segment, other) && (last || segment.connector === other.connector) && segment.negated === other.negated;
  });
}

/** Same argv, assignments and redirects (the `!`/`time` prefixes do not change what runs). */
export function segmentsEqual(a: Segment, b: Segment): boolean {
  return (
    a.argv.length === b.argv.length &&
    a.argv.every((word, i) => wordsEqual(word, b.argv[i]!)) &&
    a.assignments.length === b.assignments.length &&
    a.assignments.every((x, i) => {
      const y = b.assignments[i]!;
      return x.name === y.name && x.append === y.append && wordsEqual(x.value, y.value);
    }) &&
    a.redirects.length === b.redirects.length &&
    a.redirects.every((x, i) => {
      const y = b.redirects[i]!;
      return x.fd === y.fd && x.op === y.op && wordsEqual(x.target, y.target);
    })
  );
}

/** Literal words by value; opaque words by their source text (the same expansion, unread). */
function wordsEqual(a: Word, b: Word): boolean {
  if (a.kind === 'literal') return b.kind === 'literal' && a.value === b.value;
  return b.kind === 'opaque' && a.raw === b.raw;
}
