import { parseCliOptions, UsageError, USAGE } from './options';
import { runExplain } from './explainCommand';
import { runBatch } from './batchCommand';
import { LineWriter } from './lineWriter';
import { pacedInput } from './pacedInput';

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
    // A reader that goes away (`… | head`) ends the batch, as SIGPIPE ends other tools: nobody
    // is left to read an answer. One line on stderr instead of a crash trace.
    process.stdout.on('error', (error) => {
      process.stderr.write(`approvals-gate: cannot write the answers (${error.message}); stopping\n`);
      process.exit(1);
    });
    const answers = new LineWriter((bytes) => process.stdout.write(bytes));
    try {
      await runBatch(options, pacedInput(process.stdin, process.stdout, () => answers.flush()), (line) => answers.write(line));
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
