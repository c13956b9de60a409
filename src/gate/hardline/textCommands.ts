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
import { approximateAnsiCQuote } from '../executorPayloads';
import type { OpaqueExpansion, Redirect, Word } from '../resolution';
import type { PeeledCommand } from '../wrappers';

/** One simple command found in the text. */
export interface TextCommand {
  argv: Word[];
  redirects: Redirect[];
  /** Commands with the same unit belong to one pipeline (or one subshell, group or substitution). */
  unit: number;
  /** The command whose output this one reads through `|`, if any. */
  pipedFrom: TextCommand | null;
  /** A heredoc body or here-string fed to this command's stdin. */
  stdinText: string | null;
  /**
   * Left undefined here: slots for the floor's cached folded and unwrapped argv (hardline.ts
   * `ArgvView`), made with the object so that filling them in later does not grow each of
   * thousands of commands by a separate property store.
   */
  folded?: readonly Word[];
  peeled?: PeeledCommand;
}

/** What a pending redirect will do with the next word. */
interface PendingRedirect {
  fd: number | null;
  op: Redirect['op'] | '<<' | '<<-' | '<<<';
}

/** Reserved words that may stand where a program would and are not programs. */
const RESERVED = new Set(['{', '}', '!', 'if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'esac', 'coproc']);

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
function isPlainCharacter(c: string): boolean {
  return !PLAIN_EXCEPTIONS.has(c);
}
const PLAIN_EXCEPTIONS = new Set([' ', '\t', '\n', '#', "'", '"', '\\', '$', '`', ';', '|', '&', '<', '>', '(', ')', '*', '?', '[', '~', '{', '}', ',']);
/** Characters with a meaning inside double quotes; a run of any others is added in one piece. */
const DOUBLE_QUOTED_EXCEPTIONS = new Set(['"', '\\', '$', '`']);

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
 * word it is building live in the local variables below. Opening a frame saves the enclosing
 * one's state in `saved`, {@link FRAME_SLOTS} array slots per level, and closing it restores that
 * state: substitutions nested thousands deep then cost a few array slots per level while they
 * are open, and nothing once closed, rather than a frame and a word builder object each that
 * all stay alive until the whole line has been read.
 */
export function readTextCommands(text: string, home: string): TextCommand[] {
  const commands: TextCommand[] = [];
  const pendingHeredocs: Array<{ command: TextCommand; delimiter: string; stripTabs: boolean }> = [];
  let unit = 0;
  const newCommand = (pipedFrom: TextCommand | null, commandUnit: number): TextCommand => ({
    argv: NO_WORDS,
    redirects: NO_REDIRECTS,
    unit: commandUnit,
    pipedFrom,
    stdinText: null,
    folded: undefined,
    peeled: undefined,
  });
  const n = text.length;
  let i = 0;

  // The innermost open frame.
  /** What closes it. */
  let closer = NO_CLOSER;
  /** A substitution (`$(…)`, backticks, `<(…)`) stands for a word of the enclosing command; a subshell does not. */
  let substitution = true;
  let command = newCommand(null, unit);
  let inDoubleQuotes = false;
  let pendingRedirect: PendingRedirect | null = null;
  /** The next word is a function name (after the `function` keyword), not a program. */
  let expectFunctionName = false;
  /** Where the substitution that opened it began (for its word's raw text). */
  let openedAt = 0;
  // The word it is building, if `hasWord`.
  let hasWord = false;
  let wordStart = 0;
  let wordValue = '';
  let wordOpaque = false;
  /** Why the word is opaque; made when the first reason is found. */
  let wordExpansions: OpaqueExpansion[] | null = null;
  let wordQuoted = false;
  /** An unquoted `{` was seen (a later `,` makes it a brace expansion). */
  let wordSawBrace = false;

  /**
   * The enclosing frames, outermost first, {@link FRAME_SLOTS} slots each, in chunks of
   * {@link FRAMES_PER_CHUNK} frames: deeper nesting adds a chunk rather than copying one long array.
   */
  const saved: unknown[][] = [];
  /** How many frames enclose the current one. */
  let depth = 0;

  const ensureWord = (at: number): void => {
    if (hasWord) return;
    hasWord = true;
    wordStart = at;
    wordValue = '';
    wordOpaque = false;
    wordExpansions = null;
    wordQuoted = false;
    wordSawBrace = false;
  };
  const markOpaque = (at: number, why: OpaqueExpansion): void => {
    ensureWord(at);
    wordOpaque = true;
    if (wordExpansions === null) wordExpansions = ONE_EXPANSION[why];
    else if (!wordExpansions.includes(why)) wordExpansions = [...wordExpansions, why];
  };

  const endWord = (end: number): void => {
    if (!hasWord) return;
    hasWord = false;
    const raw = text.slice(wordStart, end);
    const word: Word = wordOpaque
      ? { kind: 'opaque', raw, expansions: wordExpansions ?? [] }
      : { kind: 'literal', value: wordValue, raw };
    const pending = pendingRedirect;
    if (pending !== null) {
      pendingRedirect = null;
      if (pending.op === '<<' || pending.op === '<<-') {
        pendingHeredocs.push({ command, delimiter: wordValue, stripTabs: pending.op === '<<-' });
      } else if (pending.op === '<<<') {
        command.stdinText = wordValue + '\n';
      } else {
        const redirect: Redirect = { fd: pending.fd, op: pending.op, target: word, raw };
        if (command.redirects === NO_REDIRECTS) command.redirects = [redirect];
        else command.redirects.push(redirect);
      }
      return;
    }
    const atCommandPosition = command.argv.length === 0;
    if (atCommandPosition && expectFunctionName) {
      expectFunctionName = false;
      return;
    }
    if (atCommandPosition && !wordQuoted && !wordOpaque) {
      if (RESERVED.has(wordValue)) return;
      if (wordValue === 'function') {
        expectFunctionName = true;
        return;
      }
    }
    if (atCommandPosition && isAssignmentWord(raw)) return;
    // A one- or two-word argv is made at its exact size (a push would reserve room for 17);
    // lines of thousands of short commands keep every argv until the floor has read them all.
    const argv = command.argv;
    if (argv === NO_WORDS) command.argv = [word];
    else if (argv.length === 1) command.argv = [argv[0]!, word];
    else argv.push(word);
  };

  /** `closing`: the frame ends here, so no next command is started in it. */
  const endCommand = (end: number, connector: string | null, closing = false): void => {
    endWord(end);
    const ended = command;
    if (ended.argv.length > 0 || ended.redirects.length > 0 || ended.stdinText !== null) commands.push(ended);
    if (closing) return;
    if (depth === 0 && connector !== null && connector !== '|' && connector !== '|&') unit++;
    const piped = connector === '|' || connector === '|&';
    command = newCommand(piped ? ended : null, unit);
    pendingRedirect = null;
  };

  /** Saves the current frame and starts a new one inside it, in the same unit. */
  const pushFrame = (newCloser: number, newOpenedAt: number, newSubstitution: boolean): void => {
    let flags = closer;
    if (substitution) flags |= SUBSTITUTION;
    if (inDoubleQuotes) flags |= IN_DOUBLE_QUOTES;
    if (expectFunctionName) flags |= EXPECT_FUNCTION_NAME;
    if (hasWord) flags |= HAS_WORD;
    if (wordOpaque) flags |= WORD_OPAQUE;
    if (wordQuoted) flags |= WORD_QUOTED;
    if (wordSawBrace) flags |= WORD_SAW_BRACE;
    const chunkIndex = (depth / FRAMES_PER_CHUNK) | 0;
    let chunk = saved[chunkIndex];
    if (chunk === undefined) {
      chunk = new Array<unknown>(FRAMES_PER_CHUNK * FRAME_SLOTS);
      saved.push(chunk);
    }
    const base = (depth % FRAMES_PER_CHUNK) * FRAME_SLOTS;
    chunk[base] = flags;
    chunk[base + 1] = command;
    chunk[base + 2] = pendingRedirect;
    chunk[base + 3] = openedAt;
    chunk[base + 4] = wordStart;
    chunk[base + 5] = wordValue;
    chunk[base + 6] = wordExpansions;
    depth++;
    closer = newCloser;
    substitution = newSubstitution;
    command = newCommand(null, command.unit);
    inDoubleQuotes = false;
    pendingRedirect = null;
    expectFunctionName = false;
    openedAt = newOpenedAt;
    hasWord = false;
  };

  /** Drops the current frame and makes the enclosing one current again. */
  const popFrame = (): void => {
    depth--;
    const chunk = saved[(depth / FRAMES_PER_CHUNK) | 0]!;
    const base = (depth % FRAMES_PER_CHUNK) * FRAME_SLOTS;
    const flags = chunk[base] as number;
    command = chunk[base + 1] as TextCommand;
    pendingRedirect = chunk[base + 2] as PendingRedirect | null;
    openedAt = chunk[base + 3] as number;
    wordStart = chunk[base + 4] as number;
    wordValue = chunk[base + 5] as string;
    wordExpansions = chunk[base + 6] as OpaqueExpansion[] | null;
    // Nothing of a closed frame is kept: its slots are reused by the next frame at this depth.
    chunk[base + 1] = null;
    chunk[base + 2] = null;
    chunk[base + 5] = null;
    chunk[base + 6] = null;
    closer = flags & 3;
    substitution = (flags & SUBSTITUTION) !== 0;
    inDoubleQuotes = (flags & IN_DOUBLE_QUOTES) !== 0;
    expectFunctionName = (flags & EXPECT_FUNCTION_NAME) !== 0;
    hasWord = (flags & HAS_WORD) !== 0;
    wordOpaque = (flags & WORD_OPAQUE) !== 0;
    wordQuoted = (flags & WORD_QUOTED) !== 0;
    wordSawBrace = (flags & WORD_SAW_BRACE) !== 0;
  };

  const openFrame = (newCloser: number, wordAt: number, newOpenedAt: number): void => {
    ensureWord(wordAt);
    pushFrame(newCloser, newOpenedAt, true);
  };

  const closeFrame = (at: number): void => {
    endCommand(at, null, true);
    const closedSubstitution = substitution;
    const closedOpenedAt = openedAt;
    popFrame();
    // Only a short substitution can be one of the known-empty ones; do not copy long ones.
    const inner = closedSubstitution && at - closedOpenedAt <= 16 ? text.slice(closedOpenedAt, at).trim() : null;
    if (closedSubstitution && (inner === null || !EMPTY_SUBSTITUTIONS.has(inner))) markOpaque(at, 'variable');
  };

  /** After a newline: consume the bodies of heredocs announced on the line just ended. */
  const readHeredocBodies = (from: number): number => {
    let at = from;
    while (pendingHeredocs.length > 0) {
      const heredoc = pendingHeredocs.shift()!;
      let body = '';
      while (at < n) {
        const lineEnd = text.indexOf('\n', at);
        const end = lineEnd === -1 ? n : lineEnd;
        let line = text.slice(at, end);
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
    return Math.min(at, n);
  };

  while (i < n) {
    const c = text[i]!;

    if (inDoubleQuotes) {
      ensureWord(i);
      if (c === '"') {
        inDoubleQuotes = false;
        i++;
      } else if (c === '\\') {
        const next = text[i + 1];
        if (next !== undefined && '$`"\\'.includes(next)) {
          wordValue += next;
          i += 2;
        } else if (next === '\n') {
          i += 2;
        } else {
          wordValue += c;
          i++;
        }
      } else if (c === '$' && text[i + 1] === '(') {
        openFrame(CLOSES_WITH_PARENTHESIS, i, i + 2);
        i += 2;
      } else if (c === '`') {
        openFrame(CLOSES_WITH_BACKTICK, i, i + 1);
        i++;
      } else if (c === '$' && text[i + 1] !== undefined && /[A-Za-z0-9_{@*#?$!-]/.test(text[i + 1]!)) {
        markOpaque(i, 'variable');
        wordValue += c;
        i++;
      } else {
        let end = i + 1;
        while (end < n && !DOUBLE_QUOTED_EXCEPTIONS.has(text[end]!)) end++;
        wordValue += text.slice(i, end);
        i = end;
      }
      continue;
    }

    if ((closer === CLOSES_WITH_BACKTICK && c === '`') || (closer === CLOSES_WITH_PARENTHESIS && c === ')')) {
      closeFrame(i);
      i++;
      continue;
    }

    switch (c) {
      case ' ':
      case '\t':
        endWord(i);
        i++;
        break;
      case '\n':
        endCommand(i, '\n');
        i = readHeredocBodies(i + 1);
        break;
      case '#':
        if (!hasWord) {
          const end = text.indexOf('\n', i);
          i = end === -1 ? n : end;
        } else {
          wordValue += c;
          i++;
        }
        break;
      case "'": {
        ensureWord(i);
        wordQuoted = true;
        const end = text.indexOf("'", i + 1);
        const close = end === -1 ? n : end;
        wordValue += text.slice(i + 1, close);
        i = close + 1;
        break;
      }
      case '"':
        ensureWord(i);
        wordQuoted = true;
        inDoubleQuotes = true;
        i++;
        break;
      case '\\':
        if (text[i + 1] === '\n') {
          i += 2;
        } else {
          ensureWord(i);
          wordQuoted = true;
          if (i + 1 < n) wordValue += text[i + 1];
          i += 2;
        }
        break;
      case '$': {
        const next = text[i + 1];
        if (next === '(') {
          openFrame(CLOSES_WITH_PARENTHESIS, i, i + 2);
          i += 2;
        } else if (next === "'") {
          ensureWord(i);
          wordQuoted = true;
          const decoded = approximateAnsiCQuote(text, i + 2);
          wordValue += decoded.text;
          i = decoded.end;
        } else if (next === '"') {
          ensureWord(i);
          wordQuoted = true;
          inDoubleQuotes = true;
          i += 2;
        } else if (next === '{') {
          markOpaque(i, 'variable');
          const end = text.indexOf('}', i + 2);
          const close = end === -1 ? n - 1 : end;
          wordValue += text.slice(i, close + 1);
          i = close + 1;
        } else if (next !== undefined && /[A-Za-z0-9_@*#?$!-]/.test(next)) {
          markOpaque(i, 'variable');
          wordValue += c;
          i++;
        } else {
          ensureWord(i);
          wordValue += c;
          i++;
        }
        break;
      }
      case '`':
        openFrame(CLOSES_WITH_BACKTICK, i, i + 1);
        i++;
        break;
      case ';':
      case '|':
      case '&': {
        if (c === '&' && text[i + 1] === '>') {
          endWord(i);
          const append = text[i + 2] === '>';
          pendingRedirect = { fd: null, op: append ? '&>>' : '&>' };
          i += append ? 3 : 2;
          break;
        }
        const two = text.slice(i, i + 2);
        let op: string = c;
        if (two === '&&' || two === '||' || two === '|&' || two === ';;' || two === ';&') op = two;
        if (op === ';;' && text[i + 2] === '&') op = ';;&';
        endCommand(i, op);
        i += op.length;
        break;
      }
      case '<':
      case '>': {
        if (text[i + 1] === '(') {
          openFrame(CLOSES_WITH_PARENTHESIS, i, i + 2);
          i += 2;
          break;
        }
        let fd: number | null = null;
        if (hasWord && !wordQuoted && !wordOpaque && /^[0-9]{1,9}$/.test(wordValue)) {
          fd = Number(wordValue);
          hasWord = false;
        } else {
          endWord(i);
        }
        const ops = c === '<' ? ['<<<', '<<-', '<<', '<>', '<&', '<'] : ['>>', '>|', '>&', '>'];
        const op = ops.find((candidate) => text.startsWith(candidate, i))!;
        pendingRedirect = { fd, op: op as Redirect['op'] };
        i += op.length;
        break;
      }
      case '(': {
        const atCommandStart = !hasWord && command.argv.length === 0 && pendingRedirect === null;
        if (atCommandStart) {
          // A subshell (or arithmetic `((`): its commands are read like any others.
          pushFrame(CLOSES_WITH_PARENTHESIS, i + 1, false);
          i++;
        } else if (text[i + 1] === ')') {
          // `name()`: a function definition; the name is not a program.
          hasWord = false;
          command.argv = NO_WORDS;
          i += 2;
        } else {
          // `a=(…)` or an extglob `@(…)`: part of the word, never a command.
          markOpaque(i, 'glob');
          let nesting = 0;
          let k = i;
          for (; k < n; k++) {
            if (text[k] === '(') nesting++;
            else if (text[k] === ')' && --nesting === 0) break;
          }
          wordValue += text.slice(i, k + 1);
          i = k + 1;
        }
        break;
      }
      case ')':
        // A `)` nothing opened (or a `case` pattern): ends the command.
        endCommand(i, ';');
        i++;
        break;
      case '*':
      case '?':
      case '[':
        markOpaque(i, 'glob');
        wordValue += c;
        i++;
        break;
      case '~':
        if (!hasWord) {
          let k = i + 1;
          while (k < n && /[A-Za-z0-9._-]/.test(text[k]!)) k++;
          const name = text.slice(i + 1, k);
          const after = text[k];
          if (name === '' && (after === undefined || after === '/' || /[\s;&|<>)]/.test(after))) {
            ensureWord(i);
            wordValue += home;
          } else if (name !== '') {
            markOpaque(i, 'tilde-user');
            wordValue += text.slice(i, k);
          } else {
            ensureWord(i);
            wordValue += c;
          }
          i = k;
        } else {
          wordValue += c;
          i++;
        }
        break;
      case '{':
      case '}':
      default: {
        ensureWord(i);
        if (c === '{') wordSawBrace = true;
        if (c === ',' && wordSawBrace) markOpaque(i, 'brace');
        let end = i + 1;
        if (isPlainCharacter(c)) while (end < n && isPlainCharacter(text[end]!)) end++;
        wordValue += text.slice(i, end);
        i = end;
        break;
      }
    }
  }
  while (depth > 0) closeFrame(n);
  endCommand(n, null);
  return commands;
}
