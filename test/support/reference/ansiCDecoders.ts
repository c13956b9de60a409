/**
 * The two `$'…'` decoders the gate had before `src/gate/reading/ansiCQuote.ts` became their one
 * home (copied verbatim from `src/gate/reading/ansiCQuote.ts` and
 * `src/gate/programs/executorPayloads.ts` at 173273a; only names changed, to keep them apart).
 * A migration aid, not a specification (D§15): `test/unit/reading/ansiCQuote.test.ts` holds the
 * merged decoders to these on every short body and many random ones, to show the merge changed
 * no output. Retire them once the table there is trusted on its own.
 */

type AnsiCDecoding =
  | { value: string; end: number }
  | { error: 'unterminated' | 'unsupported'; message: string };

const EXACT_SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  a: 0x07, b: 0x08, e: 0x1b, E: 0x1b, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b,
  '\\': 0x5c, "'": 0x27, '"': 0x22, '?': 0x3f,
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes the body of `$'…'` starting at `from` (just after the opening quote).
 * `end` is the index just after the closing quote.
 */
export function oldDecodeAnsiCQuote(text: string, from: number): AnsiCDecoding {
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
    if (Object.prototype.hasOwnProperty.call(EXACT_SIMPLE_ESCAPES, e)) {
      bytes.push(EXACT_SIMPLE_ESCAPES[e]!);
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

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9A-Fa-f]$/.test(c);
}

/**
 * Decodes the body of a bash `$'…'` word starting at `start` (just after the opening quote).
 * Returns the decoded text and the index just past the closing quote. Like bash, a NUL ends the
 * value (the rest up to the quote is dropped).
 */
export function oldApproximateAnsiCQuote(raw: string, start: number): { text: string; end: number } {
  let out = '';
  let i = start;
  let ended = false;
  const add = (s: string): void => {
    if (ended) return;
    const nul = s.indexOf('\0');
    if (nul !== -1) {
      out += s.slice(0, nul);
      ended = true;
    } else {
      out += s;
    }
  };
  while (i < raw.length) {
    const c = raw[i]!;
    if (c === "'") return { text: out, end: i + 1 };
    if (c !== '\\' || i + 1 >= raw.length) {
      add(c);
      i++;
      continue;
    }
    const e = raw[i + 1]!;
    i += 2;
    if (Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, e)) {
      add(SIMPLE_ESCAPES[e]!);
    } else if (e >= '0' && e <= '7') {
      let digits = e;
      while (digits.length < 3 && raw[i] !== undefined && raw[i]! >= '0' && raw[i]! <= '7') digits += raw[i++];
      add(String.fromCharCode(parseInt(digits, 8) & 0xff));
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const max = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      let digits = '';
      while (digits.length < max && isHex(raw[i])) digits += raw[i++];
      if (digits === '') {
        add('\\' + e);
      } else {
        const code = parseInt(digits, 16);
        add(code <= 0x10ffff ? String.fromCodePoint(code) : '');
      }
    } else if (e === 'c' && i < raw.length) {
      add(String.fromCharCode(raw.charCodeAt(i) & 0x1f));
      i++;
    } else {
      add('\\' + e);
    }
  }
  return { text: out, end: raw.length };
}

