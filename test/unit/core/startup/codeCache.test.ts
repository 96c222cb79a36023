// The extension's entry loads its bundle through a V8 code cache: later starts must run the
// same code faster, never stale code, and a broken cache or disk must cost speed only.
//
// Each start is a process of its own, as in the editor: within one process V8 reuses what it
// compiled for the same source and would never look at the cache.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

interface Start {
  usedCache: boolean;
  answer: number;
  sibling: string;
  where: { filename: string; dirname: string };
  stack: string;
  /** What saveCache() said, called twice. */
  saved: [boolean, boolean];
}

const codeCacheModule = resolve(__dirname, '../../../../src/core/startup/codeCache.ts');
const startScript = `
const { loadWithCodeCache } = require(${JSON.stringify(codeCacheModule)});
const [bundle, cacheDir] = process.argv.slice(-2);
const loaded = loadWithCodeCache(bundle, cacheDir);
let stack = '';
try { loaded.exports.fail(); } catch (error) { stack = error.stack; }
const { answer, sibling, where } = loaded.exports;
process.stdout.write(JSON.stringify({ usedCache: loaded.usedCache, answer, sibling, where, stack, saved: [loaded.saveCache(), loaded.saveCache()] }));
`;

// A stand-in for dist/extension.js: CommonJS, requires a file beside it, throws from line 6.
const bundleSource = (answer: number) =>
  [
    `const sibling = require('./sibling.js');`,
    `exports.answer = ${answer};`,
    `exports.sibling = sibling.name;`,
    `exports.where = { filename: __filename, dirname: __dirname };`,
    `exports.fail = function () {`,
    `  throw new Error('from line 6');`,
    `};`,
  ].join('\n');

describe('code cache of the extension bundle', () => {
  let dir: string;
  let bundle: string;
  let cacheDir: string;
  const caches = () => readdirSync(cacheDir).filter((name) => name.endsWith('.cache'));
  /** One start of the "extension": loads the bundle, then saves the cache as the entry point does. */
  const start = (): Start => {
    const script = join(dir, 'start.cjs');
    writeFileSync(script, startScript);
    return JSON.parse(execFileSync(process.execPath, ['--require', 'tsx/cjs', script, bundle, cacheDir], { encoding: 'utf8' })) as Start;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'records-code-cache-'));
    bundle = join(dir, 'bundle.js');
    cacheDir = join(dir, 'storage', 'code-cache');
    writeFileSync(join(dir, 'sibling.js'), `exports.name = 'beside the bundle';`);
    writeFileSync(bundle, bundleSource(1));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the bundle as a CommonJS module, then saves a cache that the next start uses', () => {
    const first = start();
    assert.equal(first.usedCache, false);
    assert.equal(first.answer, 1);
    assert.equal(first.sibling, 'beside the bundle', 'require resolves beside the bundle');
    assert.deepEqual(first.where, { filename: bundle, dirname: dir });
    assert.deepEqual(first.saved, [true, false], 'saved once');
    assert.equal(caches().length, 1);

    const second = start();
    assert.equal(second.usedCache, true);
    assert.equal(second.answer, 1);
    assert.equal(second.sibling, 'beside the bundle');
    assert.deepEqual(second.saved, [false, false], 'nothing to save when the cache was used');
  });

  it('keeps the bundle\'s own line numbers in stack traces, with and without the cache', () => {
    assert.ok(start().stack.includes(`${bundle}:6:`), 'compiled');
    assert.ok(start().stack.includes(`${bundle}:6:`), 'from the cache');
  });

  it('never runs the cache of an earlier build, even one of the same length, and removes it', () => {
    start();
    const [earlier] = caches();
    // An update: same length, other code, a later modification time.
    writeFileSync(bundle, bundleSource(2));
    const later = new Date(Date.now() + 60_000);
    utimesSync(bundle, later, later);

    const updated = start();
    assert.equal(updated.usedCache, false);
    assert.equal(updated.answer, 2, 'the new build runs');
    assert.deepEqual(updated.saved, [true, false]);
    assert.equal(caches().length, 1);
    assert.notEqual(caches()[0], earlier, 'the earlier build\'s cache is gone');
    assert.equal(start().answer, 2);
  });

  it('compiles as usual when the cache is damaged, and replaces it', () => {
    start();
    writeFileSync(join(cacheDir, caches()[0]!), 'not what V8 wrote');

    const damaged = start();
    assert.equal(damaged.usedCache, false, 'V8 refused it');
    assert.equal(damaged.answer, 1);
    assert.deepEqual(damaged.saved, [true, false]);
    assert.equal(start().usedCache, true);
  });

  it('starts without a cache when its folder cannot be written, and says so without throwing', () => {
    // A file where the storage folder should be: nothing can be created under it.
    writeFileSync(join(dir, 'storage'), '');
    const loaded = start();
    assert.equal(loaded.answer, 1);
    assert.deepEqual(loaded.saved, [false, false]);
  });
});
