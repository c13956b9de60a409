/**
 * The end-of-output marker of the "Approvals Gate" terminal: an escape sequence the shell prints
 * before each prompt, right after writing its status record (see `terminalShellInit.ts`):
 *
 *     ESC ] 7469 ; <token> ; <sequence number> BEL
 *
 * Why it exists: the runner reads a command's output from VS Code's shell-integration stream, and
 * that stream has no trustworthy end. VS Code ends it on the `633;D` sequence — which the command's
 * own output can forge, and which VS Code 1.100 sometimes never reports for our terminal (measured
 * in code-server 4.100.3: the first command in a new terminal often got its output but no end
 * event). A fixed wait after the shell's status record is a guess that fails under load, when the
 * output reaches the extension host seconds after the record. The marker is an event instead: when
 * the stream carries the marker with the status record's sequence number, everything the command
 * wrote to the terminal has arrived, because the shell prints the marker after the command ended and
 * the terminal keeps the order of what is written to it.
 *
 * The token is random per terminal, so output the command merely prints (a file, a web page) cannot
 * end the capture early. It says nothing about the exit status: that still comes only from the
 * status file. OSC 7469 is a number no terminal assigns, so xterm.js ignores the sequence (nothing
 * is shown) and VS Code's shell integration does not read it.
 */

/** The OSC number of the marker. */
export const OUTPUT_END_OSC = 7469;

/** A token is lower-case hex, so it can be written into the start-up file and a pattern verbatim. */
const TOKEN = /^[0-9a-f]{16,64}$/;

/** Digits a sequence number may have (bash's arithmetic is 64-bit). */
const MAX_SEQ_DIGITS = 19;

export function isOutputEndToken(token: string): boolean {
  return TOKEN.test(token);
}

/** The marker for `seq`, as the shell prints it (for tests and documentation). */
export function outputEndMarker(token: string, seq: number): string {
  return `\x1b]${OUTPUT_END_OSC};${token};${seq}\x07`;
}

/**
 * Finds the marker in one execution's stream, which arrives in chunks of any size. `push` returns
 * the text that is certainly output — everything before a marker; a possible beginning of a marker
 * at the end of a chunk is held back until the next chunk decides it. After the first marker the
 * stream is finished: later text is dropped.
 */
export class OutputEndMarkerScanner {
  private readonly prefix: string;
  private held = '';
  private found: number | null = null;

  constructor(token: string) {
    if (!isOutputEndToken(token)) throw new Error('an output-end token is 16 to 64 lower-case hex digits');
    this.prefix = `\x1b]${OUTPUT_END_OSC};${token};`;
  }

  /** The sequence number of the marker found, or `null` while none has arrived. */
  get seq(): number | null {
    return this.found;
  }

  /** Adds a chunk of the stream; returns the output in it that precedes any marker. */
  push(chunk: string): string {
    if (this.found !== null) return '';
    const text = this.held + chunk;
    this.held = '';
    let from = 0;
    for (;;) {
      const at = text.indexOf(this.prefix, from);
      if (at === -1) break;
      const digits = /^\d*/.exec(text.slice(at + this.prefix.length, at + this.prefix.length + MAX_SEQ_DIGITS + 1))![0];
      const after = at + this.prefix.length + digits.length;
      if (after === text.length && digits.length <= MAX_SEQ_DIGITS) {
        // The chunk ends inside what may be a marker: decide with the next chunk.
        this.held = text.slice(at);
        return text.slice(0, at);
      }
      if (digits.length > 0 && digits.length <= MAX_SEQ_DIGITS && text[after] === '\x07') {
        this.found = Number(digits);
        return text.slice(0, at);
      }
      from = at + 1; // the prefix followed by something else: ordinary output
    }
    // A chunk that ends with the beginning of the prefix (`ESC ] 74`) is held back too.
    const tail = longestPrefixSuffix(text, this.prefix);
    this.held = text.slice(text.length - tail);
    return text.slice(0, text.length - tail);
  }

  /** The stream ended without a marker: whatever was held back was output after all. */
  end(): string {
    const rest = this.held;
    this.held = '';
    return rest;
  }
}

/** The length of the longest suffix of `text` that is a proper prefix of `prefix`. */
function longestPrefixSuffix(text: string, prefix: string): number {
  const escape = text.lastIndexOf('\x1b', text.length - 1);
  if (escape === -1 || text.length - escape >= prefix.length) return 0;
  return prefix.startsWith(text.slice(escape)) ? text.length - escape : 0;
}
