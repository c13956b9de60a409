/**
 * Decoding of bash's ANSI-C quoting, `$'…'`, for the escapes whose result does not depend on
 * the locale. Escapes that do (`\u`/`\U` above ASCII), that produce bytes which are not valid
 * UTF-8, that produce NUL (bash cuts the word there) or `\c` control forms are refused: the
 * resolver then reports the command as unresolved rather than guess.
 */

export type AnsiCDecoding =
  | { value: string; end: number }
  | { error: 'unterminated' | 'unsupported'; message: string };

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  a: 0x07, b: 0x08, e: 0x1b, E: 0x1b, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b,
  '\\': 0x5c, "'": 0x27, '"': 0x22, '?': 0x3f,
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes the body of `$'…'` starting at `from` (just after the opening quote).
 * `end` is the index just after the closing quote.
 */
export function decodeAnsiCQuote(text: string, from: number): AnsiCDecoding {
  const bytes: number[] = [];
  const pushText = (s: string) => {
    for (const b of Buffer.from(s, 'utf8')) bytes.push(b);
  };
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") {
      if (bytes.includes(0)) return { error: 'unsupported', message: "`$'…'` produces a NUL byte, which cuts the word short." };
      try {
        return { value: utf8.decode(Uint8Array.from(bytes)), end: i + 1 };
      } catch {
        return { error: 'unsupported', message: "`$'…'` produces bytes that are not valid UTF-8." };
      }
    }
    if (c !== '\\') {
      // Copy a whole code point so surrogate pairs stay intact.
      const cp = text.codePointAt(i)!;
      const char = String.fromCodePoint(cp);
      pushText(char);
      i += char.length;
      continue;
    }
    const e = text[i + 1];
    if (e === undefined) break;
    if (Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, e)) {
      bytes.push(SIMPLE_ESCAPES[e]!);
      i += 2;
      continue;
    }
    if (e >= '0' && e <= '7') {
      const digits = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4))![0];
      bytes.push(parseInt(digits, 8) & 0xff);
      i += 1 + digits.length;
      continue;
    }
    if (e === 'x') {
      const digits = /^[0-9A-Fa-f]{1,2}/.exec(text.slice(i + 2, i + 4));
      if (!digits) return { error: 'unsupported', message: "`\\x` without hex digits in `$'…'`." };
      bytes.push(parseInt(digits[0], 16));
      i += 2 + digits[0].length;
      continue;
    }
    if (e === 'u' || e === 'U') {
      const digits = (e === 'u' ? /^[0-9A-Fa-f]{1,4}/ : /^[0-9A-Fa-f]{1,8}/).exec(text.slice(i + 2, i + 10));
      if (!digits) return { error: 'unsupported', message: `\`\\${e}\` without hex digits in \`$'…'\`.` };
      const cp = parseInt(digits[0], 16);
      if (cp === 0 || cp > 0x7f) {
        return { error: 'unsupported', message: `\`\\${e}${digits[0]}\` in \`$'…'\` depends on the shell's locale.` };
      }
      bytes.push(cp);
      i += 2 + digits[0].length;
      continue;
    }
    if (e === 'c') return { error: 'unsupported', message: "`\\c` control escapes in `$'…'` are not read by the gate." };
    // Any other escape keeps its backslash, as bash does.
    bytes.push(0x5c);
    i += 1;
  }
  return { error: 'unterminated', message: "A `$'` quote is never closed." };
}
