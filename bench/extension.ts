// `npm run bench:extension`: what the extension costs to start and to grow, from its production
// bundles (built here, as users get them): the size of dist/extension.js and of each bundle
// loaded on first use, against their budgets (support/bundleBudgets.ts); the first start (no V8
// code cache yet) and later starts (code cache saved by the first), load + activate in a Node
// process that stands in for the extension host (bench/activation.ts); and what the first use of
// each lazy bundle adds.
// --against DIR: another checkout with its production bundles built (say, the commit before a
//   change); its start is measured in the same run, runs alternating, and the ratios printed,
//   since absolute times on a shared machine swing from day to day.
// --runs N (default 9). --smoke: one run of each, the bundles as they are in dist/.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type * as FeatureBundles from '../scripts/feature-bundles.mjs' with { 'resolution-mode': 'import' };
import { LAZY_BUNDLE_BUDGETS_KB, MAIN_BUNDLE_BUDGET_KB } from './support/bundleBudgets';
import { within } from './support/deadline';
import { Report, SMOKE, numberOption, option, runBench } from './support/report';
import { median } from './support/stats';

const ROOT = join(__dirname, '..');
const RUNS = SMOKE ? 1 : numberOption('runs', 9);
const LAZY_RUNS = 5;
const HARNESS = join(ROOT, 'out/bench/activation.cjs');
/** Libraries the extension loads on first use, beside the feature bundles (src/extension/<group>/bundles/*). */
const LIBRARY_BUNDLES = ['undici', 'mimeTypes', 'temporal', 'oauth4webapi', 'filterCheck'];

interface Start {
  loadMs: number;
  activateMs: number;
  lazyMs?: number;
  codeCacheSaved?: boolean;
}

function activation(root: string, extra: string[] = []): Promise<Start> {
  const child = spawn(process.execPath, [HARNESS, '--root', root, ...extra], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const ended = new Promise<Start>((resolve, reject) => child.once('exit', (code) => {
    if (code !== 0) reject(new Error(`the activation harness (${extra.join(' ') || 'first start'}) exited with ${code}`));
    else resolve(JSON.parse(out.trim()) as Start);
  }));
  return within(`the activation harness to start the extension of ${root} (${extra.join(' ') || 'first start'})`, 30_000, ended).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
}

const kb = (file: string): number => statSync(file).size / 1024;
const total = (runs: Start[]): number => median(runs.map((r) => r.loadMs + r.activateMs));

async function main(): Promise<void> {
  if (!SMOKE) execFileSync(process.execPath, ['esbuild.mjs', '--production', '--only=start,extension,lazy,undici,oauth,mime,temporal,filterCheck'], { cwd: ROOT, stdio: 'inherit' });
  await build({ entryPoints: [join(ROOT, 'bench/activation.ts')], outfile: HARNESS, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error' });
  const bundle = join(ROOT, 'dist/extension.js');
  if (!existsSync(bundle)) throw new Error('dist/extension.js is not built: run `npm run build` first');
  const report = new Report('extension');
  report.add('dist/extension.js size', kb(bundle), 'KB', { op: '<', value: MAIN_BUNDLE_BUDGET_KB });
  const { featureBundles }: typeof FeatureBundles = await import('../scripts/feature-bundles.mjs');
  const lazy = [...LIBRARY_BUNDLES, ...Object.keys(featureBundles(ROOT))];
  for (const name of lazy) {
    const budget = LAZY_BUNDLE_BUDGETS_KB[name];
    if (budget === undefined) throw new Error(`dist/${name}.js has no size budget: add one to bench/support/bundleBudgets.ts`);
    report.add(`dist/${name}.js size (loaded on first use)`, kb(join(ROOT, 'dist', `${name}.js`)), 'KB', { op: '<', value: budget });
  }

  // What the first use of each feature adds: loading its bundle after activation (a fresh
  // process each time, so nothing is cached), LAZY_RUNS rounds of every bundle in turn.
  const lazyTimes = new Map<string, number[]>((SMOKE ? [] : lazy).map((name) => [name, []]));
  const lazyLoads = Array.from({ length: LAZY_RUNS }, () => [...lazyTimes]).flat().map(([name, times]) => async () => {
    times.push((await activation(ROOT, ['--lazy', name])).lazyMs ?? NaN);
  });

  const against = option('against');
  // The first start after an install or update compiles the bundle; it then saves a V8 code
  // cache in the extension's global storage (src/extension/start.ts, core/startup/codeCache.ts), which every
  // later start reads. Both are measured, alternating, with the other checkout's start between.
  const storage = mkdtempSync(join(tmpdir(), 'records-bench-storage-'));
  try {
    const primed = await activation(ROOT, ['--storage', storage, '--prime']);
    if (!primed.codeCacheSaved) console.log('  (the extension saved no code cache: later starts below are first starts)');
    const firstRuns: Start[] = [];
    const laterRuns: Start[] = [];
    const otherRuns: Start[] = [];
    const bareRuns: Start[] = [];
    // This shared machine runs in phases: 30 first starts in a row read 8.2–8.9 ms for a few,
    // then 12.4–14.4 ms for a few (the main thread's own CPU time too, with no wait to run), so
    // rounds back to back could all land in one phase. The rounds are spread over the bench: the
    // first uses of the lazy bundles (measured anyway) run between them.
    for (let i = 0; i < RUNS; i++) {
      firstRuns.push(await activation(ROOT));
      laterRuns.push(await activation(ROOT, ['--storage', storage]));
      if (against) otherRuns.push(await activation(against));
      // For context: the first start in a bare Node process, built-ins not loaded yet (see the harness).
      bareRuns.push(await activation(ROOT, ['--bare']));
      for (const load of lazyLoads.splice(0, Math.ceil(lazyLoads.length / (RUNS - i)))) await load();
    }
    report.add('first start (no code cache yet): load + activate, median', total(firstRuns), 'ms', { op: '<', value: 12 });
    report.add('later starts (code cache): load + activate, median', total(laterRuns), 'ms', { op: '<', value: 12 });
    report.add('later starts: activate(), which loads dist/extension.js, median', median(laterRuns.map((r) => r.activateMs)), 'ms');
    report.add('first start in a bare Node process, median (context)', total(bareRuns), 'ms');
    if (against) {
      report.add(`${against}: dist/extension.js size`, kb(join(against, 'dist', 'extension.js')), 'KB');
      report.add(`${against}: first start, median`, total(otherRuns), 'ms');
      report.add('first start: ours / theirs, same run', total(firstRuns) / total(otherRuns), '×');
    }
  } finally {
    rmSync(storage, { recursive: true, force: true });
  }
  // What the first use of each feature added (measured between the start rounds above).
  // A smoke run loads them all in one process: it proves each loads, and saves 20 processes.
  if (SMOKE) report.add('first use: every lazy bundle loaded, one process', (await activation(ROOT, ['--lazy', lazy.join(',')])).lazyMs ?? NaN, 'ms');
  for (const [name, times] of lazyTimes) report.add(`first use: load dist/${name}.js, median`, median(times), 'ms', { op: '<', value: 40 });
  report.print();
}

runBench(main);
