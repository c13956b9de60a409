import { LIMITS } from './messages';

/**
 * Untrusted text cut to what a card carries (D§10): visibly, never in the middle of a surrogate
 * pair. Pure and browser-safe.
 */

/** Text other than the command, cut visibly when longer than a card carries. */
export function bounded(text: string): string {
  if (text.length <= LIMITS.textChars) return text;
  const note = ` … [cut: ${text.length} characters in all]`;
  return cutWithoutSplitting(text, LIMITS.textChars - note.length) + note;
}

/** The first `max` UTF-16 units of `text`, one fewer when the last would split a surrogate pair. */
export function cutWithoutSplitting(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}
