import { StringDecoder } from 'node:string_decoder';

/**
 * The lines of a stream, cut exactly where `readline.createInterface({ input, crlfDelay: Infinity })`
 * cuts them (what `batch` used before), without its per-chunk regular expression or its
 * event-per-line async iterator:
 *
 * - a line ends at `\n`, `\r\n` or a lone `\r`; a `\r\n` split across two chunks is one ending
 *   (readline: the next chunk's leading `\n` is dropped when the chunk before ended in `\r`, and
 *   only then — any chunk, even an empty one, ends that wait);
 * - text after the last ending is held until more arrives; at the end it is a line if it is not
 *   empty (a trailing ending makes no empty last line);
 * - bytes are decoded as UTF-8 by a string decoder, strings are taken as they are; the decoder is
 *   not ended, so a multi-byte sequence cut off by the end of input is dropped, as readline does.
 *
 * Each step is linear in the chunk (plus the held text, which is joined once when an ending
 * arrives).
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private held = '';
  private sawReturn = false;

  /** The lines completed by this chunk, in order. */
  push(chunk: unknown): string[] {
    let text: string = typeof chunk === 'string' ? chunk : this.decoder.write(chunk as Buffer);
    if (this.sawReturn) {
      if (text.charCodeAt(0) === 10) text = text.slice(1);
      this.sawReturn = false;
    }
    const lines: string[] = [];
    // Line endings are found with indexOf (a native scan), `\n` and `\r` each from where the
    // last one was found: every character is looked at once per kind.
    let lf = text.indexOf('\n');
    let cr = text.indexOf('\r');
    if (lf < 0 && cr < 0) {
      if (text.length > 0) this.held += text;
      return lines;
    }
    if (this.held.length > 0) {
      const offset = this.held.length;
      text = this.held + text;
      this.held = '';
      if (lf >= 0) lf += offset;
      if (cr >= 0) cr += offset;
    }
    const total = text.length;
    this.sawReturn = text.charCodeAt(total - 1) === 13;
    let lineStart = 0;
    for (;;) {
      let end: number;
      let next: number;
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        // `\r`, or `\r\n` when the `\n` comes right after.
        end = cr;
        next = lf === cr + 1 ? cr + 2 : cr + 1;
      } else if (lf >= 0) {
        end = lf;
        next = lf + 1;
      } else {
        break;
      }
      lines.push(text.slice(lineStart, end));
      lineStart = next;
      if (lf >= 0 && lf < next) lf = text.indexOf('\n', next);
      if (cr >= 0 && cr < next) cr = text.indexOf('\r', next);
    }
    this.held = text.slice(lineStart);
    return lines;
  }

  /** The last line, if the input ended without an ending after it. */
  end(): string | undefined {
    const rest = this.held;
    this.held = '';
    return rest.length > 0 ? rest : undefined;
  }
}
