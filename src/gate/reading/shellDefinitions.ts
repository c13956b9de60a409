import type { CommandReading } from './reading';
import { literalValue } from './resolution';

/**
 * The aliases and functions defined in the shell that will run a command, when that shell is not
 * a plain `bash -c`/`zsh -c`: Claude Code sources a snapshot of the user's aliases and functions
 * before every command (docs/agent-hooks.md, "Which shell runs the command"), so `git status` may run an alias or a function named
 * `git`, not the program git. A command whose program word is such a name is not read as that
 * program: the reading becomes unresolved (`shell-state`), and an alias's text goes to the floors
 * as shell text beside the command. When the definitions cannot be known (no snapshot and the
 * shell could not be asked, a snapshot whose names cannot be found), every command is
 * unresolved: unknown is not harmless.
 */
export type ShellDefinitions =
  | {
      kind: 'known';
      /** Alias name → the text it stands for (`null`: defined, text not decoded). */
      aliases: ReadonlyMap<string, string | null>;
      functions: ReadonlySet<string>;
      /** Where they were read, for messages: `3 snapshots in ~/.claude/shell-snapshots`. */
      source: string;
    }
  | { kind: 'unknown'; why: string };

/**
 * The functions Claude Code itself appends to every snapshot, after the user's sections: each
 * runs the program of its name with the same arguments (`find` as bfs and `grep` as ugrep built
 * into Claude Code, with ugrep's options that run commands sent to the real grep; `rg` as the
 * built-in ripgrep; `pkill` refusing patterns that match Claude Code, else the real pkill). These
 * are read as the programs they name (docs/decisions.md); any other name defined there is not.
 */
export const CLAUDE_STAND_INS: ReadonlySet<string> = new Set(['find', 'grep', 'rg', 'pkill']);

/** What one snapshot defines, or why it cannot be known. */
export type SnapshotDefinitions = { ok: true; aliases: Map<string, string | null>; functions: Set<string> } | { ok: false; why: string };

const SECTION = /^# (Snapshot file|Unset all aliases to avoid conflicts with functions|Functions|Shopt|Shell Options|Aliases)$/;
/** `name () {` (zsh `typeset -f`), `function name {`, `function name () {`, at any indentation. */
const FUNCTION_HEADER = /^\s*(?:function\s+([^\s(){}]+)\s*(?:\(\s*\))?\s*\{?|([^\s(){}=]+)\s*\(\s*\)\s*\{?)\s*$/;
/** bash: one `eval $'name () \n{ …}' > /dev/null 2>&1` line per function. */
const BASH_FUNCTION = /^eval \$'([^\s'()\\]+) \(\) /;
/** An `alias NAME=…` anywhere in a line (a function body may define one when it runs). */
const ALIAS_ANYWHERE = /(?:^|[\s;&|({])alias\s+(?:-[-\w]*\s+)*([^\s=;&|()'"]+)=/g;

/**
 * The names a Claude Code shell snapshot defines (`snapshot-<shell>-<ms>-<random>.sh`). The
 * functions are over-approximated (every line shaped like a function header counts, wherever it
 * is: a name too many is read as unknown, never a name too few); the aliases are read by
 * {@link readAliasLines}: an alias whose value cannot be decoded exactly costs only its own
 * name's text, and only lines that name no alias at all make the whole snapshot unknown.
 */
export function parseSnapshot(text: string): SnapshotDefinitions {
  const lines = text.split('\n');
  if (lines[0] !== '# Snapshot file') return { ok: false, why: 'it does not start with "# Snapshot file" (a format the gate does not know)' };
  if (!lines.includes('# Functions') || !lines.includes('# Aliases')) return { ok: false, why: 'it has no "# Functions" or no "# Aliases" section' };
  const aliases = new Map<string, string | null>();
  const functions = new Set<string>();
  const trailer = new Set<string>();
  const userAliases: string[] = [];
  let section = '';
  let inTrailer = false;
  for (const line of lines) {
    const header = SECTION.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    if (section === 'Aliases' && !inTrailer) {
      if (line.startsWith('# ')) {
        // Claude Code's own part starts with a comment after the user's aliases.
        inTrailer = true;
      } else {
        userAliases.push(line);
        continue;
      }
    }
    const names: string[] = [];
    const header2 = FUNCTION_HEADER.exec(line);
    if (header2) names.push(header2[1] ?? header2[2]!);
    else if (/\(\s*\)\s*\{?\s*$/.test(line) && !inTrailer) return { ok: false, why: `a function header cannot be read: ${JSON.stringify(line.slice(0, 120))}` };
    const bash = BASH_FUNCTION.exec(line);
    if (bash) names.push(bash[1]!);
    for (const name of names) (inTrailer ? trailer : functions).add(name);
    for (const match of line.matchAll(ALIAS_ANYWHERE)) if (!aliases.has(match[1]!)) aliases.set(match[1]!, null);
  }
  for (const name of trailer) if (!CLAUDE_STAND_INS.has(name)) functions.add(name);
  const read = readAliasLines(userAliases);
  if (!read.ok) return read;
  // An exact line wins over a name a function body would define (ALIAS_ANYWHERE, text unknown).
  for (const [name, value] of read.aliases) if (value !== null || !aliases.has(name)) aliases.set(name, value);
  return { ok: true, aliases, functions };
}

/** The name of an `alias -- NAME=…` line whose value is not read: as far as the shells allow in a name. */
const ALIAS_NAME = /^alias -- ([^\s=;&|()<>'"`$\\]+)=/;

/**
 * The aliases of `alias -- NAME=VALUE` lines (Claude Code's form: bash `alias -p`, zsh `alias`,
 * each line prefixed). A line decoded exactly gives its name and text. A line that cannot be
 * decoded (a value over several lines, quoting the reader does not know) still names its alias:
 * that name is defined with unknown text (`null`), and from there on the lines may be the rest
 * of its value, so every later name counts with unknown text too and a line that names nothing
 * is read as part of a value. Only a line that names nothing before any such line makes the
 * whole list unknown (a format this reader does not know).
 */
export function readAliasLines(lines: readonly string[]): SnapshotDefinitions {
  const aliases = new Map<string, string | null>();
  let open = false;
  for (const line of lines) {
    if (line === '' && !open) continue;
    const alias = open ? null : aliasLine(line);
    if (alias !== null) {
      aliases.set(alias.name, alias.value);
      continue;
    }
    const name = ALIAS_NAME.exec(line)?.[1];
    if (name !== undefined) {
      aliases.set(name, null);
      open = true;
    } else if (!open) {
      return { ok: false, why: `a line of the aliases names no alias: ${JSON.stringify(line.slice(0, 120))}` };
    }
  }
  return { ok: true, aliases, functions: new Set() };
}

/** `alias -- NAME=VALUE` with VALUE bare, '…' (with '\'' joins) or $'…', decoded; else null. */
function aliasLine(line: string): { name: string; value: string } | null {
  const match = /^alias -- (.+)$/.exec(line);
  if (!match) return null;
  const words = shellWords(match[1]!);
  if (words === null || words.length !== 1) return null;
  const word = words[0]!;
  const eq = word.indexOf('=');
  if (eq <= 0) return null;
  return { name: word.slice(0, eq), value: word.slice(eq + 1) };
}

/**
 * The words of a line of plain quoting only (bare characters, '…', $'…' with the escapes the
 * shells print, "…" without expansions), or null for anything else.
 */
function shellWords(text: string): string[] | null {
  const words: string[] = [];
  let current: string | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t') {
      if (current !== null) words.push(current);
      current = null;
      i++;
      continue;
    }
    current ??= '';
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return null;
      current += text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '$' && text[i + 1] === "'") {
      const decoded = dollarQuoted(text, i + 2);
      if (decoded === null) return null;
      current += decoded.value;
      i = decoded.end;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) return null;
      const inner = text.slice(i + 1, end);
      if (/[$`\\!]/.test(inner)) return null;
      current += inner;
      i = end + 1;
    } else if (c === '\\') {
      if (i + 1 >= text.length) return null;
      current += text[i + 1];
      i += 2;
    } else if (/[;&|<>()`$*?[\]{}~#!]/.test(c)) {
      return null;
    } else {
      current += c;
      i++;
    }
  }
  if (current !== null) words.push(current);
  return words;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v' };

/** A `$'…'` body from `start` (after the quote) to its closing quote; only the escapes both shells decode alike. */
function dollarQuoted(text: string, start: number): { value: string; end: number } | null {
  let value = '';
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") return { value, end: i + 1 };
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined) return null;
      const simple = SIMPLE_ESCAPES[next];
      if (simple === undefined) return null;
      value += simple;
      i += 2;
      continue;
    }
    value += c;
    i++;
  }
  return null;
}

/** The union of several snapshots' definitions; unknown when any one is. */
export function unionOfSnapshots(parsed: ReadonlyArray<{ file: string; definitions: SnapshotDefinitions }>, source: string): ShellDefinitions {
  if (parsed.length === 0) return { kind: 'unknown', why: `no shell snapshot in ${source}, so the aliases and functions of the agent's shell are not known` };
  const aliases = new Map<string, string | null>();
  const functions = new Set<string>();
  for (const { file, definitions } of parsed) {
    if (!definitions.ok) return { kind: 'unknown', why: `the shell snapshot ${file} cannot be read: ${definitions.why}` };
    for (const [name, value] of definitions.aliases) {
      // Two snapshots that give one alias different texts: the floors read neither exactly.
      const before = aliases.get(name);
      aliases.set(name, before === undefined || before === value ? value : null);
    }
    for (const name of definitions.functions) functions.add(name);
  }
  return { kind: 'known', aliases, functions, source };
}

/** How many names the definitions shadow, or why they are unknown (for `doctor`). */
export function describeDefinitions(definitions: ShellDefinitions): string {
  if (definitions.kind === 'unknown') return `unknown (${definitions.why}): every command is unresolved`;
  const names = new Set([...definitions.aliases.keys(), ...definitions.functions]);
  return `${names.size} name(s) defined as alias or function in ${definitions.source} (${definitions.aliases.size} alias(es), ${definitions.functions.size} function(s)); a command run by one of these names is unresolved`;
}

/**
 * The reading as the agent's shell runs it: unchanged when no program word is an alias or a
 * function there; else unresolved (`shell-state`), with the alias texts added to the text the
 * floors read (one line each, after the command). Unknown definitions make every reading
 * unresolved.
 */
export function withShellDefinitions(reading: CommandReading, definitions: ShellDefinitions | undefined): CommandReading {
  if (definitions === undefined) return reading;
  if (definitions.kind === 'unknown') {
    return unresolvedReading(reading, `The aliases and functions of the agent's shell are not known (${definitions.why}), so no command word can be read as the program it names.`, []);
  }
  const shadowed: string[] = [];
  const texts: string[] = [];
  const isShadowed = (name: string) => definitions.aliases.has(name) || definitions.functions.has(name);
  const note = (name: string, rest: string) => {
    if (!shadowed.includes(name)) shadowed.push(name);
    const alias = definitions.aliases.get(name);
    if (alias !== undefined) texts.push(alias === null ? rest : `${alias} ${rest}`);
  };
  if (reading.resolution.resolved) {
    for (const segment of reading.resolution.segments) {
      const first = segment.argv[0];
      const name = first === undefined ? null : literalValue(first);
      if (name === null || !isShadowed(name)) continue;
      note(name, segment.raw.slice(segment.raw.indexOf(first!.raw) + first!.raw.length));
    }
  } else {
    // Where the program words are not known, every defined name that appears as a word counts.
    for (const name of new Set([...definitions.aliases.keys(), ...definitions.functions])) {
      if (wordIn(reading.normalised, name)) note(name, '');
    }
  }
  if (shadowed.length === 0) return reading;
  const shown = shadowed.slice(0, 5).map((name) => `\`${name}\``).join(', ');
  return unresolvedReading(reading, `${shown} ${shadowed.length === 1 ? 'is' : 'are'} defined as alias or function in the agent's shell (${definitions.source}), so the command does not run the program${shadowed.length === 1 ? '' : 's'} of that name.`, texts);
}

function wordIn(text: string, name: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at < 0) return false;
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + name.length] ?? '';
    if (!/[\w./-]/.test(before) && !/[\w./-]/.test(after)) return true;
    from = at + 1;
  }
}

function unresolvedReading(reading: CommandReading, detail: string, texts: readonly string[]): CommandReading {
  const mechanisms = reading.resolution.resolved ? [] : reading.resolution.mechanisms.filter((m) => m !== 'shell-state');
  const before = reading.resolution.resolved ? '' : ` ${reading.resolution.detail}`;
  return {
    ...reading,
    normalised: texts.length === 0 ? reading.normalised : `${reading.normalised}\n${texts.join('\n')}`,
    resolution: { resolved: false, mechanisms: ['shell-state', ...mechanisms], detail: `${detail}${before}` },
  };
}
