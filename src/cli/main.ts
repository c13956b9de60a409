import { parseCliOptions, UsageError, USAGE } from './options';
import { runExplain } from './explainCommand';
import { runBatch } from './batchCommand';
import { LineWriter } from './lineWriter';
import { pacedInput } from './pacedInput';
import { describeProgram, programsMarkdown } from '../gate/programs/describe';
import { DEFAULT_ALLOW_LIST } from '../gate/lists/defaultAllowList';
import { hookMain } from './hooks/hookMain';
import { manageMain } from './hooks/manageMain';
import { GATE_VERSION } from './version';

/** `approvals-gate` — the gate, headless (D§14). */
async function main(argv: readonly string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || wantsHelp(argv)) {
    process.stdout.write(USAGE + '\n');
    return argv.length === 0 ? 1 : 0;
  }
  if (argv[0] === '--version' || argv[0] === '-V') {
    process.stdout.write(GATE_VERSION + '\n');
    return 0;
  }
  if (argv[0] === 'programs') return programs(argv.slice(1));
  if (argv[0] === 'hook') return hookMain(argv);
  if (argv[0] === 'install' || argv[0] === 'uninstall' || argv[0] === 'doctor' || argv[0] === 'export') return manageMain(argv);
  try {
    const options = parseCliOptions(argv);
    for (const problem of options.problems) process.stderr.write(`approvals-gate: ${problem.setting}: ${problem.message} (ignored)\n`);
    if (options.command === 'explain') return await runExplain(options, (text) => process.stdout.write(text + '\n'));
    // Loaded only for `run`: `explain` and `batch` do not evaluate the sandbox library.
    if (options.command === 'run') return await (await import('./runCommand')).runRun(options, (text) => process.stderr.write(text + '\n'));
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

/**
 * `--help` or `-h` among the options of any command but `hook` (whose every word is the agent's;
 * an agent never asks for help), and not after `--` (there it is part of the command to explain).
 */
function wantsHelp(argv: readonly string[]): boolean {
  if (argv[0] === 'hook') return false;
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((word) => word === '--help' || word === '-h');
}

/** `approvals-gate programs [NAME…]`: the program table's rows (all of them without a name). */
function programs(names: readonly string[]): number {
  if (names.length === 1 && names[0] === '--default') {
    // The built-in default allow list, one entry a line, as the program table makes it.
    process.stdout.write(DEFAULT_ALLOW_LIST.map((entry) => entry.text).join('\n') + '\n');
    return 0;
  }
  if (names.length === 0) {
    process.stdout.write(programsMarkdown() + '\n');
    return 0;
  }
  let missing = 0;
  for (const name of names) {
    const text = describeProgram(name);
    if (text === null) {
      process.stderr.write(`approvals-gate: ${name} has no row in the program table: the floors take its words at their worst, and an entry for it covers only words that stay in the workspace (no raised rights, no code, no word known only at run time)\n`);
      missing++;
    } else {
      process.stdout.write(text + '\n');
    }
  }
  return missing > 0 ? 2 : 0;
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
