import { parseCliOptions, UsageError, USAGE } from './options';
import { runExplain } from './explainCommand';
import { runBatch } from './batchCommand';
import { LineWriter } from './lineWriter';

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
    const answers = new LineWriter((bytes) => process.stdout.write(bytes));
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
