/**
 * Answer lines for stdout, written together: one write per batch of lines instead of one per
 * line (a pipe write is a system call each). Each line is encoded straight into one reused
 * buffer as it comes — no array of strings joined and encoded again at the end, which cost
 * `batch` about a microsecond per line. Lines are held only until the event loop next turns —
 * that is, until every input line already read has been answered — or until the buffer is
 * full, so an answer is never held back while the batch waits for more input.
 *
 * What reaches the sink is exactly the UTF-8 of each line followed by `\n`, in order (a line
 * too big for the buffer goes on its own, after the ones before it).
 */
export class LineWriter {
  /** Bytes held before a write; also the largest line encoded into the shared buffer. */
  static readonly CAPACITY = 1 << 20;
  private readonly buffer: Buffer;
  private used = 0;
  private scheduled = false;

  /** `sink` receives bytes it may keep: each call gets a buffer of its own. */
  constructor(
    private readonly sink: (bytes: Buffer) => void,
    capacity: number = LineWriter.CAPACITY,
  ) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  write(line: string): void {
    // A UTF-16 code unit never takes more than 3 bytes of UTF-8 (a pair of surrogates takes 4),
    // so a line that passes this check cannot be cut short by `Buffer#write`.
    const most = line.length * 3 + 1;
    if (this.used + most > this.buffer.length) {
      this.flush();
      if (most > this.buffer.length) {
        this.sink(Buffer.from(`${line}\n`, 'utf8'));
        return;
      }
    }
    this.used += this.buffer.write(line, this.used, 'utf8');
    this.buffer[this.used++] = 10;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.used === 0) return;
    // A copy: the stream may still hold it when this buffer is filled again.
    const bytes = Buffer.allocUnsafe(this.used);
    this.buffer.copy(bytes, 0, 0, this.used);
    this.used = 0;
    this.sink(bytes);
  }
}
