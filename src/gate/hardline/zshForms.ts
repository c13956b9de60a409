/**
 * zsh's ways of spelling a command that bash reads otherwise, for the hardline floor
 * (docs/decisions.md, "zsh spellings at the hardline floor").
 * The floor holds in every reading shell: a bash user's agent can still type `zsh -c …`, and
 * an `any` reading must refuse what either shell would run. So every command the floor sees
 * (resolved or from the tolerant text reader) is also read as zsh would run it, and each such
 * reading is one more argv the arms judge; a reading can only add refusals.
 *
 * - a brace group without blanks: `{rm -rf /}` runs `rm -rf /` (a `}` closing the group may end
 *   the last word);
 * - a list after a `{` word: `if [[ … ]] { rm -rf / }`, `while … { … }`, `for x (…) { … }`;
 * - the short `if`/`while` form after `[[ … ]]`: `if [[ -d / ]] rm -rf /`;
 * - loops whose values are written on the line: `for d (/etc) rm -rf $d`, `foreach d (/etc) …
 *   end`, `for d in /etc; do … done` (the body, and every later command, with `$d` as each value);
 * - `NULLCMD=X` / `READNULLCMD=X`: a redirect with no command runs X ({@link nullCommandTexts}).
 *
 * The precommand words (`noglob`, `nocorrect`, `-`, `repeat N`), `=cmd`, `emulate -c`, `sched`,
 * `zpty` and the zsh/files builtins are rows of the program table (rows/wrappers.ts,
 * rows/shells.ts); glob qualifiers and history modifiers on paths are read by the text reader
 * ({@link zshQualifiedWord}).
 */
import type { Redirect, Word } from '../reading/resolution';
import { approximateWordText } from '../programs/executorPayloads';
import { readTextCommands } from './textCommands';

/** Most extra readings made for one line (each is judged like a command of its own). */
const MAX_EXTRA_READINGS = 64;

/** Most lists after `{` (or `]]`) read in one command: each copies the rest of its words. */
const MAX_LISTS = 8;

/** Most loops of one line read (each may look at every later command). */
const MAX_LOOPS = 16;

/** Most values of one loop tried in its body. */
const MAX_LOOP_VALUES = 16;

interface HasArgv {
  argv: readonly Word[];
  /** The command's redirects, where the reader has them (a loop's value reaches their targets too). */
  redirects?: readonly Redirect[];
}

/** Another reading of the command at `at`: its words, and its redirects when a loop's value changed them. */
interface ExtraReading {
  at: number;
  argv: Word[];
  redirects?: Redirect[];
}

/** The unquoted literal text of a word (its raw text is its value), or null. */
function plainLiteral(word: Word | undefined): string | null {
  if (word === undefined || word.kind !== 'literal' || word.raw !== word.value) return null;
  return word.value;
}

function literal(value: string): Word {
  return { kind: 'literal', value, raw: value };
}

/** The argv without a trailing `}` that closes a zsh group (`/}` → `/`, a lone `}` dropped). */
function withoutClosingBrace(argv: readonly Word[]): Word[] {
  const out = [...argv];
  // `{{rm -rf /} }`: every `}` word, then one `}` ending the last word.
  while (out.length > 0 && plainLiteral(out[out.length - 1]) === '}') out.pop();
  const last = out[out.length - 1];
  if (last === undefined || last.kind !== 'literal' || !last.raw.endsWith('}') || !last.value.endsWith('}') || last.raw.includes('{')) return out;
  out[out.length - 1] = { kind: 'literal', value: last.value.slice(0, -1), raw: last.raw.slice(0, -1) };
  return out;
}

/**
 * The other argvs zsh may run for one command: its brace-group reading, the list after a `{`
 * word or after `]]`. Empty for most commands (no `{`, `}` or `]]` in them).
 */
export function zshArgvReadings(argv: readonly Word[]): Word[][] {
  const out: Word[][] = [];
  const first = argv[0];
  if (first === undefined) return out;
  // `{rm -rf /}`: zsh reads a `{` starting the command word as a group opening.
  const firstText = first.kind === 'literal' ? first.raw : null;
  if (firstText !== null && firstText.length > 1 && firstText.startsWith('{') && first.kind === 'literal' && first.value.startsWith('{')) {
    let k = 0;
    while (k < first.value.length && first.value[k] === '{' && first.raw[k] === '{') k++;
    const rest = first.value.slice(k);
    const inner = withoutClosingBrace(rest === '' ? argv.slice(1) : [{ kind: 'literal', value: rest, raw: first.raw.slice(k) }, ...argv.slice(1)]);
    if (inner.length > 0) out.push(inner);
  }
  // `… /}`: the last word may close a group opened earlier on the line (`{ls; rm -rf /}`).
  const last = argv[argv.length - 1];
  if (argv.length > 1 && last !== undefined && last.kind === 'literal' && last.raw.endsWith('}') && last.value.endsWith('}') && !last.raw.includes('{') && last.value !== '}') {
    out.push(withoutClosingBrace(argv));
  }
  let lists = 0;
  for (let k = 1; k < argv.length && lists < MAX_LISTS; k++) {
    const text = plainLiteral(argv[k]);
    // `COND { LIST }` and `[[ … ]] CMD` (SHORT_LOOPS): the words after it are a command.
    // (The text reader keeps `[[` and `]]` as opaque glob words: their source text says.) Of a
    // nest (`{ { rm -rf / } }`) only the innermost `{` is read: the others hold the same command.
    if ((text === '{' && plainLiteral(argv[k + 1]) !== '{') || (argv[k]!.raw === ']]' && argv[0]!.raw === '[[' && plainLiteral(argv[k + 1]) !== '{')) {
      const inner = withoutClosingBrace(argv.slice(k + 1));
      if (inner.length > 0) out.push(inner);
      lists++;
    }
  }
  return out;
}

/** A loop on the line whose values are written there. */
interface Loop {
  names: string[];
  values: Word[];
  /** The short form's command after the value list (`for d (/etc) rm -rf $d`), if any. */
  body: Word[];
}

/**
 * `for NAME… (WORDS) [CMD]`, `foreach NAME… (WORDS) [CMD]`, `for NAME… in WORDS`, `select …`:
 * the loop's names and values, or null. The text reader keeps `(WORDS)` as one word.
 */
function loopOf(argv: readonly Word[]): Loop | null {
  const keyword = plainLiteral(argv[0]);
  if (keyword !== 'for' && keyword !== 'foreach' && keyword !== 'select') return null;
  // `for ((…)) CMD`: the arithmetic loop's short form runs CMD.
  if (argv[1] !== undefined && argv[1].raw.startsWith('((')) {
    let body = argv.slice(2);
    const opening = plainLiteral(body[0]);
    if (opening === 'do' || opening === '{') body = body.slice(1);
    return { names: [], values: [], body: withoutClosingBrace(body) };
  }
  const names: string[] = [];
  let k = 1;
  for (; k < argv.length; k++) {
    const text = plainLiteral(argv[k]);
    if (text === null || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(text) || text === 'in') break;
    names.push(text);
  }
  if (names.length === 0) return null;
  const at = argv[k];
  if (at === undefined) return null;
  if (plainLiteral(at) === 'in') {
    const values: Word[] = [];
    for (k++; k < argv.length && values.length < MAX_LOOP_VALUES; k++) {
      const text = plainLiteral(argv[k]);
      if (text === 'do' || text === '{') break;
      values.push(argv[k]!);
    }
    return { names, values, body: k < argv.length ? argv.slice(k + 1) : [] };
  }
  if (at.raw.startsWith('(') && at.raw.endsWith(')')) {
    const values = at.raw
      .slice(1, -1)
      .split(/[ \t\n]+/)
      .filter((part) => part !== '')
      .slice(0, MAX_LOOP_VALUES)
      .map((part): Word => (/^[A-Za-z0-9_./,:@%+=-]+$/.test(part) ? literal(part) : { kind: 'opaque', raw: part, expansions: ['variable'] }));
    let body = argv.slice(k + 1);
    const opening = plainLiteral(body[0]);
    if (opening === 'do' || opening === '{') body = body.slice(1);
    return { names, values, body: withoutClosingBrace(body) };
  }
  return null;
}

/** Whether position `at` of a word's source text is inside double quotes (backslashes and single quotes read as bash does). */
function insideDoubleQuotes(raw: string, at: number): boolean {
  let double = false;
  for (let k = 0; k < at; k++) {
    const c = raw[k];
    if (c === '\\') k++;
    else if (c === '"') double = !double;
    else if (c === "'" && !double) {
      const close = raw.indexOf("'", k + 1);
      if (close < 0 || close >= at) return false;
      k = close;
    }
  }
  return double;
}

/**
 * A loop value that is the folder of every process (`/proc/[0-9]*`, `/proc/*`, with or without a
 * closing slash): the variable holds each one's path, so whatever the body makes of it (the
 * basename by `${p##…}` or `$(basename $p)`, `${p#/proc/}`) may be every process id.
 */
function namesEveryProcess(value: Word): boolean {
  return value.kind !== 'literal' && /^\/proc\/(?:\*|\[[0-9-]+\]\*|\[[0-9-]+\]\[[0-9-]+\]\*)\/?$/.test(value.raw);
}

/**
 * The body with every word that expands `name` in any form read as every process id: pid -1
 * after `--` (so that it is no signal option), as the floor reads `kill $(pgrep .)`
 * (processes.ts). A body that only reads the folder (`cat /proc/$p/status`) is no worse for it.
 */
function everyProcessFor(argv: readonly Word[], name: string): Word[] {
  const uses = new RegExp(`\\$(?:\\{[#!]?${name}(?![A-Za-z0-9_])|${name}(?![A-Za-z0-9_]))`);
  return argv.flatMap((word) => (word.kind !== 'literal' && uses.test(word.raw) ? [literal('--'), literal('-1')] : [word]));
}

/** `$NAME`, `${NAME}` (quoted or not) in a word's source text, with `value` in its place. */
function substituted(word: Word, name: string, value: Word): Word {
  if (word.kind === 'literal' || !word.raw.includes(name)) return word;
  const pattern = new RegExp(`\\$(?:\\{${name}\\}|${name}(?![A-Za-z0-9_]))`, 'g');
  if (!pattern.test(word.raw)) return word;
  // The loop variable holds one path the value's glob expanded to (`for f in /etc/*`): quoting its
  // expansion (`"$f"`, `"/x/$f"`) keeps that path whole, so the glob is closed out of the quotes
  // to stand for every path it matches, not for one file named `/etc/*`.
  const raw = word.raw.replace(pattern, (found, at: number) => {
    if (value.kind === 'literal') return value.value.replace(/[$`\\"']/g, '\\$&');
    return insideDoubleQuotes(word.raw, at) ? `"${value.raw}"` : value.raw;
  });
  if (value.kind === 'literal' && !/[$`*?[{~]/.test(raw)) return literal(approximateWordText(raw));
  // The value's own expansions come along: a glob value makes the word a glob (`rm $f` is `rm
  // /etc/*`); a word left with no `$` expands no variable any more.
  const kept = raw.includes('$') ? word.expansions : word.expansions.filter((expansion) => expansion !== 'variable');
  const expansions = value.kind === 'literal' ? word.expansions : [...new Set([...kept, ...value.expansions])];
  return { kind: 'opaque', raw, expansions };
}

/**
 * Every loop of the line read out: its short-form body, and each later command (the body of a
 * `do … done`, and whatever runs after the loop, where the name keeps its last value) with the
 * loop's names replaced by each value. `commands` in line order.
 */
export function zshLoopReadings(commands: readonly HasArgv[]): ExtraReading[] {
  const out: ExtraReading[] = [];
  let loops = 0;
  for (let k = 0; k < commands.length && out.length < MAX_EXTRA_READINGS && loops < MAX_LOOPS; k++) {
    const loop = loopOf(commands[k]!.argv);
    if (loop === null) continue;
    loops++;
    if (loop.body.length > 0) out.push({ at: k, argv: [...loop.body] });
    // The short form's body, then every later command; the shared bound keeps a line of many
    // loops linear.
    for (let at = k; at < commands.length && out.length < MAX_EXTRA_READINGS; at++) {
      const body = at === k ? loop.body : commands[at]!.argv;
      // A later command's redirect targets take the value too (`for f in /etc/*; do : > "$f"; done`).
      const redirects = at === k ? [] : (commands[at]!.redirects ?? []);
      const opaqueTarget = redirects.some((redirect) => redirect.target.kind !== 'literal');
      if (loop.names.length === 0 || (!body.some((word) => word.kind !== 'literal') && !opaqueTarget)) continue;
      for (const value of loop.values) {
        if (out.length >= MAX_EXTRA_READINGS) return out;
        let argv = [...body];
        for (const name of loop.names) argv = namesEveryProcess(value) ? everyProcessFor(argv, name) : argv.map((word) => substituted(word, name, value));
        if (!opaqueTarget) {
          out.push({ at, argv });
          continue;
        }
        let targets = redirects.map((redirect) => redirect.target);
        for (const name of loop.names) targets = targets.map((word) => substituted(word, name, value));
        out.push({ at, argv, redirects: redirects.map((redirect, n) => ({ ...redirect, target: targets[n]! })) });
      }
    }
  }
  return out;
}

/** `NAME[KEY]=VALUE` assignments to the shells' tables of commands, aliases and functions. */
const TABLE_ASSIGNMENT = /^(commands|BASH_CMDS|aliases|galiases|saliases|BASH_ALIASES|functions)\[([^\]]+)\]=([\s\S]*)$/;

/** The first command of shell text, as words (an alias value, a function body). */
function firstCommand(text: string, home: string): Word[] | null {
  const commands = readTextCommands(text, home);
  return commands.length === 0 ? null : commands[0]!.argv;
}

/**
 * Names the line makes run something else, and what: `alias NAME=VALUE` (zsh expands aliases in
 * scripts), zsh's `hash NAME=PATH`, bash's `hash -p PATH NAME`, and assignments to zsh's
 * `commands`, `aliases`, `galiases`, `functions` and bash's `BASH_CMDS`, `BASH_ALIASES` tables.
 */
function remapsOf(commands: readonly HasArgv[], home: string): Map<string, Word[]> {
  const remaps = new Map<string, Word[]>();
  for (let k = 0; k < commands.length && remaps.size < MAX_EXTRA_READINGS; k++) {
    const argv = commands[k]!.argv;
    const program = plainLiteral(argv[0]);
    if (program === 'alias' || program === 'hash') {
      for (let a = 1; a < argv.length; a++) {
        const text = argv[a]!.kind === 'literal' ? (argv[a] as { value: string }).value : null;
        if (program === 'hash' && text === '-p' && argv[a + 2] !== undefined) {
          const name = plainLiteral(argv[a + 2]);
          if (name !== null) remaps.set(name, [argv[a + 1]!]);
          a += 2;
          continue;
        }
        const eq = text?.indexOf('=') ?? -1;
        if (text === null || eq <= 0 || text.startsWith('-')) continue;
        const value = text.slice(eq + 1);
        const replacement = program === 'hash' ? [literal(value)] : firstCommand(value, home);
        if (replacement !== null && replacement.length > 0) remaps.set(text.slice(0, eq), replacement);
      }
      continue;
    }
    const table = argv[0] === undefined ? null : TABLE_ASSIGNMENT.exec(argv[0].raw);
    if (table === null) continue;
    const value = approximateWordText(table[3]!);
    const replacement = table[1] === 'commands' || table[1] === 'BASH_CMDS' ? [literal(value)] : firstCommand(value, home);
    if (replacement !== null && replacement.length > 0) remaps.set(approximateWordText(table[2]!), replacement);
  }
  return remaps;
}

/**
 * Each command whose program the line remaps ({@link remapsOf}: `alias ls=rm; ls -rf /`,
 * `hash ls=/bin/rm`, `commands[ls]=/bin/rm`) read with what it runs instead, and the code assigned
 * to an alias or function table read as a command of its own (`functions[f]='rm -rf /'`).
 */
export function zshRemapReadings(commands: readonly HasArgv[], home: string): Array<{ at: number; argv: Word[] }> {
  const out: Array<{ at: number; argv: Word[] }> = [];
  let any = false;
  for (let k = 0; k < commands.length && !any; k++) {
    const first = commands[k]!.argv[0];
    any = first !== undefined && (first.raw === 'alias' || first.raw === 'hash' || (first.raw.includes('[') && TABLE_ASSIGNMENT.test(first.raw)));
  }
  if (!any) return out;
  const remaps = remapsOf(commands, home);
  for (let k = 0; k < commands.length && out.length < MAX_EXTRA_READINGS; k++) {
    const argv = commands[k]!.argv;
    const name = plainLiteral(argv[0]);
    const replacement = name === null ? undefined : remaps.get(name);
    if (replacement !== undefined) out.push({ at: k, argv: [...replacement, ...argv.slice(1)] });
    const table = argv[0] === undefined ? null : TABLE_ASSIGNMENT.exec(argv[0].raw);
    if (table !== null && table[1] !== 'commands' && table[1] !== 'BASH_CMDS') {
      for (const command of readTextCommands(approximateWordText(table[3]!), home)) out.push({ at: k, argv: command.argv });
    }
  }
  return out;
}

/**
 * The commands a line makes zsh run through `NULLCMD` / `READNULLCMD` (a redirect with no command
 * runs `$NULLCMD`, or `$READNULLCMD` for a lone input redirect): the value of every assignment of
 * either written on the line (`NULLCMD=X`, `export NULLCMD=X`, `typeset NULLCMD=X`,
 * `${NULLCMD:=X}`), as shell text. An assignment alone is read too: nothing everyday sets them.
 */
export function nullCommandTexts(text: string): string[] {
  if (!text.includes('NULLCMD')) return [];
  const out: string[] = [];
  const assignment = /(?:^|[^A-Za-z0-9_])(?:READ)?NULLCMD(?:\[[^\]]*\])?(\+?=|:?:?=)/g;
  for (let match = assignment.exec(text); match !== null && out.length < MAX_LOOP_VALUES; match = assignment.exec(text)) {
    const start = match.index + match[0].length;
    const inBraces = match[1]!.startsWith(':') || (match[1] === '=' && text.slice(Math.max(0, match.index - 1), match.index + 3).includes('{'));
    const value = inBraces ? text.slice(start, closingBrace(text, start)) : wordAt(text, start);
    if (value !== '') out.push(approximateWordText(value));
  }
  return out;
}

/** Where the `${…}` whose value starts at `start` closes (the text's end when it does not). */
function closingBrace(text: string, start: number): number {
  const end = text.indexOf('}', start);
  return end === -1 ? text.length : end;
}

/** The shell word starting at `start` (quotes kept), up to an unquoted blank or operator. */
function wordAt(text: string, start: number): string {
  let k = start;
  while (k < text.length) {
    const c = text[k]!;
    if (c === "'") {
      const end = text.indexOf("'", k + 1);
      k = end === -1 ? text.length : end + 1;
    } else if (c === '"') {
      let j = k + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      k = j + 1;
    } else if (c === '\\') {
      k += 2;
    } else if (/[\s;&|<>()]/.test(c)) {
      break;
    } else {
      k++;
    }
  }
  return text.slice(start, Math.min(k, text.length));
}

/** What a glob qualifier list or history modifier list does to a path word. */
export type QualifiedWord =
  /** The word is this path (the qualifiers only filter, the modifiers were applied). */
  | { kind: 'path'; value: string }
  /** The qualifiers run code (`e:…:`, `+NAME`): the text is run; the word may then be anything. */
  | { kind: 'code'; text: string }
  /** A qualifier or modifier the floor does not read: the word may be anything. */
  | { kind: 'unknown' };

/** Glob qualifiers of one letter that only select among the matches (or mark them), never change the path. */
const FILTER_LETTERS = new Set('N/.@=p*%rwxAIERWXsStFDMTn^-'.split(''));

/** The closing delimiter of a delimited qualifier argument (`e:…:`, `e{…}`, `u[root]`). */
const CLOSERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/**
 * `value(QUALIFIERS)`: zsh (BARE_GLOB_QUAL, on by default) reads a `(…)` ending a word as glob
 * qualifiers: `/etc(N)`, `/etc(/)` and `/etc(.)` are `/etc` (when it matches), `/usr(:h)` is `/`
 * (history modifiers after `:`), `(e:CODE:)` and `(+NAME)` run code. `value` is the word before
 * the `(` (home already expanded), `inner` the text between the parentheses.
 */
export function zshQualifiedWord(value: string, inner: string): QualifiedWord {
  const codes: string[] = [];
  let modifiers: string | null = null;
  let k = 0;
  while (k < inner.length) {
    const c = inner[k]!;
    if (c === ':') {
      modifiers = inner.slice(k + 1);
      break;
    }
    if (FILTER_LETTERS.has(c)) {
      k++;
      continue;
    }
    if (c === 'o' || c === 'O') {
      // A sort key: one letter.
      k += 2;
      continue;
    }
    if (c === '+') {
      // `+NAME`: the shell function or command NAME decides.
      const name = /^[A-Za-z0-9_]+/.exec(inner.slice(k + 1))?.[0] ?? '';
      if (name === '') return { kind: 'unknown' };
      codes.push(name);
      k += 1 + name.length;
      continue;
    }
    if ('amcLY'.includes(c)) {
      // Times, sizes, counts: `a-1`, `mh+2`, `Lk-10`, `Y3`.
      const amount = /^[A-Za-z]?[-+]?[0-9]+/.exec(inner.slice(k + 1))?.[0];
      if (amount === undefined) return { kind: 'unknown' };
      k += 1 + amount.length;
      continue;
    }
    if (c === '[') {
      // A subscript of the matches: `[1]`, `[1,3]`.
      const close = inner.indexOf(']', k);
      if (close === -1 || !/^\[-?[0-9]+(,-?[0-9]+)?\]$/.test(inner.slice(k, close + 1))) return { kind: 'unknown' };
      k = close + 1;
      continue;
    }
    if (c === 'e' || c === 'u' || c === 'g' || c === 'f') {
      // A numeric owner or mode (`u0`, `f755`), or an argument between delimiters.
      const number = /^[0-9]+/.exec(inner.slice(k + 1))?.[0];
      if (number !== undefined && c !== 'e') {
        k += 1 + number.length;
        continue;
      }
      const delimiter = inner[k + 1];
      if (delimiter === undefined) return { kind: 'unknown' };
      const closer = CLOSERS[delimiter] ?? delimiter;
      const end = inner.indexOf(closer, k + 2);
      if (end === -1) return { kind: 'unknown' };
      if (c === 'e') codes.push(inner.slice(k + 2, end));
      k = end + 1;
      continue;
    }
    // `P:WORD:` adds words to the command, anything else is not read.
    return { kind: 'unknown' };
  }
  // The code is a shell word of its own inside the qualifier (`e:'rm -rf /':`): quotes removed.
  // zsh sets `$REPLY` to each match: the glob itself stands for them (`/usr/*(e:'rm -rf $REPLY':)`).
  if (codes.length > 0) return { kind: 'code', text: codes.map((code) => approximateWordText(code).replace(/"?\$\{?REPLY\}?"?/g, () => value)).join('\n') };
  if (modifiers === null) return { kind: 'path', value };
  const path = applyZshModifiers(value, modifiers);
  return path === null ? { kind: 'unknown' } : { kind: 'path', value: path };
}

/** History modifiers (`:h:t`, as written after the name) applied to a path, or null when one is not read. */
export function applyZshModifiers(path: string, modifiers: string): string | null {
  let out = path;
  for (const modifier of modifiers.replace(/^:/, '').split(':')) {
    const applied = applyModifier(out, modifier);
    if (applied === null) return null;
    out = applied;
  }
  return out;
}

/** An opaque word's text with zsh's `${:-WORD}` (a parameter with no name: WORD) read as WORD. */
export function zshWordText(text: string): string {
  return text.includes('${:') ? text.replace(/\$\{:[-=]([^${}`]*)\}/g, '$1') : text;
}

/** One history modifier applied to a path (`h`, `h2`, `t`, `a`, `r`, `e`), or null when not read. */
function applyModifier(path: string, modifier: string): string | null {
  const head = /^h([0-9]*)$/.exec(modifier);
  if (head !== null) {
    const count = head[1] === '' ? 0 : Number(head[1]);
    // `:hN` keeps the first N components (the empty one before a leading `/` counts); `:h0` is `:h`.
    if (count > 0) return path.split('/').slice(0, count).join('/') || '/';
    return headOf(path);
  }
  if (modifier === 't') return path.replace(/\/+$/, '').slice(path.replace(/\/+$/, '').lastIndexOf('/') + 1);
  if (modifier === 'a') return path;
  if (modifier === 'r') return path.replace(/\.[^./]*$/, '');
  if (modifier === 'e') return /\.([^./]*)$/.exec(path)?.[1] ?? '';
  return null;
}

/** zsh's `:h`: the path without its last component (`/usr` → `/`, `/usr/` → `/`, `x` → `.`). */
function headOf(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const slash = trimmed.lastIndexOf('/');
  if (slash === -1) return '.';
  if (slash === 0) return '/';
  return trimmed.slice(0, slash);
}
