/**
 * Bash's ANSI-C quoting, `$'…'`: the one home of its escapes, and the two decoders built on them.
 *
 * - {@link decodeAnsiCQuote} is exact, for the resolver: it refuses what it cannot know for
 *   certain (escapes whose result depends on the locale, `\u`/`\U` above ASCII; bytes that are
 *   not valid UTF-8; NUL, where bash cuts the word; `\c` control forms), and the command is then
 *   unresolved rather than guessed.
 * - {@link approximateAnsiCQuote} always gives a text, for readers of words the resolver did not
 *   settle (payload texts, the hardline text scan): each escape becomes the character of its
 *   value, a NUL ends the value as in bash, and nothing is refused.
 *
 * Both read each escape with {@link readAnsiCEscape}, so a `\x41` or a `\101` is the same escape
 * to both; only what they make of it differs.
 */

export type AnsiCDecoding =
  | { value: string; end: number }
  | { error: 'unterminated' | 'unsupported' | 'shell-difference'; message: string };

/** One escape of a `$'…'` body as bash reads it, before a decoder decides what to make of it. */
export type AnsiCEscape =
  /** `\a \b \e \E \f \n \r \t \v \\ \' \" \?`, octal `\NNN` (kept to a byte) or hex `\xHH`. */
  | { kind: 'byte'; byte: number; next: number }
  /** `\uHHHH`, `\UHHHHHHHH`: a code point (`code`), written as `digits`. */
  | { kind: 'unicode'; letter: 'u' | 'U'; digits: string; code: number; next: number }
  /** `\x`, `\u` or `\U` with no hex digit after it. */
  | { kind: 'no-digits'; letter: 'x' | 'u' | 'U'; next: number }
  /** `\c`: the control form of the character at `next`, if there is one. */
  | { kind: 'control'; next: number }
  /** Any other backslash: bash keeps it, and the character after it. */
  | { kind: 'other'; next: number };

/** The byte each single-letter escape stands for. */
const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  a: 0x07, b: 0x08, e: 0x1b, E: 0x1b, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b,
  '\\': 0x5c, "'": 0x27, '"': 0x22, '?': 0x3f,
};

/**
 * The escape whose backslash is at `i` (the caller has checked `text[i]` is `\` and that a
 * character follows it). `next` is the index just after the escape (for `control`: of the
 * character it applies to).
 */
export function readAnsiCEscape(text: string, i: number): AnsiCEscape {
  const e = text[i + 1]!;
  if (Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, e)) return { kind: 'byte', byte: SIMPLE_ESCAPES[e]!, next: i + 2 };
  if (e >= '0' && e <= '7') {
    const digits = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4))![0];
    return { kind: 'byte', byte: parseInt(digits, 8) & 0xff, next: i + 1 + digits.length };
  }
  if (e === 'x' || e === 'u' || e === 'U') {
    const max = e === 'x' ? 2 : e === 'u' ? 4 : 8;
    let digits = '';
    while (digits.length < max && isHex(text[i + 2 + digits.length])) digits += text[i + 2 + digits.length];
    if (digits === '') return { kind: 'no-digits', letter: e, next: i + 2 };
    const code = parseInt(digits, 16);
    const next = i + 2 + digits.length;
    return e === 'x' ? { kind: 'byte', byte: code, next } : { kind: 'unicode', letter: e, digits, code, next };
  }
  if (e === 'c') return { kind: 'control', next: i + 2 };
  return { kind: 'other', next: i + 2 };
}

function isOctalDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '7';
}

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9A-Fa-f]$/.test(c);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes the body of `$'…'` starting at `from` (just after the opening quote), exactly or not
 * at all. `end` is the index just after the closing quote.
 *
 * `alsoZsh`: the value must also be the one zsh 5.9 gives. zsh drops the backslash of an escape
 * bash keeps (`\~` is `~`, `\8` is `8`, and `\M-x`, `\C-x` are zsh's meta and control forms),
 * and does not keep an octal escape above `\377` to a byte: those are refused.
 */
export function decodeAnsiCQuote(text: string, from: number, alsoZsh = false): AnsiCDecoding {
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
    if (i + 1 >= text.length) break;
    const escape = readAnsiCEscape(text, i);
    switch (escape.kind) {
      case 'byte':
        if (alsoZsh && isOctalDigit(text[i + 1]) && parseInt(text.slice(i + 1, escape.next), 8) > 0o377) {
          return { error: 'shell-difference', message: `\`${text.slice(i, escape.next)}\` in \`$'…'\` is a different character in zsh than in bash.` };
        }
        bytes.push(escape.byte);
        i = escape.next;
        continue;
      case 'no-digits':
        return { error: 'unsupported', message: `\`\\${escape.letter}\` without hex digits in \`$'…'\`.` };
      case 'unicode':
        if (escape.code === 0 || escape.code > 0x7f) {
          return { error: 'unsupported', message: `\`\\${escape.letter}${escape.digits}\` in \`$'…'\` depends on the shell's locale.` };
        }
        bytes.push(escape.code);
        i = escape.next;
        continue;
      case 'control':
        return { error: 'unsupported', message: "`\\c` control escapes in `$'…'` are not read by the gate." };
      case 'other':
        if (alsoZsh) return { error: 'shell-difference', message: `\`${text.slice(i, i + 2)}\` in \`$'…'\`: bash keeps the backslash, zsh reads an escape of its own or drops it.` };
        // The backslash stays, as bash keeps it; the character after it is read as itself.
        bytes.push(0x5c);
        i += 1;
        continue;
    }
  }
  return { error: 'unterminated', message: "A `$'` quote is never closed." };
}

/**
 * Decodes the body of a bash `$'…'` word starting at `start` (just after the opening quote),
 * always: each escape becomes the character of its value (`\xff` is `ÿ`, not a byte), an
 * escape bash would keep stays as written. Returns the decoded text and the index just past
 * the closing quote (the end of `raw` when it is never closed). Like bash, a NUL ends the value
 * (the rest up to the quote is dropped).
 */
export function approximateAnsiCQuote(raw: string, start: number): { text: string; end: number } {
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
    const escape = readAnsiCEscape(raw, i);
    switch (escape.kind) {
      case 'byte':
        add(String.fromCharCode(escape.byte));
        break;
      case 'unicode':
        add(escape.code <= 0x10ffff ? String.fromCodePoint(escape.code) : '');
        break;
      case 'no-digits':
        add('\\' + escape.letter);
        break;
      case 'control':
        if (escape.next < raw.length) {
          add(String.fromCharCode(raw.charCodeAt(escape.next) & 0x1f));
          i = escape.next + 1;
          continue;
        }
        add('\\c');
        break;
      case 'other':
        add('\\' + raw[i + 1]!);
        break;
    }
    i = escape.next;
  }
  return { text: out, end: raw.length };
}
