/**
 * cmd.exe's command line (`cmd /c LINE`, run from WSL or Git Bash), read approximately and handed
 * to every layer as the POSIX shell text that runs the same commands (docs/decisions.md, "Windows
 * command lines and PowerShell statements"):
 *
 * - `%NAME%` is expanded first, as cmd does before it splits the line, with the Windows profile's
 *   folders at their worst (hardline/windowsFolders.ts `windowsVariableFolder`: `%USERPROFILE%` is a real
 *   user's home, `%SystemRoot%` is `C:\Windows`); a name not known there stays as written.
 * - Commands are split on `&`, `&&`, `||` and `|` outside double quotes (`^` escapes the next
 *   character), `(`…`)` groups them, a leading `@` is dropped, redirections (`>f`, `2>&1`, `<f`)
 *   are dropped, but for the files output redirections write (`type nul > f` empties f).
 * - `cd /d DIR` and `pushd DIR` move the line to the drive path as WSL sees it, `move`/`ren` are
 *   `mv`, `start … CMD` is CMD.
 * - Words are split on blanks outside double quotes, the quotes removed (each Windows program
 *   parses its own command line; the C runtime's rules remove them the same way).
 * - A group of `echo` commands piped into a program (`(echo select disk 1& echo clean) | diskpart`)
 *   is printed as the lines it prints (`printf '%s\n' …`), so the program's input is read.
 *
 * - `for [/d|/r ROOT] %X in (SET) do BODY` runs BODY once per item of SET: the line is read as
 *   BODY with `%X` (and `%~fX`, `%~dpX`, …) filled with each item (`C:\Users\*` stays a glob, so
 *   the body is judged on every entry at its worst), `/r`'s items below its root.
 *
 * Not read: `!NAME!` (delayed expansion), `%NAME:~a,b%` substrings and `%NAME:x=y%` replacements
 * (kept as written), `for /f` (its items are a file's lines or a command's output: the body is left
 * with `%X` as written), `if` bodies beyond splitting them like any other words. There is no cmd
 * here to prove it against: the rules are cmd's documented ones (`cmd /?`, "Command shell
 * overview"), kept approximate where the floor's reading stays safe.
 */
import { windowsVariableFolder } from '../hardline/windowsFolders';

/** One command of the line: its words, and how it is joined to the next. */
export interface CmdCommand {
  readonly words: string[];
  /** `(` opens a group before this command; the number of `)` that close after it. */
  readonly opens: number;
  readonly closes: number;
  /** `&`, `&&`, `||`, `|`, or null for the last command. */
  readonly connector: '&' | '&&' | '||' | '|' | null;
  /** The files its output redirections (`> f`, `>> f`) write, `nul` left out. */
  readonly writes: string[];
}

/** Longest line read; the rest is dropped (the floor's own budget bounds the work further). */
const MAX_LINE = 64 * 1024;

/** `%NAME%` expanded with the profile's folders; other names (and `%%`, `%~dp0`) as written. */
export function expandCmdVariables(line: string): string {
  return line.replace(/%([A-Za-z_][A-Za-z0-9_()]*)%/g, (whole, name: string) => windowsVariableFolder(name) ?? whole);
}

/**
 * `for [/d | /r [ROOT] | /l] %X in (SET) do BODY` at the start of a command: `%X` or `%%X` (in a
 * batch file), SET in parentheses, BODY to the end of the line.
 */
const FOR_LOOP = /(^|[&|(]\s*|@)for\s+((?:\/[dDrRlL]\s+)*)(?:((?:"[^"]*"|[^\s%"/][^\s%]*))\s+)?%%?([A-Za-z])\s+in\s*\(([^)]*)\)\s*do\s+(.*)$/s;

/** Most items of a `for` set each given their own copy of the body. */
const MAX_FOR_ITEMS = 8;

/**
 * The line with its first `for` loops unrolled: BODY once per item of SET, joined by `&`, with the
 * loop variable filled (see the module comment). A `/l` set counts numbers (`(1,1,5)`): its body is
 * read once with the first. Loops nested in a body are unrolled in turn, a few levels deep.
 */
export function expandForLoops(line: string, depth = 0): string {
  const match = depth < 3 ? FOR_LOOP.exec(line) : null;
  if (match === null) return line;
  const [whole, before, switches, root, variable, set, rest] = match as unknown as [string, string, string, string | undefined, string, string, string];
  const counting = /\/l/i.test(switches);
  const recursive = /\/r/i.test(switches);
  // A body closed by the group the loop stands in keeps its `)` after the last copy.
  let body = rest;
  let after = '';
  let balance = 0;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '(') balance++;
    else if (rest[i] === ')' && --balance < 0) {
      body = rest.slice(0, i);
      after = rest.slice(i);
      break;
    }
  }
  let items = set.split(/[\s,;]+/).filter((item) => item !== '').map((item) => item.replace(/"/g, ''));
  if (counting) items = items.slice(0, 1);
  const base = recursive ? (root ?? '.').replace(/"/g, '').replace(/\\$/, '') : null;
  const copies = items.slice(0, MAX_FOR_ITEMS).map((item) => {
    const value = base === null ? item : `${base}\\${item}`;
    return body.replace(new RegExp(`%%?(?:~[a-zA-Z$:]*)?${variable}`, 'g'), () => value).trimEnd();
  });
  if (copies.length === 0) return line;
  const unrolled = line.slice(0, match.index) + before + copies.map((copy) => `(${copy})`).join(' & ') + after;
  return whole.length === line.length - match.index ? expandForLoops(unrolled, depth + 1) : unrolled;
}

/** The commands of a cmd line (see the module comment). Never throws. */
export function readCmdLine(text: string): CmdCommand[] {
  return readLine(expandForLoops(expandCmdVariables(text.length > MAX_LINE ? text.slice(0, MAX_LINE) : text)), true);
}

/**
 * The commands of an expanded line. A quote left open at the end (`/applydir:C:\" 2>nul`) runs to
 * the end of the line, so the words after it are one word; at its worst the quote may be a stray
 * character and those words the command's own, so the line is read both ways, the second reading
 * (the open quote dropped) after the first as if joined by `&` (docs/decisions.md "cmd's open quote
 * read both ways").
 */
function readLine(line: string, again: boolean): CmdCommand[] {
  const commands: CmdCommand[] = [];
  let openedAt = -1;
  let words: string[] = [];
  let word: string | null = null;
  let quoted = false;
  let opens = 0;
  let closes = 0;
  let depth = 0;
  /** Set while the next word is a redirection's target: an input's is dropped, an output's kept apart. */
  let redirectTarget: 'in' | 'out' | false = false;
  let writes: string[] = [];
  const endWord = (): void => {
    if (word !== null) {
      if (redirectTarget === 'out' && !/^nul:?$/i.test(word)) writes.push(word);
      if (redirectTarget !== false) redirectTarget = false;
      else words.push(word);
    }
    word = null;
  };
  const endCommand = (connector: CmdCommand['connector']): void => {
    endWord();
    if (words.length > 0 || connector !== null || opens > 0 || closes > 0) commands.push({ words, opens, closes, connector, writes });
    words = [];
    writes = [];
    opens = 0;
    closes = 0;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"') quoted = false;
      else word = (word ?? '') + c;
      continue;
    }
    if (c === '"') {
      quoted = true;
      openedAt = i;
      word ??= '';
      continue;
    }
    if (c === '^' && i + 1 < line.length) {
      word = (word ?? '') + line[i + 1]!;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      endWord();
      continue;
    }
    if (c === '&' || c === '|') {
      const doubled = line[i + 1] === c;
      endCommand(doubled ? (c === '&' ? '&&' : '||') : c);
      if (doubled) i++;
      continue;
    }
    if (c === '(' && word === null && words.length === 0) {
      opens++;
      depth++;
      continue;
    }
    if (c === ')' && depth > 0) {
      endWord();
      closes++;
      depth--;
      continue;
    }
    if (c === '@' && word === null && words.length === 0) continue;
    if (c === '>' || c === '<') {
      // A descriptor right before it (`2>`) is part of the redirection.
      if (word !== null && /^[0-9]$/.test(word)) word = null;
      endWord();
      if (line[i + 1] === '>') i++;
      if (line[i + 1] === '&') {
        // `2>&1`: the descriptor is the target.
        i++;
        while (i + 1 < line.length && /[0-9]/.test(line[i + 1]!)) i++;
        continue;
      }
      redirectTarget = c === '>' ? 'out' : 'in';
      continue;
    }
    word = (word ?? '') + c;
  }
  endCommand(null);
  if (!quoted || !again || openedAt === -1) return commands;
  const last = commands.pop();
  if (last !== undefined) commands.push({ ...last, connector: '&' });
  return [...commands, ...readLine(line.slice(0, openedAt) + line.slice(openedAt + 1), false)];
}

/** A word as one POSIX shell word (single-quoted unless plain). */
function quote(word: string): string {
  return /^[A-Za-z0-9_./:=+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The commands as POSIX shell text (see the module comment); `&` becomes `;`. */
export function cmdCommandsAsShell(commands: readonly CmdCommand[]): string {
  let out = '';
  for (let k = 0; k < commands.length; k++) {
    const command = commands[k]!;
    // `(echo a& echo b) | prog`: the group's lines, printed at once.
    const group = echoGroup(commands, k);
    if (group !== null) {
      out += `printf '%s\\n' ${group.lines.map(quote).join(' ')} | `;
      k = group.end;
      continue;
    }
    out += '( '.repeat(command.opens);
    out += posixWords(command.words).map(quote).join(' ');
    for (const target of command.writes) out += ` > ${quote(target)}`;
    out += ' )'.repeat(command.closes);
    if (command.connector !== null) out += command.connector === '&' ? '; ' : ` ${command.connector} `;
  }
  return out.replace(/(?:[;|&]\s*)+$/, '').trim();
}

/**
 * cmd's own commands whose POSIX spelling the floor reads: `cd /d DIR`, `chdir`, `pushd` as `cd`
 * with the drive path as WSL sees it (`C:\\Users` is `/mnt/c/Users`), `move`/`ren` as `mv`,
 * `start [/wait|/b|/min|…] CMD` as CMD. Other commands as they stand.
 */
function posixWords(words: readonly string[]): readonly string[] {
  const name = words[0]?.toLowerCase();
  const args = words.slice(1).filter((word) => !/^\/[a-z-]+$/i.test(word) || (name !== 'cd' && name !== 'chdir' && name !== 'pushd' && name !== 'move' && name !== 'ren' && name !== 'rename'));
  switch (name) {
    case 'cd':
    case 'chdir':
    case 'pushd': {
      const folder = args.join(' ');
      const drive = /^([A-Za-z]):[\\/]?(.*)$/.exec(folder);
      return ['cd', drive === null ? folder : `/mnt/${drive[1]!.toLowerCase()}/${drive[2]!.replace(/\\/g, '/')}`];
    }
    case 'move':
    case 'ren':
    case 'rename':
      return args.length >= 2 ? ['mv', '-f', '--', ...args] : words;
    case 'start': {
      let k = 1;
      while (k < words.length && /^\/[a-z]+$/i.test(words[k]!)) k += /^\/(?:d|affinity|node)$/i.test(words[k]!) ? 2 : 1;
      return k < words.length ? words.slice(k) : words;
    }
    default:
      return words;
  }
}

/** The lines a group of only `echo` commands starting at `k` prints, when the group is piped on. */
function echoGroup(commands: readonly CmdCommand[], k: number): { lines: string[]; end: number } | null {
  if (commands[k]!.opens === 0) return null;
  const lines: string[] = [];
  for (let j = k; j < commands.length; j++) {
    const command = commands[j]!;
    if (command.words[0]?.toLowerCase() !== 'echo' || (j > k && command.opens > 0)) return null;
    lines.push(command.words.slice(1).join(' '));
    if (command.closes > 0) return command.connector === '|' ? { lines, end: j } : null;
  }
  return null;
}

/** A cmd line as POSIX shell text, and the words of its first command. */
export function cmdLineAsShell(text: string): { text: string; first: string[] } {
  const commands = readCmdLine(text);
  return { text: cmdCommandsAsShell(commands), first: commands[0]?.words ?? [] };
}
