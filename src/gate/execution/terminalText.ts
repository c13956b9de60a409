/**
 * Turns what a command wrote to a terminal (or a pipe) into plain text for the agent and the log:
 * escape sequences removed, line endings made `\n`, other control characters dropped.
 *
 * Why a scanner and not a regex: output arrives in chunks that split sequences anywhere, and an
 * unterminated OSC string over megabytes must stay linear. The scanner keeps its state between
 * chunks and looks at each character once.
 *
 * What it removes:
 * - CSI sequences (`ESC [ … final`, and the 8-bit `0x9b`): colours, cursor moves, screen clears;
 * - string sequences — OSC (`ESC ]`), DCS (`ESC P`), SOS (`ESC X`), PM (`ESC ^`), APC (`ESC _`) and
 *   their 8-bit forms — up to BEL or ST (`ESC \`, `0x9c`), payload included;
 * - other escapes (`ESC 7`, `ESC (B`, `ESC #8`, …);
 * - C0 controls except tab and newline, DEL, and the remaining C1 controls.
 * `\r\n` becomes `\n`; a lone `\r` (a progress bar redrawing its line) becomes `\n` too, so every
 * state the line went through stays readable rather than only the last.
 *
 * It also NOTES the shell-integration sequences it removes (OSC 633 — VS Code's —, 133, 1337, 7
 * and 9): a command's output can print them to mislead the terminal about where commands start
 * and end. The runner reports them; it never takes an exit code or a boundary from them.
 */

/** OSC numbers that terminals read as shell integration (command boundaries, cwd, marks). */
const SHELL_INTEGRATION_OSC = new Set(['633', '133', '1337', '7', '9']);

/** How many shell-integration labels are kept (the count keeps going). */
const MAX_LABELS = 32;
/** How much of an OSC payload is kept to name it. */
const OSC_HEAD = 16;

const enum State {
  Text,
  /** After ESC. */
  Escape,
  /** After ESC and an intermediate byte (`(`, `#`, `%`, space, …): one more byte ends it. */
  EscapeIntermediate,
  /** Inside a CSI sequence: parameter and intermediate bytes until a final byte. */
  Csi,
  /** Inside an OSC/DCS/SOS/PM/APC string. */
  String,
  /** ESC seen inside a string: `\` ends it (ST); anything else ends it and starts a new escape. */
  StringEscape,
}

export class TerminalTextScanner {
  private state = State.Text;
  private pendingCarriageReturn = false;
  /** Whether the current string sequence is an OSC (only OSC payloads are named). */
  private stringIsOsc = false;
  private oscHead = '';
  private readonly labels: string[] = [];
  private shellIntegrationCount = 0;
  private swallowedCount = 0;

  /** Shell-integration sequences seen, in order, as `633;C`, `633;D`, `133;A`, `7`, … (first 32). */
  get shellIntegrationSequences(): readonly string[] {
    return this.labels;
  }

  /** How many shell-integration sequences were seen in all. */
  get shellIntegrationSequenceCount(): number {
    return this.shellIntegrationCount;
  }

  /** Characters inside string sequences (OSC payloads and the like), which never reach the text. */
  get swallowedCharacters(): number {
    return this.swallowedCount;
  }

  /** Scans one chunk and returns its visible text. */
  push(chunk: string): string {
    let out = '';
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      switch (this.state) {
        case State.Text:
          out += this.text(c, chunk[i]!);
          break;
        case State.Escape:
          this.escape(c);
          break;
        case State.EscapeIntermediate:
          if (c >= 0x20 && c <= 0x2f) break; // more intermediates
          if (c >= 0x30 && c <= 0x7e) this.state = State.Text;
          else {
            this.state = State.Text;
            out += this.text(c, chunk[i]!); // a control aborts the escape and acts as itself
          }
          break;
        case State.Csi:
          if (c >= 0x40 && c <= 0x7e) this.state = State.Text;
          else if (c >= 0x20 && c <= 0x3f) break;
          else {
            this.state = State.Text;
            out += this.text(c, chunk[i]!);
          }
          break;
        case State.String:
          if (c === 0x07 || c === 0x9c) this.endString();
          else if (c === 0x1b) this.state = State.StringEscape;
          else this.stringCharacter(chunk[i]!);
          break;
        case State.StringEscape:
          this.endString();
          if (c !== 0x5c /* \ */) {
            // ESC aborted the string; this character belongs to a new escape.
            this.escape(c);
          }
          break;
      }
    }
    return out;
  }

  /** Ends the stream: a trailing `\r` becomes a newline; an unfinished sequence is dropped. */
  end(): string {
    if (this.state === State.String || this.state === State.StringEscape) this.endString();
    this.state = State.Text;
    if (this.pendingCarriageReturn) {
      this.pendingCarriageReturn = false;
      return '\n';
    }
    return '';
  }

  private text(c: number, char: string): string {
    let out = '';
    if (this.pendingCarriageReturn) {
      this.pendingCarriageReturn = false;
      out = '\n';
      if (c === 0x0a) return out; // \r\n is one line break
    }
    if (c === 0x0d) {
      this.pendingCarriageReturn = true;
      return out;
    }
    if (c === 0x1b) {
      this.state = State.Escape;
      return out;
    }
    if (c === 0x9b) {
      this.state = State.Csi;
      return out;
    }
    if (c === 0x9d || c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) {
      this.startString(c === 0x9d);
      return out;
    }
    if (c === 0x09 || c === 0x0a) return out + char;
    if (c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f)) return out;
    return out + char;
  }

  private escape(c: number): void {
    if (c === 0x5b /* [ */) this.state = State.Csi;
    else if (c === 0x5d /* ] */) this.startString(true);
    else if (c === 0x50 /* P */ || c === 0x58 /* X */ || c === 0x5e /* ^ */ || c === 0x5f /* _ */) this.startString(false);
    else if (c >= 0x20 && c <= 0x2f) this.state = State.EscapeIntermediate;
    else if (c === 0x1b) this.state = State.Escape; // ESC ESC: the second starts over
    else this.state = State.Text; // a two-character escape (ESC 7, ESC M, ESC =, …) — or a stray ESC
  }

  private startString(isOsc: boolean): void {
    this.state = State.String;
    this.stringIsOsc = isOsc;
    this.oscHead = '';
  }

  private stringCharacter(char: string): void {
    this.swallowedCount++;
    if (this.stringIsOsc && this.oscHead.length < OSC_HEAD) this.oscHead += char;
  }

  private endString(): void {
    this.state = State.Text;
    if (!this.stringIsOsc) return;
    const parts = this.oscHead.split(';');
    const number = parts[0] ?? '';
    if (!SHELL_INTEGRATION_OSC.has(number)) return;
    this.shellIntegrationCount++;
    if (this.labels.length < MAX_LABELS) {
      const label = (number === '633' || number === '133') && parts[1] !== undefined ? `${number};${parts[1].slice(0, 1)}` : number;
      this.labels.push(label);
    }
  }
}

/** Plain text of a whole captured output (one-shot form of {@link TerminalTextScanner}). */
export function stripTerminalText(text: string): string {
  const scanner = new TerminalTextScanner();
  return scanner.push(text) + scanner.end();
}
