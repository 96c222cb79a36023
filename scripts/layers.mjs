// The layers of src/extension (its groups) and of src/sandbox, written once: the lint rule
// `records/group-imports` (eslint.config.mjs) reports a wrong arrow as it is typed, and this
// script counts them over the whole import graph of src/ (scripts/import-cycles.mjs: `import type`
// and `import('…')` types count too, which the lint rule does not see), so
// test/unit/scripts/layers.test.ts keeps the count at none. `node scripts/layers.mjs` lists them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGraph, root } from './import-cycles.mjs';

// The groups of src/extension, each with what it may import besides itself, core and webview
// protocols. An arrow not listed here runs sideways or upward: move the shared piece down (core,
// shared) or invert it. Each group keeps the entries of its feature bundles (loaded on first use)
// in its own `bundles/` folder, and loads only those of the groups it may import. The files at
// the top of src/extension (extension.ts, start.ts) wire the groups together: they may import any
// group, and no group imports them. Every folder of src/extension is a group listed here.
export const EXTENSION_GROUPS = {
  shared: [],
  connections: ['shared'],
  records: ['connections', 'shared'],
  browse: ['records', 'connections', 'shared'],
  query: ['records', 'connections', 'shared'],
  agents: ['query', 'records', 'connections', 'shared'],
  work: ['browse', 'records', 'connections', 'shared'],
};

// The layers of src/sandbox, each with the layers below it that it may import (and itself):
// requests come in at http (with auth and uploads, its endpoints), are answered by service,
// which reads search and store; model is the domain's types and rules under all of them. demo is
// the demo data set: demoService.ts gives its directory and seed records to the service and the
// store, which never import it. The files directly in src/sandbox (api.ts, cli.ts,
// demoService.ts) are the entry points that wire the layers: they may import any layer and no
// layer imports them.
export const SANDBOX_LAYERS = {
  // One layer in three folders: http imports its endpoints (auth, uploads), which use its helpers.
  http: ['auth', 'uploads', 'service', 'search', 'store', 'model'],
  auth: ['http', 'uploads', 'service', 'search', 'store', 'model'],
  uploads: ['http', 'auth', 'service', 'search', 'store', 'model'],
  demo: ['store', 'model'],
  service: ['search', 'store', 'model'],
  search: ['store', 'model'],
  store: ['model'],
  model: [],
};

/** What stands for the files directly in src/sandbox or src/extension, which wire the layers together. */
export const ENTRY = 'an entry point';

/** `src/extension/<group>/…` → its group; a file directly in src/extension → ENTRY; elsewhere undefined. */
export function extensionGroupOf(file) {
  if (!file.startsWith('src/extension/')) return undefined;
  const parts = file.slice('src/extension/'.length).split('/');
  return parts.length === 1 ? ENTRY : parts[0];
}

/** `src/sandbox/<layer>/…` → its layer; a file directly in src/sandbox → ENTRY; elsewhere undefined. */
export function sandboxLayerOf(file) {
  if (!file.startsWith('src/sandbox/')) return undefined;
  const parts = file.slice('src/sandbox/'.length).split('/');
  return parts.length === 1 ? ENTRY : parts[0];
}

/**
 * Whether `from` may import `to` (both paths from the repository's root) as the layers say:
 * undefined when it may, else why not. Only arrows inside src/extension or inside src/sandbox
 * are judged here; the boundaries between the four parts of src are no-restricted-imports rules.
 */
export function layerProblem(from, to) {
  for (const [layerOf, table, where] of [[extensionGroupOf, EXTENSION_GROUPS, 'src/extension'], [sandboxLayerOf, SANDBOX_LAYERS, 'src/sandbox']]) {
    const source = layerOf(from);
    const target = layerOf(to);
    if (source === undefined || target === undefined || source === ENTRY) continue;
    if (!(source in table)) return `${where}/${source} is not a layer: add it to scripts/layers.mjs with what it may import`;
    if (target === ENTRY) return `${where}/${source} imports ${to}, an entry point that wires the layers together`;
    if (target !== source && !table[source].includes(target)) return `${where}/${source} may import ${table[source].join(', ') || 'no other layer'}; ${to} is in ${target}`;
  }
  return undefined;
}

/** Every import of src/ (type-only and import() included) that breaks the layers: `from → to: why`. */
export function layerProblems(srcDir = join(root, 'src')) {
  const problems = [];
  for (const [file, targets] of importGraph(srcDir)) {
    for (const target of targets) {
      const problem = layerProblem(`src/${file}`, `src/${target}`);
      if (problem) problems.push(`src/${file} → src/${target}: ${problem}`);
    }
  }
  return problems.sort();
}

/** The files under `dir` (absolute paths), folders left out. */
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}

/**
 * What the READMEs do not say about where things live: each layer of src/extension and
 * src/sandbox has a README.md, the part's own README names each layer (`name/`), and every
 * folder and every file inside a layer is named by a README of that layer (or the part's).
 * Each gap is one sentence.
 */
export function readmeGaps(base = root) {
  const gaps = [];
  for (const [part, table] of [['src/extension', EXTENSION_GROUPS], ['src/sandbox', SANDBOX_LAYERS]]) {
    const partReadme = join(base, part, 'README.md');
    if (!existsSync(partReadme)) gaps.push(`${part}/README.md is missing: say what each layer holds and may import`);
    const partText = existsSync(partReadme) ? readFileSync(partReadme, 'utf8') : '';
    for (const layer of Object.keys(table)) {
      const dir = join(base, part, layer);
      if (!existsSync(dir)) continue;
      if (!partText.includes(`${layer}/`)) gaps.push(`${part}/README.md does not name ${layer}/`);
      if (!existsSync(join(dir, 'README.md'))) gaps.push(`${part}/${layer}/README.md is missing`);
      const files = filesUnder(dir);
      const text = [partText, ...files.filter((file) => file.endsWith('README.md')).map((file) => readFileSync(file, 'utf8'))].join('\n');
      const folders = new Set(files.map((file) => relative(dir, file).split('\\').join('/').split('/').slice(0, -1).join('/')).filter(Boolean));
      for (const folder of [...folders].sort()) {
        const name = folder.split('/').pop();
        if (!text.includes(`${name}/`) && !text.includes(`\`${name}\``)) gaps.push(`no README of ${part}/${layer} names ${folder}/`);
      }
      for (const file of files.filter((path) => path.endsWith('.ts')).sort()) {
        const name = file.slice(file.lastIndexOf('/') + 1);
        if (!text.includes(name)) gaps.push(`no README of ${part}/${layer} names ${name}`);
      }
    }
  }
  return gaps;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const base = resolve(process.argv[2] ?? root);
  const problems = layerProblems(join(base, 'src'));
  for (const problem of problems) console.log(problem);
  console.log(`${problems.length} import${problems.length === 1 ? '' : 's'} against the layers of src/extension and src/sandbox`);
  const gaps = readmeGaps(base);
  for (const gap of gaps) console.log(gap);
  console.log(`${gaps.length} gap${gaps.length === 1 ? '' : 's'} in the READMEs of those layers`);
  process.exitCode = problems.length || gaps.length ? 1 : 0;
}
