/**
 * The awk reader (D§4.3, D§6): reads an awk command line — options and program text — the way
 * mawk 1.3.4 and gawk 5 do, and reports every construct through which the program can run a
 * command, write a file, load code the gate cannot see, or reach the network. This module owns
 * awk's grammar: the carve-out row, the hardline floor's payload reader and the differential
 * harness all read awk through it.
 *
 * The contract is "exact or refuse": a construct the reader cannot place for sure is reported as
 * an `unreadable` form, which every caller treats like an executor form. Each reading rule is
 * held to the real mawk and gawk by `test/unit/awkDifferential.test.ts`.
 *
 * How the program text is read:
 * - A tokenizer follows the awk lexers: string literals with their escapes, regexp literals
 *   (`/` starts one exactly where an operand is expected — gawk decides by its parser state,
 *   mawk by the previous token; where the two could differ, the reading is `unreadable`),
 *   comments `#…` to the end of the line, backslash-newline continuations, newlines as tokens.
 * - A second pass tracks parentheses, brackets, braces and the extent of each `print`/`printf`
 *   statement, because that is what makes `>` a redirection: inside a print statement's argument
 *   list and outside any parentheses it is output redirection (both lexers: gawk's `in_print &&
 *   in_parens == 0`, mawk's print flag and paren count); everywhere else it is a comparison.
 * - Every `|` (and gawk's `|&`) is a pipe: awk has no other use for the character outside strings
 *   and regexps. `>>` is always an append redirection. `system` is the only builtin that runs a
 *   command; gawk's `@f(…)` indirect calls can reach it, and `@include`/`@load` load code.
 */

import { printfOutput } from './printfFormat';

/** Whose reading applies: one implementation, or every awk a system's `awk`/`nawk` could be. */
export type AwkDialect = 'gawk' | 'mawk' | 'any';

/**
 * `credentials`: the program reads the environment (`ENVIRON`), where tokens and keys live; it
 * prints only what the program prints, so it is no executor, but no allow entry vouches for it
 * unless it spells the program.
 */
export type AwkFormKind = 'executor' | 'writer' | 'loader' | 'network' | 'credentials' | 'unreadable';

/** One construct of an awk command that does more than read its input and print. */
export interface AwkForm {
  kind: AwkFormKind;
  /** What the construct is, for messages: `system()`, `print | cmd`, `print > file`, `-f`, … */
  construct: string;
  /**
   * Executor forms: the text awk hands to `sh -c`, when the command is string literals only and
   * every awk of the dialect decodes their escapes alike; null otherwise. Writer forms: the file
   * name when it is one literal. Other forms: null.
   */
  text: string | null;
  /**
   * Executor forms whose `text` is null: the concatenation of the string literals in the
   * command expression, for the hardline floor's approximate reading (never used to vouch).
   */
  approximateText?: string;
  /**
   * `print … | CMD`, `printf … | CMD`: the string literals the statement prints into the command
   * (joined by a space where a comma separates them, as OFS does), approximate; undefined when it
   * prints none. The command reads them on its input: a shell runs them.
   */
  printed?: string;
  /** Why the form was reported (for `unreadable`: what could not be read). */
  detail?: string;
}

/** What a whole awk command line does, as far as the gate is concerned. */
export interface AwkReading {
  /** Every executor, writer, loader, network and unreadable form, in reading order. */
  forms: AwkForm[];
  /** The program texts read (the operand, or every `-e`/`--source` value), for diagnostics. */
  programs: string[];
  /** gawk's `--sandbox` is on: system(), pipes, redirections and extensions are refused by gawk. */
  sandboxed: boolean;
}

/** The awk reading of a program name (the basename, lower-cased): gawk and mawk are themselves. */
export function awkDialectOf(program: string): AwkDialect {
  return program === 'gawk' ? 'gawk' : program === 'mawk' ? 'mawk' : 'any';
}

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

type OptionRole =
  /** A flag or a value that is data (`-F`, `-v var=value`: awk decodes escapes in it, but it stays data). */
  | 'data'
  /** Program text (`-e`, `--source`). */
  | 'source'
  /** Loads code from a file or a library the gate cannot see. */
  | 'loader'
  /** Writes a file (a profile, a pretty-printed program, a variable dump). */
  | 'writer'
  /** gawk's debugger: its commands (read from stdin or a file) evaluate awk code. */
  | 'debugger'
  /** gawk's `--sandbox`. */
  | 'sandbox'
  /** mawk's `-W` (and gawk's, which spells long options with it): read by {@link readDashW}. */
  | 'dash-w';

type OptionArity = 'flag' | 'value' | 'optional';

interface OptionSpec {
  arity: OptionArity;
  role: OptionRole;
}

/**
 * Short options, as the union of gawk 5.2 (`gawk --help`) and mawk 1.3.4 (`mawk -W usage`). A
 * letter neither knows is unreadable: mawk refuses it, but other awks (the BWK awk of the BSDs
 * and macOS) warn and go on, and then the next word may be the program.
 */
const SHORT_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  F: { arity: 'value', role: 'data' },
  v: { arity: 'value', role: 'data' },
  f: { arity: 'value', role: 'loader' },
  e: { arity: 'value', role: 'source' },
  E: { arity: 'value', role: 'loader' },
  i: { arity: 'value', role: 'loader' },
  l: { arity: 'value', role: 'loader' },
  W: { arity: 'value', role: 'dash-w' },
  d: { arity: 'optional', role: 'writer' },
  D: { arity: 'optional', role: 'debugger' },
  L: { arity: 'optional', role: 'data' },
  o: { arity: 'optional', role: 'writer' },
  p: { arity: 'optional', role: 'writer' },
  S: { arity: 'flag', role: 'sandbox' },
  ...Object.fromEntries([...'bcCghIMnNOPrstV'].map((letter) => [letter, { arity: 'flag', role: 'data' } as OptionSpec])),
};

/** gawk's long options (mawk 1.3.4 knows none: it refuses them all, which runs nothing). */
const LONG_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'field-separator': { arity: 'value', role: 'data' },
  assign: { arity: 'value', role: 'data' },
  source: { arity: 'value', role: 'source' },
  file: { arity: 'value', role: 'loader' },
  exec: { arity: 'value', role: 'loader' },
  include: { arity: 'value', role: 'loader' },
  load: { arity: 'value', role: 'loader' },
  'dump-variables': { arity: 'optional', role: 'writer' },
  'pretty-print': { arity: 'optional', role: 'writer' },
  profile: { arity: 'optional', role: 'writer' },
  debug: { arity: 'optional', role: 'debugger' },
  lint: { arity: 'optional', role: 'data' },
  sandbox: { arity: 'flag', role: 'sandbox' },
  ...Object.fromEntries(
    [
      'characters-as-bytes', 'traditional', 'copyright', 'gen-pot', 'help', 'usage', 'bignum', 'use-lc-numeric', 'non-decimal-data',
      'optimize', 'posix', 're-interval', 'no-optimize', 'lint-old', 'version', 'trace',
    ].map((name) => [name, { arity: 'flag', role: 'data' } as OptionSpec]),
  ),
};

/**
 * `-W` values every awk reads as harmless: mawk's `version`, `usage`, `help`, `interactive`,
 * `posix_space`, `sprintf=N`, `random=N` (gawk takes `-W NAME` as `--NAME`, and for these it
 * either prints and exits or refuses an unknown option). Anything else — `exec` (mawk: the program
 * file), `dump` (gawk: `--dump-variables`, a write), `sandbox` (mawk ignores it: "vacuous
 * option"), abbreviations, comma lists — is read as unreadable.
 */
const HARMLESS_DASH_W = /^(version|usage|help|interactive|posix_space|(sprintf|random)=[0-9]+)$/;

/** Long option names `given` stands for: itself, else every name it abbreviates (getopt_long). */
function longCandidates(given: string): string[] {
  if (Object.prototype.hasOwnProperty.call(LONG_OPTIONS, given)) return [given];
  if (given === '') return [];
  return Object.keys(LONG_OPTIONS).filter((name) => name.startsWith(given));
}

/**
 * Reads an awk command line: `args` are the words after the program name, `program` its
 * lower-cased basename (`awk`, `gawk`, `mawk`, `nawk`).
 *
 * Options end at `--` or at the first word that is not an option (every awk stops there: later
 * words are ARGV). Without `-f`/`-E`/`-e`/`--source` the first operand is the program text; the
 * rest are input files or `var=value` assignments (data). Never throws.
 */
export function readAwkCommand(args: readonly string[], program: string): AwkReading {
  const dialect = awkDialectOf(program);
  const forms: AwkForm[] = [];
  const sources: string[] = [];
  let programFromFile = false;
  let sandboxed = false;
  const unreadable = (word: string, detail: string): void => {
    forms.push({ kind: 'unreadable', construct: word, text: null, detail });
  };
  const take = (word: string, role: OptionRole, value: string | null): void => {
    switch (role) {
      case 'data':
        return;
      case 'source':
        if (value !== null) sources.push(value);
        return;
      case 'loader':
        programFromFile = true;
        forms.push({ kind: 'loader', construct: word, text: null, detail: 'loads program text or an extension the gate cannot see' });
        return;
      case 'writer':
        forms.push({ kind: 'writer', construct: word, text: value, detail: 'writes a profile, a pretty-printed program or a variable dump' });
        return;
      case 'debugger':
        forms.push({ kind: 'executor', construct: word, text: null, detail: "gawk's debugger evaluates awk code from its commands" });
        return;
      case 'sandbox':
        // Only gawk promises a sandbox; mawk refuses -S, and the BWK awk warns and runs on.
        if (dialect === 'gawk') sandboxed = true;
        return;
      case 'dash-w':
        // gawk spells its long options `-W NAME` too; mawk ignores `-W sandbox` ("vacuous option").
        if (dialect === 'gawk' && value === 'sandbox') sandboxed = true;
        else if (value === null || !HARMLESS_DASH_W.test(value)) unreadable(word, `-W ${value ?? ''} could load a program file, write a dump or change how the program is read`);
        return;
    }
  };

  let i = 0;
  for (; i < args.length; i++) {
    const word = args[i]!;
    if (word === '--') {
      i++;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const given = eq === -1 ? word.slice(2) : word.slice(2, eq);
      const names = longCandidates(given);
      const specs = names.map((name) => LONG_OPTIONS[name]!);
      if (specs.length === 0) {
        unreadable(word, 'an option the gate does not know could change which word is the awk program');
        continue;
      }
      // An ambiguous abbreviation makes gawk stop; read it as every option it could be.
      const arities = new Set(specs.map((spec) => spec.arity));
      if (arities.size > 1) {
        unreadable(word, 'an ambiguous abbreviation');
        continue;
      }
      let value: string | null = eq === -1 ? null : word.slice(eq + 1);
      if (value === null && specs[0]!.arity === 'value') value = i + 1 < args.length ? args[++i]! : null;
      for (const spec of specs) take(word, spec.role, value);
      continue;
    }
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      const spec = Object.prototype.hasOwnProperty.call(SHORT_OPTIONS, letter) ? SHORT_OPTIONS[letter]! : null;
      if (spec === null) {
        unreadable(word, `the option -${letter} is not one the gate knows`);
        break;
      }
      if (spec.arity === 'flag') {
        take(word, spec.role, null);
        continue;
      }
      const rest = word.slice(k + 1);
      let value: string | null = rest === '' ? null : rest;
      if (value === null && spec.arity === 'value') value = i + 1 < args.length ? args[++i]! : null;
      take(word, spec.role, value);
      break;
    }
  }

  let operands = args.slice(i);
  if (sources.length === 0 && !programFromFile && operands.length > 0) {
    sources.push(operands[0]!);
    operands = operands.slice(1);
  }
  // gawk opens `/inet/…` input files as network connections.
  if (dialect !== 'mawk') {
    for (const operand of operands) {
      if (isInetName(operand)) forms.push({ kind: 'network', construct: operand, text: operand, detail: "gawk opens /inet/ files as network connections" });
    }
  }
  if (sources.length > 0) {
    // gawk reads several -e texts as one program with a newline between them (no token, string or
    // continuation spans two of them: it reports an error at the end of each text instead).
    for (const source of sources) {
      if (/\\$/.test(source)) unreadable('-e', 'a program text ends with a backslash');
    }
    const programForms = readAwkProgram(sources.join('\n'), dialect);
    for (const form of programForms) {
      // Under --sandbox gawk refuses system(), pipes, redirections, /inet and ARGV additions at
      // run time; what the gate cannot read, and @include/@load, it still refuses to vouch for.
      if (sandboxed && (form.kind === 'executor' || form.kind === 'writer' || form.kind === 'network') && !form.construct.startsWith('@')) continue;
      forms.push(form);
    }
  }
  return { forms, programs: sources, sandboxed };
}

function isInetName(name: string): boolean {
  return /^\/inet[46]?\//.test(name);
}

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

type TokenKind = 'string' | 'regexp' | 'number' | 'name' | 'punct' | 'newline' | 'at';

interface Token {
  kind: TokenKind;
  /** punct: the operator; name: the identifier; string: the decoded value (see `exact`). */
  value: string;
  /** Strings only: every awk of the dialect decodes this literal to `value`. */
  exact: boolean;
  /** Offset of the token in the program text. */
  at: number;
}

/** Thrown inside the reader when the text cannot be read for sure; becomes an `unreadable` form. */
class Unreadable extends Error {}

const KEYWORDS = new Set([
  'BEGIN', 'END', 'BEGINFILE', 'ENDFILE', 'function', 'func', 'if', 'else', 'while', 'for', 'do', 'break', 'continue', 'next', 'nextfile',
  'exit', 'return', 'delete', 'in', 'getline', 'print', 'printf', 'switch', 'case', 'default',
]);

/**
 * Names after which `/` starts a regexp in both awks (an operand is expected). Any other keyword
 * or builtin name before `/` is unreadable: `length / 2` is a division for gawk and a regexp for
 * mawk, and after `getline`, `in`, `$`, `++`, `--` the two lexers are not known to agree.
 */
const REGEXP_AFTER_NAMES = new Set(['print', 'printf', 'return', 'exit', 'case', 'do', 'else']);

const BUILTINS = new Set([
  'length', 'substr', 'index', 'split', 'sub', 'gsub', 'match', 'sprintf', 'sin', 'cos', 'atan2', 'exp', 'log', 'sqrt', 'int', 'rand',
  'srand', 'tolower', 'toupper', 'system', 'close', 'fflush', 'gensub', 'strftime', 'systime', 'mktime', 'and', 'or', 'xor', 'lshift',
  'rshift', 'compl', 'asort', 'asorti', 'patsplit', 'isarray', 'typeof', 'strtonum', 'bindtextdomain', 'dcgettext', 'dcngettext', 'mkbool',
]);

/** Multi-character operators, longest first. */
const OPERATORS = ['**=', '&&', '||', '|&', '>>', '>=', '<=', '==', '!=', '!~', '++', '--', '+=', '-=', '*=', '/=', '%=', '^=', '**'];
const SINGLE = '{}()[];,+-*%^!><|?:~$=/';

/** Where the next `/` starts a regexp (`regexp`), is a division (`divide`), or cannot be told. */
type SlashContext = 'regexp' | 'divide' | 'unsure';

/** Escapes both mawk and gawk decode (and BWK awk): the character each stands for. */
const COMMON_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * Splits `text` into tokens, deciding at each `/` from the previous token whether it starts a
 * regexp: after a `)` that closes the condition of `if`/`while`/`for`/`switch` a statement
 * follows, so it does; after any other `)` it is a division.
 */
function tokenize(text: string, dialect: AwkDialect): Token[] {
  const tokens: Token[] = [];
  /** For each open `(`: whether it belongs to if/while/for/switch. */
  const parens: boolean[] = [];
  let slash: SlashContext = 'regexp';
  let i = 0;
  const push = (kind: TokenKind, value: string, at: number, exact = true): void => {
    tokens.push({ kind, value, exact, at });
  };
  while (i < text.length) {
    const c = text[i]!;
    const start = i;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '\\') {
      // Outside strings and regexps a backslash only continues a line.
      if (text[i + 1] === '\n') {
        i += 2;
        continue;
      }
      throw new Unreadable('a backslash that does not end a line');
    }
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '\n') {
      push('newline', '\n', start);
      slash = 'regexp';
      i++;
      continue;
    }
    if (c === '"') {
      const read = readString(text, i + 1, dialect);
      push('string', read.value, start, read.exact);
      i = read.end;
      slash = 'divide';
      continue;
    }
    if (c === '/' && slash !== 'divide') {
      if (slash === 'unsure') throw new Unreadable('a "/" that mawk and gawk may read differently (division or regexp)');
      const end = readRegexp(text, i + 1, dialect);
      push('regexp', text.slice(i + 1, end - 1), start);
      i = end;
      slash = 'divide';
      continue;
    }
    if (/[0-9.]/.test(c) && (c !== '.' || /[0-9]/.test(text[i + 1] ?? ''))) {
      // Numbers (decimal, exponent, gawk's 0x…): every form ends an operand, which is all that matters.
      while (i < text.length && /[0-9A-Za-z_.]/.test(text[i]!)) {
        if ((text[i] === 'e' || text[i] === 'E') && (text[i + 1] === '+' || text[i + 1] === '-') && /[0-9]/.test(text[i + 2] ?? '')) i += 2;
        else i++;
      }
      push('number', text.slice(start, i), start);
      slash = 'divide';
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i]!)) i++;
      const name = text.slice(start, i);
      // gawk's qualified names (`ns::name`) are not read: mawk has none, and gawk forbids reserved
      // second components, but the reader does not follow namespaces.
      if (text.startsWith('::', i)) throw new Unreadable('a namespace-qualified name');
      push('name', name, start);
      if (REGEXP_AFTER_NAMES.has(name)) slash = 'regexp';
      else if (KEYWORDS.has(name) || BUILTINS.has(name)) slash = 'unsure';
      else slash = 'divide';
      continue;
    }
    if (c === '@') {
      push('at', '@', start);
      slash = 'unsure';
      i++;
      continue;
    }
    const operator = OPERATORS.find((op) => text.startsWith(op, i));
    if (operator !== undefined) {
      push('punct', operator, start);
      i += operator.length;
      // After `++`/`--` the lexers are not known to agree (postfix: division; prefix: nonsense).
      slash = operator === '++' || operator === '--' ? 'unsure' : 'regexp';
      continue;
    }
    if (SINGLE.includes(c)) {
      push('punct', c, start);
      i++;
      if (c === '(') {
        const before = tokens[tokens.length - 2];
        parens.push(before !== undefined && before.kind === 'name' && ['if', 'while', 'for', 'switch'].includes(before.value));
        slash = 'regexp';
      } else if (c === ')') {
        if (parens.length === 0) throw new Unreadable('a ")" without its "("');
        // After the condition of if/while/for a statement starts (gawk: a regexp may; mawk reads
        // a division there, which no statement can start with: it stops with a syntax error).
        slash = parens.pop()! ? 'regexp' : 'divide';
      } else if (c === ']') {
        slash = 'divide';
      } else if (c === '$') {
        slash = 'unsure';
      } else {
        slash = 'regexp';
      }
      continue;
    }
    throw new Unreadable(`the character ${JSON.stringify(c)} outside a string`);
  }
  return tokens;
}

/**
 * Reads a string literal whose body starts at `start`; returns its decoded value, whether every
 * awk of the dialect decodes it to exactly that (and it holds no NUL or byte above 0x7f written as
 * an escape, which would not survive as text), and the index past the closing quote.
 */
function readString(text: string, start: number, dialect: AwkDialect): { value: string; exact: boolean; end: number } {
  let value = '';
  let exact = true;
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return { value, exact, end: i + 1 };
    if (c === '\n') throw new Unreadable('an unterminated string');
    if (c !== '\\') {
      value += c;
      i++;
      continue;
    }
    const e = text[i + 1];
    if (e === undefined) throw new Unreadable('an unterminated string');
    i += 2;
    if (e === '\n') continue; // backslash-newline continues the string in both awks
    if (Object.prototype.hasOwnProperty.call(COMMON_ESCAPES, e)) {
      value += COMMON_ESCAPES[e];
      continue;
    }
    if (e >= '0' && e <= '7') {
      let digits = e;
      while (digits.length < 3 && /[0-7]/.test(text[i] ?? '')) digits += text[i++];
      const code = parseInt(digits, 8);
      if (code === 0 || code > 0x7f) exact = false;
      value += String.fromCharCode(code & 0xff);
      continue;
    }
    if (e === 'x' && /[0-9A-Fa-f]/.test(text[i] ?? '')) {
      // Both take at most two hex digits (gawk 5 and mawk 1.3.4 alike).
      let digits = '';
      while (digits.length < 2 && /[0-9A-Fa-f]/.test(text[i] ?? '')) digits += text[i++];
      const code = parseInt(digits, 16);
      if (code === 0 || code > 0x7f) exact = false;
      value += String.fromCharCode(code);
      continue;
    }
    // Any other escape: gawk drops the backslash (with a warning), mawk keeps it.
    if (dialect === 'gawk') value += e;
    else if (dialect === 'mawk') value += '\\' + e;
    else {
      value += '\\' + e;
      exact = false;
    }
  }
  throw new Unreadable('an unterminated string');
}

/**
 * Reads a regexp literal whose body starts at `start`; returns the index past the closing `/`.
 * A backslash escapes the next character. gawk and mawk also let a bracket expression hold a `/`
 * (`/[/]/`); other awks end the regexp there, so for `any` such a regexp is unreadable.
 */
function readRegexp(text: string, start: number, dialect: AwkDialect): number {
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') throw new Unreadable('an unterminated regexp');
    if (c === '\\') {
      if (text[i + 1] === '\n' || text[i + 1] === undefined) throw new Unreadable('a backslash-newline in a regexp');
      i += 2;
      continue;
    }
    if (c === '/') return i + 1;
    if (c === '[') {
      const end = bracketEnd(text, i);
      if (end === -1) throw new Unreadable('an unterminated bracket expression in a regexp');
      if (dialect === 'any' && /(^|[^\\])(\\\\)*\//.test(text.slice(i, end))) throw new Unreadable('an unescaped "/" inside a bracket expression (awks differ)');
      i = end;
      continue;
    }
    i++;
  }
  throw new Unreadable('an unterminated regexp');
}

/**
 * The index past the `]` that closes the bracket expression opening at `open`, or -1. A `]` right
 * after `[` or `[^` is a member; `[:class:]`, `[.x.]`, `[=x=]` are read whole; a backslash escapes
 * the next character. A newline ends the search (no awk lets a regexp span lines).
 */
function bracketEnd(text: string, open: number): number {
  let i = open + 1;
  if (text[i] === '^') i++;
  if (text[i] === ']') i++;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') return -1;
    if (c === '\\') {
      if (text[i + 1] === '\n' || text[i + 1] === undefined) return -1;
      i += 2;
      continue;
    }
    if (c === '[' && /[:.=]/.test(text[i + 1] ?? '')) {
      const close = text.indexOf(text[i + 1]! + ']', i + 2);
      const newline = text.indexOf('\n', i);
      if (close === -1 || (newline !== -1 && newline < close)) return -1;
      i = close + 2;
      continue;
    }
    if (c === ']') return i + 1;
    i++;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

/**
 * Output files both mawk and gawk handle themselves (no open: they write to their own stdout or
 * stderr, which the command line's redirections already account for), plus the bit bucket. gawk
 * also takes `-` as its stdout; mawk creates a file named `-`.
 */
const HARMLESS_OUTPUT_FILES = new Set(['/dev/stdout', '/dev/stderr', '/dev/null']);
const GAWK_HARMLESS_OUTPUT_FILES = new Set([...HARMLESS_OUTPUT_FILES, '-']);

/** Tokens that end a statement: after one, a redirection's target is complete. */
function endsStatement(token: Token | undefined): boolean {
  return token === undefined || token.kind === 'newline' || (token.kind === 'punct' && (token.value === ';' || token.value === '}'));
}

/** Tokens that can end an operand: a newline after one ends the statement. */
function endsOperand(token: Token | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === 'string' || token.kind === 'regexp' || token.kind === 'number') return true;
  if (token.kind === 'name') return !KEYWORDS.has(token.value) || ['getline', 'next', 'nextfile', 'exit', 'return', 'break', 'continue', 'print', 'printf'].includes(token.value);
  return token.kind === 'punct' && [')', ']', '++', '--'].includes(token.value);
}

/** Tokens after which a string starts a fresh expression (it is not the tail of a concatenation). */
function startsExpression(token: Token | undefined, closesControl: boolean): boolean {
  if (token === undefined || token.kind === 'newline') return true;
  if (token.kind === 'name') return token.value === 'else' || token.value === 'do';
  if (token.kind !== 'punct') return false;
  if (token.value === ')') return closesControl;
  return ['(', '{', ';', '}'].includes(token.value);
}

/** Tokens after a `getline < "file"` source that cannot continue it as a concatenation. */
function endsGetlineSource(token: Token | undefined): boolean {
  if (token === undefined || endsStatement(token)) return true;
  return token.kind === 'punct' && [')', ']', '>', '<', '>=', '<=', '==', '!=', '&&', '||', '?', ':', ','].includes(token.value);
}

const ASSIGNMENTS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '^=', '**=', '++', '--']);

/**
 * Every executor, writer, loader, network and unreadable form in an awk program text. A text
 * that cannot be read for sure gives one `unreadable` form (and whatever was found before it is
 * dropped: the reading is not trusted). Never throws.
 */
export function readAwkProgram(text: string, dialect: AwkDialect): AwkForm[] {
  try {
    return formsOf(tokenize(text, dialect), dialect);
  } catch (error) {
    const detail = error instanceof Unreadable ? error.message : `the reader failed: ${error instanceof Error ? error.message : String(error)}`;
    return [{ kind: 'unreadable', construct: 'program', text: null, detail }];
  }
}

/**
 * The string literals of an awk program text, escapes like `\n` decoded and others dropped to their
 * character: for the hardline floor's approximate reading of a program the reader could not place.
 * One awk may run a program the other rejects (`system("…"); x = length / 2` is division to gawk), and
 * a floor dodged by making the program unreadable would be no floor (D§5). Never used to vouch.
 */
export function stringLiteralsOf(text: string): string[] {
  const literals: string[] = [];
  for (const match of text.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)) {
    const value = match[1]!.replace(/\\(.)/g, (_escape, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
    if (value.trim() !== '') literals.push(value);
  }
  return literals;
}

interface OpenParen {
  control: boolean;
  /** The function called, for calls (`sub(…)`), else null. */
  call: string | null;
  /** Commas seen at this depth (the argument index). */
  commas: number;
}

function formsOf(tokens: readonly Token[], dialect: AwkDialect): AwkForm[] {
  const forms: AwkForm[] = [];
  const parens: OpenParen[] = [];
  let brackets = 0;
  let braces = 0;
  /** The paren depth at which the current print/printf statement started, or -1 outside one. */
  let printDepth = -1;
  /** The index of the current print/printf keyword (what it prints follows it). */
  let printStart = -1;
  /** Whether the `)` at each index closed an if/while/for/switch condition. */
  const closedControl = new Set<number>();
  const gawkish = dialect !== 'mawk';

  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    const previous = tokens[k - 1];
    switch (token.kind) {
      case 'newline':
        if (endsOperand(previous)) printDepth = -1;
        continue;
      case 'string':
        if (gawkish && isInetName(token.value)) forms.push({ kind: 'network', construct: `"${token.value}"`, text: token.value, detail: 'gawk special file /inet/' });
        continue;
      case 'regexp':
      case 'number':
        continue;
      case 'at': {
        forms.push(atForm(tokens, k));
        continue;
      }
      case 'name':
        if (token.value === 'print' || token.value === 'printf') {
          printDepth = parens.length;
          printStart = k;
        } else if (token.value === 'system') {
          forms.push(systemForm(tokens, k));
        } else if (token.value === 'getline' && gawkish) {
          const source = getlineSource(tokens, k);
          if (source !== null) forms.push(source);
        } else if (token.value === 'ENVIRON') {
          forms.push({ kind: 'credentials', construct: 'ENVIRON', text: null, detail: 'ENVIRON holds the environment, secrets among them' });
        } else if (gawkish && token.value === 'SYMTAB') {
          forms.push({ kind: 'network', construct: 'SYMTAB', text: null, detail: 'SYMTAB can change ARGV, which gawk may open as /inet/ files' });
        } else if (gawkish && token.value === 'ARGV' && argvMayChange(tokens, k, parens)) {
          forms.push({ kind: 'network', construct: 'ARGV', text: null, detail: 'a changed ARGV element can name a gawk /inet/ file that the main loop opens' });
        }
        continue;
      case 'punct':
        break;
    }
    switch (token.value) {
      case '(':
        parens.push({
          control: previous !== undefined && previous.kind === 'name' && ['if', 'while', 'for', 'switch'].includes(previous.value),
          call: previous !== undefined && previous.kind === 'name' && !KEYWORDS.has(previous.value) ? previous.value : null,
          commas: 0,
        });
        break;
      case ')': {
        const open = parens.pop();
        if (open === undefined) return unreadableForms('a ")" without its "("');
        if (open.control) closedControl.add(k);
        break;
      }
      case ',':
        if (parens.length > 0) parens[parens.length - 1]!.commas++;
        break;
      case '[':
        brackets++;
        break;
      case ']':
        if (--brackets < 0) return unreadableForms('a "]" without its "["');
        break;
      case '{':
        braces++;
        break;
      case '}':
        if (--braces < 0) return unreadableForms('a "}" without its "{"');
        printDepth = -1;
        break;
      case ';':
        printDepth = -1;
        break;
      case '|':
      case '|&':
        forms.push(pipeForm(tokens, k, printDepth === parens.length, closedControl, printStart));
        break;
      case '>>':
        forms.push(redirectionForm(tokens, k));
        break;
      case '>':
        if (printDepth !== -1 && printDepth === parens.length) forms.push(redirectionForm(tokens, k));
        break;
      default:
        break;
    }
  }
  if (parens.length !== 0) return unreadableForms('unbalanced parentheses');
  if (brackets !== 0) return unreadableForms('unbalanced brackets');
  if (braces !== 0) return unreadableForms('unbalanced braces');
  const harmless = dialect === 'gawk' ? GAWK_HARMLESS_OUTPUT_FILES : HARMLESS_OUTPUT_FILES;
  return forms.filter((form) => form.kind !== 'writer' || form.text === null || !harmless.has(form.text));
}

function unreadableForms(detail: string): AwkForm[] {
  return [{ kind: 'unreadable', construct: 'program', text: null, detail }];
}

/** The string tokens from `from` up to (not including) `to`, concatenated. */
function stringsBetween(tokens: readonly Token[], from: number, to: number): string {
  let text = '';
  for (let k = from; k < to; k++) if (tokens[k]!.kind === 'string') text += tokens[k]!.value;
  return text;
}

/**
 * The string tokens of a print statement's arguments, a space where a comma separates two (OFS);
 * for `printf` with only string arguments, its format applied to them (printfFormat.ts).
 */
function printedBetween(tokens: readonly Token[], from: number, to: number): string {
  let text = '';
  const args: string[] = [''];
  let onlyStrings = true;
  for (let k = from; k < to; k++) {
    const token = tokens[k]!;
    if (token.kind === 'string') {
      text += token.value;
      args[args.length - 1] += token.value;
    } else if (token.kind === 'punct' && token.value === ',') {
      text += ' ';
      args.push('');
    } else if (!(token.kind === 'punct' && (token.value === '(' || token.value === ')'))) {
      onlyStrings = false;
    }
  }
  if (tokens[from - 1]?.value !== 'printf' || !onlyStrings) return text;
  return printfOutput(args)?.text ?? text;
}

/** The index of the `)` matching the `(` at `open`, or -1. */
function matchingParen(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.kind !== 'punct') continue;
    if (token.value === '(') depth++;
    else if (token.value === ')' && --depth === 0) return k;
  }
  return -1;
}

/** An executor form with the command text when exact, else the approximate text. */
function executor(construct: string, exactText: string | null, approximate: string): AwkForm {
  return exactText !== null
    ? { kind: 'executor', construct, text: exactText }
    : { kind: 'executor', construct, text: null, approximateText: approximate };
}

/** `system(EXPR)`: exact when EXPR is string literals only (awk concatenates them exactly). */
function systemForm(tokens: readonly Token[], k: number): AwkForm {
  const open = tokens[k + 1];
  if (open === undefined || open.kind !== 'punct' || open.value !== '(') return executor('system()', null, '');
  const close = matchingParen(tokens, k + 1);
  if (close === -1) return executor('system()', null, stringsBetween(tokens, k + 2, tokens.length));
  const inside = tokens.slice(k + 2, close);
  const literalOnly = inside.length > 0 && inside.every((t) => t.kind === 'string' && t.exact);
  const text = stringsBetween(tokens, k + 2, close);
  return executor('system()', literalOnly ? text : null, text);
}

/**
 * `CMD | getline`, `CMD |& getline` (gawk), `print … | CMD`, `print … |& CMD`. The command text
 * is exact only for one string literal on a clean boundary: before `| getline` the string must
 * start its expression (mawk and gawk group `"a" "b" | getline` differently); after a print's
 * `|` it must end the statement.
 */
function pipeForm(tokens: readonly Token[], k: number, inPrint: boolean, closedControl: ReadonlySet<number>, printStart: number): AwkForm {
  const pipe = tokens[k]!.value;
  const next = tokens[k + 1];
  if (next !== undefined && next.kind === 'name' && next.value === 'getline' && !inPrint) {
    const command = tokens[k - 1];
    const before = tokens[k - 2];
    const exact =
      command !== undefined && command.kind === 'string' && command.exact && startsExpression(before, before !== undefined && closedControl.has(k - 2));
    return executor(`cmd ${pipe} getline`, exact ? command.value : null, command?.kind === 'string' ? command.value : '');
  }
  if (inPrint) {
    const target = tokens[k + 1];
    const exact = target !== undefined && target.kind === 'string' && target.exact && endsStatement(tokens[k + 2]);
    let end = k + 1;
    while (end < tokens.length && !endsStatement(tokens[end])) end++;
    const form = executor(`print ${pipe} cmd`, exact ? target.value : null, stringsBetween(tokens, k + 1, end));
    const printed = printStart === -1 ? '' : printedBetween(tokens, printStart + 1, k);
    return printed.trim() === '' ? form : { ...form, printed };
  }
  return executor(pipe, null, '');
}

/** `print … > FILE` or `>> FILE`: the file name when it is one literal ending the statement. */
function redirectionForm(tokens: readonly Token[], k: number): AwkForm {
  const target = tokens[k + 1];
  const literal = target !== undefined && target.kind === 'string' && target.exact && endsStatement(tokens[k + 2]);
  return { kind: 'writer', construct: `print ${tokens[k]!.value} file`, text: literal ? target.value : null };
}

/** gawk's `@include "f"`, `@load "x"` (loaders), `@namespace "n"` (harmless), `@f(…)` (an indirect call). */
function atForm(tokens: readonly Token[], k: number): AwkForm {
  const name = tokens[k + 1];
  if (name === undefined || name.kind !== 'name') return { kind: 'unreadable', construct: '@', text: null, detail: 'an "@" the gate does not read' };
  if (name.value === 'include' || name.value === 'load') return { kind: 'loader', construct: `@${name.value}`, text: null, detail: 'loads code the gate cannot see' };
  // @namespace changes how later names are qualified; the reader does not follow namespaces.
  if (name.value === 'namespace') return { kind: 'unreadable', construct: '@namespace', text: null, detail: 'gawk namespaces are not read' };
  return executor(`@${name.value}()`, null, '');
}

/**
 * gawk opens `getline < FILE` as a network connection when FILE names `/inet/…`. Returns a
 * network form unless the source is one literal that is not such a name. The optional variable
 * after `getline` is a name (with a subscript) or `$` and a simple operand; any other shape with a
 * `<` later in the statement is read as a possible network source.
 */
function getlineSource(tokens: readonly Token[], k: number): AwkForm | null {
  let j = k + 1;
  const at = (index: number): Token | undefined => tokens[index];
  const isPunct = (token: Token | undefined, value: string): boolean => token !== undefined && token.kind === 'punct' && token.value === value;
  let shapeKnown = true;
  if (at(j)?.kind === 'name' && !KEYWORDS.has(at(j)!.value) && !BUILTINS.has(at(j)!.value)) {
    j++;
    if (isPunct(at(j), '[')) {
      let depth = 0;
      for (; j < tokens.length; j++) {
        if (isPunct(at(j), '[')) depth++;
        else if (isPunct(at(j), ']') && --depth === 0) break;
      }
      j++;
    }
  } else if (isPunct(at(j), '$')) {
    j++;
    const operand = at(j);
    if (operand !== undefined && (operand.kind === 'number' || (operand.kind === 'name' && !KEYWORDS.has(operand.value)))) j++;
    else shapeKnown = false;
  }
  if (shapeKnown) {
    if (!isPunct(at(j), '<')) return null;
    const source = at(j + 1);
    // A literal source is reported (when it names /inet/) by the string rule of formsOf.
    if (source !== undefined && source.kind === 'string' && endsGetlineSource(at(j + 2))) return null;
    return { kind: 'network', construct: 'getline < expr', text: null, detail: 'gawk opens a getline source that names /inet/… as a network connection' };
  }
  for (let m = j; m < tokens.length && !endsStatement(tokens[m]); m++) {
    if (isPunct(tokens[m], '<')) return { kind: 'network', construct: 'getline < expr', text: null, detail: 'a getline source the reader could not place' };
  }
  return null;
}

/**
 * Whether the `ARGV` at `k` may be changed (gawk's main loop opens ARGV elements, `/inet/` ones
 * as network connections): anything but `k in ARGV` or a plain read of `ARGV[…]` — one that is
 * not assigned, incremented, a `getline` target or the target (third argument) of sub/gsub.
 */
function argvMayChange(tokens: readonly Token[], k: number, parens: readonly OpenParen[]): boolean {
  const previous = tokens[k - 1];
  const next = tokens[k + 1];
  const isPunct = (token: Token | undefined, value: string): boolean => token !== undefined && token.kind === 'punct' && token.value === value;
  if (previous?.kind === 'name' && previous.value === 'in' && !isPunct(next, '[')) return false;
  if (!isPunct(next, '[')) return true;
  if (previous !== undefined && ((previous.kind === 'punct' && (previous.value === '++' || previous.value === '--')) || (previous.kind === 'name' && previous.value === 'getline'))) return true;
  const open = parens[parens.length - 1];
  if (open !== undefined && (open.call === 'sub' || open.call === 'gsub') && open.commas >= 2) return true;
  let depth = 0;
  let m = k + 1;
  for (; m < tokens.length; m++) {
    if (isPunct(tokens[m], '[')) depth++;
    else if (isPunct(tokens[m], ']') && --depth === 0) break;
  }
  const after = tokens[m + 1];
  return after !== undefined && after.kind === 'punct' && ASSIGNMENTS.has(after.value);
}
