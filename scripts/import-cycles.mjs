// Import cycles among the TypeScript files of a folder (src/ by default): every import counts,
// `import type` and `import()` included, as in the import graph a reader follows. A cycle that
// never loops at run time still ties its modules together: none can move to another bundle or
// group, or be read and tested, without the others. test/unit/scripts/import-cycles.test.ts keeps
// src/ free of them; `node scripts/import-cycles.mjs [folder]` lists them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The .ts files under `dir`, as absolute paths. */
function typeScriptFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, as Node16 resolution finds it (`./a.js` is ./a.ts), or undefined. */
function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, join(base, 'index.ts'), base];
  return candidates.find((path) => path.endsWith('ts') && existsSync(path) && statSync(path).isFile());
}

/**
 * The import graph of the .ts files under `dir`: each file (relative to `dir`, with '/') → the
 * files under `dir` it imports. Packages and files outside `dir` are left out: they cannot close a
 * cycle through it.
 */
export function importGraph(dir) {
  const files = typeScriptFiles(dir);
  const known = new Set(files);
  const name = (path) => relative(dir, path).split('\\').join('/');
  const graph = new Map();
  for (const file of files) {
    // The scanner, not the type checker: a few milliseconds a file, and it sees every form of import.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveRelative(file, fileName);
      if (target && known.has(target)) targets.add(name(target));
    }
    graph.set(name(file), [...targets].sort());
  }
  return graph;
}

/**
 * The cycles of `graph`, one per strongly connected component (Tarjan): each is a path of files
 * that leads back to its first, the shortest through that component's first file. Files are
 * visited in sorted order, so the answer is the same on every machine.
 */
export function importCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = component.length === 1 && (graph.get(file) ?? []).includes(file);
    if (component.length > 1 || selfImport) components.push(new Set(component));
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components.map((component) => shortestLoop(graph, component)).sort((a, b) => a[0].localeCompare(b[0]));
}

/** The shortest path from the component's first file back to itself, inside the component. */
function shortestLoop(graph, component) {
  const start = [...component].sort()[0];
  const previous = new Map();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const target of graph.get(queue[i]) ?? []) {
      if (!component.has(target)) continue;
      if (target === start) {
        const path = [queue[i]];
        while (path[0] !== start) path.unshift(previous.get(path[0]));
        return path;
      }
      if (!previous.has(target)) {
        previous.set(target, queue[i]);
        queue.push(target);
      }
    }
  }
  return [start];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(root, 'src'));
  const graph = importGraph(dir);
  const cycles = importCycles(graph);
  for (const cycle of cycles) console.log(`${[...cycle, cycle[0]].join(' → ')}`);
  console.log(`${graph.size} files, ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}`);
  process.exitCode = cycles.length ? 1 : 0;
}
