/**
 * Generates shell command strings for the bash differential test.
 *
 * Strings are built from fragments that exercise how bash reads a line: quoting of every kind,
 * `$'…'` and `$"…"`, a backslash before any character, line continuations, tildes, globs, brace
 * and sequence expansions (in words and in redirect targets), variables with every `@` operator
 * and `${!…}`, assignments (`+=`, arrays, subscripts, `declare -i`), redirects next to here-docs
 * and here-strings, `time [-p]` and `!` anywhere, `%` job words, `coproc`, hidden characters
 * inside and outside quotes, every connector, words starting `NAME[` (`a[ x ]=1`, `time[`), and
 * the forms zsh reads differently from bash (docs/decisions.md, "The zsh reading"): `=cmd`, the
 * precommand words `noglob`,
 * `nocorrect`, `-`, `repeat N`, brace groups without `;`, glob qualifiers and history modifiers,
 * `>!`, `$=x` and the other parameter flags, `$'\M-a'`, short loops, `&|`/`&!`, `NULLCMD`. A
 * share of the strings also carries a construct the resolver must refuse (substitutions, compound
 * commands, heredocs, comments, hidden characters, unbalanced quotes, …), so the refusals are
 * exercised too; the weights keep over a quarter of the strings (about 30 %) inside the
 * resolvable grammar, which is where the differential bites.
 *
 * The strings only name harmless programs and the paths where the oracle has planted recorders,
 * and redirect only to scratch files in the working directory, `/dev/null` and `/tmp`; the oracle's
 * sandbox is what makes that safe regardless.
 *
 * Deterministic for a seed: the seed is printed with every failure and `GATE_FUZZ_SEED` replays it.
 */
import { ORACLE_INPUT_FILES, RECORDED_PROGRAM_PATHS } from './bashOracle';

/** A small, fast, seedable PRNG (mulberry32): good enough to spread fragments, not for secrets. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `[[weight, value], …]`. */
  weighted<T>(table: ReadonlyArray<readonly [number, T]>): T {
    const total = table.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [weight, value] of table) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return table[table.length - 1]![1];
  }
}

/** The seed for this run: `GATE_FUZZ_SEED` when set (decimal or 0x-hex), otherwise a fresh one. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = env.GATE_FUZZ_SEED?.trim();
  if (fromEnv) {
    const parsed = Number(fromEnv);
    if (!Number.isInteger(parsed) || parsed < 0 || parsed > 0xffffffff) {
      throw new Error(`GATE_FUZZ_SEED must be an integer in [0, 2^32), got ${JSON.stringify(fromEnv)}`);
    }
    return parsed;
  }
  return Math.floor(Math.random() * 0x100000000) >>> 0;
}

/** `count` command strings for `seed`; the same seed always gives the same strings. */
export function generateCommands(seed: number, count: number): string[] {
  const random = new Prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(generateCommand(random));
  return out;
}

/** One command line: a few pipelines joined by connectors, sometimes with a hazard mixed in. */
export function generateCommand(random: Prng): string {
  const pipelines = random.weighted<number>([
    [5, 1],
    [4, 2],
    [2, 3],
    [1, 4],
  ]);
  let text = '';
  for (let i = 0; i < pipelines; i++) {
    if (i > 0) text += connector(random);
    text += pipeline(random);
  }
  if (random.chance(0.07)) text += hereDocument(random);
  if (random.chance(0.05)) text += random.pick([';', ' &', '\n', ' ;', ' & ', '\\', ' \\', '\\\n']);
  if (random.chance(0.2)) text = injectHazard(random, text);
  return text;
}

/**
 * A here-document on the line's last command, its body after the line (docs/differential-testing.md,
 * "Here-documents and here-strings"): every delimiter quoting, `<<-` with tabs, bodies with and
 * without what an unquoted delimiter expands, and lines that only look like the delimiter.
 */
function hereDocument(random: Prng): string {
  const name = random.pick(['EOF', 'END', 'E_1']);
  const quoted = random.weighted<string>([[3, name], [3, `'${name}'`], [1, `"${name}"`], [1, `\\${name}`], [0.5, `'${name}`], [0.5, `${name}'x'`]]);
  const strip = random.chance(0.3);
  const lines: string[] = [];
  const count = random.int(0, 3);
  for (let i = 0; i < count; i++) {
    const line = random.chance(0.6)
      ? random.pick(['rm -rf /tmp/x', 'plain text', "it's \"quoted\"", 'a * ? [b] {c,d} ~', '', `${name} `, ` ${name}`, `${name}x`, '\tindented', '\t\tdeeper', 'a;b|c&d', '#not a comment'])
      : random.pick(['$ONE and ${VAR}', 'a \\ b', 'ends with \\', '`echo x`', 'x!y', '^a^b', '$(echo x)']);
    lines.push(strip && random.chance(0.5) ? `\t${line}` : line);
  }
  const end = strip && random.chance(0.5) ? `\t${name}` : name;
  const after = random.weighted<string>([[4, ''], [1, '\n'], [1, `\n${pipeline(random)}`]]);
  return `${space(random, 0.7)}<<${strip ? '-' : ''}${space(random, 0.3)}${quoted}\n${lines.map((line) => `${line}\n`).join('')}${end}${after}`;
}

function connector(random: Prng): string {
  const op = random.weighted<string>([
    [4, ';'],
    [4, '&&'],
    [4, '||'],
    [2, '&'],
    [3, '\n'],
    // zsh: background and disown (a word `&|` / `&!` in bash: `&` then `|` or `!`).
    [0.3, '&|'],
    [0.3, '&!'],
  ]);
  return `${space(random, op === '\n' ? 0 : 0.8)}${op}${space(random, 0.8)}`;
}

function pipeline(random: Prng): string {
  let prefix = '';
  const roll = random.next();
  if (roll < 0.07) prefix = '! ';
  else if (roll < 0.11) prefix = 'time ';
  else if (roll < 0.13) prefix = 'time -p ';
  else if (roll < 0.15) prefix = '! time ';
  else if (roll < 0.16) prefix = 'time ! ';
  else if (roll < 0.165) prefix = 'time -- ';
  else if (roll < 0.18) prefix = random.pick(['! ! ', '!\t', 'time -p ! ', '! time -p ', 'time -p -- ', '!', 'time -p time ', '! ! time ']);
  else if (roll < 0.19) prefix = random.pick(['coproc ', 'coproc N ', 'coproc time ']);
  else if (roll < 0.23) prefix = random.pick(ZSH_PRECOMMANDS);
  const commands = random.weighted<number>([
    [7, 1],
    [3, 2],
    [1, 3],
  ]);
  let text = prefix;
  for (let i = 0; i < commands; i++) {
    if (i > 0) {
      text += `${space(random, 0.8)}${random.weighted<string>([[5, '|'], [1, '|&']])}${space(random, 0.8)}`;
      // `!` and `time` are only reserved at the start of a pipeline: after a `|` they are words.
      if (random.chance(0.03)) text += random.pick(['! ', 'time ', 'time -p ']);
    }
    text += simpleCommand(random);
  }
  return text;
}

/** zsh precommand words and what may stand before a command like them (bash runs most as programs). */
const ZSH_PRECOMMANDS = [
  'noglob ', 'nocorrect ', '- ', 'repeat 2 ', 'repeat 1 ', 'builtin ', 'command ', 'exec ', 'nocorrect noglob ', '! noglob ',
  'time -p ', 'noglob time ', 'command -p ', 'exec -a x ', 'builtin - ', '-\t',
];

function simpleCommand(random: Prng): string {
  const text = plainSimpleCommand(random);
  // zsh: a brace group needs no `;` before `}` (`{a}` runs a), in bash it is a word `{a}`.
  if (random.chance(0.03)) return random.pick([`{${text}}`, `{${text};}`, `{ ${text} }`, `{${text} }`]);
  return text;
}

function plainSimpleCommand(random: Prng): string {
  const parts: string[] = [];
  if (random.chance(0.15)) {
    const count = random.int(1, 2);
    for (let i = 0; i < count; i++) parts.push(assignment(random));
    // An assignment-only segment is valid bash and runs nothing.
    if (random.chance(0.15)) return parts.join(' ');
  }
  if (random.chance(0.04)) parts.push(redirect(random));
  parts.push(programWord(random));
  const args = random.weighted<number>([
    [2, 0],
    [4, 1],
    [3, 2],
    [2, 3],
    [1, 5],
  ]);
  for (let i = 0; i < args; i++) {
    parts.push(random.chance(0.08) ? redirect(random) : argumentWord(random));
  }
  if (random.chance(0.15)) parts.push(redirect(random));
  return parts.join(random.chance(0.1) ? '\t' : ' ');
}

const ASSIGNMENT_NAMES = ['A', 'B', 'FOO', 'x', 'HOME', 'LANG', 'GIT_PAGER', 'A_1'];

function assignment(random: Prng): string {
  if (random.chance(0.15)) {
    return random.pick(['a=(x y)', 'a+=(z)', 'a[1]=x', 'a[0]+=y', 'a[$ONE]=x', 'a[i+1]=x', "a['k']=v", 'a=([1]=x)', 'a[*]=x', 'A[@]=x']);
  }
  const name = random.pick(ASSIGNMENT_NAMES);
  const op = random.chance(0.15) ? '+=' : '=';
  const value = random.weighted<string>([
    [3, 'value'],
    [2, ''],
    [2, '~/x'],
    [1, 'a:~/b'],
    [2, "'a b'"],
    [1, '"$VAR"'],
    [1, '$VAR'],
    [1, '/tmp'],
    [1, argumentWord(random)],
  ]);
  return `${name}${op}${value}`;
}

const PROGRAMS = [
  'echo', 'printf', 'ls', 'git', 'true', 'false', 'cat', 'cmd1', 'grep', 'npm', 'node', 'rm', 'env', 'sudo',
  'command', 'builtin', 'exec', 'test', '[', ':', 'kill', 'cd', 'export', 'declare', 'local', 'readonly',
  'xargs', 'find', 'sed', 'timeout', 'nice', 'wait', 'read', 'set', 'shopt', 'trap', 'type', 'hash',
];
const DANGEROUS_PROGRAMS = ['eval', 'source', '.', 'alias', 'enable'];
/** Command words starting with `%`: bash runs `fg` (or `bg` after `&`) on them, quoted or not. */
const JOB_WORDS = ['%', '%1', '%+', '%-', '%%', '%?x', '"%"', "'%git'", '\\%1', '%echo', '"%"1', '%"1"'];
/** Builtins with options that change how their operands are read (`-i` arithmetic, `-n` names). */
const DECLARATION_FORMS = ['declare -i', 'declare -a', 'declare -n', 'typeset -i', 'local -i', 'export -n', 'readonly -a', 'declare --', 'declare -x', 'declare +i'];

function programWord(random: Prng): string {
  const roll = random.next();
  if (roll < 0.08) return random.pick(RECORDED_PROGRAM_PATHS);
  if (roll < 0.1) return random.pick(DANGEROUS_PROGRAMS);
  if (roll < 0.12) return random.pick(["'if'", '\\if', '"then"', "'{'", "'time'", "'!'", "'A=1'", 'A\\=1', "''", "'coproc'", '\\!', '!echo', "'%'"]);
  if (roll < 0.13) return random.pick(JOB_WORDS);
  if (roll < 0.14) return random.pick(DECLARATION_FORMS);
  if (roll < 0.155) return subscriptWord(random);
  if (roll < 0.175) return random.pick(ZSH_PROGRAM_WORDS);
  const name = random.pick(PROGRAMS);
  return random.chance(0.25) ? splice(random, name) : name;
}

/** Program words zsh reads differently: `=cmd` (the program's path), reserved words, `zsh -c`/`emulate -c` text. */
const ZSH_PROGRAM_WORDS = [
  '=echo', '=ls', '=rm', '=git', "='ls'", '\=ls', '=./run-me', 'end', 'foreach', 'repeat', "emulate sh -c 'echo a'", "zsh -c 'echo a'",
  "zsh -c '=ls'", 'NULLCMD=echo', 'READNULLCMD=cat', 'nocorrect', 'noglob', 'float', 'integer', 'private', 'zmodload zsh/files', 'zf_rm',
  'print -r', 'whence -p', 'autoload', 'unfunction', 'disable -r', 'a[', 'time[', '[',
];

/**
 * Words starting `NAME[`: where an assignment may stand, bash reads from the `[` to
 * its matching `]` as one piece (blanks, quotes, `;` included), an assignment when `=` follows.
 * As a program word they come after assignments, redirects, `time`, `!`, `|` and `|&`; after
 * `builtin` or `command`, or as arguments (`a[` and `]` in the plain words), they are text.
 */
function subscriptWord(random: Prng): string {
  const name = random.pick(['a', 'time', 'if', '_', 'A_1', 'builtin', 'x']);
  const inside = random.pick([' x ', 'x', '1', ' ', '', '$ONE', "'k'", '"]"', 'i+1', ' x', '; echo a; ', '[1]', '*', '@', ' "a b" ']);
  const close = random.chance(0.9) ? ']' : '';
  const value = random.weighted<string>([
    [3, '=1'],
    [1, '+=x'],
    [2, ''],
    [1, `=${wordPiece(random, false)}`],
  ]);
  return `${name}[${inside}${close}${value}`;
}

/** Spells a word differently without changing what bash makes of it: `r\m`, `r''m`, `"rm"`, `$'\x72'm`. */
function splice(random: Prng, word: string): string {
  if (word.length < 2) return random.pick([`'${word}'`, `"${word}"`, `\\${word}`]);
  const at = random.int(1, word.length - 1);
  const head = word.slice(0, at);
  const tail = word.slice(at);
  const c = tail[0]!;
  return random.weighted<string>([
    [2, `${head}''${tail}`],
    [2, `${head}""${tail}`],
    [2, `${head}\\${tail}`],
    [1, `'${head}'${tail}`],
    [1, `${head}"${tail}"`],
    [1, `${head}$'\\x${c.charCodeAt(0).toString(16)}'${tail.slice(1)}`],
    [1, `${head}$'\\${c.charCodeAt(0).toString(8)}'${tail.slice(1)}`],
    [0.3, `${head}\\\n${tail}`],
  ]);
}

function argumentWord(random: Prng): string {
  const pieces = random.weighted<number>([
    [6, 1],
    [3, 2],
    [1, 3],
  ]);
  let word = '';
  for (let i = 0; i < pieces; i++) word += wordPiece(random, i === 0);
  return word;
}

const PLAIN_WORDS = [
  'a', 'b', 'x', 'foo', 'hello', '-l', '--all', '-n', '-rf', '1', 'src/', 'a.b', 'file.txt', '--opt=v', 'a=b',
  'status', 'log', '-c', 'core.pager=less', '@', '%', '^', ',', '+', ':', '=', '-', '--', '/', '.', '..',
  'if', 'then', 'fi', 'do', 'done', 'in', 'esac', 'time', '{', '}', '!', ']]', 'é', '日本', 'ｒｍ', 'a#b', 'x]',
  'a,b', 'a}', '{a}', '{}', 'k=v=w', '-e', 's/a/b/', '[', ']', 'a[', 'time[', 'a[ x ]=1', 'builtin',
];

function wordPiece(random: Prng, first: boolean): string {
  const kind = random.weighted<string>([
    [10, 'plain'],
    [4, 'single'],
    [4, 'double'],
    [2, 'ansi'],
    [0.2, 'locale'],
    [3, 'escape'],
    [1.5, 'escape-any'],
    [0.25, 'hidden-in-quotes'],
    [0.3, 'continuation'],
    [2, 'glob'],
    [1, 'brace'],
    [first ? 2 : 0.3, 'tilde'],
    [2, 'variable'],
    [1, 'assignment-like'],
    [1.5, 'zsh'],
  ]);
  switch (kind) {
    case 'plain':
      return random.pick(PLAIN_WORDS);
    case 'single':
      return `'${text(random, SINGLE_QUOTED_CHARS)}'`;
    case 'double':
      return `"${doubleQuoted(random)}"`;
    case 'ansi':
      return `$'${ansiC(random)}'`;
    case 'locale':
      return `$"${doubleQuoted(random)}"`;
    case 'escape-any':
      return `\\${random.pick(ANY_CHARACTER)}`;
    case 'hidden-in-quotes': {
      const hidden = random.pick(HIDDEN_CHARACTERS);
      return random.pick([`'a${hidden}b'`, `"a${hidden}b"`, `$'a${hidden}b'`, `"${hidden}"`, `'${hidden}'`]);
    }
    case 'escape':
      return `\\${random.pick(ESCAPED_CHARS)}${random.chance(0.5) ? random.pick(PLAIN_WORDS) : ''}`;
    case 'continuation':
      return `${random.pick(PLAIN_WORDS)}\\\n${random.pick(PLAIN_WORDS)}`;
    case 'glob':
      return random.pick(['*', '?', '[ab]', '*.txt', 'a*', '[!a]', '[[:alpha:]]', '\\*', "'*'", '"*"']);
    case 'brace':
      return random.pick(['{a,b}', '{1..3}', 'x{a,b}y', '{a,}', '\\{a,b}', "'{a,b}'", '{a..c}', 'x{a}', '{1..5..2}', '{a..e..2}', '{,}', '{a,{b,c}}', '{-1..1}', '{01..3}', '{x..z}y', '{a"b",c}', "{a,'b c'}", '{$ONE,b}', '{1..$ONE}', '${ONE}{a,b}', '{a,b}$ONE', '{é,ü}', '{}', '{ }', '{a, b}', '{1...3}', '{a..}', '{,a}']);
    case 'tilde':
      return random.pick(['~', '~/x', '~/', '~root', '~+', '~-', '"~"', "'~'", '\\~', '~x/y', '~/a:~/b', 'a~']);
    case 'variable':
      return random.weighted<string>([
        [3, random.pick(['$VAR', '${VAR}', '"$VAR"', '$ONE', '$EMPTY', '"$EMPTY"', '$1', '"$@"', '$#', '$?', '${ONE:-d}', '$$', '\\$VAR', "'$VAR'", '$GLOBBY'])],
        [0.6, random.pick(['${ONE@Q}', '"${ONE@E}"', '${ONE@A}', '"${ONE@K}"', '${ONE@P}', '"${VAR@P}"', '${ONE@U}', '${ONE@a}', '${ONE@u}', '${ONE@L}', '"${a[@]@K}"'])],
        [0.6, random.pick(['${!ONE}', '"${!VAR}"', '${!O*}', '"${!O@}"', '${!a[@]}', '${!#}', '${!1}', '"${!ONE:-x}"', '${#ONE}', '${ONE:0:1}'])],
      ]);
    case 'zsh':
      return random.pick(ZSH_WORDS);
    default:
      return random.pick(['a=~/x', '--opt=~/x', 'x=~', 'A=$VAR', 'PATH=~/bin:~/b', 'a=~root', '--prefix=~', 'a=b=~/c']);
  }
}

/** Words zsh expands differently from bash (qualifiers, modifiers, flags, `$'…'` escapes, patterns). */
const ZSH_WORDS = [
  '/usr(:h)', 'a.txt(:r)', '*(N)', '*(/)', '*.txt(N)', "*(e:'true':)", '*(.)', 'x(:h)', '~/x(:t)', '$=VAR', '$=x', '${~GLOBBY}', '${~x}',
  '${^VAR}', '${:-a}', '${(f)VAR}', '${(s: :)VAR}', '$VAR[1]', '"$VAR[1]"', '$x[1]', '~""', "~''", '<1-3>', '<->', '^a', '^*.txt', 'a#',
  '*.txt~a*', '$((1/2.))', '$[1]', '${#}', '$#VAR', '$#x', '$+VAR', '$+x', '${+ONE}', "$'\\M-a'", "$'\\~'", "$'\\C-a'", "$'\\M-\\C-a'",
  "$'\\q'", "$'\\8'", '=ls', '=(ls)', '$~~', '"$~VAR"', '(a|b)', '**/x', '***', '?(a)', '{a}', '{a;}', 'a}', '}', '!', '!!', '^',
  '#', '\#', 'a=~/x', '--opt=~/x', '[', 'a[', 'x[1]', '%', 'a${VAR}[1]', '$ONE(:h)', '"$ONE(:h)"', '$VAR:h', '"$ONE:t"',
];

const SINGLE_QUOTED_CHARS = ['a', 'b', ' ', '"', '$', '\\', '`', '*', '#', ';', '|', '&', '~', '!', '\n', '(', ')', '{', '}', 'é', '$(x)', '\\n'];

function text(random: Prng, alphabet: readonly string[]): string {
  let out = '';
  const length = random.int(0, 5);
  for (let i = 0; i < length; i++) out += random.pick(alphabet);
  return out;
}

function doubleQuoted(random: Prng): string {
  let out = '';
  const length = random.int(0, 5);
  for (let i = 0; i < length; i++) {
    out += random.weighted<string>([
      [6, random.pick(['a', 'b', ' ', "'", '*', '~', '#', ';', '|', '&', '?', '{a,b}', 'é', '\n'])],
      [3, random.pick(['\\"', '\\\\', '\\$', '\\`', '\\n', '\\a', '\\!', '\\ '])],
      [0.2, '\\\n'],
      [2, random.pick(['$VAR', '${ONE}', '$EMPTY', '$', '$@', "$'x'"])],
    ]);
  }
  return out;
}

const ANSI_ESCAPES = [
  '\\n', '\\t', '\\x41', '\\101', '\\u00e9', '\\U0001F600', '\\cA', '\\ca', '\\c?', '\\e', '\\E', "\\'", '\\"', '\\\\',
  '\\?', '\\a', '\\b', '\\f', '\\r', '\\v', '\\x7', '\\0', '\\x', '\\8', '\\q', '\\u', '\\x{41}', '\\u{41}',
  '\\xff', '\\377', '\\777', '\\x00', '\\c@', '\\u0000', '\\ud800', '\\U110000', '\\x4g', '\\1234',
];

function ansiC(random: Prng): string {
  let out = '';
  const length = random.int(0, 4);
  for (let i = 0; i < length; i++) {
    out += random.chance(0.6) ? random.pick(ANSI_ESCAPES) : random.pick(['a', ' ', '"', '$', '*', '~', 'é', '\n', '#']);
  }
  return out;
}

/** For `\\` before any character: letters, digits, every punctuation mark, space, tab, newline, non-ASCII. */
const ANY_CHARACTER = [...'abnrtxzAZ019 \t\n!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', 'é', '日', '\u00a0'];

const ESCAPED_CHARS = [' ', '"', "'", '$', '*', ';', '|', '&', '#', '~', '\\', '{', '(', ')', '<', '>', 'a', 'n', '!', '\t', '`', '?', '['];

const OUTPUT_TARGETS = [
  'out.txt', 'f', 'err.log', '/dev/null', '/tmp/o', '"out file"', "'o'\\'x", '$OUT', 'out\\ 2',
  // Targets go through brace expansion like any word: two words are an ambiguous redirect.
  '/tmp/{a,b}', 'o{a,b}', '/dev/null{a,b}', 'x{a}', 'f{1..2}', "'{a,b}'", 'o\\{a,b}', '{a,}', '{}', '~/o', '*.txt', 'o*', '"$OUT"', '$VAR',
];
const INPUT_TARGETS = [...ORACLE_INPUT_FILES, '/dev/null', '"in.txt"', 'i\\n.txt'];

function redirect(random: Prng): string {
  const gap = random.chance(0.5) ? ' ' : '';
  return random.weighted<string>([
    [3, `>${gap}${random.pick(OUTPUT_TARGETS)}`],
    [2, `>>${gap}${random.pick(OUTPUT_TARGETS)}`],
    [2, `<${gap}${random.pick(INPUT_TARGETS)}`],
    [3, '2>&1'],
    [2, `&>${gap}${random.pick(OUTPUT_TARGETS)}`],
    [1, `&>>${gap}${random.pick(OUTPUT_TARGETS)}`],
    [1, `>|${gap}${random.pick(OUTPUT_TARGETS)}`],
    [1, `<>${gap}${random.pick(OUTPUT_TARGETS)}`],
    [1, `3>${gap}${random.pick(OUTPUT_TARGETS)}`],
    [2, `2>${gap}${random.pick(OUTPUT_TARGETS)}`],
    [1, '>&2'],
    [1, '1>&2'],
    [1, `>&${gap}${random.pick(['out.txt', 'f'])}`],
    [1, '0</dev/null'],
    // zsh: `>!` and `>>!` clobber (bash: `>` then a word `!…`); fds above 9 are words in zsh.
    [1, `>!${gap}${random.pick(OUTPUT_TARGETS)}`],
    [0.5, `>>!${gap}${random.pick(OUTPUT_TARGETS)}`],
    [0.3, random.pick(['10>f', '>&!f', '&>!f', '>>|f', '2>!f'])],
    [1, '2>/dev/null'],
    [0.5, random.pick(['2>&1{a,b}', '>&1{a,b}', '2>&-', '>&-', '2>&3', '<&0', '1>&2-', '3<&0', '{fd}>f', '2>&$ONE', '{a[x]}>f', '{a[i]}<in.txt', '{a[ x ]}>f'])],
    [0.7, random.pick(['<<<word', '<<< "a b"', "<<<'x'", '<<<$VAR', '<<<{a,b}', '<<<~/x', "<<< $'a\\nb'", "<<<''", '<<<"$ONE"', '<<< a\\ b', '<<<x!y'])],
  ]);
}

/** Constructs the resolver must refuse; each stays harmless and finishes quickly if bash runs it. */
const HAZARDS: ReadonlyArray<readonly [number, string]> = [
  [2, 'echo $(echo x)'],
  [2, 'echo `echo x`'],
  [1, 'echo "$(ls)"'],
  [1, 'cat <(ls)'],
  [1, 'echo $((1+2))'],
  [1, '((x=1))'],
  [1, 'echo $[1+2]'],
  [2, '(echo a)'],
  [2, '{ echo a; }'],
  [1, 'if true; then echo a; fi'],
  [1, 'for i in a b; do echo $i; done'],
  [1, 'while false; do echo; done'],
  [1, 'case a in a) echo a;; esac'],
  [1, 'f() { echo a; }'],
  [1, 'function g { echo; }'],
  [1, '[[ -n x ]]'],
  [1, 'cat <<EOF\nhi\nEOF'],
  [1, "cat <<-'EOF'\n\thi\nEOF"],
  [1, 'cat <<<word'],
  [1, 'cat <<EOF >out.txt\nhi\nEOF'],
  [1, 'cat >f <<EOF 2>&1\nhi\nEOF'],
  [1, 'cat <<<x >f'],
  [1, 'coproc N { echo a; }'],
  [1, 'echo "${y@P}"'],
  [1, 'coproc cat'],
  [2, 'echo a # comment'],
  [1, '# only a comment'],
  [1, 'echo =(ls)'],
  [1, 'a=(x y)'],
  [1, 'exec {fd}>f'],
  [1, 'eval echo a'],
  [1, 'source ./x'],
  [1, '. ./x'],
  [1, "echo 'unclosed"],
  [1, 'echo "unclosed'],
  [1, "echo $'unclosed"],
  [1, 'echo a &&'],
  [1, '| echo a'],
  [1, 'echo a ;;'],
  [1, 'echo ${'],
  [1, 'echo a >'],
  // zsh: short loops, reserved words, redirects with no command (NULLCMD/READNULLCMD), emulate.
  [1, 'for d (a) echo $d'],
  [1, 'foreach d (a b) echo $d; end'],
  [1, 'echo a; end'],
  [1, 'NULLCMD=echo; > f'],
  [1, '> f'],
  [1, '< in.txt'],
  [1, 'NULLCMD= >f'],
  [1, 'if true; echo a; fi'],
  [1, 'repeat 2 echo a'],
  [1, "emulate sh -c 'echo a'"],
  [1, "zsh -c 'echo a'"],
  [1, 'echo *(e:true:)'],
  [1, 'echo $((1/2.))'],
  [1, 'coproc echo a'],
];

const HIDDEN_CHARACTERS = ['\r', '\u2028', '\u2029', '\u0085', '\u00a0', '\u200b', '\u202e', '\ufeff', '\u0001', '\u007f', '\u001b', '\u2066', '\u3000', '\u180e', '\u00ad'];

function injectHazard(random: Prng, command: string): string {
  if (random.chance(0.4)) {
    // A hidden character at a random spot, inside or between words.
    const at = random.int(0, command.length);
    return command.slice(0, at) + random.pick(HIDDEN_CHARACTERS) + command.slice(at);
  }
  const hazard = random.weighted(HAZARDS);
  return random.chance(0.5) ? `${command}${connector(random)}${hazard}` : `${hazard}${connector(random)}${command}`;
}

function space(random: Prng, probability: number): string {
  return random.chance(probability) ? ' ' : '';
}
