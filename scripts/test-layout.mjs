// Where the unit tests sit (test/unit/scripts/test-layout.test.ts holds them to it): the test of
// src/core/rlx/parser.ts is test/unit/core/rlx/parser.test.ts, an aspect of it
// parser.<aspect>.test.ts beside it, and a test of a repository file outside src (package.json, a
// script) mirrors that file's path.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './import-cycles.mjs';

const EXTENSIONS = ['.ts', '.mts', '.mjs', '.js', '.json', ''];

/** The unit test files, relative to test/unit, with '/'. */
export function unitTests(dir = join(root, 'test', 'unit'), unitRoot = dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return unitTests(path, unitRoot);
    return name.endsWith('.test.ts') ? [relative(unitRoot, path).split('\\').join('/')] : [];
  });
}

/** The module a test file mirrors (relative to the root): `a/b.c.test.ts` is the test of a/b.c or, failing that, a/b; undefined for none. */
export function moduleOf(test, base = root) {
  const parts = test.slice(0, -'.test.ts'.length).split('/');
  const name = parts.pop().split('.');
  for (let kept = name.length; kept > 0; kept--) {
    const candidate = [...parts, name.slice(0, kept).join('.')].join('/');
    for (const folder of ['src', '']) {
      for (const extension of EXTENSIONS) {
        const path = join(base, folder, candidate + extension);
        if (existsSync(path) && statSync(path).isFile()) return relative(base, path).split('\\').join('/');
      }
    }
  }
  return undefined;
}
