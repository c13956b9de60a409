import type { Outcome, Stage } from '../src/gate/decision';
import type { ContainmentSummary } from '../src/protocol/messages';

/**
 * The words the card uses for outcomes, stages and the sandbox's policy. The outcome is always shown as a word and a
 * glyph, with colour only as a third channel, so the verdict reads the same without colour
 * (D§10). Browser-safe and DOM-free.
 */

export interface OutcomeWords {
  word: string;
  glyph: string;
  meaning: string;
}

export const OUTCOME_WORDS: Readonly<Record<Outcome | 'unrated', OutcomeWords>> = {
  safe: { word: 'Safe', glyph: '✓', meaning: 'the rater found nothing destructive' },
  destructive: { word: 'Destructive', glyph: '▲', meaning: 'it may change or delete things' },
  catastrophic: { word: 'Catastrophic', glyph: '✖', meaning: 'it cannot be undone from inside the session' },
  attack: { word: 'Attack', glyph: '⚠', meaning: "the command's own structure shows hostile intent" },
  unrated: { word: 'Not rated', glyph: '○', meaning: 'no model rated this command' },
};

/** Which layer sent the command here, in words. */
export const STAGE_WORDS: Readonly<Record<Stage, string>> = {
  'not-gated': 'not gated',
  'deny-list': 'the deny list',
  'hardline-floor': 'the hardline floor',
  bypass: 'the bypass rung',
  'escalate-entry': 'an escalate entry',
  'allow-list': 'the allow list',
  'allow-tripwire': 'the tripwire rating of an allow entry',
  grant: 'a stored grant',
  'preflight-floor': 'a preflight floor',
  rater: 'the rater',
  'unrated-rung': 'the rung: every shell command waits for you',
  human: 'a person',
  'non-interactive': 'nobody could be asked',
  'gate-error': 'an error in the gate',
};

/**
 * The sandbox's policy in words, one line per list (D§13 "Containment"): where the command may
 * write, what stays unwritable there, what it cannot read, which hosts it may reach. Each list
 * names its first few and says how many more; a list the card names whole has no count.
 */
export function containmentLines(summary: ContainmentSummary): string[] {
  const named = (few: { count: number; first: readonly string[] }) => {
    const more = few.count - few.first.length;
    return `${few.first.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
  };
  const places = (few: ContainmentSummary['notWritable']) => ({ count: few.count, first: few.first.map((p) => `${p.path} (${p.why})`) });
  const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  return [
    nonEmpty(summary.writable) ? `writes only in ${named(summary.writable)}` : 'writes nowhere',
    nonEmpty(summary.notWritable) ? `cannot write ${counted(summary.notWritable.count, 'protected place')} inside them: ${named(places(summary.notWritable))}` : 'cannot write: no protected place was found inside them',
    nonEmpty(summary.unreadable) ? `cannot read ${counted(summary.unreadable.count, 'credential place')}: ${named(places(summary.unreadable))}` : 'cannot read: no credential place was found',
    nonEmpty(summary.hosts) ? `network: only ${named(summary.hosts)}` : 'network: none (no network: no host can be reached)',
  ];
}

/** A list with something in it (its count says so even when the card names none). */
function nonEmpty(list: { count: number }): boolean {
  return list.count > 0;
}
