/**
 * Characters that make what a person, a model or a terminal shows differ from what runs:
 * control characters (other than tab and newline), line and paragraph separators, non-ASCII
 * spaces, and invisible format characters (bidi controls, zero-width joiners, tag characters,
 * variation selectors, fillers). Bash may read them as ordinary word characters; the gate
 * refuses to vouch for a command that contains any (D§4.2) and the card shows them as escapes.
 */

export type HiddenKind = 'control' | 'line-separator' | 'non-ascii-space' | 'invisible-format' | 'lone-surrogate';

export interface HiddenCharacter {
  /** Index in UTF-16 code units of the original string. */
  index: number;
  codePoint: number;
  kind: HiddenKind;
  /** A visible escape for display, e.g. `\u202e`, `\r`, `\x1b`. */
  escape: string;
}

/** Characters that render as nothing (or as a blank) although they are not `Cf`. */
const INVISIBLE_NON_FORMAT = new Set<number>([
  0x115f, 0x1160, 0x3164, 0xffa0, // Hangul fillers
  0x034f, // combining grapheme joiner
  0x17b4, 0x17b5, // Khmer inherent vowels
  0x2800, // braille blank
]);

const FORMAT = /\p{Cf}/u;
const SPACE_SEPARATOR = /\p{Zs}/u;

/** The visible escape the card and the trace use for one code point. */
export function visibleEscape(codePoint: number): string {
  switch (codePoint) {
    case 0x09: return '\\t';
    case 0x0a: return '\\n';
    case 0x0d: return '\\r';
    case 0x1b: return '\\e';
    case 0x00: return '\\0';
  }
  if (codePoint < 0x100) return `\\x${codePoint.toString(16).padStart(2, '0')}`;
  if (codePoint <= 0xffff) return `\\u${codePoint.toString(16).padStart(4, '0')}`;
  return `\\u{${codePoint.toString(16)}}`;
}

/** How a code point is hidden, or `null` when it shows as what it is. Tab and newline are ordinary. */
export function hiddenKind(codePoint: number): HiddenKind | null {
  if (codePoint === 0x09 || codePoint === 0x0a) return null;
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) {
    return codePoint === 0x85 ? 'line-separator' : 'control';
  }
  if (codePoint < 0x80) return null;
  if (codePoint === 0x2028 || codePoint === 0x2029) return 'line-separator';
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'lone-surrogate';
  const char = String.fromCodePoint(codePoint);
  if (SPACE_SEPARATOR.test(char)) return 'non-ascii-space';
  if (FORMAT.test(char) || INVISIBLE_NON_FORMAT.has(codePoint)) return 'invisible-format';
  if ((codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef)) {
    return 'invisible-format'; // variation selectors
  }
  return null;
}

/** Every hidden character of `text`, in order. Linear in the length of `text`. */
export function findHiddenCharacters(text: string): HiddenCharacter[] {
  const found: HiddenCharacter[] = [];
  for (let i = 0; i < text.length; i++) {
    let codePoint = text.charCodeAt(i);
    // Printable ASCII, tab and newline show as what they are (hiddenKind is null): most text.
    if ((codePoint >= 0x20 && codePoint < 0x7f) || codePoint === 0x09 || codePoint === 0x0a) continue;
    const start = i;
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codePoint = (codePoint - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    const kind = hiddenKind(codePoint);
    if (kind) found.push({ index: start, codePoint, kind, escape: visibleEscape(codePoint) });
  }
  return found;
}
