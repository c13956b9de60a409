/**
 * Reference copy (a migration aid, D§15): the hardline floor's tolerant text reader as it was before its frames
 * were kept flat (one object per frame and per word being built). test/unit/hardline/textCommands.test.ts holds
 * the current reader to it word by word. Retire it once table tests state the reader's behaviour.
 */
import { approximateAnsiCQuote } from '../../../src/gate/reading/ansiCQuote';
import { type TextCommand } from '../../../src/gate/hardline/textCommands';
import type { OpaqueExpansion, Redirect, Word } from '../../../src/gate/reading/resolution';

// ---------------------------------------------------------------------------------------------
// The reader before its frames were kept flat (one object per frame and per word being built).
// ---------------------------------------------------------------------------------------------

/** Reserved words that may stand where a program would and are not programs. */
export interface WordBuilder {
  start: number;
  value: string;
  opaque: boolean;
  /** Why the word is opaque; made when the first reason is found. */
  expansions: OpaqueExpansion[] | null;
  quoted: boolean;
  /** An unquoted `{` was seen (a later `,` makes it a brace expansion). */
  sawBrace: boolean;
}

export interface ReferenceFrame {
  /** What closes this frame: `)` for `$(`, `(` and `<(`; a backtick; nothing at top level. */
  closer: ')' | '`' | null;
  /** A substitution (`$(…)`, backticks, `<(…)`) stands for a word of the enclosing command; a subshell does not. */
  substitution: boolean;
  command: TextCommand;
  word: WordBuilder | null;
  inDoubleQuotes: boolean;
  pendingRedirect: { fd: number | null; op: Redirect['op'] | '<<' | '<<-' | '<<<' } | null;
  /** The next word is a function name (after the `function` keyword), not a program. */
  expectFunctionName: boolean;
  /** Where the substitution that opened this frame began (for its word's raw text). */
  openedAt: number;
}

export const RESERVED = new Set(['{', '}', '!', 'if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'esac', 'coproc']);

/** Substitutions known to expand to nothing, used to splice a word together (`r$()m`). */
export const EMPTY_SUBSTITUTIONS = new Set(['', 'true', ':', 'false', 'echo', 'echo -n', "printf ''", 'printf ""']);

/** `NAME=…` or `NAME+=…`; reads only the name, however long the word. */
export function isAssignmentWord(raw: string): boolean {
  let k = 0;
  while (k < raw.length && isNameCharacter(raw.charCodeAt(k))) k++;
  if (k === 0 || isDigit(raw.charCodeAt(0))) return false;
  return raw[k] === '=' || (raw[k] === '+' && raw[k + 1] === '=');
}

/** `[A-Za-z0-9_]` */
export function isNameCharacter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || isDigit(code) || code === 0x5f;
}

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * Characters the reader treats as nothing but part of the current word, outside double quotes
 * (everything its main switch sends to the default branch except `{`, `}` and `,`, which the
 * brace check looks at): a run of them is added in one piece.
 */
export function isPlainCharacter(c: string): boolean {
  return !PLAIN_EXCEPTIONS.has(c);
}
export const PLAIN_EXCEPTIONS = new Set([' ', '\t', '\n', '#', "'", '"', '\\', '$', '`', ';', '|', '&', '<', '>', '(', ')', '*', '?', '[', '~', '{', '}', ',']);
/** Characters with a meaning inside double quotes; a run of any others is added in one piece. */
export const DOUBLE_QUOTED_EXCEPTIONS = new Set(['"', '\\', '$', '`']);

/**
 * Shared empty lists and one-reason lists, frozen: a line of thousands of commands (or of
 * substitutions nested thousands deep) holds every command until the floor has read them all,
 * and most of them have no redirect, one word, one reason to be opaque. The shared lists are
 * never changed: a command's first word or redirect replaces the empty list with one of its
 * own, and a word's second reason replaces its one-reason list.
 */
export const NO_WORDS: Word[] = Object.freeze([]) as unknown as Word[];
export const NO_REDIRECTS: Redirect[] = Object.freeze([]) as unknown as Redirect[];
export const ONE_EXPANSION: Readonly<Record<OpaqueExpansion, OpaqueExpansion[]>> = {
  variable: Object.freeze(['variable']) as unknown as OpaqueExpansion[],
  glob: Object.freeze(['glob']) as unknown as OpaqueExpansion[],
  brace: Object.freeze(['brace']) as unknown as OpaqueExpansion[],
  tilde: Object.freeze(['tilde']) as unknown as OpaqueExpansion[],
  'tilde-user': Object.freeze(['tilde-user']) as unknown as OpaqueExpansion[],
};

/** Reads the text into simple commands. Never throws; linear time. */
export function referenceReadTextCommands(text: string, home: string): TextCommand[] {
  const commands: TextCommand[] = [];
  const pendingHeredocs: Array<{ command: TextCommand; delimiter: string; stripTabs: boolean }> = [];
  let unit = 0;
  const newCommand = (pipedFrom: TextCommand | null = null): TextCommand => ({
    argv: NO_WORDS,
    redirects: NO_REDIRECTS,
    unit,
    pipedFrom,
    stdinText: null,
  });
  const newFrame = (closer: ReferenceFrame['closer'], openedAt: number, substitution = true): ReferenceFrame => ({
    closer,
    substitution,
    command: newCommand(),
    word: null,
    inDoubleQuotes: false,
    pendingRedirect: null,
    expectFunctionName: false,
    openedAt,
  });
  const stack: ReferenceFrame[] = [newFrame(null, 0)];
  const n = text.length;
  let i = 0;

  const ensureWord = (frame: ReferenceFrame, at: number): WordBuilder => {
    if (frame.word === null) frame.word = { start: at, value: '', opaque: false, expansions: null, quoted: false, sawBrace: false };
    return frame.word;
  };
  const markOpaque = (frame: ReferenceFrame, at: number, why: OpaqueExpansion): void => {
    const word = ensureWord(frame, at);
    word.opaque = true;
    if (word.expansions === null) word.expansions = ONE_EXPANSION[why];
    else if (!word.expansions.includes(why)) word.expansions = [...word.expansions, why];
  };

  const endWord = (frame: ReferenceFrame, end: number): void => {
    const builder = frame.word;
    frame.word = null;
    if (builder === null) return;
    const raw = text.slice(builder.start, end);
    const word: Word = builder.opaque
      ? { kind: 'opaque', raw, expansions: builder.expansions ?? [] }
      : { kind: 'literal', value: builder.value, raw };
    const pending = frame.pendingRedirect;
    if (pending !== null) {
      frame.pendingRedirect = null;
      if (pending.op === '<<' || pending.op === '<<-') {
        pendingHeredocs.push({ command: frame.command, delimiter: builder.value, stripTabs: pending.op === '<<-' });
      } else if (pending.op === '<<<') {
        frame.command.stdinText = builder.value + '\n';
      } else {
        const redirect: Redirect = { fd: pending.fd, op: pending.op, target: word, raw };
        if (frame.command.redirects === NO_REDIRECTS) frame.command.redirects = [redirect];
        else frame.command.redirects.push(redirect);
      }
      return;
    }
    const atCommandPosition = frame.command.argv.length === 0;
    if (atCommandPosition && frame.expectFunctionName) {
      frame.expectFunctionName = false;
      return;
    }
    if (atCommandPosition && !builder.quoted && !builder.opaque) {
      if (RESERVED.has(builder.value)) return;
      if (builder.value === 'function') {
        frame.expectFunctionName = true;
        return;
      }
    }
    if (atCommandPosition && isAssignmentWord(raw)) return;
    if (frame.command.argv === NO_WORDS) frame.command.argv = [word];
    else frame.command.argv.push(word);
  };

  /** `closing`: the frame ends here, so no next command is started in it. */
  const endCommand = (frame: ReferenceFrame, end: number, connector: string | null, closing = false): void => {
    endWord(frame, end);
    const command = frame.command;
    if (command.argv.length > 0 || command.redirects.length > 0 || command.stdinText !== null) commands.push(command);
    if (closing) return;
    const topLevel = stack.length === 1 && stack[0] === frame;
    if (topLevel && connector !== null && connector !== '|' && connector !== '|&') unit++;
    const piped = connector === '|' || connector === '|&';
    frame.command = newCommand(piped ? command : null);
    frame.command.unit = unit;
    frame.pendingRedirect = null;
  };

  const openFrame = (parent: ReferenceFrame, closer: ')' | '`', wordStart: number, openedAt: number): void => {
    ensureWord(parent, wordStart);
    const frame = newFrame(closer, openedAt);
    frame.command.unit = parent.command.unit;
    stack.push(frame);
  };

  const closeFrame = (frame: ReferenceFrame, at: number): void => {
    endCommand(frame, at, null, true);
    stack.pop();
    const parent = stack[stack.length - 1]!;
    // Only a short substitution can be one of the known-empty ones; do not copy long ones.
    const inner = frame.substitution && at - frame.openedAt <= 16 ? text.slice(frame.openedAt, at).trim() : null;
    if (frame.substitution && (inner === null || !EMPTY_SUBSTITUTIONS.has(inner))) markOpaque(parent, at, 'variable');
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
    const frame = stack[stack.length - 1]!;
    const c = text[i]!;

    if (frame.inDoubleQuotes) {
      const word = ensureWord(frame, i);
      if (c === '"') {
        frame.inDoubleQuotes = false;
        i++;
      } else if (c === '\\') {
        const next = text[i + 1];
        if (next !== undefined && '$`"\\'.includes(next)) {
          word.value += next;
          i += 2;
        } else if (next === '\n') {
          i += 2;
        } else {
          word.value += c;
          i++;
        }
      } else if (c === '$' && text[i + 1] === '(') {
        openFrame(frame, ')', i, i + 2);
        i += 2;
      } else if (c === '`') {
        openFrame(frame, '`', i, i + 1);
        i++;
      } else if (c === '$' && text[i + 1] !== undefined && /[A-Za-z0-9_{@*#?$!-]/.test(text[i + 1]!)) {
        markOpaque(frame, i, 'variable');
        word.value += c;
        i++;
      } else {
        let end = i + 1;
        while (end < n && !DOUBLE_QUOTED_EXCEPTIONS.has(text[end]!)) end++;
        word.value += text.slice(i, end);
        i = end;
      }
      continue;
    }

    if ((frame.closer === '`' && c === '`') || (frame.closer === ')' && c === ')')) {
      closeFrame(frame, i);
      i++;
      continue;
    }

    switch (c) {
      case ' ':
      case '\t':
        endWord(frame, i);
        i++;
        break;
      case '\n':
        endCommand(frame, i, '\n');
        i = readHeredocBodies(i + 1);
        break;
      case '#':
        if (frame.word === null) {
          const end = text.indexOf('\n', i);
          i = end === -1 ? n : end;
        } else {
          frame.word.value += c;
          i++;
        }
        break;
      case "'": {
        const word = ensureWord(frame, i);
        word.quoted = true;
        const end = text.indexOf("'", i + 1);
        const close = end === -1 ? n : end;
        word.value += text.slice(i + 1, close);
        i = close + 1;
        break;
      }
      case '"':
        ensureWord(frame, i).quoted = true;
        frame.inDoubleQuotes = true;
        i++;
        break;
      case '\\':
        if (text[i + 1] === '\n') {
          i += 2;
        } else {
          const word = ensureWord(frame, i);
          word.quoted = true;
          if (i + 1 < n) word.value += text[i + 1];
          i += 2;
        }
        break;
      case '$': {
        const next = text[i + 1];
        if (next === '(') {
          openFrame(frame, ')', i, i + 2);
          i += 2;
        } else if (next === "'") {
          const word = ensureWord(frame, i);
          word.quoted = true;
          const decoded = approximateAnsiCQuote(text, i + 2);
          word.value += decoded.text;
          i = decoded.end;
        } else if (next === '"') {
          ensureWord(frame, i).quoted = true;
          frame.inDoubleQuotes = true;
          i += 2;
        } else if (next === '{') {
          markOpaque(frame, i, 'variable');
          const end = text.indexOf('}', i + 2);
          const close = end === -1 ? n - 1 : end;
          frame.word!.value += text.slice(i, close + 1);
          i = close + 1;
        } else if (next !== undefined && /[A-Za-z0-9_@*#?$!-]/.test(next)) {
          markOpaque(frame, i, 'variable');
          frame.word!.value += c;
          i++;
        } else {
          ensureWord(frame, i).value += c;
          i++;
        }
        break;
      }
      case '`':
        openFrame(frame, '`', i, i + 1);
        i++;
        break;
      case ';':
      case '|':
      case '&': {
        if (c === '&' && text[i + 1] === '>') {
          endWord(frame, i);
          const append = text[i + 2] === '>';
          frame.pendingRedirect = { fd: null, op: append ? '&>>' : '&>' };
          i += append ? 3 : 2;
          break;
        }
        const two = text.slice(i, i + 2);
        let op: string = c;
        if (two === '&&' || two === '||' || two === '|&' || two === ';;' || two === ';&') op = two;
        if (op === ';;' && text[i + 2] === '&') op = ';;&';
        endCommand(frame, i, op);
        i += op.length;
        break;
      }
      case '<':
      case '>': {
        if (text[i + 1] === '(') {
          openFrame(frame, ')', i, i + 2);
          i += 2;
          break;
        }
        let fd: number | null = null;
        if (frame.word !== null && !frame.word.quoted && !frame.word.opaque && /^[0-9]{1,9}$/.test(frame.word.value)) {
          fd = Number(frame.word.value);
          frame.word = null;
        } else {
          endWord(frame, i);
        }
        const ops = c === '<' ? ['<<<', '<<-', '<<', '<>', '<&', '<'] : ['>>', '>|', '>&', '>'];
        const op = ops.find((candidate) => text.startsWith(candidate, i))!;
        frame.pendingRedirect = { fd, op: op as Redirect['op'] };
        i += op.length;
        break;
      }
      case '(': {
        const atCommandStart = frame.word === null && frame.command.argv.length === 0 && frame.pendingRedirect === null;
        if (atCommandStart) {
          // A subshell (or arithmetic `((`): its commands are read like any others.
          const sub = newFrame(')', i + 1, false);
          sub.command.unit = frame.command.unit;
          stack.push(sub);
          i++;
        } else if (text[i + 1] === ')') {
          // `name()`: a function definition; the name is not a program.
          frame.word = null;
          frame.command.argv = NO_WORDS;
          i += 2;
        } else {
          // `a=(…)` or an extglob `@(…)`: part of the word, never a command.
          markOpaque(frame, i, 'glob');
          let depth = 0;
          let k = i;
          for (; k < n; k++) {
            if (text[k] === '(') depth++;
            else if (text[k] === ')' && --depth === 0) break;
          }
          frame.word!.value += text.slice(i, k + 1);
          i = k + 1;
        }
        break;
      }
      case ')':
        // A `)` nothing opened (or a `case` pattern): ends the command.
        endCommand(frame, i, ';');
        i++;
        break;
      case '*':
      case '?':
      case '[':
        markOpaque(frame, i, 'glob');
        frame.word!.value += c;
        i++;
        break;
      case '~':
        if (frame.word === null) {
          let k = i + 1;
          while (k < n && /[A-Za-z0-9._-]/.test(text[k]!)) k++;
          const name = text.slice(i + 1, k);
          const after = text[k];
          if (name === '' && (after === undefined || after === '/' || /[\s;&|<>)]/.test(after))) {
            ensureWord(frame, i).value += home;
          } else if (name !== '') {
            markOpaque(frame, i, 'tilde-user');
            frame.word!.value += text.slice(i, k);
          } else {
            ensureWord(frame, i).value += c;
          }
          i = k;
        } else {
          frame.word.value += c;
          i++;
        }
        break;
      case '{':
      case '}':
      default: {
        const word = ensureWord(frame, i);
        if (c === '{') word.sawBrace = true;
        if (c === ',' && word.sawBrace) markOpaque(frame, i, 'brace');
        let end = i + 1;
        if (isPlainCharacter(c)) while (end < n && isPlainCharacter(text[end]!)) end++;
        word.value += text.slice(i, end);
        i = end;
        break;
      }
    }
  }
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (stack.length === 1) {
      endCommand(frame, n, null);
      stack.pop();
    } else {
      closeFrame(frame, n);
    }
  }
  return commands;
}

