// Mocha's spec reporter, plus the plain closing line CI reads: "N passed, N failed, N skipped".
'use strict';
const Mocha = require('mocha');

class ClosingLineReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      process.stdout.write(`\n${passes} passed, ${failures} failed, ${pending} skipped\n`);
    });
  }
}

module.exports = ClosingLineReporter;
