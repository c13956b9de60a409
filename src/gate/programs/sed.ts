/**
 * GNU sed, read as GNU sed 4.9 reads it: the command line (which word is the script, which
 * options are set when each script is compiled) and the script language itself, so that the gate
 * knows every command in a sed invocation that runs a program or writes a file.
 *
 * The reader follows the control flow of sed's own compiler (`compile_program` and the helpers
 * it calls: addresses, `match_slash` with bracket expressions, labels, a/i/c/e text with its
 * backslash rules, file names to the end of the line, `s` flags) and of its option loop
 * (`getopt_long` over `bsnrzuEe:f:l:i::V:` and the long options). It is held to the real program
 * by `test/unit/programs/sedDifferential.test.ts` (docs/differential-testing.md).
 *
 * What it reports:
 * - executor forms: `e COMMAND` (the text sed hands to `/bin/sh -c`, exactly), `e` alone (runs
 *   the pattern space: known only at run time) and the `s///e` flag (runs the pattern space after
 *   the substitution; the replacement is reported as an approximation of it);
 * - writer forms: `w FILE`, `W FILE`, `s///w FILE` and `-i`/`--in-place` (rewrites the input
 *   files);
 * - the script file of `-f`/`--file`, which the gate cannot see, as unreadable.
 * Anything sed would reject (an unknown command or option, an unterminated `s`, extra characters
 * after a command, an unmatched brace) makes the whole reading unreadable: sed then runs nothing,
 * but a reader that disagrees with sed about what is an error could disagree about what runs, so
 * the gate refuses to vouch instead of guessing (fail closed).
 *
 * Assumptions, each erring towards seeing more: options are read both with GNU's permutation and
 * as if `POSIXLY_CORRECT` stopped them at the first operand, and a script counts as sandboxed only
 * when `--sandbox` precedes it in both readings. Characters outside ASCII are ordinary characters
 * (true in UTF-8 and single-byte locales, the ones terminals use); a non-ASCII `s`/`y` delimiter
 * is unreadable.
 */

/** One thing in a sed invocation that runs a program or writes a file. */
export interface SedForm {
  kind: 'executes' | 'writes';
  /** How sed spells it: `e`, `s///e`, `w`, `W`, `s///w`, `-i`. */
  form: string;
  /**
   * For `e COMMAND` the shell text sed runs; for `s///e` the replacement text (what runs when the
   * regexp matches the whole pattern space); for `w`/`W`/`s///w` the file name; for `-i` the
   * files it rewrites, space-separated. `null` when only the input decides (`e` alone).
   */
  text: string | null;
  /** True when `text` is exactly what runs or is written; false for an approximation. */
  exact: boolean;
  /** One line for the card and the rater: what this form does. */
  note: string;
}

export type SedReading =
  | { readable: true; forms: SedForm[] }
  | { readable: false; why: string; forms: SedForm[] };

/** A script chunk as sed compiles it: one `-e` value or the script operand. */
export interface SedScriptChunk {
  text: string;
  /** `--sandbox` was in force when sed compiled this chunk: e, r, w and s///e make sed refuse. */
  sandboxed: boolean;
}

const NOTES = {
  e: 'the e command runs its text as a shell command (or, alone, the pattern space)',
  's///e': "the s command's e flag runs the pattern space after the substitution as a shell command",
  w: 'the w command writes the pattern space to a file',
  W: 'the W command writes the first line of the pattern space to a file',
  's///w': "the s command's w flag writes each substituted line to a file",
  '-i': 'sed -i rewrites the files it reads',
} as const;

class Unreadable extends Error {}

const EOF = '';

function isBlank(ch: string): boolean {
  return ch === ' ' || ch === '\t';
}

/** C's isspace in the C and UTF-8 locales. */
function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\v' || ch === '\f' || ch === '\r';
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

/** a/i/c or e text that a chunk left open with a trailing backslash, continued by the next one. */
interface PendingText {
  form: 'e' | 'text';
  raw: string;
}

/**
 * Compiles the chunks in order as sed does, carrying what sed carries between them (open
 * blocks, unfinished text), and returns the forms found. Throws {@link Unreadable}.
 */
class SedScriptReader {
  private src = '';
  private pos = 0;
  private sandboxed = false;
  private depth = 0;
  private pending: PendingText | null = null;
  readonly forms: SedForm[] = [];
  /** Every command compiled, in order, for {@link sedEmptiedFiles}. */
  readonly commands: SedCommand[] = [];

  read(chunks: readonly SedScriptChunk[]): void {
    for (const chunk of chunks) {
      this.src = chunk.text;
      this.pos = 0;
      this.sandboxed = chunk.sandboxed;
      this.compileChunk();
    }
    // check_final_program: text still open is kept as it stands (unnormalised).
    if (this.pending) this.finishText(this.pending.raw, false);
    if (this.depth > 0) throw new Unreadable('a { block is not closed');
  }

  private inchar(): string {
    return this.pos < this.src.length ? this.src[this.pos++]! : EOF;
  }

  private savchar(ch: string): void {
    if (ch !== EOF) this.pos--;
  }

  private inNonblank(): string {
    let ch: string;
    do ch = this.inchar();
    while (isBlank(ch));
    return ch;
  }

  private inInteger(first: string): void {
    let ch = first;
    while (isDigit(ch)) ch = this.inchar();
    this.savchar(ch);
  }

  private readEndOfCmd(): void {
    const ch = this.inNonblank();
    if (ch === '}' || ch === '#') this.savchar(ch);
    else if (ch !== EOF && ch !== '\n' && ch !== ';') throw new Unreadable(`extra characters after a command: ${JSON.stringify(ch)}`);
  }

  private readLabel(): string {
    let label = '';
    let ch = this.inNonblank();
    while (ch !== EOF && ch !== '\n' && !isBlank(ch) && ch !== ';' && ch !== '}' && ch !== '#') {
      label += ch;
      ch = this.inchar();
    }
    this.savchar(ch);
    return label;
  }

  private readFilename(): string {
    if (this.sandboxed) throw new Unreadable('sed --sandbox refuses e, r and w');
    let name = '';
    let ch = this.inNonblank();
    while (ch !== EOF && ch !== '\n') {
      name += ch;
      ch = this.inchar();
    }
    if (name === '') throw new Unreadable('a r, R, w or W command without a file name');
    return name;
  }

  /** `match_slash`: the text up to the unescaped delimiter; null where sed reports an error. */
  private matchSlash(slash: string, regex: boolean): string | null {
    if (slash === EOF || slash.charCodeAt(0) > 0x7f) return null;
    let text = '';
    let ch: string;
    while ((ch = this.inchar()) !== EOF && ch !== '\n') {
      if (ch === slash) return text;
      if (ch === '\\') {
        ch = this.inchar();
        if (ch === EOF) break;
        if (ch !== '\n' && (ch !== slash || (!regex && ch === '&'))) text += '\\';
      } else if (ch === '[' && regex) {
        text += ch;
        ch = this.snarfCharClass();
        if (ch !== ']') break;
      }
      text += ch;
    }
    return null;
  }

  /** `snarf_char_class`: skips a bracket expression, returning the character that ended it. */
  private snarfCharClass(): string {
    let state = 0;
    let delim = '';
    let ch = this.inchar();
    if (ch === '^') ch = this.inchar();
    if (ch === ']') ch = this.inchar();
    for (;; ch = this.inchar()) {
      switch (ch) {
        case EOF:
        case '\n':
          return ch;
        case '.':
        case ':':
        case '=':
          if (state === 1) {
            delim = ch;
            state = 2;
            continue;
          }
          if (state === 2 && ch === delim) {
            state = 3;
            continue;
          }
          break;
        case '[':
          if (state === 0) state = 1;
          continue;
        case ']':
          if (state === 0 || state === 1) return ch;
          if (state === 3) state = 0;
          break;
        default:
          break;
      }
      state &= ~1;
    }
  }

  /** `compile_address`: reads one address if there is one. */
  private compileAddress(first: string): boolean {
    let ch = first;
    if (ch === '/' || ch === '\\') {
      if (ch === '\\') ch = this.inchar();
      if (this.matchSlash(ch, true) === null) throw new Unreadable('an unterminated address regexp');
      for (;;) {
        ch = this.inNonblank();
        if (ch !== 'I' && ch !== 'M') {
          this.savchar(ch);
          return true;
        }
      }
    }
    if (isDigit(ch)) {
      this.inInteger(ch);
      ch = this.inNonblank();
      if (ch !== '~') this.savchar(ch);
      else this.inInteger(this.inNonblank());
      return true;
    }
    if (ch === '+' || ch === '~') {
      this.inInteger(this.inNonblank());
      return true;
    }
    return ch === '$';
  }

  /**
   * `read_text`: a/i/c/e text to the first newline no backslash escapes. `leadin` is the first
   * character (or a newline when the text starts on the next character, or EOF at the end of a
   * chunk, where the text goes on in the next chunk). `form` null continues pending text.
   */
  private readText(form: PendingText['form'] | null, leadin: string): void {
    if (form !== null) this.pending = { form, raw: '' };
    const pending = this.pending!;
    if (leadin === EOF) return;
    if (leadin !== '\n') pending.raw += leadin;
    let ch = this.inchar();
    while (ch !== EOF && ch !== '\n') {
      if (ch === '\\') {
        ch = this.inchar();
        if (ch !== EOF) pending.raw += '\\';
      }
      if (ch === EOF) {
        // A backslash ends the chunk: the text continues in the next one.
        pending.raw += '\n';
        return;
      }
      pending.raw += ch;
      ch = this.inchar();
    }
    pending.raw += '\n';
    this.finishText(normalizeText(pending.raw), true);
  }

  private finishText(text: string, normalised: boolean): void {
    const pending = this.pending!;
    this.pending = null;
    if (pending.form !== 'e') return;
    // sed drops the last character (the newline read_text added) and hands the rest to popen as a
    // C string, which ends at the first NUL.
    const command = text.slice(0, -1);
    const nul = command.indexOf('\0');
    const exact = normalised && !/[\u0080-\uffff]/.test(command);
    this.forms.push({ kind: 'executes', form: 'e', text: nul === -1 ? command : command.slice(0, nul), exact, note: NOTES.e });
  }

  /** `mark_subst_opts`: the flags after `s/re/replacement/`. */
  private markSubstOpts(replacement: string): void {
    let printed = false;
    let global = false;
    let numbered = false;
    let evaluates = false;
    for (;;) {
      const ch = this.inNonblank();
      switch (ch) {
        case 'i':
        case 'I':
        case 'm':
        case 'M':
          continue;
        case 'e':
          evaluates = true;
          continue;
        case 'p':
          if (printed) throw new Unreadable("multiple 'p' options to 's'");
          printed = true;
          continue;
        case 'g':
          if (global) throw new Unreadable("multiple 'g' options to 's'");
          global = true;
          continue;
        case 'w': {
          const file = this.readFilename();
          this.forms.push({ kind: 'writes', form: 's///w', text: file, exact: true, note: NOTES['s///w'] });
          return this.substitutionEnds(evaluates, replacement);
        }
        case '}':
        case '#':
          this.savchar(ch);
          return this.substitutionEnds(evaluates, replacement);
        case EOF:
        case '\n':
        case ';':
          return this.substitutionEnds(evaluates, replacement);
        case '\r':
          if (this.inchar() === '\n') return this.substitutionEnds(evaluates, replacement);
          throw new Unreadable("unknown option to 's'");
        default:
          if (isDigit(ch)) {
            if (numbered) throw new Unreadable("multiple number options to 's'");
            numbered = true;
            const start = this.pos - 1;
            this.inInteger(ch);
            if (/^0+$/.test(this.src.slice(start, this.pos))) throw new Unreadable("number option to 's' may not be zero");
            continue;
          }
          throw new Unreadable(`unknown option to 's': ${JSON.stringify(ch)}`);
      }
    }
  }

  private substitutionEnds(evaluates: boolean, replacement: string): void {
    if (!evaluates) return;
    if (this.sandboxed) throw new Unreadable('sed --sandbox refuses s///e');
    this.forms.push({ kind: 'executes', form: 's///e', text: approximateReplacement(replacement), exact: false, note: NOTES['s///e'] });
  }

  /** `compile_program` over the current chunk. */
  private compileChunk(): void {
    if (this.pending) this.readText(null, '\n');
    for (;;) {
      let ch: string;
      while ((ch = this.inchar()) === ';' || isSpace(ch));
      if (ch === EOF) return;
      const addressStart = this.pos - 1;
      let address = '';
      if (this.compileAddress(ch)) {
        ch = this.inNonblank();
        if (ch === ',') {
          if (!this.compileAddress(this.inNonblank())) throw new Unreadable('a comma without a second address');
          ch = this.inNonblank();
        }
        address = this.src.slice(addressStart, this.pos - 1).replace(/[ \t]+/g, '');
      }
      let negated = false;
      if (ch === '!') {
        negated = true;
        ch = this.inNonblank();
        if (ch === '!') throw new Unreadable('multiple `!`s');
      }
      if (ch !== '#') this.commands.push({ letter: ch, address, negated, depth: this.depth });
      switch (ch) {
        case '#':
          while (ch !== EOF && ch !== '\n') ch = this.inchar();
          continue;
        case 'v':
          this.readLabel();
          continue;
        case '{':
          this.depth++;
          continue;
        case '}':
          if (this.depth === 0) throw new Unreadable('an unexpected }');
          this.depth--;
          this.readEndOfCmd();
          continue;
        case 'e':
          if (this.sandboxed) throw new Unreadable('sed --sandbox refuses e');
          ch = this.inNonblank();
          if (ch === EOF || ch === '\n') {
            this.forms.push({ kind: 'executes', form: 'e', text: null, exact: false, note: NOTES.e });
            continue;
          }
          this.textAfterCommand('e', ch);
          continue;
        case 'a':
        case 'i':
        case 'c':
          this.textAfterCommand('text', this.inNonblank());
          continue;
        case ':':
          if (this.readLabel() === '') throw new Unreadable('":" lacks a label');
          continue;
        case 'T':
        case 'b':
        case 't':
          this.readLabel();
          continue;
        case 'Q':
        case 'q':
        case 'L':
        case 'l':
          ch = this.inNonblank();
          if (isDigit(ch)) this.inInteger(ch);
          else this.savchar(ch);
          this.readEndOfCmd();
          continue;
        case '=':
        case 'd':
        case 'D':
        case 'F':
        case 'g':
        case 'G':
        case 'h':
        case 'H':
        case 'n':
        case 'N':
        case 'p':
        case 'P':
        case 'z':
        case 'x':
          this.readEndOfCmd();
          continue;
        case 'r':
        case 'R':
          this.readFilename();
          continue;
        case 'w':
        case 'W':
          this.forms.push({ kind: 'writes', form: ch, text: this.readFilename(), exact: true, note: NOTES[ch] });
          continue;
        case 's': {
          const slash = this.inchar();
          if (this.matchSlash(slash, true) === null) throw new Unreadable('an unterminated s command');
          const replacement = this.matchSlash(slash, false);
          if (replacement === null) throw new Unreadable('an unterminated s command');
          this.markSubstOpts(replacement);
          continue;
        }
        case 'y': {
          const slash = this.inchar();
          if (this.matchSlash(slash, false) === null || this.matchSlash(slash, false) === null) throw new Unreadable('an unterminated y command');
          this.readEndOfCmd();
          continue;
        }
        case EOF:
          throw new Unreadable('an address without a command');
        default:
          throw new Unreadable(`unknown command: ${JSON.stringify(ch)}`);
      }
    }
  }

  /** The part of `compile_program` shared by a/i/c and `e COMMAND` (`read_text_to_slash`). */
  private textAfterCommand(form: PendingText['form'], first: string): void {
    let ch = first;
    if (ch === EOF) throw new Unreadable('expected \\ after a, c or i');
    if (ch === '\\') ch = this.inchar();
    else {
      this.savchar(ch);
      ch = '\n';
    }
    this.readText(form, ch);
  }
}

/**
 * `normalize_text` for text buffers: the escapes sed decodes in a/i/c/e text (`\n`, `\t`, `\dNNN`,
 * `\oNNN`, `\xHH`, `\cX` …); before any other character the backslash is dropped.
 */
function normalizeText(raw: string): string {
  let out = '';
  let p = 0;
  while (p < raw.length) {
    if (raw[p] === '\\' && p + 1 < raw.length) {
      const c = raw[++p]!;
      const simple = SIMPLE_ESCAPES[c];
      if (simple !== undefined) {
        out += simple;
        p++;
        continue;
      }
      const base = c === 'd' ? 10 : c === 'x' ? 16 : c === 'o' ? 8 : 0;
      if (base !== 0) {
        const converted = convertNumber(raw, p, base);
        out += converted.char;
        p = converted.end;
        continue;
      }
      if (c === 'c') {
        if (++p < raw.length) {
          const target = raw[p]!;
          out += String.fromCharCode(target.toUpperCase().charCodeAt(0) ^ 0x40);
          if (target === '\\') {
            p++;
            if (raw[p] !== '\\') throw new Unreadable('recursive escaping after \\c not allowed');
          }
          p++;
        }
        continue;
      }
      // Any other character: the backslash goes, the character stays.
    }
    out += raw[p++];
  }
  return out;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', f: '\f', '\n': '\n', n: '\n', r: '\r', t: '\t', v: '\v' };

/** `convert_number`: up to the digits that fit a byte in `base`; no digit keeps the letter. */
function convertNumber(raw: string, at: number, base: number): { char: string; end: number } {
  let n = 0;
  let p = at + 1;
  for (let max = 1; p < raw.length && max <= 255; ++p, max *= base) {
    const d = parseInt(raw[p]!, 16);
    if (Number.isNaN(d) || d >= base) break;
    n = n * base + d;
  }
  return { char: p === at + 1 ? raw[at]! : String.fromCharCode(n & 0xff), end: p };
}

/**
 * What an `s///e` replacement contributes to the command it runs, escapes decoded and `&` left as
 * written: exact when the regexp matches the whole line, an approximation otherwise.
 */
function approximateReplacement(replacement: string): string {
  return normalizeText(replacement).replace(/\\([^0-9LUElu])/g, '$1');
}

// ---------------------------------------------------------------------------------------------
// The command line
// ---------------------------------------------------------------------------------------------

/** sed's long options and what they stand for (`has_arg`: 0 none, 1 required, 2 attached only). */
const LONG_OPTIONS: ReadonlyArray<{ name: string; short: string; hasArg: 0 | 1 | 2 }> = [
  { name: 'binary', short: 'b', hasArg: 0 },
  { name: 'regexp-extended', short: 'r', hasArg: 0 },
  { name: 'debug', short: 'debug', hasArg: 0 },
  { name: 'expression', short: 'e', hasArg: 1 },
  { name: 'file', short: 'f', hasArg: 1 },
  { name: 'in-place', short: 'i', hasArg: 2 },
  { name: 'line-length', short: 'l', hasArg: 1 },
  { name: 'null-data', short: 'z', hasArg: 0 },
  { name: 'zero-terminated', short: 'z', hasArg: 0 },
  { name: 'quiet', short: 'n', hasArg: 0 },
  { name: 'posix', short: 'posix', hasArg: 0 },
  { name: 'silent', short: 'n', hasArg: 0 },
  { name: 'sandbox', short: 'sandbox', hasArg: 0 },
  { name: 'separate', short: 's', hasArg: 0 },
  { name: 'unbuffered', short: 'u', hasArg: 0 },
  { name: 'version', short: 'version', hasArg: 0 },
  { name: 'help', short: 'help', hasArg: 0 },
  { name: 'follow-symlinks', short: 'F', hasArg: 0 },
];

/** Short options without a value, with a required value, and with an attached optional one. */
const SHORT_FLAGS = 'bsnrzuE';
const SHORT_WITH_VALUE = 'efl';

/** A compiled command: its letter, its address as written (blanks dropped; '' for none), `!`, and the block depth. */
interface SedCommand {
  letter: string;
  address: string;
  negated: boolean;
  depth: number;
}

/** Commands that print nothing when auto-print is off (`-n`): they only delete or move text between the spaces. */
const SILENT_COMMANDS = new Set(['d', 'D', 'h', 'H', 'g', 'G', 'x', 'z', 'n', 'N', '{', '}']);

/**
 * The files `sed -i` leaves empty, read from the script: every command is `d` and one of them
 * deletes every line (`d`, `1,$d`), or auto-print is off (`-n`) and no command prints (`-n ''`,
 * `-n d`). GNU's reading of the options (all count); a BSD `-i ''` is also read as the suffix
 * with the next word the script. Empty when the script may keep a line or sed cannot be read.
 */
export function sedEmptiedFiles(args: readonly string[]): string[] {
  const out = emptiedOneWay(args);
  const bsd = args.findIndex((word, k) => word === '' && args[k - 1] === '-i');
  if (bsd !== -1) out.push(...emptiedOneWay([...args.slice(0, bsd), ...args.slice(bsd + 1)]));
  return out;
}

function emptiedOneWay(args: readonly string[]): string[] {
  let line: SedCommandLine;
  try {
    line = scanCommandLine(args);
  } catch {
    return [];
  }
  if (!line.options.some((o) => o.option === 'i') || line.options.some((o) => o.option === 'f')) return [];
  const chunks: SedScriptChunk[] = line.options.filter((o) => o.option === 'e').map((o) => ({ text: o.value!, sandboxed: false }));
  const scriptOperand = chunks.length === 0;
  if (scriptOperand) {
    if (line.operands[0] === undefined) return [];
    chunks.push({ text: line.operands[0].word, sandboxed: false });
  }
  const reader = new SedScriptReader();
  try {
    reader.read(chunks);
  } catch {
    return [];
  }
  const commands = reader.commands;
  const quiet = line.options.some((o) => o.option === 'n');
  const deletesAll =
    commands.every((c) => c.letter === 'd') && commands.some((c) => !c.negated && c.depth === 0 && (c.address === '' || c.address === '1,$' || EVERY_LINE_ADDRESS.test(c.address)));
  const files = line.operands.slice(scriptOperand ? 1 : 0).map((operand) => operand.word);
  if (!deletesAll && !(quiet && commands.every((c) => SILENT_COMMANDS.has(c.letter)))) {
    // An account database loses the root account's line (`sed -i '/^root:/d' /etc/passwd`):
    // the system's own account is gone, as when the file is emptied.
    const deletesRoot = commands.every((c) => c.letter === 'd') && commands.some((c) => !c.negated && c.depth === 0 && addressesRootLine(c.address));
    return deletesRoot ? files.filter((file) => ACCOUNT_DATABASE.test(file)) : [];
  }
  return files;
}

/** The account databases, where the root account's line is the first (`/etc/passwd`, `/etc/shadow`, `/etc/group`, the BSDs' `master.passwd`). */
const ACCOUNT_DATABASE = /(?:^|\/)etc\/(?:passwd|shadow|group|gshadow|master\.passwd)$/;

/** The root account's line in each account database, as the address is tried on. */
const ROOT_LINES = ['root:x:0:0:root:/root:/bin/bash', 'root:$6$salt$hash:19700:0:99999:7:::', 'root:x:0:', 'root:*:0:0::0:0:Charlie &:/root:/bin/sh'];

/**
 * An address that picks the root account's line: line 1, or a regular expression matching it
 * (`/^root:/`, `/:0:0:/`, `\,root,`), read as an extended one (a basic one's `\(`, `\+` as such).
 */
function addressesRootLine(address: string): boolean {
  if (address === '1') return true;
  const match = /^(?:\/(.*)\/|\\(.)(.*)\2)I?$/s.exec(address);
  const pattern = match === null ? null : (match[1] ?? match[3] ?? null);
  if (pattern === null || pattern === '') return false;
  try {
    const regexp = new RegExp(pattern.replace(/\\([(){}|+?])/g, '$1'));
    return ROOT_LINES.some((line) => regexp.test(line));
  } catch {
    return false;
  }
}

/**
 * A regexp address that every line of a file that lists things matches (every non-empty line):
 * `.`, `^`, `$`, `.*`, `^.*$`, `.\+`, `^.` between slashes or `\cREGEXc`. A system file such as
 * `/etc/passwd` has no empty line, so `sed -i '/./d'` empties it as `d` does.
 */
const EVERY_LINE_ADDRESS = /^(?:\/|\\(.))(?:\^|\$|\^?\.\*?|\.\*\$|\^\.\*\$|\^?\.\\?\+)(?:\/|\1)I?$/;

/** One option as getopt hands it to sed's loop, in command-line order. */
type SedOption = { option: string; value: string | null; word: string };

interface SedCommandLine {
  options: SedOption[];
  /** Non-option words in order, each with how many options came before it. */
  operands: Array<{ word: string; optionsBefore: number }>;
}

/** getopt_long's reading of sed's argv (with permutation). Throws {@link Unreadable}. */
function scanCommandLine(args: readonly string[]): SedCommandLine {
  const options: SedOption[] = [];
  const operands: SedCommandLine['operands'] = [];
  let onlyOperands = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (onlyOperands || word === '-' || !word.startsWith('-')) {
      operands.push({ word, optionsBefore: options.length });
      continue;
    }
    if (word === '--') {
      onlyOperands = true;
      continue;
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const given = eq === -1 ? word.slice(2) : word.slice(2, eq);
      const exact = LONG_OPTIONS.find((o) => o.name === given);
      const candidates = exact ? [exact] : LONG_OPTIONS.filter((o) => o.name.startsWith(given));
      const distinct = new Set(candidates.map((o) => `${o.short}/${o.hasArg}`));
      if (candidates.length === 0) throw new Unreadable(`an option sed does not know: ${word}`);
      if (distinct.size > 1) throw new Unreadable(`an ambiguous option: ${word}`);
      const option = candidates[0]!;
      let value: string | null = eq === -1 ? null : word.slice(eq + 1);
      if (option.hasArg === 0 && value !== null) throw new Unreadable(`${word}: the option takes no value`);
      if (option.hasArg === 1 && value === null) {
        if (i + 1 >= args.length) throw new Unreadable(`${word} needs a value`);
        value = args[++i]!;
      }
      options.push({ option: option.short, value, word });
      continue;
    }
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      const rest = word.slice(k + 1);
      if (SHORT_WITH_VALUE.includes(letter)) {
        let value = rest;
        if (rest === '') {
          if (i + 1 >= args.length) throw new Unreadable(`-${letter} needs a value`);
          value = args[++i]!;
        }
        options.push({ option: letter, value, word });
        break;
      }
      if (letter === 'i') {
        options.push({ option: 'i', value: rest === '' ? null : rest, word });
        break;
      }
      // `-V` is in sed's option string but has no case in its loop: a usage error.
      if (!SHORT_FLAGS.includes(letter)) throw new Unreadable(`an option sed does not know: -${letter}`);
      options.push({ option: letter, value: null, word });
    }
  }
  return { options, operands };
}

/**
 * Reads a whole sed invocation: `args` are the words after the program name, all literal.
 * Never throws.
 *
 * Two readings of the options are taken and their forms joined: GNU's (getopt permutes, so every
 * `-e` counts and the script operand is compiled after all options) and POSIXLY_CORRECT's (options
 * stop at the first operand). Either unreadable makes the whole unreadable.
 */
export function readSedInvocation(args: readonly string[]): SedReading {
  const forms: SedForm[] = [];
  let line: SedCommandLine;
  try {
    line = scanCommandLine(args);
  } catch (error) {
    return { readable: false, why: reason(error), forms };
  }
  const scriptFile = line.options.find((o) => o.option === 'f');
  if (scriptFile) return { readable: false, why: `${scriptFile.word} reads the script from a file the gate cannot see`, forms };
  const first = line.operands[0];
  let why: string | null = null;
  // Each reading on its own, so that the forms of one are kept when the other is unreadable.
  for (const optionCount of new Set([line.options.length, first?.optionsBefore ?? line.options.length])) {
    const reader = new SedScriptReader();
    try {
      readOneWay(line, optionCount, reader, forms);
    } catch (error) {
      why ??= reason(error);
    } finally {
      forms.push(...reader.forms);
    }
  }
  return why === null ? { readable: true, forms } : { readable: false, why, forms };
}

/** One reading of the options: the first `optionCount` of them count, the rest are operands. */
function readOneWay(line: SedCommandLine, optionCount: number, reader: SedScriptReader, forms: SedForm[]): void {
  const options = line.options.slice(0, optionCount);
  const sandboxedAt = (count: number): boolean => options.slice(0, count).some((o) => o.option === 'sandbox');
  const chunks: SedScriptChunk[] = [];
  options.forEach((o, index) => {
    if (o.option === 'e') chunks.push({ text: o.value!, sandboxed: sandboxedAt(index) });
  });
  let scriptOperand = false;
  if (chunks.length === 0) {
    const first = line.operands[0];
    // No script at all: sed prints its usage and exits without reading anything.
    if (first === undefined) return;
    chunks.push({ text: first.word, sandboxed: sandboxedAt(options.length) });
    scriptOperand = true;
  }
  if (options.some((o) => o.option === 'i')) {
    const files = line.operands.slice(scriptOperand ? 1 : 0).map((operand) => operand.word);
    forms.push({ kind: 'writes', form: '-i', text: files.join(' '), exact: false, note: NOTES['-i'] });
  }
  reader.read(chunks);
}

function reason(error: unknown): string {
  if (error instanceof Unreadable) return error.message;
  return `the sed reader failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** Reads one sed script as if given alone (`sed SCRIPT`). Never throws. */
export function readSedScript(script: string): SedReading {
  return readSedInvocation(['--', script]);
}
