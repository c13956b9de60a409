import { parseCliOptions, UsageError, USAGE } from './options';
import { runExplain } from './explainCommand';
import { runBatch } from './batchCommand';

/**
 * Answer lines for stdout, written together: one write per batch of lines instead of one per
 * line (a pipe write is a system call each). Lines are held only until the event loop next
 * turns — that is, until every input line already read has been answered — or until they fill
 * {@link LineWriter.HIGH_WATER} characters, so an answer is never held back while the batch
 * waits for more input.
 */
class LineWriter {
  static readonly HIGH_WATER = 1 << 20;
  private pending: string[] = [];
  private size = 0;
  private scheduled = false;

  constructor(private readonly sink: (text: string) => void) {}

  write(line: string): void {
    this.pending.push(line);
    this.size += line.length + 1;
    if (this.size >= LineWriter.HIGH_WATER) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    // An empty last element puts the final newline in the one flat string the join makes
    // (`join() + '\n'` would hand the stream a rope it then has to copy flat again).
    this.pending.push('');
    const text = this.pending.join('\n');
    this.pending = [];
    this.size = 0;
    this.sink(text);
  }
}

/** `approvals-gate` — the gate, headless (D§14). */
async function main(argv: readonly string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(USAGE + '\n');
    return argv.length === 0 ? 1 : 0;
  }
  try {
    const options = parseCliOptions(argv);
    for (const problem of options.problems) process.stderr.write(`approvals-gate: ${problem.setting}: ${problem.message} (ignored)\n`);
    if (options.command === 'explain') return await runExplain(options, (text) => process.stdout.write(text + '\n'));
    const answers = new LineWriter((text) => process.stdout.write(text));
    try {
      await runBatch(options, process.stdin, (line) => answers.write(line));
    } finally {
      answers.flush();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`approvals-gate: ${error.message}\n\n${USAGE}\n`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`approvals-gate: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
