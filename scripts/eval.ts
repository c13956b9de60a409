/**
 * `npm run eval`: runs the held-out corpus through `node dist/cli.js batch` and prints the figures
 * table and the "must show" checks (test/fixtures/eval/README.md). Exits 1 when a check fails, so
 * it can gate a release; the mocha suite `test/integration/evalCorpus.test.ts` asserts the same
 * checks.
 *
 * Options: --cli PATH (default dist/cli.js; a .ts path such as src/cli/main.ts runs the sources
 * through tsx), --corpus DIR (default test/fixtures/eval),
 * --offenders N (how many offending commands to list per failed check, default 40),
 * --examples N (how many example commands to list per miss class of the everyday figures, default 3).
 *
 * After the checks it prints the three everyday figures over the `everyday` corpus and sorts every
 * command that prompts into causes, then the comparison of the everyday corpus read as
 * bash, zsh and `any` (lines resolved, approved). Only figures marked `gating` fail the run.
 */
import { parseArgs } from 'node:util';
import { CLI_PATH, CORPUS_DIR, evaluate, formatChecks, formatFigureResults, formatFigures, formatShellFriction, shellFriction } from '../test/support/evalCorpus';

function main(): number {
  const { values } = parseArgs({
    options: {
      cli: { type: 'string' },
      corpus: { type: 'string' },
      offenders: { type: 'string' },
      examples: { type: 'string' },
    },
  });
  const offenders = values.offenders === undefined ? 40 : Number(values.offenders);
  if (!Number.isInteger(offenders) || offenders < 0) {
    process.stderr.write('eval: --offenders expects a whole number\n');
    return 2;
  }
  const examples = values.examples === undefined ? 3 : Number(values.examples);
  if (!Number.isInteger(examples) || examples < 0) {
    process.stderr.write('eval: --examples expects a whole number\n');
    return 2;
  }
  const report = evaluate({ cliPath: values.cli ?? CLI_PATH, corpusDir: values.corpus ?? CORPUS_DIR });
  process.stdout.write(`${formatFigures(report)}\n\n${formatChecks(report, offenders)}\n\n${formatFigureResults(report.figures, examples)}\n`);
  // Printed, not gating: the zsh/any reading is being built.
  process.stdout.write(`\n${formatShellFriction(shellFriction(report.cases, values.cli ?? CLI_PATH))}\n`);
  const failedFigures = report.figures.filter((f) => f.figure.gating && !f.result.passed).length;
  const failed = report.results.filter((r) => !r.passed).length + failedFigures;
  process.stdout.write(`\n${report.cases.length} commands, ${report.results.length} checks and ${report.figures.filter((f) => f.figure.gating).length} gating figures, ${failed} failed, ${report.elapsedMs} ms\n`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = main();
