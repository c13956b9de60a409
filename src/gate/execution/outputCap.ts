/**
 * Keeps the beginning and the end of a command's output and counts what it cut from the middle
 * (D§13). The beginning usually says what the command is doing; the end says how it finished
 * (the error, the summary, the exit message) — the middle of 10 MB of build log rarely matters,
 * and an agent's context and the extension host's memory must not grow with it.
 *
 * Streaming: text is pushed as it arrives and memory stays bounded by the two limits plus one
 * chunk, however much the command prints. Sizes are UTF-8 bytes. Cuts never split a character,
 * and prefer a line break when one is near the cut, so the marker stands on a line of its own.
 */

export interface OutputCapLimits {
  /** Bytes kept from the start. */
  headBytes: number;
  /** Bytes kept from the end. */
  tailBytes: number;
}

/** 64 KiB in all: a quarter from the start, three quarters from the end. */
export const DEFAULT_OUTPUT_CAP: Readonly<OutputCapLimits> = Object.freeze({ headBytes: 16 * 1024, tailBytes: 48 * 1024 });

/** A cut moves to a line break up to this many bytes away, rather than cutting a line in two. */
const LINE_SLACK = 512;

/** The line that stands where output was cut. */
export function cutMarker(bytes: number): string {
  return `\n[… Approvals Gate cut ${bytes} bytes of output here …]\n`;
}

export interface CappedOutput {
  output: string;
  /** Bytes left out (0 when everything fit). */
  truncatedBytes: number;
  /** Bytes the command printed in all (after terminal sequences were removed). */
  totalBytes: number;
}

export class OutputCap {
  private readonly encoder = new TextEncoder();
  private readonly head: Uint8Array;
  private headLength = 0;
  /** Chunks of the most recent output; together at least the last `tailBytes` once the head is full. */
  private tail: Uint8Array[] = [];
  private tailLength = 0;
  private total = 0;
  /** A high surrogate that ended the last chunk: its pair starts the next one. */
  private pendingHigh = '';

  constructor(private readonly limits: OutputCapLimits = DEFAULT_OUTPUT_CAP) {
    if (!(limits.headBytes >= 0 && limits.tailBytes >= 0)) throw new RangeError('output cap limits must be non-negative');
    this.head = new Uint8Array(limits.headBytes);
  }

  /** Bytes pushed so far. */
  get totalBytes(): number {
    return this.total;
  }

  push(text: string): void {
    if (this.pendingHigh) {
      text = this.pendingHigh + text;
      this.pendingHigh = '';
    }
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      // Chunks may split a surrogate pair; encoding the halves apart would give two U+FFFD.
      this.pendingHigh = text[text.length - 1]!;
      text = text.slice(0, -1);
    }
    this.append(text);
  }

  private append(text: string): void {
    if (text.length === 0) return;
    let bytes = this.encoder.encode(text);
    this.total += bytes.length;
    const room = this.limits.headBytes - this.headLength;
    if (room > 0) {
      const taken = Math.min(room, bytes.length);
      this.head.set(bytes.subarray(0, taken), this.headLength);
      this.headLength += taken;
      bytes = bytes.subarray(taken);
    }
    if (bytes.length === 0) return;
    // Copy (slice) so that a huge chunk is not kept alive by a small view of it.
    if (bytes.length > this.limits.tailBytes) bytes = bytes.slice(bytes.length - this.limits.tailBytes);
    else bytes = bytes.slice();
    this.tail.push(bytes);
    this.tailLength += bytes.length;
    while (this.tail.length > 1 && this.tailLength - this.tail[0]!.length >= this.limits.tailBytes) {
      this.tailLength -= this.tail.shift()!.length;
    }
  }

  /** The kept text with the marker where output was cut. */
  finish(): CappedOutput {
    if (this.pendingHigh) {
      this.append(this.pendingHigh);
      this.pendingHigh = '';
    }
    const decoder = new TextDecoder('utf-8');
    let tail = concat(this.tail, this.tailLength);
    if (tail.length > this.limits.tailBytes) tail = tail.subarray(tail.length - this.limits.tailBytes);
    const head = this.head.subarray(0, this.headLength);
    if (this.total === head.length + tail.length) {
      const all = new Uint8Array(this.total);
      all.set(head, 0);
      all.set(tail, head.length);
      return { output: decoder.decode(all), truncatedBytes: 0, totalBytes: this.total };
    }
    const headEnd = headCut(head);
    const tailStart = tailCut(tail);
    const keptHead = head.subarray(0, headEnd);
    const keptTail = tail.subarray(tailStart);
    const truncatedBytes = this.total - keptHead.length - keptTail.length;
    const output = decoder.decode(keptHead) + cutMarker(truncatedBytes) + decoder.decode(keptTail);
    return { output, truncatedBytes, totalBytes: this.total };
  }
}

/** One-shot form: caps a whole string. */
export function capOutput(text: string, limits: OutputCapLimits = DEFAULT_OUTPUT_CAP): CappedOutput {
  const cap = new OutputCap(limits);
  cap.push(text);
  return cap.finish();
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const isContinuation = (byte: number): boolean => (byte & 0xc0) === 0x80;

/** Where the kept head ends: after a nearby line break, else before a character the cut would split. */
function headCut(head: Uint8Array): number {
  for (let i = head.length - 1; i >= 0 && i >= head.length - LINE_SLACK; i--) {
    if (head[i] === 0x0a) return i + 1;
  }
  // Step back over a final character whose bytes did not all fit.
  let start = head.length;
  while (start > 0 && head.length - start < 4 && isContinuation(head[start - 1]!)) start--;
  if (start === 0) return head.length;
  const lead = head[start - 1]!;
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  const have = head.length - (start - 1);
  return have < needed ? start - 1 : head.length;
}

/** Where the kept tail starts: after a nearby line break, else after any partial character. */
function tailCut(tail: Uint8Array): number {
  for (let i = 0; i < tail.length && i < LINE_SLACK; i++) {
    if (tail[i] === 0x0a) return i + 1;
  }
  let start = 0;
  while (start < tail.length && start < 4 && isContinuation(tail[start]!)) start++;
  return start;
}
