import { hiddenKind, visibleEscape } from '../reading/hiddenCharacters';

/**
 * A value from settings or from storage made safe to put in a log line, a problem message or a
 * confirmation dialog: hidden and control characters (newlines included, so one value cannot
 * forge a second log line) become visible escapes, and anything past `max` characters is cut
 * with a note. Settings and stored grants are written by whoever can edit files, so nothing
 * they hold may change what a person reads around it.
 */
export function shownText(text: string, max = 120): string {
  let out = '';
  let count = 0;
  for (const char of text) {
    if (count >= max) return `${out}… (${text.length} characters)`;
    const codePoint = char.codePointAt(0)!;
    out += codePoint === 0x0a || hiddenKind(codePoint) !== null ? visibleEscape(codePoint) : char;
    count++;
  }
  return out;
}

/** Any value, described briefly for a problem message (never the whole of a huge value). */
export function shownValue(value: unknown, max = 80): string {
  if (typeof value === 'string') return `"${shownText(value, max)}"`;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
