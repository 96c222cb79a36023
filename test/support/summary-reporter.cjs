// Mocha's spec reporter plus one closing line in the plain form CI reads:
// "unit: 120 passed, 0 failed" (pending tests are reported as skipped). A hook that takes
// seconds (opening an editor, starting a sandbox) gets a line of its own, since the spec
// reporter's durations are the tests' only and CI's time goes to both.
'use strict';
const Mocha = require('mocha');

const SLOW_HOOK_MS = 2_000;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const label = process.env.TEST_SUITE_LABEL || 'tests';
    runner.on(Mocha.Runner.constants.EVENT_HOOK_END, (hook) => {
      if (!(hook.duration >= SLOW_HOOK_MS)) return;
      const name = hook.originalTitle || hook.title;
      process.stdout.write(`${'  '.repeat(this.indents ?? 1)}  ◷ ${name.replace(/^"|" hook.*$/g, '')} took ${(hook.duration / 1000).toFixed(1)} s\n`);
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      const skipped = pending ? `, ${pending} skipped` : '';
      process.stdout.write(`\n${label}: ${passes} passed, ${failures} failed${skipped}\n`);
    });
  }
}
module.exports = SummaryReporter;
