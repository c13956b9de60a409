import { findHiddenCharacters, hiddenKind, type HiddenCharacter } from './hiddenCharacters';

export type { HiddenCharacter } from './hiddenCharacters';

/**
 * Normalisation for DETECTION only (D§4.1). The text produced here is what text-based checks
 * (the hardline floor's fallback, deny entries on unresolved commands, the rater's fence) look
 * at; what runs is always the original string.
 *
 * Each step undoes one way of making a command look different from what it does:
 * - ANSI/OSC escape sequences and NUL can hide or repaint text in a terminal;
 * - NFKC folds fullwidth and other compatibility forms (`ｒｍ` → `rm`);
 * - CR, CRLF, U+2028, U+2029 and U+0085 separate commands in some readers, so they become
 *   line breaks, never spaces;
 * - invisible format characters (zero-width, bidi) are removed so `r\u200bm` reads `rm`;
 * - a backslash before an ordinary character and empty quote pairs splice command names
 *   (`r\m`, `r''m`, `r""m` → `rm`);
 * - runs of horizontal whitespace collapse to one space.
 *
 * Every pattern below is a single character class or a bounded sequence: linear time on any
 * input, including 64 KiB of adversarial text.
 */
export function normaliseForDetection(original: string): { text: string; hidden: HiddenCharacter[] } {
  // Most commands are printable ASCII with nothing any step below changes: they are their own
  // normal form (and have no hidden characters).
  if (isAlreadyNormal(original)) return { text: original, hidden: [] };
  // Most other commands are printable ASCII with tabs or line breaks: no hidden character, and
  // only the steps that splice names and lay out blanks can change them.
  if (isPlainAscii(original)) return { text: normaliseLayout(original), hidden: [] };
  return normaliseFully(original);
}

/**
 * Printable ASCII, tab and newline only: {@link findHiddenCharacters} finds nothing in such text
 * (tab and newline are ordinary), and the steps of {@link normaliseFully} before
 * {@link normaliseLayout} leave it as it is (no ESC, NUL, CR or other control, nothing outside
 * ASCII for NFKC or the line separators).
 */
function isPlainAscii(text: string): boolean {
  if (text.length > NATIVE_SCAN_FROM) return PLAIN_ASCII.test(text);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 || code > 0x7e) && code !== 0x09 && code !== 0x0a) return false;
  }
  return true;
}

/**
 * Printable ASCII other than `\\`, with no `''` or `""`, no two spaces in a row and no space at
 * either end: no terminal escape, NUL, line separator or control to change, NFKC leaves ASCII
 * alone, no backslash to drop, no empty quote pair, no run of blanks longer than one, no line
 * break and nothing to trim. Every step of {@link normaliseFully} leaves such text as it is.
 */
function isAlreadyNormal(text: string): boolean {
  const length = text.length;
  if (text.charCodeAt(0) === 0x20 || text.charCodeAt(length - 1) === 0x20) return false;
  if (length > NATIVE_SCAN_FROM) return PLAIN_PRINTABLE.test(text) && !text.includes('  ') && !text.includes("''") && !text.includes('""');
  // One pass instead of a pattern and three searches: each character must be printable ASCII
  // other than the backslash, and none of space, `'` and `"` may follow itself.
  let previous = -1;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x5c) return false;
    if (code === previous && (code === 0x20 || code === 0x27 || code === 0x22)) return false;
    previous = code;
  }
  return true;
}

/**
 * Up to this many characters the checks above are one loop of our own (cheaper than a pattern
 * and three searches on the short text nearly every command is); longer text takes the native
 * pattern and searches, several times faster per character.
 */
const NATIVE_SCAN_FROM = 64;
/** Printable ASCII (space to `~`) except the backslash, from start to end. */
const PLAIN_PRINTABLE = /^[\x20-\x5b\x5d-\x7e]*$/;
/** Printable ASCII, tab and newline, from start to end. */
const PLAIN_ASCII = /^[\x20-\x7e\t\n]*$/;

/** {@link normaliseForDetection} step by step, for any text. Exported for the test that holds the shortcut to it. */
export function normaliseFully(original: string): { text: string; hidden: HiddenCharacter[] } {
  const hidden = findHiddenCharacters(original);
  const ascii = !NON_ASCII.test(original);
  let text = stripTerminalEscapes(original);
  text = text.replace(/\0/g, '');
  // NFKC leaves ASCII as it is, and ASCII has no lone surrogates: only other text pays for it.
  if (!ascii) text = toWellFormed(text).normalize('NFKC');
  text = text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n');
  // In ASCII the only hidden characters are the controls other than tab and newline.
  text = ascii ? text.replace(ASCII_CONTROLS, '') : removeInvisible(text);
  return { text: normaliseLayout(text), hidden };
}

/** The last steps of {@link normaliseFully}: backslashes and empty quotes that splice names, then blanks and line ends. */
function normaliseLayout(text: string): string {
  text = text.replace(/\\([A-Za-z0-9_\-./])/g, '$1');
  text = text.replace(/''|""/g, '');
  text = text.replace(/[^\S\n]+/g, ' ');
  // Only ' ' and '\n' are left as white space, each run of spaces one long: trimming every
  // line is dropping the space on either side of each line break.
  return text.replace(/ ?\n ?/g, '\n').trim();
}

/** Any character outside ASCII. */
const NON_ASCII = /[^\x00-\x7f]/;

/** Whether `text` holds a character outside ASCII: the only text NFKC can change. */
export function hasNonAscii(text: string): boolean {
  return NON_ASCII.test(text);
}

/**
 * `text.normalize('NFKC')` — fullwidth `ｒｍ` reads `rm` — without the call for ASCII text, which
 * it leaves as it is (most text the floors fold is ASCII).
 */
export function foldCompatibility(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFKC') : text;
}
/** What {@link removeInvisible} drops from ASCII text: control characters other than tab and newline. */
const ASCII_CONTROLS = /[\x00-\x08\x0b-\x1f\x7f]/g;

/**
 * Removes CSI (`ESC [ … final`), OSC (`ESC ] … BEL|ESC \`), other two-character escapes and
 * 8-bit CSI/OSC introducers. Written as a scanner rather than a regex so an unterminated OSC
 * over 64 KiB stays linear.
 */
function stripTerminalEscapes(text: string): string {
  if (!/[\u001b\u009b\u009d]/.test(text)) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const isEsc = c === 0x1b;
    if (!isEsc && c !== 0x9b && c !== 0x9d) {
      out += text[i];
      i++;
      continue;
    }
    const kind = isEsc ? text[i + 1] : c === 0x9b ? '[' : ']';
    i += isEsc ? 2 : 1;
    if (kind === '[') {
      // Parameters and intermediates, then one final byte in @–~.
      while (i < text.length && !/[@-~]/.test(text[i]!)) i++;
      i++;
    } else if (kind === ']' || kind === 'P' || kind === '_' || kind === '^') {
      // String sequences end at BEL or ST (ESC \).
      while (i < text.length) {
        if (text[i] === '\u0007') { i++; break; }
        if (text[i] === '\u001b' && text[i + 1] === '\\') { i += 2; break; }
        i++;
      }
    }
  }
  return out;
}

/** Drops invisible format characters and other control characters (tab and newline stay). */
function removeInvisible(text: string): string {
  let out = '';
  for (const char of text) {
    const kind = hiddenKind(char.codePointAt(0)!);
    if (kind === 'invisible-format' || kind === 'control' || kind === 'lone-surrogate') continue;
    out += kind === 'non-ascii-space' ? ' ' : char;
  }
  return out;
}

/** Replaces lone surrogates so `normalize` never throws on malformed UTF-16. */
function toWellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
