/**
 * What `printf FORMAT ARGS…` and `echo -e ARGS…` print, worked out where that is exact: the
 * escapes of the format (`\n`, `\t`, `\\`, `\NNN`, `\xHH`, `\uHHHH`), the conversions `%s`, `%b`,
 * `%c`, `%%` and `%d`/`%i` of a whole number, with flags, width and precision, the format used again
 * while arguments are left. Anything else (`%f`, `%q`, `*` widths, a number that is not one) is
 * written as its argument's text and the answer is marked inexact: what the floor reads then is
 * approximate, never nothing. Linear in the length of the words (output bounded by
 * {@link MAX_PRINTED}).
 */

export interface Printed {
  readonly text: string;
  /** False when some part could only be approximated. */
  readonly exact: boolean;
}

/** Most characters worked out (a width can ask for more). */
const MAX_PRINTED = 64 * 1024;

/** The output of `printf ARGS…` (the words after `printf`, `--` and all), or null for `printf -v NAME` (no output). */
export function printfOutput(args: readonly string[]): Printed | null {
  let words = args;
  if (words[0] !== undefined && words[0].startsWith('-') && words[0] !== '-' && words[0] !== '--') return words[0].includes('v') ? null : { text: words.slice(1).join(' '), exact: false };
  if (words[0] === '--') words = words.slice(1);
  const format = words[0];
  if (format === undefined) return { text: '', exact: true };
  const rest = words.slice(1);
  const state = { out: '', exact: true, stopped: false, next: 0 };
  do {
    const used = state.next;
    formatOnce(format, rest, state);
    // A format without conversions is printed once; `\c` of `%b` stops everything.
    if (state.stopped || state.next === used) break;
  } while (state.next < rest.length && state.out.length < MAX_PRINTED);
  return { text: state.out.slice(0, MAX_PRINTED), exact: state.exact };
}

/** `echo -e` (and dash's echo) text: the words joined by blanks, escapes as `%b` reads them. */
export function echoEscapes(words: readonly string[]): Printed {
  const state = { out: '', exact: true, stopped: false, next: 0 };
  const text = escapes(words.join(' '), 'echo', state);
  return { text: text.slice(0, MAX_PRINTED), exact: state.exact };
}

interface FormatState {
  out: string;
  exact: boolean;
  stopped: boolean;
  /** The next argument to use. */
  next: number;
}

function formatOnce(format: string, args: readonly string[], state: FormatState): void {
  let k = 0;
  while (k < format.length && !state.stopped && state.out.length < MAX_PRINTED) {
    const c = format[k]!;
    if (c === '\\') {
      const end = escapeEnd(format, k, 'format');
      state.out += escapes(format.slice(k, end), 'format', state);
      k = end;
      continue;
    }
    if (c !== '%') {
      state.out += c;
      k++;
      continue;
    }
    const spec = /^%([-+ #0]*)([0-9]*|\*)(?:\.([0-9]*|\*))?([A-Za-z%])?/.exec(format.slice(k))!;
    k += spec[0].length;
    const [, flags = '', width = '', precision, conversion] = spec;
    if (conversion === '%') {
      // `%%` prints one `%`; with flags or a width in between, shells differ.
      if (spec[0] !== '%%') state.exact = false;
      state.out += '%';
      continue;
    }
    // Flags other than `-` (a sign, zero padding, `#`) are approximated.
    if (/[^-]/.test(flags)) state.exact = false;
    if (conversion === undefined || width === '*' || precision === '*') {
      state.exact = false;
      state.out += args[state.next++] ?? '';
      continue;
    }
    const arg = args[state.next++];
    let text: string;
    switch (conversion) {
      case 's':
        text = arg ?? '';
        break;
      case 'b':
        text = escapes(arg ?? '', 'argument', state);
        break;
      case 'c':
        // No argument prints a NUL; a character of more than one byte prints its first byte only.
        text = arg === undefined || arg === '' ? '\0' : arg.slice(0, 1);
        if (text.charCodeAt(0) > 0x7f) state.exact = false;
        break;
      case 'd':
      case 'i':
        if (arg === undefined || /^\s*[+-]?[0-9]{1,15}\s*$/.test(arg)) {
          text = String(arg === undefined ? 0 : Number.parseInt(arg, 10));
        } else {
          state.exact = false;
          text = arg;
        }
        break;
      default:
        state.exact = false;
        text = arg ?? '';
    }
    // Width and precision count bytes: exact for ASCII text only.
    if ((width !== '' || precision !== undefined) && /[^\x00-\x7f]/.test(text)) state.exact = false;
    if (precision !== undefined && (conversion === 's' || conversion === 'b')) text = text.slice(0, Number(precision || '0'));
    const size = Math.min(Number(width || '0'), MAX_PRINTED);
    if (text.length < size) text = flags.includes('-') ? text.padEnd(size) : text.padStart(size, flags.includes('0') && conversion !== 's' ? '0' : ' ');
    state.out += text;
  }
}

/**
 * Where escapes are read: printf's format, a `%b` argument, or `echo -e` text. They differ in
 * octal: the format takes `\NNN`; `%b` takes `\0NNN` or `\NNN`; echo only `\0NNN`. `%b` and
 * echo stop at `\c`.
 */
type EscapeContext = 'format' | 'argument' | 'echo';

/** Where the escape starting at `text[at]` (a backslash) ends. */
function escapeEnd(text: string, at: number, context: EscapeContext): number {
  const next = text[at + 1];
  if (next === undefined) return at + 1;
  if (context === 'echo' && /[1-7]/.test(next)) return at + 2;
  if (/[0-7]/.test(next)) {
    let end = at + 1;
    const most = context !== 'format' && next === '0' ? 4 : 3;
    while (end < text.length && end - at - 1 < most && /[0-7]/.test(text[end]!)) end++;
    return end;
  }
  if (next === 'x') return hexEnd(text, at + 2, 2);
  if (next === 'u') return hexEnd(text, at + 2, 4);
  if (next === 'U') return hexEnd(text, at + 2, 8);
  // An unknown escape prints its backslash, and the next character is read on its own (`\%s`).
  return Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, next) || (context !== 'format' && next === 'c') ? at + 2 : at + 1;
}

function hexEnd(text: string, from: number, most: number): number {
  let end = from;
  while (end < text.length && end - from < most && /[0-9A-Fa-f]/.test(text[end]!)) end++;
  return end;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '"': '"', "'": "'", '?': '?',
};

/** The text with its backslash escapes decoded as `context` reads them. */
function escapes(text: string, context: EscapeContext, state: FormatState): string {
  const argument = context !== 'format';
  let out = '';
  let k = 0;
  while (k < text.length) {
    const c = text[k]!;
    if (c !== '\\') {
      out += c;
      k++;
      continue;
    }
    const next = text[k + 1];
    const end = escapeEnd(text, k, context);
    if (next === undefined) {
      out += '\\';
    } else if (argument && next === 'c') {
      state.stopped = true;
      return out;
    } else if (context === 'echo' && /[1-7]/.test(next)) {
      out += text.slice(k, end);
    } else if (/[0-7]/.test(next)) {
      const digits = text.slice(k + 1, end);
      out += String.fromCharCode(Number.parseInt(argument && digits.length > 3 ? digits.slice(1) : digits, 8) & 0xff);
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const hex = text.slice(k + 2, end);
      if (hex === '') out += text.slice(k, end);
      else {
        const code = Number.parseInt(hex, 16);
        if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
          state.exact = false;
          out += text.slice(k, end);
        } else out += String.fromCodePoint(code);
      }
    } else if (Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, next)) {
      out += SIMPLE_ESCAPES[next]!;
    } else {
      out += text.slice(k, end);
    }
    k = end;
  }
  return out;
}
