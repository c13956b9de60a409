import type { CompositionSite, SiteKind } from './messages';

/**
 * Where the shell composes commands or substitutes text into one (D§10), as character ranges of
 * the command text, for the card to mark. This is a display aid, not a parser the gate decides
 * on (the resolver does that): when in doubt it marks MORE, never less.
 *
 * It follows bash's quoting just far enough not to drown the person in marks (`echo 'a;b'`
 * marks nothing) while never hiding a real site behind a misread quote:
 * - single quotes, `$'…'` and double quotes are honoured; inside double quotes only `$(`,
 *   `$((` and backticks are sites (they run there too);
 * - a `#` that starts a word starts a comment (bash skips the rest of the line), so an
 *   apostrophe in a comment cannot open a quote that swallows the next command;
 * - heredoc bodies are data: skipped whole, except `$(` and backticks in a body whose delimiter
 *   is unquoted (bash expands those);
 * - a single quote that never closes is marked `unclosed-quote` and the text after it is read
 *   as unquoted; any other construct left open at the end (a `"`, a `$(`, a backtick) makes
 *   everything after its opening re-read with quotes ignored, marking every operator there.
 *
 * Linear in the length of the text: every branch moves forward, and the re-read happens once.
 */
export function compositionSites(text: string): CompositionSite[] {
  const scan = new SiteScanner(text);
  const unclosedAt = scan.run();
  if (unclosedAt === null) return scan.sites;
  const kept = scan.sites.filter((site) => site.start < unclosedAt.position);
  if (unclosedAt.quote) kept.push({ start: unclosedAt.position, end: unclosedAt.position + 1, kind: 'unclosed-quote' });
  const from = unclosedAt.quote ? unclosedAt.position + 1 : unclosedAt.position;
  return [...kept, ...operatorsIgnoringQuotes(text, from)];
}

/** A construct the scanner is inside of. */
interface Frame {
  kind: 'double-quote' | 'paren' | 'brace' | 'backtick';
  /** Where it opened (for the re-read when it never closes). */
  openedAt: number;
  /** Mark the closing character too, with this kind (so the person sees where a `$(` ends). */
  closeAs?: SiteKind;
}

interface PendingHeredoc {
  delimiter: string;
  stripTabs: boolean;
  expands: boolean;
}

const BLANK = /[ \t]/;
const WORD_END = /[\s;&|()<>]/;

class SiteScanner {
  readonly sites: CompositionSite[] = [];
  private readonly stack: Frame[] = [];
  private heredocs: PendingHeredoc[] = [];
  private i = 0;
  /** Position `i` starts a word (a `#` there is a comment; digits there may be a redirect's fd). */
  private wordStart = true;

  constructor(private readonly text: string) {}

  /** Scans the whole text; returns the outermost construct left open, or null. */
  run(): { position: number; quote: boolean } | null {
    const { text } = this;
    while (this.i < text.length) {
      const top = this.stack[this.stack.length - 1];
      if (top?.kind === 'double-quote') this.stepInDoubleQuotes();
      else this.stepInCommand(top?.kind === 'backtick');
    }
    const outer = this.stack[0];
    return outer ? { position: outer.openedAt, quote: outer.kind === 'double-quote' } : null;
  }

  private mark(start: number, end: number, kind: SiteKind): void {
    this.sites.push({ start, end, kind });
  }

  private at(offset: number): string {
    return this.text.charAt(this.i + offset);
  }

  private stepInDoubleQuotes(): void {
    const c = this.at(0);
    if (c === '\\') {
      this.i += 2;
    } else if (c === '"') {
      this.stack.pop();
      this.i += 1;
    } else if (c === '`') {
      this.openBacktick();
    } else if (c === '$' && this.dollarConstruct(true)) {
      // handled
    } else {
      this.i += 1;
    }
  }

  private stepInCommand(inBackticks: boolean): void {
    const start = this.i;
    const c = this.at(0);
    const wordStart = this.wordStart;
    this.wordStart = false;
    switch (c) {
      case ' ':
      case '\t':
        this.i += 1;
        this.wordStart = true;
        return;
      case '\\':
        // Inside backticks an escaped backtick opens a nested substitution: mark it.
        if (inBackticks && this.at(1) === '`') this.mark(start, start + 2, 'backtick');
        this.i += 2;
        return;
      case '\n':
        this.mark(start, start + 1, 'newline');
        this.i += 1;
        this.wordStart = true;
        this.readHeredocBodies();
        return;
      case '#':
        if (wordStart) {
          this.mark(start, start + 1, 'comment');
          this.skipComment(inBackticks);
          return;
        }
        this.i += 1;
        return;
      case "'":
        if (inBackticks) break;
        this.skipSingleQuoted(start, start + 1);
        return;
      case '"':
        if (inBackticks) break;
        this.stack.push({ kind: 'double-quote', openedAt: start });
        this.i += 1;
        return;
      case '`':
        if (inBackticks) {
          this.stack.pop();
          this.mark(start, start + 1, 'backtick');
          this.i += 1;
          return;
        }
        this.openBacktick();
        return;
      case '$':
        if (!this.dollarConstruct(false)) this.i += 1;
        return;
      case '(':
        this.mark(start, start + 1, 'subshell');
        this.stack.push({ kind: 'paren', openedAt: start, closeAs: 'subshell' });
        this.i += 1;
        this.wordStart = true;
        return;
      case ')': {
        const top = this.stack[this.stack.length - 1];
        if (top?.kind === 'paren') {
          this.stack.pop();
          if (top.closeAs) this.mark(start, start + 1, top.closeAs);
        }
        this.i += 1;
        this.wordStart = true;
        return;
      }
      case '}': {
        const top = this.stack[this.stack.length - 1];
        if (top?.kind === 'brace') this.stack.pop();
        this.i += 1;
        return;
      }
      case ';':
      case '&':
      case '|':
      case '<':
      case '>':
        this.operator(wordStart);
        this.wordStart = true;
        return;
    }
    // An ordinary character (or a quote inside backticks, read as text). Digits before a `>`
    // are picked up by `fdDigitsBefore` when the operator is reached.
    this.i += 1;
  }

  private operator(wordStart: boolean): void {
    const start = this.i;
    const c = this.at(0);
    const next = this.at(1);
    if (c === ';') {
      const length = next === ';' ? (this.at(2) === '&' ? 3 : 2) : next === '&' ? 2 : 1;
      this.mark(start, start + length, 'separator');
      this.i += length;
      return;
    }
    if (c === '&') {
      if (next === '&') return this.advanceMarked(2, 'and');
      if (next === '>') return this.advanceMarked(this.at(2) === '>' ? 3 : 2, 'redirect');
      return this.advanceMarked(1, 'background');
    }
    if (c === '|') {
      if (next === '|') return this.advanceMarked(2, 'or');
      return this.advanceMarked(next === '&' ? 2 : 1, 'pipe');
    }
    // `<` or `>`.
    if (next === '(') {
      this.mark(start, start + 2, 'process-substitution');
      this.stack.push({ kind: 'paren', openedAt: start, closeAs: 'process-substitution' });
      this.i += 2;
      return;
    }
    const fdStart = wordStart ? start : this.fdDigitsBefore(start);
    if (c === '<' && next === '<') {
      if (this.at(2) === '<') {
        this.mark(fdStart, start + 3, 'heredoc');
        this.i += 3;
        return;
      }
      const stripTabs = this.at(2) === '-';
      const length = stripTabs ? 3 : 2;
      this.mark(fdStart, start + length, 'heredoc');
      this.i += length;
      this.readHeredocDelimiter(stripTabs);
      return;
    }
    let length = 1;
    if (next === '>' || next === '|' || next === '&' || (c === '<' && next === '>')) length = 2;
    if ((c === '>' || c === '<') && next === '&') {
      // `2>&1`, `>&-`: the target fd is part of the redirection.
      while (/[0-9-]/.test(this.text.charAt(start + length))) length++;
    }
    this.mark(fdStart, start + length, 'redirect');
    this.i += length;
  }

  /** The start of a run of digits directly before `position` that begins a word (`2>`), else `position`. */
  private fdDigitsBefore(position: number): number {
    let start = position;
    while (start > 0 && /\d/.test(this.text.charAt(start - 1))) start--;
    if (start === position) return position;
    const before = start === 0 ? ' ' : this.text.charAt(start - 1);
    return WORD_END.test(before) ? start : position;
  }

  private advanceMarked(length: number, kind: SiteKind): void {
    this.mark(this.i, this.i + length, kind);
    this.i += length;
  }

  private openBacktick(): void {
    this.mark(this.i, this.i + 1, 'backtick');
    this.stack.push({ kind: 'backtick', openedAt: this.i });
    this.i += 1;
  }

  /** `$((`, `$(`, `${`, `$'…'`, `$"…"` at `i`. Returns false when `$` starts none of them. */
  private dollarConstruct(inDoubleQuotes: boolean): boolean {
    const start = this.i;
    const next = this.at(1);
    if (next === '(') {
      if (this.at(2) === '(') {
        this.mark(start, start + 3, 'arithmetic');
        this.stack.push({ kind: 'paren', openedAt: start, closeAs: 'arithmetic' });
        this.stack.push({ kind: 'paren', openedAt: start });
        this.i += 3;
      } else {
        this.mark(start, start + 2, 'substitution');
        this.stack.push({ kind: 'paren', openedAt: start, closeAs: 'substitution' });
        this.i += 2;
      }
      this.wordStart = true;
      return true;
    }
    if (next === '{') {
      this.stack.push({ kind: 'brace', openedAt: start });
      this.i += 2;
      return true;
    }
    if (inDoubleQuotes) return false;
    if (next === "'") {
      this.skipSingleQuoted(start, start + 2, true);
      return true;
    }
    if (next === '"') {
      this.stack.push({ kind: 'double-quote', openedAt: start + 1 });
      this.i += 2;
      return true;
    }
    return false;
  }

  /** Skips `'…'` (or `$'…'` with backslash escapes) whose body starts at `bodyStart`. */
  private skipSingleQuoted(quoteStart: number, bodyStart: number, escapes = false): void {
    const { text } = this;
    let j = bodyStart;
    while (j < text.length) {
      const c = text.charAt(j);
      if (c === "'") {
        this.i = j + 1;
        return;
      }
      j += escapes && c === '\\' ? 2 : 1;
    }
    // Never closed: mark the quote and read on as if it were not there.
    const quote = escapes ? quoteStart + 1 : quoteStart;
    this.mark(quote, quote + 1, 'unclosed-quote');
    this.i = quote + 1;
  }

  /** Skips a comment up to (not including) the line break, or the closing backtick inside backticks. */
  private skipComment(inBackticks: boolean): void {
    const { text } = this;
    let j = this.i + 1;
    while (j < text.length) {
      const c = text.charAt(j);
      if (c === '\n' || (inBackticks && c === '`')) break;
      j++;
    }
    this.i = j;
  }

  /** After `<<` or `<<-`: the delimiter word. Quoting any part of it turns expansion off in the body. */
  private readHeredocDelimiter(stripTabs: boolean): void {
    const { text } = this;
    let j = this.i;
    while (j < text.length && BLANK.test(text.charAt(j))) j++;
    let delimiter = '';
    let quoted = false;
    while (j < text.length && !WORD_END.test(text.charAt(j))) {
      const c = text.charAt(j);
      if (c === "'" || c === '"') {
        quoted = true;
        const close = text.indexOf(c, j + 1);
        if (close < 0) break; // Left for the main scan to find unclosed.
        delimiter += text.slice(j + 1, close);
        j = close + 1;
      } else if (c === '\\') {
        quoted = true;
        delimiter += text.charAt(j + 1);
        j += 2;
      } else {
        delimiter += c;
        j++;
      }
    }
    if (delimiter === '' && !quoted) return;
    this.heredocs.push({ delimiter, stripTabs, expands: !quoted });
    this.i = j;
  }

  /** At the start of a line after a command line with heredocs: skip each body in turn. */
  private readHeredocBodies(): void {
    const pending = this.heredocs;
    if (pending.length === 0) return;
    this.heredocs = [];
    const { text } = this;
    for (const heredoc of pending) {
      while (this.i < text.length) {
        const lineStart = this.i;
        let lineEnd = text.indexOf('\n', lineStart);
        if (lineEnd < 0) lineEnd = text.length;
        let line = text.slice(lineStart, lineEnd);
        if (heredoc.stripTabs) line = line.replace(/^\t+/, '');
        this.i = Math.min(lineEnd + 1, text.length);
        if (line === heredoc.delimiter) break;
        if (heredoc.expands) this.markExpansionsInBody(lineStart, lineEnd);
      }
    }
  }

  /** `$(`, `$((` and unescaped backticks in one line of an expanding heredoc body. */
  private markExpansionsInBody(start: number, end: number): void {
    const { text } = this;
    for (let j = start; j < end; j++) {
      const c = text.charAt(j);
      if (c === '\\') {
        j++;
      } else if (c === '`') {
        this.mark(j, j + 1, 'backtick');
      } else if (c === '$' && text.charAt(j + 1) === '(') {
        const arithmetic = text.charAt(j + 2) === '(';
        this.mark(j, j + (arithmetic ? 3 : 2), arithmetic ? 'arithmetic' : 'substitution');
        j += arithmetic ? 2 : 1;
      }
    }
  }
}

/**
 * Every operator from `from` on, quotes and comments ignored: the re-read after a construct
 * that never closed. Marks more than bash would act on, by design.
 */
export function operatorsIgnoringQuotes(text: string, from: number): CompositionSite[] {
  const sites: CompositionSite[] = [];
  const mark = (start: number, length: number, kind: SiteKind) => sites.push({ start, end: start + length, kind });
  let i = from;
  while (i < text.length) {
    const c = text.charAt(i);
    const next = text.charAt(i + 1);
    let length = 1;
    switch (c) {
      case '\n':
        mark(i, 1, 'newline');
        break;
      case ';':
        mark(i, (length = next === ';' ? 2 : 1), 'separator');
        break;
      case '&':
        if (next === '&') mark(i, (length = 2), 'and');
        else if (next === '>') mark(i, (length = 2), 'redirect');
        else mark(i, 1, 'background');
        break;
      case '|':
        if (next === '|') mark(i, (length = 2), 'or');
        else mark(i, (length = next === '&' ? 2 : 1), 'pipe');
        break;
      case '`':
        mark(i, 1, 'backtick');
        break;
      case '$':
        if (next === '(') mark(i, (length = 2), 'substitution');
        break;
      case '(':
        mark(i, 1, 'subshell');
        break;
      case '<':
      case '>':
        if (next === '(') mark(i, (length = 2), 'process-substitution');
        else if (c === '<' && next === '<') mark(i, (length = 2), 'heredoc');
        else mark(i, (length = next === '>' || next === '&' || next === '|' ? 2 : 1), 'redirect');
        break;
    }
    i += length;
  }
  return sites;
}
