import { quote } from 'shell-quote';
import { redirectWrite } from '../programs/redirectTargets';
import { rowFor } from '../programs/table';
import { peelWrappers } from '../programs/wrappers';
import type { CommandReading } from '../reading/reading';
import type { Segment } from '../reading/resolution';
import { parseListEntries, type ListEntry } from './listEntry';
import { matchAllow } from './listMatcher';
import { whyNotCovered } from './allowMatcher';
import { readCommand } from '../reading/reading';

/**
 * The allow entry a user could add so that commands like this one run without asking — only
 * ever one that does (docs/settings-and-grants.md, "Suggested entries"):
 *
 * - the program and, when the next word is not an option, its subcommand (`npm test`, `git log`),
 *   quoted back into shell text with shell-quote (D§4.2: shell-quote only ever formats, it never
 *   parses what the gate decides on);
 * - for a command that writes a file through a redirect, the exact command instead: a prefix
 *   entry covers a write only with `"writes": true`, which would let it write any file;
 * - nothing, with the reason, when no entry can: the command is not read exactly, a word is only
 *   known at run time, a program runs code (`curl … | bash` suggests no `bash`: an entry for a
 *   shell or an interpreter allows any code), or a floor no entry lifts (protected-write,
 *   foreign-config) applies.
 *
 * Every suggestion is checked with the allow matcher itself before it is offered: the entries,
 * parsed as a user's would be, must cover every segment of this very command.
 */
export type AllowSuggestion =
  | {
      kind: 'entries';
      /** As written in a settings list: a string (prefix entry) or an exact-entry object. */
      entries: Array<string | { match: 'exact'; pattern: string }>;
      /** The command writes a file: the entry is the exact command, for the reason in {@link WRITES_NOTE}. */
      writes: boolean;
    }
  | { kind: 'none'; why: string };

/** The floors an allow entry never lifts (pipeline.ts, allowListStage). */
const UNLIFTED_ARMS: ReadonlySet<string> = new Set(['protected-write', 'foreign-config']);

/** Program categories that run code from their arguments, a file or standard input. */
const EXECUTOR_CATEGORIES: ReadonlySet<string> = new Set(['shell', 'interpreter', 'wrapper', 'debugger']);

const WRITES_NOTE = 'it writes a file, and a prefix entry covers a write only with "writes": true, which would let it write any file';

/**
 * What sent the command to a person, as far as the suggestion cares: the stage (a decision's
 * `escalatedFrom`) and the rater's outcome.
 */
export interface EscalatedBy {
  stage?: string;
  outcome?: string;
}

/**
 * The entries to suggest for `reading`, or why there are none. `findings` are the preflight
 * arms found for the command (a decision's `preflight` records): a floor no entry lifts means
 * no entry is suggested. `by` says what sent it to a person: an escalate entry outranks every
 * allow entry, and a rater that finds an attack or a catastrophe is asked again by a rated entry.
 */
export function suggestAllow(reading: CommandReading, findings: ReadonlyArray<{ arm: string }> = [], by: EscalatedBy = {}): AllowSuggestion {
  if (by.stage === 'escalate-entry') return { kind: 'none', why: 'an escalate entry sends it to a person, and escalate entries outrank allow entries' };
  if (by.stage === 'allow-tripwire' || by.outcome === 'catastrophic' || by.outcome === 'attack') {
    return { kind: 'none', why: `the rater finds it ${by.outcome === 'attack' ? 'an attack' : 'catastrophic'}: a rated allow entry is rated again and sent to a person, and the gate suggests no unrated one for it` };
  }
  const { resolution } = reading;
  if (!resolution.resolved) return { kind: 'none', why: `the gate cannot read it exactly (it uses ${resolution.mechanisms.join(', ')})` };
  if (reading.hidden.length > 0) return { kind: 'none', why: 'it contains invisible or look-alike characters' };
  const floors = [...new Set(findings.map((f) => f.arm).filter((arm) => UNLIFTED_ARMS.has(arm)))];
  if (floors.length > 0) return { kind: 'none', why: `no allow entry lifts the ${floors.join(' and ')} floor, so a person decides each time` };
  const prefixes = new Set<string>();
  let writes = false;
  for (const segment of resolution.segments) {
    const words = entryWords(segment);
    if (typeof words === 'object' && 'why' in words) return { kind: 'none', why: words.why };
    prefixes.add(quote(words));
    if (segment.redirects.some((redirect) => redirectWrite(redirect) !== undefined)) writes = true;
  }
  // A writing command gets the exact entry (never a prefix that relies on how its operands are
  // read to cover the write); every other command its prefixes, else the exact entry.
  const tries: Array<Array<string | { match: 'exact'; pattern: string }>> = [];
  if (!writes) tries.push([...prefixes]);
  tries.push([{ match: 'exact', pattern: reading.original }]);
  for (const entries of tries) {
    if (covers(reading, entries)) return { kind: 'entries', entries, writes };
  }
  return { kind: 'none', why: writes ? WRITES_NOTE : 'no entry the gate can write covers every part of it' };
}

/** The words of a segment's entry, or why it gets none. */
function entryWords(segment: Segment): string[] | { why: string } {
  // `timeout 30 npm test`: the entry names the wrapped command (an entry for `npm test` covers it
  // where the wrapper peels; where it does not, the matcher refuses it and the exact entry follows).
  const peeled = peelWrappers(segment.argv);
  if (peeled.layers.length > 0 && !peeled.exact) return { why: `the options of ${peeled.layers[0]!.program} cannot be read exactly` };
  const argv = peeled.layers.length > 0 ? peeled.argv : segment.argv;
  const literal: string[] = [];
  for (const word of argv) {
    if (word.kind !== 'literal') break;
    literal.push(word.value);
  }
  const program = literal[0];
  if (program === undefined) {
    const first = argv[0];
    return { why: first === undefined ? 'a part of it runs no program' : `its program ${first.raw} is only known at run time` };
  }
  const row = rowFor(program);
  if (row !== null && (EXECUTOR_CATEGORIES.has(row.category) || row.stdinCode === true || row.wrapper !== undefined)) {
    return { why: `${program} runs code the gate cannot read, and an allow entry for it would let it run any code` };
  }
  const next = literal[1];
  return next !== undefined && !next.startsWith('-') && /^[A-Za-z0-9:._-]+$/.test(next) ? literal.slice(0, 2) : literal.slice(0, 1);
}

/** Whether the entries, read as a user's allow entries, cover every segment of the command. */
function covers(reading: CommandReading, raw: ReadonlyArray<string | { match: 'exact'; pattern: string }>): boolean {
  const parsed = parseListEntries(raw, 'allow', 'suggestion');
  if (parsed.errors.length > 0) return false;
  // The entries as the card or the settings would add them, exact ones unrated.
  return matchAllow(reading, parsed.entries as ListEntry[]) !== null;
}

/** The entries as settings text: `"git log", {"match":"exact","pattern":"…"}`. */
export function suggestedEntriesText(suggestion: Extract<AllowSuggestion, { kind: 'entries' }>): string {
  return suggestion.entries.map((entry) => JSON.stringify(entry)).join(', ');
}

/**
 * The prefix entries to offer on the card's "Always allow…" editor, or `null` when no prefix
 * entry covers the command (the card then offers none).
 */
export function suggestAllowEntries(reading: CommandReading): string[] | null {
  const suggestion = suggestAllow(reading);
  if (suggestion.kind !== 'entries') return null;
  const prefixes = suggestion.entries.filter((entry): entry is string => typeof entry === 'string');
  return prefixes.length === suggestion.entries.length ? prefixes : null;
}

/** How {@link nonInteractiveAdvice} begins: what a caller that says it differently cuts off. */
export const NOBODY_CAN_BE_ASKED = 'Nobody can be asked here';

/** One sentence for a caller that cannot ask anybody (CLI, headless tool call). */
export function nonInteractiveAdvice(reading: CommandReading, findings: ReadonlyArray<{ arm: string }> = [], by: EscalatedBy = {}): string {
  const suggestion = suggestAllow(reading, findings, by);
  if (suggestion.kind === 'none') return `${NOBODY_CAN_BE_ASKED}, and no allow entry can cover this command: ${suggestion.why}.`;
  return `${NOBODY_CAN_BE_ASKED}. ${suggestionSentence(suggestion, 'add an allow entry (approvalsGate.allow, or --allow in the CLI)')}`;
}

/**
 * `To let commands like this run without asking, ADD: "git log".`, and for a command that writes
 * why the entry is the exact command. `add` says where (each surface its own settings).
 */
export function suggestionSentence(suggestion: Extract<AllowSuggestion, { kind: 'entries' }>, add: string): string {
  const listed = suggestedEntriesText(suggestion);
  if (!suggestion.writes) return `To let commands like this run without asking, ${add}: ${listed}.`;
  return `To let this command run without asking, ${add}: ${listed}. The entry is the exact command because ${WRITES_NOTE}.`;
}

/**
 * A rewrite of the command that an entry would cover (a near miss's `--` before a glob,
 * docs/decisions.md "Near misses"), checked like every suggestion before it is offered: the text
 * must read exactly (resolved, no hidden characters) into the same simple commands, each with the
 * same argv except segment `index`, whose argv must be `expected`; and the entry, applied by the
 * allow matcher itself, must cover that segment. Returns the text, or null when any of it fails.
 */
export function checkedRewrite(reading: CommandReading, text: string, index: number, expected: readonly string[], entry: ListEntry): string | null {
  const { resolution } = reading;
  if (!resolution.resolved) return null;
  const again = readCommand(text, { home: reading.home, shell: reading.shell });
  if (!again.resolution.resolved || again.hidden.length > 0) return null;
  const segments = again.resolution.segments;
  if (segments.length !== resolution.segments.length) return null;
  for (let i = 0; i < segments.length; i++) {
    const now = segments[i]!;
    const before = resolution.segments[i]!;
    const want = i === index ? expected : before.argv.map((word) => (word.kind === 'literal' ? word.value : word.raw));
    const got = now.argv.map((word) => (word.kind === 'literal' ? word.value : word.raw));
    if (got.length !== want.length || got.some((word, k) => word !== want[k])) return null;
    if (now.connector !== before.connector || now.assignments.length !== before.assignments.length || now.redirects.length !== before.redirects.length) return null;
  }
  return whyNotCovered(entry, segments, index, again.home) === null ? text : null;
}
