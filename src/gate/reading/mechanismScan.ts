import type { Mechanism } from './resolution';

/**
 * A quick look over the text for further mechanisms once the resolver has stopped at the
 * first one, so the card and the rater hear about all of them (`$(…)` AND a heredoc, say).
 * Informational only: the command is already unresolved; this never decides anything.
 */
const MARKERS: ReadonlyArray<[RegExp, Mechanism]> = [
  [/\$\(\(/, 'arithmetic'],
  [/\$\((?!\()|`/, 'substitution'],
  [/[<>]\(/, 'process-substitution'],
  [/<<</, 'here-string'],
  [/(?<!<)<<(?!<)/, 'heredoc'],
  [/(^|[\s;&|])(eval|source|\.)\s/, 'eval'],
  [/(^|[\s;&|])(if|for|while|until|case|select)\s/, 'control-flow'],
  [/(^|[\s;&|])\[\[\s/, 'test-expression'],
  [/(^|\s)#/, 'comment'],
];

export function scanMechanisms(text: string): Mechanism[] {
  const sample = text.length > 65536 ? text.slice(0, 65536) : text;
  return MARKERS.filter(([pattern]) => pattern.test(sample)).map(([, mechanism]) => mechanism);
}
