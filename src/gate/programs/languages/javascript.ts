/**
 * A JavaScript tokenizer for the code reader: `'…'` and `"…"` strings with their escapes decoded,
 * template literals with each `${…}` as a token list of its own (templates nest), regular
 * expression literals (told from division by the token before them), `//` and `/* *\/` comments
 * dropped (and a `#!` line at the start), `\u` escapes in names decoded (`\u0065val` is `eval`).
 * HTML-like comments (`<!--`) are read as code: reading more never hides a call. Linear.
 */
import { hexChar, operatorAt, type StringPart, type Token, type Tokens } from './tokens';

const NAME_START = /[\p{ID_Start}$_]/u;
const NAME_PART = /[\p{ID_Continue}$_\u200c\u200d]/u;

/** Keywords after which a `/` starts a regular expression, not a division. */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

interface State {
  unreadable: string | null;
}

/** Tokenizes JavaScript (or TypeScript read as JavaScript) source. */
export function tokenizeJavaScript(src: string): Tokens {
  const state: State = { unreadable: null };
  let from = 0;
  if (src.startsWith('#!')) {
    const end = src.indexOf('\n');
    from = end === -1 ? src.length : end;
  }
  const { tokens } = tokenizeFrom(src, from, false, state);
  return { tokens, unreadable: state.unreadable };
}

function regexAllowed(previous: Token | undefined): boolean {
  if (previous === undefined) return true;
  if (previous.kind === 'number' || previous.kind === 'string') return false;
  if (previous.kind === 'name') return BEFORE_EXPRESSION.has(previous.value);
  return !(previous.value === ')' || previous.value === ']' || previous.value === '}');
}

/** Tokens from `start`; with `inTemplate`, stops at the `}` that closes a `${` (its index is returned). */
function tokenizeFrom(src: string, start: number, inTemplate: boolean, state: State): { tokens: Token[]; end: number } {
  const tokens: Token[] = [];
  let depth = 0;
  let i = start;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '/' && src[i + 1] === '/') {
      const end = src.slice(i).search(/[\n\r\u2028\u2029]/);
      i = end === -1 ? src.length : i + end;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      if (end === -1) {
        state.unreadable ??= 'an unterminated comment';
        return { tokens, end: src.length };
      }
      i = end + 2;
      continue;
    }
    if (/\s/.test(c) || c === '\ufeff') {
      i++;
      continue;
    }
    if (inTemplate && c === '}' && depth === 0) return { tokens, end: i };
    if (c === "'" || c === '"') {
      i = readString(src, i, tokens, state);
      continue;
    }
    if (c === '`') {
      i = readTemplate(src, i, tokens, state);
      continue;
    }
    if (c === '/' && regexAllowed(tokens[tokens.length - 1])) {
      i = readRegex(src, i, tokens, state);
      continue;
    }
    const cp = src.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (NAME_START.test(ch) || c === '\\') {
      const name = readName(src, i);
      if (name === null) {
        state.unreadable ??= 'a backslash outside a string';
        tokens.push({ kind: 'punct', value: c, start: i });
        i++;
        continue;
      }
      tokens.push({ kind: 'name', value: name.value, start: i });
      i = name.end;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < src.length && /[0-9A-Za-z_.]/.test(src[j]!)) j++;
      tokens.push({ kind: 'number', value: src.slice(i, j), start: i });
      i = j;
      continue;
    }
    // `?.5` is a conditional and a number, not optional chaining.
    const op = src.startsWith('?.', i) && /[0-9]/.test(src[i + 2] ?? '') ? '?' : operatorAt(src, i);
    if (op === '(' || op === '[' || op === '{') depth++;
    else if (op === ')' || op === ']' || op === '}') depth--;
    tokens.push({ kind: 'punct', value: op, start: i });
    i += op.length;
  }
  if (inTemplate) state.unreadable ??= 'a template substitution without its closing brace';
  return { tokens, end: i };
}

/** A name at `i` with `\uXXXX` / `\u{…}` escapes decoded; null when a backslash starts no escape. */
function readName(src: string, i: number): { value: string; end: number } | null {
  let value = '';
  let j = i;
  while (j < src.length) {
    if (src[j] === '\\') {
      if (src[j + 1] !== 'u') return value === '' ? null : { value, end: j };
      const unicode = unicodeEscape(src, j);
      if (unicode === null) return value === '' ? null : { value, end: j };
      value += unicode.text;
      j = unicode.end;
      continue;
    }
    const ch = String.fromCodePoint(src.codePointAt(j)!);
    if (!(value === '' ? NAME_START : NAME_PART).test(ch)) break;
    value += ch;
    j += ch.length;
  }
  return value === '' ? null : { value, end: j };
}

/** `\uXXXX` or `\u{…}` at `j` (the backslash). */
function unicodeEscape(src: string, j: number): { text: string; end: number } | null {
  if (src[j + 2] === '{') {
    const close = src.indexOf('}', j + 3);
    if (close === -1) return null;
    const text = hexChar(src.slice(j + 3, close));
    return text === null ? null : { text, end: close + 1 };
  }
  const hex = src.slice(j + 2, j + 6);
  const text = hex.length === 4 ? hexChar(hex) : null;
  return text === null ? null : { text, end: j + 6 };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0', '\n': '', '\u2028': '', '\u2029': '' };

/** One escape at `j` (the backslash) of a string or template. */
function escape(src: string, j: number): { text: string; end: number } {
  const next = src[j + 1]!;
  if (next === '0' && /[0-9]/.test(src[j + 2] ?? '')) {
    const digits = /^[0-7]{1,3}/.exec(src.slice(j + 1, j + 4))?.[0] ?? '0';
    return { text: String.fromCharCode(parseInt(digits, 8)), end: j + 1 + digits.length };
  }
  if (Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, next)) return { text: SIMPLE_ESCAPES[next]!, end: j + 2 };
  if (next === '\r') return { text: '', end: src[j + 2] === '\n' ? j + 3 : j + 2 };
  if (/[1-7]/.test(next)) {
    const digits = /^[0-7]{1,3}/.exec(src.slice(j + 1, j + 4))![0];
    return { text: String.fromCharCode(parseInt(digits, 8)), end: j + 1 + digits.length };
  }
  if (next === 'x') {
    const text = hexChar(src.slice(j + 2, j + 4));
    if (text !== null && src.slice(j + 2, j + 4).length === 2) return { text, end: j + 4 };
  }
  if (next === 'u') {
    const unicode = unicodeEscape(src, j);
    if (unicode !== null) return unicode;
  }
  // Any other escaped character is itself (`\q` is `q`).
  return { text: next, end: j + 2 };
}

function readString(src: string, i: number, tokens: Token[], state: State): number {
  const quote = src[i]!;
  let j = i + 1;
  let text = '';
  while (j < src.length) {
    const c = src[j]!;
    if (c === quote) {
      tokens.push({ kind: 'string', value: text, start: i });
      return j + 1;
    }
    if (c === '\n' || c === '\r') break;
    if (c === '\\' && j + 1 < src.length) {
      const decoded = escape(src, j);
      text += decoded.text;
      j = decoded.end;
      continue;
    }
    text += c;
    j++;
  }
  state.unreadable ??= 'an unterminated string';
  tokens.push({ kind: 'string', value: text, start: i });
  return j;
}

function readTemplate(src: string, i: number, tokens: Token[], state: State): number {
  let j = i + 1;
  let text = '';
  const parts: StringPart[] = [];
  while (j < src.length) {
    const c = src[j]!;
    if (c === '`') {
      if (text !== '') parts.push(text);
      tokens.push({ kind: 'string', value: parts.filter((part): part is string => typeof part === 'string').join(''), start: i, parts });
      return j + 1;
    }
    if (c === '\\' && j + 1 < src.length) {
      const decoded = escape(src, j);
      text += decoded.text;
      j = decoded.end;
      continue;
    }
    if (c === '$' && src[j + 1] === '{') {
      if (text !== '') parts.push(text);
      text = '';
      const inner = tokenizeFrom(src, j + 2, true, state);
      parts.push(inner.tokens);
      j = inner.end + 1;
      continue;
    }
    text += c === '\r' ? (src[j + 1] === '\n' ? '' : '\n') : c;
    j++;
  }
  state.unreadable ??= 'an unterminated template';
  if (text !== '') parts.push(text);
  tokens.push({ kind: 'string', value: parts.filter((part): part is string => typeof part === 'string').join(''), start: i, parts });
  return j;
}

function readRegex(src: string, i: number, tokens: Token[], state: State): number {
  let j = i + 1;
  let inClass = false;
  while (j < src.length) {
    const c = src[j]!;
    if (c === '\n') break;
    if (c === '\\') {
      j += 2;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      const body = src.slice(i + 1, j);
      j++;
      while (j < src.length && /[A-Za-z]/.test(src[j]!)) j++;
      tokens.push({ kind: 'string', value: body, start: i, flavour: 'regex' });
      return j;
    }
    j++;
  }
  // Not a regular expression after all: read the `/` as an operator (reading on never hides code).
  state.unreadable ??= 'a slash the tokenizer could not place';
  tokens.push({ kind: 'punct', value: '/', start: i });
  return i + 1;
}
