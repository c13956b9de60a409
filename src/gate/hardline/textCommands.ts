/**
 * The hardline floor's tolerant reading of a command it could not resolve (D§5: the floor
 * cannot be dodged by making a command unresolvable). Unlike the resolver this never refuses:
 * it splits the text into simple commands the way bash would as far as it can tell (quotes,
 * escapes, `$'…'`, comments, operators, `$(…)`/backticks/`<(…)` as nested commands, groups,
 * subshells, heredoc bodies) and marks words it cannot know as opaque. Anything inside quotes
 * stays an argument, so `echo '{ rm -rf /; }' $(date)` yields `echo` and `date`, never `rm`.
 *
 * One pass over the text with an explicit stack (no recursion, no backtracking regex): linear
 * in the input, whatever the input is.
 */
import { approximateAnsiCQuote } from '../reading/ansiCQuote';
import type { OpaqueExpansion, Redirect, Word } from '../reading/resolution';
import type { PathPlace } from '../programs/pathResolver';
import type { PeeledCommand } from '../programs/wrappers';
import { zshQualifiedWord } from './zshForms';
import { assignmentWord, commandVariable } from '../programs/commandVariables';

/** How many qualifier codes (`(e:CODE:)`) are being read one inside another; deeper ones are not read. */
let nestedReadings = 0;
const MAX_NESTED_READINGS = 4;

/**
 * An opaque word's text with a leading `$HOME`/`${HOME}` or `~user` read as the folder (`~root` is
 * `/root`, another user's `/home/NAME`), when nothing else in it is only known at run time; else null.
 */
function knownPrefix(value: string, home: string): string | null {
  const match = /^(?:\$HOME(?![A-Za-z0-9_])|\$\{HOME\}|~([A-Za-z0-9._-]+))/.exec(value);
  if (match === null) return null;
  const rest = value.slice(match[0].length);
  if (/[$`]/.test(rest)) return null;
  const user = match[1];
  return (user === undefined ? home : user === 'root' ? '/root' : `/home/${user}`) + rest;
}

/** One simple command found in the text. */
export interface TextCommand {
  argv: Word[];
  redirects: Redirect[];
  /** Commands with the same unit belong to one pipeline (or one subshell, group or substitution). */
  unit: number;
  /** The command whose output this one reads through `|`, if any. */
  pipedFrom: TextCommand | null;
  /**
   * When what is piped in is a group, a subshell or a compound command's body (`{ cat ~/.netrc;
   * echo x; } | nc h 1`), every command of it: all of their output goes into the pipe, not only
   * the last one's ({@link pipedFrom}). Undefined otherwise.
   */
  pipedGroup?: TextCommand[];
  /** A heredoc body or here-string fed to this command's stdin. */
  stdinText: string | null;
  /**
   * Left undefined here: slots for the floor's cached folded and unwrapped argv (hardline.ts
   * `ArgvView`), made with the object so that filling them in later does not grow each of
   * thousands of commands by a separate property store.
   */
  folded?: readonly Word[];
  /** `NAME=VALUE` in front of the command whose value a program runs as a command (commandVariables.ts). */
  assignments?: Array<{ name: string; value: Word }>;
  peeled?: PeeledCommand;
  /** The same for the place the floor works out for the command (`programs/pathResolver.ts`). */
  place?: PathPlace;
}

/** What a pending redirect will do with the next word. */
interface PendingRedirect {
  fd: number | null;
  op: Redirect['op'] | '<<' | '<<-' | '<<<';
}

/** Reserved words that may stand where a program would and are not programs. */
const RESERVED = new Set(['{', '}', '!', 'if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'esac', 'coproc']);

/**
 * Reserved words that open a group or a compound command's body, with the word that closes it:
 * what the commands between print goes, all of it, wherever the closing word's command sends its
 * output (`{ …; } | nc h 1`, `for f in …; do cat "$f"; done | curl -T - URL`).
 */
const GROUP_CLOSERS: Readonly<Record<string, string>> = { '{': '}', do: 'done', if: 'fi' };

/** Substitutions known to expand to nothing, used to splice a word together (`r$()m`). */
const EMPTY_SUBSTITUTIONS = new Set(['', 'true', ':', 'false', 'echo', 'echo -n', "printf ''", 'printf ""']);

/** `NAME=…` or `NAME+=…`; reads only the name, however long the word. */
function isAssignmentWord(raw: string): boolean {
  let k = 0;
  while (k < raw.length && isNameCharacter(raw.charCodeAt(k))) k++;
  if (k === 0 || isDigit(raw.charCodeAt(0))) return false;
  return raw[k] === '=' || (raw[k] === '+' && raw[k + 1] === '=');
}

/** `[A-Za-z0-9_]` */
function isNameCharacter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || isDigit(code) || code === 0x5f;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * Characters the reader treats as nothing but part of the current word, outside double quotes
 * (everything its main switch sends to the default branch except `{`, `}` and `,`, which the
 * brace check looks at): a run of them is added in one piece.
 */
function isPlainCharacter(code: number): boolean {
  // Every exception is ASCII: a table lookup by UTF-16 code unit rather than a set of strings.
  return code >= 0x80 || PLAIN_ASCII[code] === 1;
}
/** Characters with a meaning inside double quotes; a run of any others is added in one piece. */
function isPlainInDoubleQuotes(code: number): boolean {
  return code >= 0x80 || PLAIN_ASCII_IN_DOUBLE_QUOTES[code] === 1;
}

/** 1 for each ASCII code unit that is not one of `exceptions`. */
function plainTable(exceptions: string): Uint8Array {
  const table = new Uint8Array(0x80).fill(1);
  for (let k = 0; k < exceptions.length; k++) table[exceptions.charCodeAt(k)] = 0;
  return table;
}
const PLAIN_ASCII = plainTable(' \t\n#\'"\\$`;|&<>()*?[~{},');
const PLAIN_ASCII_IN_DOUBLE_QUOTES = plainTable('"\\$`');

/**
 * Shared empty lists and one-reason lists, frozen: a line of thousands of commands (or of
 * substitutions nested thousands deep) holds every command until the floor has read them all,
 * and most of them have no redirect, one word, one reason to be opaque. The shared lists are
 * never changed: a command's first word or redirect replaces the empty list with one of its
 * own, and a word's second reason replaces its one-reason list.
 */
const NO_WORDS: Word[] = Object.freeze([]) as unknown as Word[];
const NO_REDIRECTS: Redirect[] = Object.freeze([]) as unknown as Redirect[];
const ONE_EXPANSION: Readonly<Record<OpaqueExpansion, OpaqueExpansion[]>> = {
  variable: Object.freeze(['variable']) as unknown as OpaqueExpansion[],
  glob: Object.freeze(['glob']) as unknown as OpaqueExpansion[],
  brace: Object.freeze(['brace']) as unknown as OpaqueExpansion[],
  tilde: Object.freeze(['tilde']) as unknown as OpaqueExpansion[],
  'tilde-user': Object.freeze(['tilde-user']) as unknown as OpaqueExpansion[],
};

/** What closes a frame: nothing (the top level), `)` (for `$(`, `(` and `<(`) or a backtick. */
const NO_CLOSER = 0;
const CLOSES_WITH_PARENTHESIS = 1;
const CLOSES_WITH_BACKTICK = 2;

/** Bits of a saved frame's flags (two low bits: its closer). */
const SUBSTITUTION = 1 << 2;
const IN_DOUBLE_QUOTES = 1 << 3;
const EXPECT_FUNCTION_NAME = 1 << 4;
const HAS_WORD = 1 << 5;
const WORD_OPAQUE = 1 << 6;
const WORD_QUOTED = 1 << 7;
const WORD_SAW_BRACE = 1 << 8;

/** Slots one enclosing frame's saved state takes: flags, command, pending redirect, opened at, word start, word value, word expansions. */
const FRAME_SLOTS = 7;

/** Enclosing frames per chunk of saved state. */
const FRAMES_PER_CHUNK = 32;

/**
 * Reads the text into simple commands. Never throws; linear time.
 *
 * The innermost open frame (the top level, or the substitution or subshell being read) and the
 * word it is building live in the reader's fields. Opening a frame saves the enclosing one's
 * state in `saved`, {@link FRAME_SLOTS} array slots per level, and closing it restores that
 * state: substitutions nested thousands deep then cost a few array slots per level while they
 * are open, and nothing once closed, rather than a frame and a word builder object each that
 * all stay alive until the whole line has been read.
 */
export function readTextCommands(text: string, home: string): TextCommand[] {
  return new TextCommandReader(text, home).read();
}

function newCommand(pipedFrom: TextCommand | null, commandUnit: number): TextCommand {
  return {
    argv: NO_WORDS,
    redirects: NO_REDIRECTS,
    unit: commandUnit,
    pipedFrom,
    pipedGroup: undefined,
    stdinText: null,
    folded: undefined,
    peeled: undefined,
    place: undefined,
    assignments: undefined,
  };
}

/**
 * The state of one {@link readTextCommands} call, in fields rather than in closures over local
 * variables: a call then makes one object, not a closure per helper.
 */
class TextCommandReader {
  private readonly commands: TextCommand[] = [];
  private readonly pendingHeredocs: Array<{ command: TextCommand; delimiter: string; stripTabs: boolean }> = [];
  private unit = 0;
  /**
   * Open groups and compound bodies ({@link GROUP_CLOSERS}) and subshells: where their commands
   * start in {@link commands}, the word that closes them (`)` for a subshell), and the frame depth
   * they were opened at. A group at the top level keeps its commands in one unit.
   */
  private readonly groups: Array<{ start: number; closer: string; depth: number }> = [];
  /** The commands of a group or subshell just closed: a `|` next pipes all of them. */
  private closedGroup: TextCommand[] | null = null;
  private readonly n: number;

  // The innermost open frame.
  /** What closes it. */
  private closer = NO_CLOSER;
  /** A substitution (`$(…)`, backticks, `<(…)`) stands for a word of the enclosing command; a subshell does not. */
  private substitution = true;
  private command: TextCommand = newCommand(null, 0);
  private inDoubleQuotes = false;
  private pendingRedirect: PendingRedirect | null = null;
  /** The next word is a function name (after the `function` keyword), not a program. */
  private expectFunctionName = false;
  /** Where the substitution that opened it began (for its word's raw text). */
  private openedAt = 0;
  // The word it is building, if `hasWord`.
  private hasWord = false;
  private wordStart = 0;
  private wordValue = '';
  private wordOpaque = false;
  /** Why the word is opaque; made when the first reason is found. */
  private wordExpansions: OpaqueExpansion[] | null = null;
  private wordQuoted = false;
  /** An unquoted `{` was seen (a later `,` makes it a brace expansion). */
  private wordSawBrace = false;
  /** The word's text as the floor reads it, when zsh's glob qualifiers changed it (`/usr(:h)`); else its source. */
  private wordRaw: string | null = null;

  /**
   * The enclosing frames, outermost first, {@link FRAME_SLOTS} slots each, in chunks of
   * {@link FRAMES_PER_CHUNK} frames: deeper nesting adds a chunk rather than copying one long array.
   */
  private readonly saved: unknown[][] = [];
  /** How many frames enclose the current one. */
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly home: string,
  ) {
    this.n = text.length;
  }

  private ensureWord(at: number): void {
    if (this.hasWord) return;
    this.hasWord = true;
    this.wordStart = at;
    this.wordValue = '';
    this.wordOpaque = false;
    this.wordExpansions = null;
    this.wordQuoted = false;
    this.wordSawBrace = false;
    this.wordRaw = null;
  }
  private markOpaque(at: number, why: OpaqueExpansion): void {
    this.ensureWord(at);
    this.wordOpaque = true;
    if (this.wordExpansions === null) this.wordExpansions = ONE_EXPANSION[why];
    else if (!this.wordExpansions.includes(why)) this.wordExpansions = [...this.wordExpansions, why];
  }

  private endWord(end: number): void {
    if (!this.hasWord) return;
    this.hasWord = false;
    const raw = this.wordRaw ?? this.text.slice(this.wordStart, end);
    this.wordRaw = null;
    const word: Word = this.wordOpaque
      ? { kind: 'opaque', raw, expansions: this.wordExpansions ?? [] }
      : { kind: 'literal', value: this.wordValue, raw };
    const pending = this.pendingRedirect;
    if (pending !== null) {
      this.pendingRedirect = null;
      if (pending.op === '<<' || pending.op === '<<-') {
        this.pendingHeredocs.push({ command: this.command, delimiter: this.wordValue, stripTabs: pending.op === '<<-' });
      } else if (pending.op === '<<<') {
        this.command.stdinText = this.wordValue + '\n';
      } else {
        const redirect: Redirect = { fd: pending.fd, op: pending.op, target: word, raw };
        if (this.command.redirects === NO_REDIRECTS) this.command.redirects = [redirect];
        else this.command.redirects.push(redirect);
      }
      return;
    }
    const atCommandPosition = this.command.argv.length === 0;
    if (atCommandPosition && this.expectFunctionName) {
      this.expectFunctionName = false;
      return;
    }
    if (atCommandPosition && !this.wordQuoted && !this.wordOpaque) {
      if (RESERVED.has(this.wordValue)) {
        this.groupWord(this.wordValue);
        return;
      }
      if (this.wordValue === 'function') {
        this.expectFunctionName = true;
        return;
      }
    }
    if (atCommandPosition && isAssignmentWord(raw)) {
      // Kept only when a program runs its value as a command (`GIT_PAGER='…' git log`: commandVariables.ts).
      const assigned = assignmentWord(word);
      if (assigned !== null && commandVariable(assigned.name) !== undefined) (this.command.assignments ??= []).push(assigned);
      return;
    }
    // A one- or two-word argv is made at its exact size (a push would reserve room for 17);
    // lines of thousands of short commands keep every argv until the floor has read them all.
    const argv = this.command.argv;
    if (argv === NO_WORDS) this.command.argv = [word];
    else if (argv.length === 1) this.command.argv = [argv[0]!, word];
    else argv.push(word);
  }

  /** A reserved word at a command's start that opens or closes a group ({@link GROUP_CLOSERS}). */
  private groupWord(word: string): void {
    const closer = GROUP_CLOSERS[word];
    if (closer !== undefined) {
      this.groups.push({ start: this.commands.length, closer, depth: this.depth });
      return;
    }
    const open = this.groups[this.groups.length - 1];
    if (open !== undefined && open.closer === word && open.depth === this.depth) this.closeGroup();
  }

  /** The innermost open group or subshell ends: its commands are what a `|` after it pipes. */
  private closeGroup(): void {
    const { start } = this.groups.pop()!;
    this.closedGroup = start < this.commands.length ? this.commands.slice(start) : null;
  }

  /** Whether a group opened at the top level is still open: its commands stay in one unit. */
  private inTopLevelGroup(): boolean {
    return this.groups.length > 0 && this.groups[0]!.depth === 0 && this.groups[0]!.closer !== ')';
  }

  /** `closing`: the frame ends here, so no next command is started in it. */
  private endCommand(end: number, connector: string | null, closing = false): void {
    this.endWord(end);
    const ended = this.command;
    if (ended.argv.length > 0 || ended.redirects.length > 0 || ended.stdinText !== null || ended.assignments !== undefined) this.commands.push(ended);
    const group = this.closedGroup;
    this.closedGroup = null;
    if (closing) return;
    if (this.depth === 0 && connector !== null && connector !== '|' && connector !== '|&' && !this.inTopLevelGroup()) this.unit++;
    const piped = connector === '|' || connector === '|&';
    // After a group (`} |`, `) |`, `done |`) the pipe reads every command of it: the last one as
    // the one it is piped from, all of them as its group.
    const fromGroup = piped && group !== null && ended.argv.length === 0;
    this.command = newCommand(piped ? (fromGroup ? group[group.length - 1]! : ended) : null, this.unit);
    if (fromGroup) this.command.pipedGroup = group;
    this.pendingRedirect = null;
  }

  /** Saves the current frame and starts a new one inside it, in the same unit. */
  private pushFrame(newCloser: number, newOpenedAt: number, newSubstitution: boolean): void {
    let flags = this.closer;
    if (this.substitution) flags |= SUBSTITUTION;
    if (this.inDoubleQuotes) flags |= IN_DOUBLE_QUOTES;
    if (this.expectFunctionName) flags |= EXPECT_FUNCTION_NAME;
    if (this.hasWord) flags |= HAS_WORD;
    if (this.wordOpaque) flags |= WORD_OPAQUE;
    if (this.wordQuoted) flags |= WORD_QUOTED;
    if (this.wordSawBrace) flags |= WORD_SAW_BRACE;
    const chunkIndex = (this.depth / FRAMES_PER_CHUNK) | 0;
    let chunk = this.saved[chunkIndex];
    if (chunk === undefined) {
      chunk = new Array<unknown>(FRAMES_PER_CHUNK * FRAME_SLOTS);
      this.saved.push(chunk);
    }
    const base = (this.depth % FRAMES_PER_CHUNK) * FRAME_SLOTS;
    chunk[base] = flags;
    chunk[base + 1] = this.command;
    chunk[base + 2] = this.pendingRedirect;
    chunk[base + 3] = this.openedAt;
    chunk[base + 4] = this.wordStart;
    chunk[base + 5] = this.wordValue;
    chunk[base + 6] = this.wordExpansions;
    this.depth++;
    this.closer = newCloser;
    this.substitution = newSubstitution;
    this.command = newCommand(null, this.command.unit);
    this.inDoubleQuotes = false;
    this.pendingRedirect = null;
    this.expectFunctionName = false;
    this.openedAt = newOpenedAt;
    this.hasWord = false;
  }

  /** Drops the current frame and makes the enclosing one current again. */
  private popFrame(): void {
    this.depth--;
    const chunk = this.saved[(this.depth / FRAMES_PER_CHUNK) | 0]!;
    const base = (this.depth % FRAMES_PER_CHUNK) * FRAME_SLOTS;
    const flags = chunk[base] as number;
    this.command = chunk[base + 1] as TextCommand;
    this.pendingRedirect = chunk[base + 2] as PendingRedirect | null;
    this.openedAt = chunk[base + 3] as number;
    this.wordStart = chunk[base + 4] as number;
    this.wordValue = chunk[base + 5] as string;
    this.wordExpansions = chunk[base + 6] as OpaqueExpansion[] | null;
    // Nothing of a closed frame is kept: its slots are reused by the next frame at this depth.
    chunk[base + 1] = null;
    chunk[base + 2] = null;
    chunk[base + 5] = null;
    chunk[base + 6] = null;
    this.closer = flags & 3;
    this.substitution = (flags & SUBSTITUTION) !== 0;
    this.inDoubleQuotes = (flags & IN_DOUBLE_QUOTES) !== 0;
    this.expectFunctionName = (flags & EXPECT_FUNCTION_NAME) !== 0;
    this.hasWord = (flags & HAS_WORD) !== 0;
    this.wordOpaque = (flags & WORD_OPAQUE) !== 0;
    this.wordQuoted = (flags & WORD_QUOTED) !== 0;
    this.wordSawBrace = (flags & WORD_SAW_BRACE) !== 0;
  }

  private openFrame(newCloser: number, wordAt: number, newOpenedAt: number): void {
    this.ensureWord(wordAt);
    this.pushFrame(newCloser, newOpenedAt, true);
  }

  private closeFrame(at: number): void {
    this.endCommand(at, null, true);
    const closedSubstitution = this.substitution;
    const closedOpenedAt = this.openedAt;
    this.popFrame();
    // Groups left open inside the frame end with it; a subshell's own entry is then the innermost.
    while (this.groups.length > 0 && this.groups[this.groups.length - 1]!.depth > this.depth) this.groups.pop();
    const open = this.groups[this.groups.length - 1];
    if (!closedSubstitution && open !== undefined && open.closer === ')' && open.depth === this.depth) this.closeGroup();
    // Only a short substitution can be one of the known-empty ones; do not copy long ones.
    const inner = closedSubstitution && at - closedOpenedAt <= 16 ? this.text.slice(closedOpenedAt, at).trim() : null;
    if (closedSubstitution && (inner === null || !EMPTY_SUBSTITUTIONS.has(inner))) this.markOpaque(at, 'variable');
  }

  /**
   * `WORD(QUALIFIERS)` ending a word, the `(` at `open` and its `)` at `close`: zsh reads glob
   * qualifiers and history modifiers there (hardline/zshForms.ts). The word becomes the path they
   * leave (`/usr(:h)` is `/`), or opaque when they run code (that code is read as commands of the
   * line) or are not read. False, with nothing changed, when the `(` is no qualifier list (an
   * extglob `@(…)`, an array `a=(…)`, text going on after the `)`).
   */
  private qualifiers(open: number, close: number): boolean {
    if (!this.hasWord || this.wordValue === '' || close >= this.n) return false;
    const before = this.text[open - 1];
    if (before === undefined || '@!+?=$'.includes(before)) return false;
    const after = this.text[close + 1];
    if (after !== undefined && !/[\s;&|<>)`]/.test(after)) return false;
    const inner = this.text.slice(open + 1, close);
    // Modifiers need the path: the home folder and a user's (`$HOME(:h)`, `~root(:h)`) are read,
    // any other run-time text is not (`$X(:h)` may be anything).
    const value = this.wordOpaque ? knownPrefix(this.wordValue, this.home) : this.wordValue;
    // Code in the qualifiers (`*(e:'rm -rf ~':)`) is read whatever the path: only a path the
    // modifiers changed needs the path to be known.
    const unknownPath = value === null ? zshQualifiedWord(this.wordValue, inner) : null;
    const read = value !== null ? zshQualifiedWord(value, inner) : unknownPath!.kind === 'code' || !inner.includes(':') ? unknownPath : null;
    if (read !== null && read.kind === 'path') {
      this.wordValue = read.value;
      if (this.wordOpaque) this.wordRaw = read.value;
      return true;
    }
    this.markOpaque(open, read?.kind === 'code' ? 'variable' : 'glob');
    this.wordValue += this.text.slice(open, close + 1);
    if (read !== null && read.kind === 'code' && read.text !== '' && nestedReadings < MAX_NESTED_READINGS) {
      nestedReadings++;
      try {
        for (const command of readTextCommands(read.text, this.home)) this.commands.push(command);
      } finally {
        nestedReadings--;
      }
    }
    return true;
  }

  /** After a newline: consume the bodies of heredocs announced on the line just ended. */
  private readHeredocBodies(from: number): number {
    let at = from;
    while (this.pendingHeredocs.length > 0) {
      const heredoc = this.pendingHeredocs.shift()!;
      let body = '';
      while (at < this.n) {
        const lineEnd = this.text.indexOf('\n', at);
        const end = lineEnd === -1 ? this.n : lineEnd;
        let line = this.text.slice(at, end);
        at = end + 1;
        if (heredoc.stripTabs) {
          let k = 0;
          while (k < line.length && line[k] === '\t') k++;
          line = line.slice(k);
        }
        if (line === heredoc.delimiter) break;
        body += line + '\n';
      }
      heredoc.command.stdinText = body;
    }
    return Math.min(at, this.n);
  }


  read(): TextCommand[] {
    const { text, n, home } = this;
    let i = 0;
    while (i < n) {
      const c = text[i]!;

      if (this.inDoubleQuotes) {
        this.ensureWord(i);
        if (c === '"') {
          this.inDoubleQuotes = false;
          i++;
        } else if (c === '\\') {
          const next = text[i + 1];
          if (next !== undefined && '$`"\\'.includes(next)) {
            this.wordValue += next;
            i += 2;
          } else if (next === '\n') {
            i += 2;
          } else {
            this.wordValue += c;
            i++;
          }
        } else if (c === '$' && text[i + 1] === '(') {
          this.openFrame(CLOSES_WITH_PARENTHESIS, i, i + 2);
          i += 2;
        } else if (c === '`') {
          this.openFrame(CLOSES_WITH_BACKTICK, i, i + 1);
          i++;
        } else if (c === '$' && text[i + 1] !== undefined && /[A-Za-z0-9_{@*#?$!-]/.test(text[i + 1]!)) {
          this.markOpaque(i, 'variable');
          this.wordValue += c;
          i++;
        } else {
          let end = i + 1;
          while (end < n && isPlainInDoubleQuotes(text.charCodeAt(end))) end++;
          this.wordValue += text.slice(i, end);
          i = end;
        }
        continue;
      }

      if ((this.closer === CLOSES_WITH_BACKTICK && c === '`') || (this.closer === CLOSES_WITH_PARENTHESIS && c === ')')) {
        this.closeFrame(i);
        i++;
        continue;
      }

      switch (c) {
        case ' ':
        case '\t':
          this.endWord(i);
          i++;
          break;
        case '\n':
          this.endCommand(i, '\n');
          i = this.readHeredocBodies(i + 1);
          break;
        case '#':
          if (!this.hasWord) {
            const end = text.indexOf('\n', i);
            i = end === -1 ? n : end;
          } else {
            this.wordValue += c;
            i++;
          }
          break;
        case "'": {
          this.ensureWord(i);
          this.wordQuoted = true;
          const end = text.indexOf("'", i + 1);
          const close = end === -1 ? n : end;
          this.wordValue += text.slice(i + 1, close);
          i = close + 1;
          break;
        }
        case '"':
          this.ensureWord(i);
          this.wordQuoted = true;
          this.inDoubleQuotes = true;
          i++;
          break;
        case '\\':
          if (text[i + 1] === '\n') {
            i += 2;
          } else {
            this.ensureWord(i);
            this.wordQuoted = true;
            if (i + 1 < n) this.wordValue += text[i + 1];
            i += 2;
          }
          break;
        case '$': {
          const next = text[i + 1];
          if (next === '(') {
            this.openFrame(CLOSES_WITH_PARENTHESIS, i, i + 2);
            i += 2;
          } else if (next === "'") {
            this.ensureWord(i);
            this.wordQuoted = true;
            const decoded = approximateAnsiCQuote(text, i + 2);
            this.wordValue += decoded.text;
            i = decoded.end;
          } else if (next === '"') {
            this.ensureWord(i);
            this.wordQuoted = true;
            this.inDoubleQuotes = true;
            i += 2;
          } else if (next === '{') {
            this.markOpaque(i, 'variable');
            const end = text.indexOf('}', i + 2);
            const close = end === -1 ? n - 1 : end;
            this.wordValue += text.slice(i, close + 1);
            i = close + 1;
          } else if (next !== undefined && /[A-Za-z0-9_@*#?$!-]/.test(next)) {
            this.markOpaque(i, 'variable');
            this.wordValue += c;
            i++;
          } else if ((next === '=' || next === '~' || next === '^' || next === '+') && /[A-Za-z_{]/.test(text[i + 2] ?? '')) {
            // zsh's `$=x` (split), `$~x` (glob), `$^x` (rc expansion), `$+x` (is set): run-time words.
            this.markOpaque(i, 'variable');
            this.wordValue += c;
            i++;
          } else {
            this.ensureWord(i);
            this.wordValue += c;
            i++;
          }
          break;
        }
        case '`':
          this.openFrame(CLOSES_WITH_BACKTICK, i, i + 1);
          i++;
          break;
        case ';':
        case '|':
        case '&': {
          if (c === '&' && text[i + 1] === '>') {
            this.endWord(i);
            const append = text[i + 2] === '>';
            this.pendingRedirect = { fd: null, op: append ? '&>>' : '&>' };
            i += append ? 3 : 2;
            break;
          }
          const two = text.slice(i, i + 2);
          let op: string = c;
          if (two === '&&' || two === '||' || two === '|&' || two === ';;' || two === ';&') op = two;
          if (op === ';;' && text[i + 2] === '&') op = ';;&';
          this.endCommand(i, op);
          i += op.length;
          break;
        }
        case '<':
        case '>': {
          if (text[i + 1] === '(') {
            this.openFrame(CLOSES_WITH_PARENTHESIS, i, i + 2);
            i += 2;
            break;
          }
          let fd: number | null = null;
          if (this.hasWord && !this.wordQuoted && !this.wordOpaque && /^[0-9]{1,9}$/.test(this.wordValue)) {
            fd = Number(this.wordValue);
            this.hasWord = false;
          } else {
            this.endWord(i);
          }
          const ops = c === '<' ? ['<<<', '<<-', '<<', '<>', '<&', '<'] : ['>>', '>|', '>&', '>'];
          const op = ops.find((candidate) => text.startsWith(candidate, i))!;
          this.pendingRedirect = { fd, op: op as Redirect['op'] };
          i += op.length;
          break;
        }
        case '(': {
          const atCommandStart = !this.hasWord && this.command.argv.length === 0 && this.pendingRedirect === null;
          if (this.hasWord && this.wordStart === i - 1 && text[i - 1] === '=' && !this.wordQuoted) {
            // zsh's `=(…)`: a process substitution through a temporary file (`cat =(rm -rf /)`).
            this.pushFrame(CLOSES_WITH_PARENTHESIS, i + 1, true);
            i++;
          } else if (atCommandStart) {
            // A subshell (or arithmetic `((`): its commands are read like any others.
            this.groups.push({ start: this.commands.length, closer: ')', depth: this.depth });
            this.pushFrame(CLOSES_WITH_PARENTHESIS, i + 1, false);
            i++;
          } else if (text[i + 1] === ')') {
            // `name()`: a function definition; the name is not a program.
            this.hasWord = false;
            this.command.argv = NO_WORDS;
            i += 2;
          } else {
            // `a=(…)` or an extglob `@(…)`: part of the word, never a command.
            let nesting = 0;
            let k = i;
            for (; k < n; k++) {
              if (text[k] === '(') nesting++;
              else if (text[k] === ')' && --nesting === 0) break;
            }
            // `/usr(:h)`, `/etc(N)`, `*(.)`: zsh's glob qualifiers and history modifiers.
            if (this.qualifiers(i, k)) {
              i = k + 1;
              break;
            }
            this.markOpaque(i, 'glob');
            this.wordValue += text.slice(i, k + 1);
            i = k + 1;
          }
          break;
        }
        case ')':
          // A `)` nothing opened (or a `case` pattern): ends the command.
          this.endCommand(i, ';');
          i++;
          break;
        case '*':
        case '?':
        case '[':
          this.markOpaque(i, 'glob');
          this.wordValue += c;
          i++;
          break;
        case '~':
          if (!this.hasWord) {
            let k = i + 1;
            while (k < n && /[A-Za-z0-9._-]/.test(text[k]!)) k++;
            const name = text.slice(i + 1, k);
            const after = text[k];
            if (name === '' && (after === undefined || after === '/' || /[\s;&|<>()]/.test(after))) {
              this.ensureWord(i);
              this.wordValue += home;
            } else if (name !== '') {
              this.markOpaque(i, 'tilde-user');
              this.wordValue += text.slice(i, k);
            } else {
              this.ensureWord(i);
              this.wordValue += c;
            }
            i = k;
          } else {
            this.wordValue += c;
            i++;
          }
          break;
        case '{':
        case '}':
        default: {
          this.ensureWord(i);
          if (c === '{') this.wordSawBrace = true;
          if (c === ',' && this.wordSawBrace) this.markOpaque(i, 'brace');
          let end = i + 1;
          if (isPlainCharacter(text.charCodeAt(i))) while (end < n && isPlainCharacter(text.charCodeAt(end))) end++;
          this.wordValue += text.slice(i, end);
          i = end;
          break;
        }
      }
    }
    while (this.depth > 0) this.closeFrame(n);
    this.endCommand(n, null);
    return this.commands;
  }
}
