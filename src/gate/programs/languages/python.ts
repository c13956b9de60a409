/**
 * A Python tokenizer for the code reader: strings in every quote form (`'…'`, `"…"`, `'''…'''`,
 * `"""…"""`) with their `r`, `b`, `f`, `u` prefixes (any case, any order Python accepts) and
 * escapes decoded, f-string replacement fields as token lists of their own (nested quotes as
 * Python 3.12 reads them), `#` comments dropped, names NFKC-folded as Python folds identifiers
 * (`ｏｓ.system` is `os.system`). Linear in the length of the code.
 */
import { hexChar, operatorAt, type StringPart, type Token, type Tokens } from './tokens';

const NAME_START = /[\p{L}\p{Nl}_\u1885\u1886\u2118\u212e\u309b\u309c]/u;
const NAME_PART = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_\u00b7\u0387\u1369-\u1371\u19da]/u;
const PREFIX = /^(?:[rRuUbBfF]|[rR][bBfF]|[bBfF][rR])$/;

/** Tokenizes Python source. */
export function tokenizePython(src: string): Tokens {
  const state = { unreadable: null as string | null };
  const { tokens } = tokenizeFrom(src, 0, false, state);
  return { tokens, unreadable: state.unreadable };
}

interface State {
  unreadable: string | null;
}

/**
 * Tokens from `i`; with `inField`, stops at the `}`, `!` or `:` that ends an f-string
 * replacement field's expression at bracket depth 0 (the index returned is that character's).
 */
function tokenizeFrom(src: string, start: number, inField: boolean, state: State): { tokens: Token[]; end: number } {
  const tokens: Token[] = [];
  let depth = 0;
  let i = start;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '#') {
      const end = src.indexOf('\n', i);
      i = end === -1 ? src.length : end;
      continue;
    }
    if (c === '\\' && (src[i + 1] === '\n' || (src[i + 1] === '\r' && src[i + 2] === '\n'))) {
      i += src[i + 1] === '\n' ? 2 : 3;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (inField && depth === 0 && (c === '}' || (c === '!' && src[i + 1] !== '=') || c === ':')) return { tokens, end: i };
    if (c === "'" || c === '"') {
      i = readString(src, i, '', tokens, state);
      continue;
    }
    const cp = src.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (NAME_START.test(ch) || (cp > 0x7f && NAME_START.test(ch.normalize('NFKC')[0] ?? ''))) {
      let j = i + ch.length;
      while (j < src.length) {
        const next = String.fromCodePoint(src.codePointAt(j)!);
        if (!NAME_PART.test(next) && !(next.codePointAt(0)! > 0x7f && NAME_PART.test(next.normalize('NFKC')[0] ?? ''))) break;
        j += next.length;
      }
      const word = src.slice(i, j);
      if ((src[j] === "'" || src[j] === '"') && PREFIX.test(word)) {
        i = readString(src, j, word.toLowerCase(), tokens, state);
        continue;
      }
      tokens.push({ kind: 'name', value: word.normalize('NFKC'), start: i });
      i = j;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < src.length && /[0-9A-Za-z_.]/.test(src[j]!)) j++;
      tokens.push({ kind: 'number', value: src.slice(i, j), start: i });
      i = j;
      continue;
    }
    const op = operatorAt(src, i);
    if (op === '(' || op === '[' || op === '{') depth++;
    else if (op === ')' || op === ']' || op === '}') depth--;
    tokens.push({ kind: 'punct', value: op, start: i });
    i += op.length;
  }
  if (inField) state.unreadable ??= 'an f-string replacement field without its closing brace';
  return { tokens, end: i };
}

/** Reads the string whose opening quote is at `i`; returns the index past it. */
function readString(src: string, i: number, prefix: string, tokens: Token[], state: State): number {
  const quote = src[i]!;
  const triple = src.startsWith(quote.repeat(3), i);
  const delimiter = triple ? quote.repeat(3) : quote;
  const raw = prefix.includes('r');
  const bytes = prefix.includes('b');
  const formatted = prefix.includes('f');
  const start = i - prefix.length;
  let j = i + delimiter.length;
  let text = '';
  const parts: StringPart[] = [];
  let ended = false;
  while (j < src.length) {
    if (src.startsWith(delimiter, j)) {
      j += delimiter.length;
      ended = true;
      break;
    }
    const c = src[j]!;
    if (!triple && c === '\n') break;
    if (c === '\\') {
      const next = src[j + 1];
      if (next === undefined) break;
      if (raw) {
        // A raw string keeps the backslash, and the quote after it does not end the string.
        text += c + next;
        j += 2;
        continue;
      }
      const decoded = escape(src, j, bytes);
      text += decoded.text;
      j = decoded.end;
      continue;
    }
    if (formatted && c === '{') {
      if (src[j + 1] === '{') {
        text += '{';
        j += 2;
        continue;
      }
      if (text !== '') parts.push(text);
      text = '';
      const field = tokenizeFrom(src, j + 1, true, state);
      parts.push(field.tokens);
      j = skipFieldTail(src, field.end, state);
      continue;
    }
    if (formatted && c === '}' && src[j + 1] === '}') {
      text += '}';
      j += 2;
      continue;
    }
    text += c;
    j++;
  }
  if (!ended) state.unreadable ??= 'an unterminated string';
  if (formatted) {
    if (text !== '') parts.push(text);
    const value = parts.filter((part): part is string => typeof part === 'string').join('');
    tokens.push({ kind: 'string', value, start, parts });
  } else {
    tokens.push(bytes ? { kind: 'string', value: text, start, flavour: 'bytes' } : { kind: 'string', value: text, start });
  }
  return j;
}

/** After a replacement field's expression: `!r`, `:spec` (nested fields counted), to past the `}`. */
function skipFieldTail(src: string, i: number, state: State): number {
  let depth = 0;
  let j = i;
  while (j < src.length) {
    const c = src[j]!;
    if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) return j + 1;
      depth--;
    }
    j++;
  }
  state.unreadable ??= 'an f-string replacement field without its closing brace';
  return j;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v', '\n': '' };

/** One escape of a non-raw string at `j` (the backslash). Unknown escapes keep their backslash, as Python does. */
function escape(src: string, j: number, bytes: boolean): { text: string; end: number } {
  const next = src[j + 1]!;
  if (Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, next)) return { text: SIMPLE_ESCAPES[next]!, end: j + 2 };
  if (next === '\r') return { text: '', end: src[j + 2] === '\n' ? j + 3 : j + 2 };
  if (/[0-7]/.test(next)) {
    const digits = /^[0-7]{1,3}/.exec(src.slice(j + 1, j + 4))![0];
    return { text: String.fromCharCode(parseInt(digits, 8)), end: j + 1 + digits.length };
  }
  const widths: Record<string, number> = bytes ? { x: 2 } : { x: 2, u: 4, U: 8 };
  const width = widths[next];
  if (width !== undefined) {
    const decoded = hexChar(src.slice(j + 2, j + 2 + width));
    if (decoded !== null && src.slice(j + 2, j + 2 + width).length === width) return { text: decoded, end: j + 2 + width };
  }
  if (next === 'N' && !bytes && src[j + 2] === '{') {
    const close = src.indexOf('}', j + 3);
    if (close !== -1) return { text: NAMED_CHARACTERS[src.slice(j + 3, close).toUpperCase()] ?? '\uFFFD', end: close + 1 };
  }
  return { text: '\\' + next, end: j + 2 };
}

/** The `\N{…}` names a command is spelled with; any other name decodes to U+FFFD (the text is then not exact). */
const NAMED_CHARACTERS: Readonly<Record<string, string>> = {
  SPACE: ' ',
  SOLIDUS: '/',
  'REVERSE SOLIDUS': '\\',
  'HYPHEN-MINUS': '-',
  'FULL STOP': '.',
  TILDE: '~',
  SEMICOLON: ';',
  AMPERSAND: '&',
  'VERTICAL LINE': '|',
  'LINE FEED': '\n',
  'CHARACTER TABULATION': '\t',
  'DOLLAR SIGN': '$',
  ASTERISK: '*',
  'QUOTATION MARK': '"',
  APOSTROPHE: "'",
  'LESS-THAN SIGN': '<',
  'GREATER-THAN SIGN': '>',
  'EQUALS SIGN': '=',
  'COMMERCIAL AT': '@',
  COLON: ':',
  'LEFT PARENTHESIS': '(',
  'RIGHT PARENTHESIS': ')',
  ...Object.fromEntries(Array.from({ length: 26 }, (_, k) => [`LATIN SMALL LETTER ${String.fromCharCode(65 + k)}`, String.fromCharCode(97 + k)])),
  ...Object.fromEntries(Array.from({ length: 26 }, (_, k) => [`LATIN CAPITAL LETTER ${String.fromCharCode(65 + k)}`, String.fromCharCode(65 + k)])),
  ...Object.fromEntries(['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'].map((name, k) => [`DIGIT ${name}`, String(k)])),
};
