// The feature bundles loaded on first use: each group of src/extension keeps the entries of its
// own in `bundles/`, src/extension/<group>/bundles/<name>.ts → dist/<name>.js. FEATURE_BUNDLES is
// the one place that rule is written: esbuild.mjs builds what it matches, the benchmark measures
// it, and the lint rule `records/group-imports` (eslint.config.mjs) knows an entry by it.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const FEATURE_BUNDLES = 'src/extension/*/bundles/*.ts';

const segments = FEATURE_BUNDLES.split('/');
const pattern = new RegExp(`^${segments.map((s) => s.replace(/\./g, '\\.').replace(/\*/g, '[^/.]+')).join('/')}$`);

/** Whether a path from the repository's root (`/`-separated; `.ts`, `.js` or no extension) is a bundle entry. */
export function isFeatureBundle(path) {
  return pattern.test(`${path.replace(/\.(ts|js)$/, '')}.ts`);
}

/** The entries as esbuild takes them, `{name: file}`; two entries of one name are refused (both would be dist/<name>.js). */
export function featureBundles(root = '.') {
  let paths = [''];
  for (const segment of segments) {
    paths = paths.flatMap((dir) => {
      if (!segment.includes('*')) return existsSync(join(root, dir, segment)) ? [`${dir}${segment}/`] : [];
      return readdirSync(join(root, dir), { withFileTypes: true }).map((entry) => `${dir}${entry.name}/`);
    });
  }
  const entries = {};
  for (const path of paths.map((p) => p.slice(0, -1)).filter(isFeatureBundle).sort()) {
    const name = path.slice(path.lastIndexOf('/') + 1, -'.ts'.length);
    if (entries[name]) throw new Error(`Two feature bundles are named ${name}: ${entries[name]} and ${path}. Each becomes dist/<name>.js: rename one.`);
    entries[name] = path;
  }
  return entries;
}
