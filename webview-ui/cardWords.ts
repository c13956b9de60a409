import type { Outcome, Stage } from '../src/gate/decision';

/**
 * The words the card uses for outcomes and stages. The outcome is always shown as a word and a
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
