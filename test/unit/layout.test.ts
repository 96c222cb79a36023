// Unit tests sit where a reader looks for them: the test of src/core/rlx/parser.ts is
// test/unit/core/rlx/parser.test.ts, an aspect of it parser.<aspect>.test.ts beside it, and a
// test of a repository file outside src (package.json, a script) mirrors that file's path.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..');
const unitRoot = join(root, 'test', 'unit');

/** Unit tests of no one module, each with the reason; at most 5% of the unit tests. */
const ELSEWHERE: Record<string, string> = {
  'layout.test.ts': 'this check, of test/unit itself',
  'sinks.test.ts': "one property test per row of SECURITY.md's sink table, across a dozen modules",
  'webview/hostileData.test.ts': 'hostile server data in every webview page at once (the built bundles in Chromium)',
};

const EXTENSIONS = ['.ts', '.mts', '.mjs', '.js', '.json', ''];

function unitTests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return unitTests(path);
    return name.endsWith('.test.ts') ? [relative(unitRoot, path).split('\\').join('/')] : [];
  });
}

/** The module a test file mirrors: `a/b.c.test.ts` is the test of a/b.c or, failing that, a/b. */
function moduleOf(test: string): string | undefined {
  const parts = test.slice(0, -'.test.ts'.length).split('/');
  const name = parts.pop()!.split('.');
  for (let kept = name.length; kept > 0; kept--) {
    const candidate = [...parts, name.slice(0, kept).join('.')].join('/');
    for (const base of ['src', '']) {
      for (const extension of EXTENSIONS) {
        const path = join(root, base, candidate + extension);
        if (existsSync(path) && statSync(path).isFile()) return relative(root, path);
      }
    }
  }
  return undefined;
}

describe('unit test layout', () => {
  const tests = unitTests(unitRoot);

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
