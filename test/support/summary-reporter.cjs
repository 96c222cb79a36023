// Mocha's spec reporter plus one closing line in the plain form CI reads:
// "unit: 120 passed, 0 failed" (pending tests are reported as skipped).
'use strict';
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const label = process.env.TEST_SUITE_LABEL || 'tests';
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      const skipped = pending ? `, ${pending} skipped` : '';
      process.stdout.write(`\n${label}: ${passes} passed, ${failures} failed${skipped}\n`);
    });
  }
}
module.exports = SummaryReporter;
