// The structure's checks in one table: each line a number and its goal (CONTRIBUTING.md,
// "Imports go one way"). The unit tests hold each of them (import-cycles, layers, export-names,
// test-layout, the lint rule records/reference-text); this prints them together, for a review or
// an issue's "Done when". `node scripts/structure-audit.mjs` (about 10 s: it runs one lint rule
// over src/); exit code 1 when a goal is missed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { READERS_LEFT } from '../eslint.config.mjs';
import { duplicateNames } from './export-names.mjs';
import { featureBundles } from './feature-bundles.mjs';
import { importCycles, importGraph, root } from './import-cycles.mjs';
import { layerProblems, readmeGaps } from './layers.mjs';
import { moduleOf, unitTests } from './test-layout.mjs';

function filesUnder(dir, ending) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path, ending);
    return ending.some((end) => name.endsWith(end)) ? [path] : [];
  });
}

/** The files under `dirs` that declare `name` (a function or constant), relative to the root. */
function declarations(dirs, name) {
  const declared = new RegExp(`(function|const|let) ${name}\\b`);
  return dirs.flatMap((dir) => filesUnder(join(root, dir), ['.ts', '.mts', '.mjs'])).filter((file) => declared.test(readFileSync(file, 'utf8'))).map((file) => relative(root, file));
}

/**
 * Loops in test/ whose body sleeps (a wait written by hand instead of test/support/waitUntil.ts):
 * a `for (`/`while (` line with a `setTimeout(…, n)`, `sleep(n)` or `waitForTimeout(` within its
 * next four lines. A loop that acts each round (presses a key, posts a message) is counted too.
 */
function handWrittenWaits() {
  const found = [];
  for (const file of filesUnder(join(root, 'test'), ['.ts', '.mjs'])) {
    if (file.endsWith(join('support', 'waitUntil.ts'))) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, at) => {
      if (!/^\s*(for|while) \(/.test(line)) return;
      const body = lines.slice(at, at + 5).join('\n');
      if (/setTimeout\((r|resolve), ?[\d_]+\)|sleep\([\d_]+\)|waitForTimeout\(/.test(body)) found.push(`${relative(root, file)}:${at + 1}`);
    });
  }
  return found;
}

async function referenceProblems() {
  const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'records/reference-text', overrideConfig: { languageOptions: { parserOptions: { projectService: false } } } });
  const results = await eslint.lintFiles(['src/**/*.ts']);
  return results.flatMap((result) => result.messages.filter((m) => m.ruleId === 'records/reference-text').map((m) => `${relative(root, result.filePath)}:${m.line}`));
}

const tests = unitTests();
const atPath = tests.filter((test) => moduleOf(test) !== undefined).length;
const bundles = Object.values(featureBundles(root));
const extensionFolders = readdirSync(join(root, 'src', 'extension')).filter((name) => statSync(join(root, 'src', 'extension', name)).isDirectory());
const waits = handWrittenWaits();

const rows = [
  ['import cycles in src/', importCycles(importGraph(join(root, 'src'))).length, 0],
  ['imports against the layers of src/extension and src/sandbox', layerProblems().length, 0],
  ['gaps in the layers\' READMEs (a layer, folder or file not named)', readmeGaps().length, 0],
  ['feature bundles outside src/extension/<group>/bundles/', bundles.filter((path) => !/^src\/extension\/[^/]+\/bundles\//.test(path)).length, 0],
  ['folders lazy/ or startup/ in src/extension', extensionFolders.filter((name) => name === 'lazy' || name === 'startup').length, 0],
  ['modules declaring parseReference or referenceText', new Set([...declarations(['src'], 'parseReference'), ...declarations(['src'], 'referenceText')]).size, 1],
  [`references spelt or read by hand in src/ (records/reference-text, and READERS_LEFT: ${[...READERS_LEFT].join(', ') || 'none'})`, (await referenceProblems()).length + READERS_LEFT.size, 0],
  ['exported names declared in two files', duplicateNames().length, 0],
  [`unit tests at their module's path, % (${atPath} of ${tests.length})`, Math.round((1000 * atPath) / tests.length) / 10, '≥ 95'],
  ['declarations of waitUntil, jsonOf, connectSandbox, startTestSandbox in test/ and bench/', ['waitUntil', 'jsonOf', 'connectSandbox', 'startTestSandbox'].map((name) => declarations(['test', 'bench'], name).length).join(', '), '1, 1, 1, 1'],
  ['loops in test/ that sleep (waits by hand)', waits.length, 'few'],
];

const width = Math.max(...rows.map(([what]) => what.length));
let missed = false;
for (const [what, value, goal] of rows) {
  const met = typeof goal === 'number' ? value === goal : goal.startsWith('≥') ? value >= Number(goal.slice(1)) : goal === 'few' ? true : String(value) === goal;
  missed ||= !met;
  console.log(`${what.padEnd(width)}  ${String(value).padStart(10)}  goal ${goal}${met ? '' : '  MISSED'}`);
}
if (process.argv.includes('--list')) for (const wait of waits) console.log(`  wait by hand: ${wait}`);
process.exitCode = missed ? 1 : 0;
