import { exactResolution, sameLine, segmentsEqual } from './exactPatterns';
import type { ListEntry } from './listEntry';
import { ANY_ONE_WORD, argvText, matchWords, wordPattern, type RunWord } from './wordPatterns';
import { MAX_PAYLOAD_DEPTH } from '../programs/executorPayloads';
import { argvRecord } from '../programs/segmentRecord';
import { programName } from '../programs/wrappers';
import { normaliseForDetection } from '../reading/normalise';
import type { CommandReading } from '../reading/reading';
import type { Segment, Word } from '../reading/resolution';
import { resolve } from '../reading/resolver';

/**
 * Deny and escalate matching (D§6): these entries must never miss. They look at every segment,
 * every wrapped program, every payload a program executes (recursively, bounded), the whole
 * line, and, when the command is unresolved, at rough pieces of its normalised text.
 * Over-matching is accepted; an entry that fails to apply counts as a match.
 */

/** Most argv vectors (segments, wrapped programs, payloads) one deny check collects. */
const MAX_BLOCKING_CANDIDATES = 256;

/** One run of words to match prefix/glob entries against. `null` marks an opaque word. */
interface WordRun {
  words: RunWord[];
  /** Rough text: the pattern may match anywhere in the run, not only at its start. */
  contained: boolean;
}

interface BlockingCandidates {
  runs: WordRun[];
  /** Texts for exact (case-insensitive equality) and regexp (search) entries. */
  texts: string[];
  /** `texts` lower-cased, made on first use. */
  lowerTexts?: string[];
  /** Resolved segments seen (top level and inside payloads), for exact entries. */
  segments: Segment[];
  /** Whole resolved lines seen, for multi-command exact entries. */
  lines: Segment[][];
}

/**
 * The first deny/escalate entry that matches the command anywhere, or null. Prefix, glob and
 * exact entries compare case-insensitively; an opaque word may stand for any run of words.
 * An error while matching an entry counts as a match. Never throws.
 */
export function matchBlocking(reading: CommandReading, entries: readonly ListEntry[]): ListEntry | null {
  if (entries.length === 0) return null;
  let candidates: BlockingCandidates;
  try {
    candidates = collectCandidates(reading);
  } catch {
    // Nothing could be read: any entry at all is a possible match.
    return entries[0]!;
  }
  for (const entry of entries) {
    try {
      if (entryBlocks(entry, candidates, reading.home)) return entry;
    } catch {
      return entry;
    }
  }
  return null;
}

function entryBlocks(entry: ListEntry, candidates: BlockingCandidates, home: string): boolean {
  const { compiled } = entry;
  switch (compiled.match) {
    case 'prefix':
    case 'glob': {
      const pattern = wordPattern(compiled.items, { caseInsensitive: true, home });
      return candidates.runs.some((run) =>
        matchWords(pattern, run.words, {
          anchorEnd: compiled.match === 'glob' && !run.contained,
          contained: run.contained,
          caseInsensitive: true,
          opaqueMatchesAnything: true,
          home,
        }),
      );
    }
    case 'exact': {
      candidates.lowerTexts ??= candidates.texts.map((text) => text.toLowerCase());
      if (candidates.lowerTexts.includes(compiled.normalisedLower)) return true;
      const pattern = exactResolution(entry, home);
      if (pattern === null || !pattern.resolved) return false;
      if (pattern.segments.length === 1) return candidates.segments.some((segment) => segmentsEqual(pattern.segments[0]!, segment));
      return candidates.lines.some((line) => sameLine(pattern.segments, line));
    }
    case 'regexp':
      // Over budget counts as a match here: a deny entry must not be dodged by a slow input.
      return candidates.texts.some((text) => compiled.regexp.evaluate(text, false) !== 'no-match');
  }
}

function collectCandidates(reading: CommandReading): BlockingCandidates {
  const candidates: BlockingCandidates = { runs: [], texts: [reading.normalised], segments: [], lines: [] };
  const collector = new CandidateCollector(candidates, reading.home);
  if (reading.resolution.resolved) {
    collector.addLine(reading.resolution.segments, 0);
  } else {
    collector.addRough(reading.normalised);
  }
  // A here-text read as data (docs/decisions.md "Data that only looks like code") is still read
  // roughly here, as before: a deny entry matches more, never less.
  if (collector.overflowed || (reading.resolution.resolved && reading.resolution.segments.some((segment) => segment.hereText !== undefined))) {
    collector.addRough(reading.normalised);
  }
  return candidates;
}

class CandidateCollector {
  private count = 0;
  overflowed = false;

  constructor(
    private readonly out: BlockingCandidates,
    private readonly home: string,
  ) {}

  addLine(segments: Segment[], depth: number): void {
    this.out.lines.push(segments);
    // Each segment's text is its argv text (added with its run); the line's own text is
    // already among the texts, so segment sources need no second normalisation.
    for (const segment of segments) {
      this.out.segments.push(segment);
      this.addArgv(segment.argv, depth);
    }
  }

  /** A program's argv: itself, each program its wrappers run, and every payload it executes. */
  addArgv(argv: readonly Word[], depth: number): void {
    if (argv.length === 0) return;
    if (++this.count > MAX_BLOCKING_CANDIDATES || depth > MAX_PAYLOAD_DEPTH) {
      this.overflowed = true;
      return;
    }
    this.addRun(argv);
    const record = argvRecord(argv);
    const peeled = record.peeled;
    for (const layer of peeled.layers) if (layer.inner.length > 0) this.addRun(layer.inner);
    // A wrapper the gate could not read may hide the program anywhere in its words.
    if (!peeled.exact) this.out.runs.push({ words: argv.map(wordValue), contained: true });
    for (const payload of record.payloads) {
      if (payload.kind === 'argv') this.addArgv(payload.argv, depth + 1);
      else this.addText(payload.text, depth + 1);
    }
  }

  addText(text: string, depth: number): void {
    if (depth > MAX_PAYLOAD_DEPTH) {
      this.overflowed = true;
      return;
    }
    const normalised = normaliseForDetection(text).text;
    this.out.texts.push(normalised);
    const resolution = resolve(text, { home: this.home, shell: 'any' });
    if (resolution.resolved) this.addLine(resolution.segments, depth);
    else this.addRough(normalised);
  }

  /** Rough pieces of text the resolver could not read: split at anything shell-like (a `#` may start a comment). */
  addRough(normalised: string): void {
    for (const piece of normalised.split(/\$\(|[\n;&|(){}`<>#]/)) {
      const words: RunWord[] = piece
        .split(/\s+/)
        .map((word) => word.replace(/["'\\]/g, '').toLowerCase())
        .filter((word) => word !== '')
        .map((word) => (/[$*?[{`]/.test(word) ? ANY_ONE_WORD : word));
      if (words.length === 0) continue;
      this.out.runs.push({ words, contained: true });
      this.out.texts.push(piece.trim());
    }
  }

  private addRun(argv: readonly Word[]): void {
    const words = argv.map(wordValue);
    this.out.runs.push({ words, contained: false });
    this.out.texts.push(argvText(argv.map((w) => (w.kind === 'literal' ? w.value : w.raw)), argv));
    // `/usr/bin/git push` must meet a `git push` entry too.
    const first = argv[0];
    if (first?.kind === 'literal' && first.value.includes('/')) {
      const base = programName(first);
      if (base !== null) this.out.runs.push({ words: [base.toLowerCase(), ...words.slice(1)], contained: false });
    }
  }
}

/** A word of a deny run: lower-cased (deny compares case-insensitively), or null when opaque. */
function wordValue(word: Word): string | null {
  return word.kind === 'literal' ? word.value.toLowerCase() : null;
}
