// Builds what the real editor loads in the tests: our extension as a .vsix (the same packaging
// `npm start` uses, scripts/editor-host/), the test-runner extension as a .vsix, and the
// integration tests bundled for the extension host.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { outDir, repoRoot } from './paths.mjs';
import { run } from './process.mjs';

export { packageExtension } from '../../../scripts/editor-host/package-extension.mjs';

const vsce = join(repoRoot, 'node_modules/@vscode/vsce/vsce');

/** `vsce package` of the extension in `folder` into out/`fileName` (replaced); returns its path. */
async function vscePackage(folder, fileName, extraOptions, stdin = 'ignore') {
  mkdirSync(outDir, { recursive: true });
  const vsix = join(outDir, fileName);
  rmSync(vsix, { force: true });
  const options = ['--no-dependencies', '--allow-missing-repository', '--skip-license', ...extraOptions];
  await run(process.execPath, [vsce, 'package', ...options, '--out', vsix], { cwd: folder, stdio: [stdin, 'inherit', 'inherit'] });
  return vsix;
}

/**
 * Bundles and packages test/integration/runner-extension; returns the .vsix path. `name` keeps
 * two runs at once (CI's two integration lanes) out of each other's files under out/.
 */
export async function packageRunnerExtension({ name = 'integration' } = {}) {
  const source = join(repoRoot, 'test/integration/runner-extension');
  const staging = join(outDir, `runner-extension-${name}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  cpSync(join(source, 'package.json'), join(staging, 'package.json'));
  await esbuild.build({
    entryPoints: [join(source, 'src/extension.ts')],
    outfile: join(staging, 'extension.js'),
    bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], logLevel: 'warning',
  });
  return vscePackage(staging, `records-test-runner-${name}.vsix`, ['--allow-star-activation']);
}

/** Packages an extension folder that needs no build (package.json and a plain script); returns the .vsix path. */
export async function packageStaticExtension(source, fileName) {
  return vscePackage(source, fileName, []);
}

/**
 * Bundles test/integration/index.ts and every test/integration/**\/*.test.ts into
 * out/integration/, keeping `vscode` (given by the host) and `mocha` (resolved from the
 * repository's node_modules, which out/ sits beside) external. `only` (paths relative to
 * the repository) limits the run to those files, `exclude` leaves those out; `name` is the
 * folder under out/ (one per editor when several run side by side). Returns the index.js path.
 */
export async function bundleIntegrationTests({ only = [], exclude = [], name = 'integration' } = {}) {
  const source = join(repoRoot, 'test/integration');
  const target = join(outDir, name);
  rmSync(target, { recursive: true, force: true });
  const entryPoints = { index: join(source, 'index.ts') };
  const wanted = only.map((f) => join(repoRoot, f));
  const unwanted = exclude.map((f) => join(repoRoot, f));
  for (const file of findFiles(source, (name) => name.endsWith('.test.ts'))) {
    if (wanted.length && !wanted.includes(file)) continue;
    if (unwanted.includes(file)) continue;
    entryPoints[relative(source, file).replace(/\.ts$/, '')] = file;
  }
  await esbuild.build({
    entryPoints, outdir: target, bundle: true, platform: 'node', format: 'cjs', target: 'node20',
    external: ['vscode', 'mocha'], sourcemap: 'inline', logLevel: 'warning',
  });
  return join(target, 'index.js');
}

function findFiles(dir, accept) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'runner-extension') continue;
    if (statSync(path).isDirectory()) found.push(...findFiles(path, accept));
    else if (accept(name)) found.push(path);
  }
  return found;
}
