// Unit tests sit where a reader looks for them (scripts/test-layout.mjs says where): the test of
// src/core/rlx/parser.ts is test/unit/core/rlx/parser.test.ts, an aspect of it
// parser.<aspect>.test.ts beside it, and a test of a repository file outside src (package.json, a
// script) mirrors that file's path.
import * as assert from 'node:assert/strict';
import type * as TestLayout from '../../../scripts/test-layout.mjs' with { 'resolution-mode': 'import' };

/** Unit tests of no one module, each with the reason; at most 5% of the unit tests. */
const ELSEWHERE: Record<string, string> = {
  'sinks.test.ts': "one property test per row of SECURITY.md's sink table, across a dozen modules",
  'webview/hostileData.test.ts': 'hostile server data in every webview page at once (the built bundles in Chromium)',
};

describe('unit test layout', () => {
  let tests: string[];
  let moduleOf: typeof TestLayout.moduleOf;
  before(async () => {
    const layout = await import('../../../scripts/test-layout.mjs');
    tests = layout.unitTests();
    moduleOf = layout.moduleOf;
  });

  it('puts every unit test at the path of the module it tests', () => {
    const astray = tests.filter((test) => !(test in ELSEWHERE) && moduleOf(test) === undefined);
    assert.deepEqual(astray, [], 'move these next to their module (test/unit/<path under src>/<module>.test.ts), or name them in ELSEWHERE with the reason');
  });

  it('keeps the exceptions few and real', () => {
    for (const test of Object.keys(ELSEWHERE)) {
      assert.ok(tests.includes(test), `${test} is gone: drop it from ELSEWHERE`);
      assert.equal(moduleOf(test), undefined, `${test} mirrors a module now: drop it from ELSEWHERE`);
    }
    assert.ok(Object.keys(ELSEWHERE).length <= tests.length * 0.05, `${Object.keys(ELSEWHERE).length} of ${tests.length} unit tests are off their module's path: at most 5%`);
  });
});
