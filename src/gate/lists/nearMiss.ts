import type { NearMissRecord } from '../decision';
import { recordOf, type SegmentRecord } from '../programs/segmentRecord';
import type { CommandReading } from '../reading/reading';
import type { Segment, Word } from '../reading/resolution';
import { segmentCoveredBy, whyNotCovered, type CoverMiss } from './allowMatcher';
import { checkedRewrite, suggestAllow, type EscalatedBy } from './allowSuggestion';
import { exactResolution } from './exactPatterns';
import type { ListEntry } from './listEntry';

/**
 * Near misses (docs/decisions.md, "Near misses: an entry that almost covers"): when a user's allow
 * entry or grant names the program of a simple command that nothing covers, say which entry, why
 * it did not cover it — the clause the allow matcher made where it refused (allowMatcher.ts
 * `whyNotCovered`), never worked out again here — and what would be covered: the command with
 * `--` before a glob that may become an option, or the smallest entry (allowSuggestion.ts
 * `suggestAllow`). Both are checked with the allow matcher before they are recorded
 * (allowSuggestion.ts `checkedRewrite`, and `suggestAllow`'s own check).
 *
 * Fail closed: this only explains. Nothing decides on a near miss; a failure here yields none.
 */

/** At most this many near misses per decision: the card and the hook message stay short. */
const MAX_NEAR_MISSES = 3;

/**
 * The near misses of a command that the lists in force (`inForce`, in the allow stage's order) do
 * not cover. `entries` are the user's allow entries and grants (the built-in list is nobody's
 * entry). `findings` and `by` are what {@link suggestAllow} needs. Never throws.
 */
export function nearMisses(
  reading: CommandReading,
  entries: readonly ListEntry[],
  inForce: ReadonlyArray<readonly ListEntry[]>,
  findings: ReadonlyArray<{ arm: string }> = [],
  by: EscalatedBy = {},
  records?: readonly SegmentRecord[],
): NearMissRecord[] {
  try {
    return find(reading, entries, inForce, findings, by, records);
  } catch {
    return [];
  }
}

function find(
  reading: CommandReading,
  entries: readonly ListEntry[],
  inForce: ReadonlyArray<readonly ListEntry[]>,
  findings: ReadonlyArray<{ arm: string }>,
  by: EscalatedBy,
  records: readonly SegmentRecord[] | undefined,
): NearMissRecord[] {
  const { resolution } = reading;
  if (!resolution.resolved || reading.hidden.length > 0 || entries.length === 0) return [];
  const out: NearMissRecord[] = [];
  // The smallest entries for the whole command, worked out once, when a near miss needs them.
  let suggestion: ReturnType<typeof suggestAllow> | undefined;
  const remedy = (): Pick<NearMissRecord, 'entries' | 'noEntry'> => {
    suggestion ??= suggestAllow(reading, findings, by);
    return suggestion.kind === 'entries' ? { entries: suggestion.entries } : { noEntry: suggestion.why };
  };
  resolution.segments.forEach((segment, index) => {
    if (out.length >= MAX_NEAR_MISSES) return;
    const record = records?.[index] ?? recordOf(segment);
    const programs = programsOf(record);
    if (programs.size === 0) return;
    const sharing = entries.filter((entry) => {
      const program = entryProgram(entry, reading.home);
      return program !== null && (programs.has(program) || programs.has(basename(program)));
    });
    if (sharing.length === 0) return;
    if (segmentCoveredBy(reading, inForce, index, record) !== null) return;
    for (const entry of sharing) {
      if (out.length >= MAX_NEAR_MISSES) return;
      const miss = whyNotCovered(entry, resolution.segments, index, reading.home, record);
      // Covered by this entry (cannot be, as nothing in force covers the segment): no near miss.
      if (miss === null) continue;
      const rewrite = miss.kind === 'glob-may-be-option' ? endOfOptionsRewrite(reading, segment, index, miss, entry) : null;
      out.push({
        entry: entry.text,
        source: entry.source,
        list: entry.list === 'grant' ? 'grant' : 'allow',
        segment: index + 1,
        ...(resolution.segments.length > 1 ? { part: segment.raw } : {}),
        kind: miss.kind,
        ...(miss.subject !== undefined ? { subject: miss.subject } : {}),
        ...(miss.path !== undefined ? { path: miss.path } : {}),
        why: miss.why,
        ...(rewrite !== null ? { rewrite } : remedy()),
      });
    }
  });
  return out;
}

/**
 * `rm -rf out *.log` → `rm -rf -- out *.log`: `--` put where the matcher says the options end
 * (`optionsEnd`: the first operand, with only operands after it), so that it changes nothing but
 * what the glob may become. The text is the original with `--` inserted before that word's own
 * text; {@link checkedRewrite} reads it again, compares the argv, and applies the entry. Null when
 * any of it does not hold.
 */
function endOfOptionsRewrite(reading: CommandReading, segment: Segment, index: number, miss: CoverMiss, entry: ListEntry): NearMissRecord['rewrite'] | null {
  const at = miss.optionsEnd;
  const glob = miss.wordIndex;
  if (at === undefined || glob === undefined || at < 1 || at > glob || glob >= segment.argv.length) return null;
  const values = segment.argv.map(valueOf);
  if (values.slice(1).includes('--')) return null;
  // Belt and braces: no literal word from there on may look like an option.
  if (segment.argv.slice(at).some((word) => word.kind === 'literal' && word.value.startsWith('-'))) return null;
  const start = wordStart(reading.original, segment, at);
  if (start === null) return null;
  const text = `${reading.original.slice(0, start)}-- ${reading.original.slice(start)}`;
  const expected = [...values.slice(0, at), '--', ...values.slice(at)];
  const checked = checkedRewrite(reading, text, index, expected, entry);
  return checked === null ? null : { command: checked, change: `-- ends the options, so that no name ${segment.argv[glob]!.raw} becomes is read as an option` };
}

/** Where argv word `at` of the segment begins in the original text, found word by word from the segment's start; null when not found. */
function wordStart(original: string, segment: Segment, at: number): number | null {
  let from = original.indexOf(segment.raw);
  if (from < 0) return null;
  const end = from + segment.raw.length;
  for (const assignment of segment.assignments) {
    const found = original.indexOf(assignment.raw, from);
    if (found < 0 || found >= end) return null;
    from = found + assignment.raw.length;
  }
  for (let i = 0; i <= at; i++) {
    const raw = segment.argv[i]!.raw;
    const found = original.indexOf(raw, from);
    if (found < 0 || found >= end) return null;
    if (i === at) return found;
    from = found + raw.length;
  }
  return null;
}

function valueOf(word: Word): string {
  return word.kind === 'literal' ? word.value : word.raw;
}

/** The program words of a segment: its first word and the first word of each command a wrapper runs. */
function programsOf(record: SegmentRecord): Set<string> {
  const programs = new Set<string>();
  const add = (word: Word | undefined) => {
    if (word?.kind !== 'literal') return;
    programs.add(word.value);
    programs.add(basename(word.value));
  };
  add(record.argv[0]);
  for (const layer of record.peeled.layers) add(layer.inner[0]);
  return programs;
}

/** The program an entry names: its first word (prefix, glob, exact), or its regexp's literal start. */
function entryProgram(entry: ListEntry, home: string): string | null {
  const { compiled } = entry;
  switch (compiled.match) {
    case 'prefix':
    case 'glob': {
      const first = compiled.items[0];
      if (first === undefined || first.kind !== 'word' || first.pieces.length !== 1) return null;
      return first.home ? home + first.pieces[0]! : first.pieces[0]!;
    }
    case 'regexp': {
      const word = compiled.regexp.anchoredPrefix.split(' ')[0] ?? '';
      return word === '' ? null : word;
    }
    case 'exact': {
      const pattern = exactResolution(entry, home);
      const first = pattern !== null && pattern.resolved ? pattern.segments[0]?.argv[0] : undefined;
      return first?.kind === 'literal' ? first.value : null;
    }
  }
}

function basename(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? path : path.slice(slash + 1);
}

/**
 * A near miss in one or two sentences, for the explain trace, the hook's message, the CLI and the
 * card: `The allow entry "rm" does not cover rm -rf out *.log: the word *.log …. Covered as: rm -rf -- out *.log (…).`
 */
export function nearMissSentence(miss: NearMissRecord): string {
  const who = miss.list === 'grant' ? `Your grant ${JSON.stringify(miss.entry)}` : `The allow entry ${miss.entry} (${miss.source})`;
  const first = `${who} does not cover ${miss.part === undefined ? 'the command' : `\`${miss.part}\``}: ${miss.why}.`;
  if (miss.rewrite) return `${first} It covers the command written as: ${miss.rewrite.command} (${miss.rewrite.change}).`;
  if (miss.entries) return `${first} The smallest entry that covers it: ${miss.entries.map((entry) => JSON.stringify(entry)).join(', ')}.`;
  if (miss.noEntry) return `${first} No allow entry can cover it: ${miss.noEntry}.`;
  return first;
}
