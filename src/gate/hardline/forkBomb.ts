/**
 * Fork bombs (D§5): a shell function that calls itself at least twice per call, in a pipe or in
 * the background, and is then called — `:(){ :|:& };:` and its renamed and respaced variants —
 * plus the classic interpreter one-liners (`perl -e 'fork while fork'`). A function definition
 * is never resolvable, so the shell form is found on text; text inside quotes is skipped (a fork
 * bomb quoted as an argument, e.g. to grep, does not run).
 */

/** Characters that cannot be part of a bash function name. */
const NOT_NAME = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '{', '}', '<', '>', "'", '"', '$', '`', '\\', '=']);

/** Longest function name and body considered: real fork bombs are tiny. */
const MAX_NAME = 64;
const MAX_BODY = 256;

/** The delimiter of a heredoc whose `<<` ends just before `start`, with quotes removed. */
function heredocDelimiter(text: string, start: number): { delimiter: string; stripTabs: boolean } | null {
  let j = start;
  const stripTabs = text[j] === '-';
  if (stripTabs) j++;
  while (text[j] === ' ' || text[j] === '\t') j++;
  let delimiter = '';
  for (; j < text.length && delimiter.length < 256; j++) {
    const c = text[j]!;
    if (/[\s;&|<>()]/.test(c)) break;
    if (c !== "'" && c !== '"' && c !== '\\') delimiter += c;
  }
  return delimiter === '' ? null : { delimiter, stripTabs };
}

/** Index just past the heredoc body that starts at `from` (the line after the `<<` line). */
function skipHeredocBody(text: string, from: number, heredoc: { delimiter: string; stripTabs: boolean }): number {
  let at = from;
  while (at < text.length) {
    const lineEnd = text.indexOf('\n', at);
    const end = lineEnd === -1 ? text.length : lineEnd;
    let line = text.slice(at, end);
    if (heredoc.stripTabs) line = line.replace(/^\t+/, '');
    at = end + 1;
    if (line === heredoc.delimiter) break;
  }
  return Math.min(at, text.length);
}

/**
 * The text outside quotes and heredoc bodies (data, unless fed to a shell — which the floor
 * reads separately), with blanks removed and newlines turned into `;`, so that every spacing of
 * a definition looks the same. Quoted text collapses to a single `'`.
 */
export function unquotedSkeleton(text: string): string {
  const out: string[] = [];
  const heredocs: Array<{ delimiter: string; stripTabs: boolean }> = [];
  let run = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
      const heredoc = heredocDelimiter(text, i + 2);
      if (heredoc !== null) heredocs.push(heredoc);
      i += 2;
    } else if (c === '\n' && heredocs.length > 0) {
      if (run < i) out.push(text.slice(run, i));
      out.push(';');
      i++;
      for (const heredoc of heredocs.splice(0)) i = skipHeredocBody(text, i, heredoc);
      run = i;
    } else if (c === "'" || c === '"') {
      if (run < i) out.push(text.slice(run, i));
      let k = i + 1;
      while (k < text.length && text[k] !== c) k += c === '"' && text[k] === '\\' ? 2 : 1;
      out.push("'");
      i = k + 1;
      run = i;
    } else if (c === '\\') {
      if (run < i) out.push(text.slice(run, i));
      if (i + 1 < text.length && text[i + 1] !== '\n') out.push(text[i + 1]!);
      i += 2;
      run = i;
    } else if (c === '#' && (i === 0 || /[\s;&|(){}]/.test(text[i - 1]!))) {
      if (run < i) out.push(text.slice(run, i));
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
      run = i;
    } else if (c === ' ' || c === '\t' || c === '\n') {
      if (run < i) out.push(text.slice(run, i));
      if (c === '\n') out.push(';');
      else if (separatesWords(out, text, i)) out.push(' ');
      i++;
      run = i;
    } else {
      i++;
    }
  }
  if (run < i) out.push(text.slice(run, i));
  return out.join('');
}

/**
 * Whether the blank at `at` stands between two words (`bomb 2>/dev/null`, `function bomb`): it is
 * kept as one space, so that a call with arguments or redirects is still a call of that name. A
 * blank beside an operator or a bracket is dropped (`: ( ) {` reads as `:(){`).
 */
function separatesWords(out: readonly string[], text: string, at: number): boolean {
  const last = out.length === 0 ? '' : out[out.length - 1]!;
  const before = last[last.length - 1];
  if (before === undefined || NOT_NAME.has(before)) return false;
  let next = at;
  while (text[next] === ' ' || text[next] === '\t') next++;
  const after = text[next];
  return after !== undefined && !NOT_NAME.has(after) && after !== '#';
}

/** How many times `name` occurs in `body` as a whole word. */
function countCalls(body: string, name: string): number {
  let count = 0;
  let from = 0;
  for (;;) {
    const at = body.indexOf(name, from);
    if (at === -1) return count;
    const before = at === 0 ? ';' : body[at - 1]!;
    const after = body[at + name.length] ?? ';';
    if (NOT_NAME.has(before) && NOT_NAME.has(after)) count++;
    from = at + 1;
  }
}

function calledAfter(skeleton: string, from: number, name: string): boolean {
  const tail = skeleton.slice(from, from + MAX_BODY + name.length + 1);
  for (const separator of [';', '&', '|']) {
    let at = tail.indexOf(separator + name);
    while (at !== -1) {
      const after = tail[at + 1 + name.length] ?? ';';
      if (NOT_NAME.has(after)) return true;
      at = tail.indexOf(separator + name, at + 1);
    }
  }
  return false;
}

/** A function body from `bodyStart` to `close` (its first `}`) that calls `name` twice in a pipe or background, and the name called after it. */
function callsItselfTwice(skeleton: string, name: string, bodyStart: number, close: number): boolean {
  if (close === -1 || close - bodyStart > MAX_BODY) return false;
  const body = skeleton.slice(bodyStart, close);
  return countCalls(body, name) >= 2 && /[|&]/.test(body) && calledAfter(skeleton, close + 1, name);
}

/** The fork-bomb function's name if the text defines and calls one, else null. Linear time. */
export function findShellForkBomb(text: string): string | null {
  // A bomb's body is `{ … }` with a `|` or `&` in it, and the skeleton only ever holds characters
  // of the text (plus the `'` and `;` it puts for quotes and line breaks): text without a `{`,
  // a `}` and one of `|&` (most commands) has none, and needs no skeleton.
  if (!text.includes('{') || !text.includes('}') || (!text.includes('|') && !text.includes('&'))) return null;
  return findForkBombInSkeleton(unquotedSkeleton(text));
}

/**
 * {@link findShellForkBomb} on the skeleton, without the character check that spares making it
 * (exported with {@link unquotedSkeleton} for the test that the check never changes an answer).
 */
export function findForkBombInSkeleton(skeleton: string): string | null {
  /** The first `}` at or after the body being looked at, found once per body start that passed it. */
  let nextClose = -1;

  // `name(){ …; }` (with or without the `function` keyword, which the skeleton keeps as a word of its own).
  let from = 0;
  for (;;) {
    const at = skeleton.indexOf('(){', from);
    if (at === -1) break;
    let start = at;
    while (start > 0 && at - start < MAX_NAME + 8 && !NOT_NAME.has(skeleton[start - 1]!)) start--;
    const name = skeleton.slice(start, at);
    const bodyStart = at + 3;
    if (name !== '' && name.length <= MAX_NAME) {
      if (nextClose < bodyStart) nextClose = skeleton.indexOf('}', bodyStart);
      if (callsItselfTwice(skeleton, name, bodyStart, nextClose)) return name;
    }
    from = at + 3;
  }
  // `function name { …; }`
  from = 0;
  for (;;) {
    const at = skeleton.indexOf('function ', from);
    if (at === -1) break;
    let end = at + 9;
    while (end < skeleton.length && end - at < MAX_NAME + 9 && !NOT_NAME.has(skeleton[end]!)) end++;
    if (skeleton[end] === '{') {
      const name = skeleton.slice(at + 9, end);
      const bodyStart = end + 1;
      if (name !== '' && name.length <= MAX_NAME) {
        if (nextClose < bodyStart) nextClose = skeleton.indexOf('}', bodyStart);
        if (callsItselfTwice(skeleton, name, bodyStart, nextClose)) return name;
      }
    }
    from = at + 9;
  }
  return null;
}

/** Interpreter one-liners that fork without end, compared with blanks removed and lower-cased. */
const INTERPRETER_FORK_BOMBS = ['forkwhilefork', 'forkwhile1', '1whilefork', 'while(1){fork', 'while(fork', 'whiletrue:os.fork()', 'while1:os.fork()'];

/** True when interpreter code (a `-e`/`-c` argument) is a known fork-bomb one-liner. */
export function isInterpreterForkBomb(code: string): boolean {
  if (code.length > 4096) return false;
  const compact = code.replace(/\s/g, '').toLowerCase();
  return INTERPRETER_FORK_BOMBS.some((pattern) => compact.includes(pattern));
}
