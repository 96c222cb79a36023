// One name per thing: a function, class, constant or type that src/ exports is declared under its
// name in one file only. Two declarations of one name are either the same thing written twice
// (merge them: the HTML marker had four copies) or two things a reader cannot tell apart by name
// (rename one: RlxListItem was a directive's item and an `in` list's). The sandbox answers what
// the client asks, so a name it shares with the rest of src/ (searchRecords, notFound…) is its
// side of the contract, not a copy. test/unit/scripts/export-names.test.ts keeps the count at
// none; `node scripts/export-names.mjs [folder]` lists them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './import-cycles.mjs';

/** Names declared in several files on purpose, each with the reason. */
export const SHARED_NAMES = {
  activate: 'the name the editor calls: the extension\'s entry (start.ts, then extension.ts) and the notebook renderer\'s',
  deactivate: 'the name the editor calls: start.ts hands it to extension.ts',
  markResultsRunning: 'the doorway (query/rlx/loadResults.ts) forwards to the results bundle\'s function of that name',
  runAction: 'one user action, one function for each surface that offers it: the record editor, the Records view, the agent tool',
  deleteRecord: 'one user action, one function for each surface that offers it: the record editor and the Records view',
};

const DECLARATION = /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

function typeScriptFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each exported name → the files (relative to `dir`, with '/') that declare it. */
export function exportedNames(dir = join(root, 'src')) {
  const names = new Map();
  for (const file of typeScriptFiles(resolve(dir))) {
    const name = relative(resolve(dir), file).split('\\').join('/');
    for (const [, exported] of readFileSync(file, 'utf8').matchAll(DECLARATION)) {
      const files = names.get(exported) ?? [];
      if (!files.includes(name)) files.push(name);
      names.set(exported, files);
    }
  }
  return names;
}

/** Whether the files of one name are the sandbox's side and the client's side of the contract. */
function sidesOfTheContract(files) {
  const inSandbox = files.filter((file) => file.startsWith('sandbox/'));
  return inSandbox.length === 1 && files.length === 2;
}

/** The names declared in more than one file, not counting SHARED_NAMES and the sandbox's side: `name: file, file`. */
export function duplicateNames(dir = join(root, 'src')) {
  return [...exportedNames(dir)]
    .filter(([name, files]) => files.length > 1 && !(name in SHARED_NAMES) && !sidesOfTheContract(files))
    .map(([name, files]) => `${name}: ${files.sort().join(', ')}`)
    .sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(root, 'src'));
  const duplicates = duplicateNames(dir);
  for (const line of duplicates) console.log(line);
  const names = exportedNames(dir);
  console.log(`${names.size} exported names, ${duplicates.length} declared in more than one file (besides ${Object.keys(SHARED_NAMES).length} shared on purpose and the sandbox's side of the contract)`);
  process.exitCode = duplicates.length ? 1 : 0;
}
