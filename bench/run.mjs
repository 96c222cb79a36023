// `npm run bench`: performance figures of the sandbox and the extension bundle.
// Spawns the built sandbox (dist/sandbox.js) with a large data set on loopback and measures
// request latencies with a client that is not ours (undici's plain `request`), so the figures
// are the server's. Options: --records N (default 100000), --iterations N (default 200),
// --only sandbox|extension|rlx.
// --only sandbox|extension|upload, --upload-mb N (default 256), --upload-runs N (default 3).
// --against DIR (extension): another checkout with its production bundles built (say, the
// commit before a change); its load + activate is measured in the same run, runs alternating,
// and the ratio printed, since absolute times on a shared machine swing from day to day.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync, readdirSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const RECORDS = Number(option('records', '100000'));
const ITERATIONS = Number(option('iterations', '200'));
const ONLY = option('only', 'all');
const TOKEN = 'SVC_AUTH_CODE sandbox-admin-token';

const results = [];
function report(name, value, unit, target) {
  const ok = target === undefined ? '' : value <= target ? '  ok' : '  OVER TARGET';
  const shown = typeof value === 'number' ? (Number.isInteger(value) ? value : value.toFixed(2)) : value;
  results.push({ name, value, unit, target });
  console.log(`${name.padEnd(44)} ${String(shown).padStart(10)} ${unit}${target !== undefined ? `  (target < ${target} ${unit})` : ''}${ok}`);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timeRequests(name, n, makeRequest, targets) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await makeRequest(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  report(`${name} p50`, percentile(times, 50), 'ms', targets?.p50);
  report(`${name} p95`, percentile(times, 95), 'ms', targets?.p95);
}

async function call(url, path, body, method = 'POST') {
  const res = await request(url + path, {
    method,
    headers: { authorization: TOKEN, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${method} ${path} → ${res.statusCode}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

function startSandbox(dataDir, extra = []) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['dist/sandbox.js', '--json', '--port', '0', '--data', dataDir, ...extra], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        try {
          resolve({ child, info: JSON.parse(line), startupMs: performance.now() - t0 });
        } catch (error) {
          reject(error);
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code} before it was ready`)));
  });
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function stop(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function benchSandbox() {
  console.log(`\n## Sandbox (${RECORDS} records, ${ITERATIONS} iterations each)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'records-bench-'));
  try {
    const first = await startSandbox(dataDir, ['--records', String(RECORDS), '--reset']);
    report('startup, seeding demo data', first.startupMs, 'ms');
    await stop(first.child);
    const { child, info, startupMs } = await startSandbox(dataDir);
    report('startup from the data folder', startupMs, 'ms', 3000);
    const url = info.url;
    try {
      const list = '/api/w/IT/a/TASK/tickets/list?withTechnicalData=true';
      // Steady state: the search index is built in the background after startup, and a first
      // search waits for it; without this the list figures would time that build too.
      await call(url, '/api/tickets/search', { ss: 'warm up', limitRecords: 1 });
      for (let i = 0; i < 10; i++) await call(url, list, { limitRecords: 50, rlx: 'state="open"', sortBy: 'creation_date desc' });
      await timeRequests('filtered list page (limit 50, 2 conditions)', ITERATIONS, (i) =>
        call(url, list, {
          limitRecords: 50,
          skipRecords: (i % 5) * 50,
          rlx: i % 2 ? 'state="open" AND priority="high"' : 'state!="done" AND c_amount>100',
          sortBy: 'creation_date desc',
        }), { p50: 20 });
      const words = ['printer', 'network outage', 'invoice -draft', 'server', '"disk full"', 'update'];
      await timeRequests('search', ITERATIONS, (i) => call(url, '/api/tickets/search', { ss: words[i % words.length], limitRecords: 20 }), { p50: 30 });
      await timeRequests('pivot, 2 dimensions + stats', ITERATIONS, (i) =>
        call(url, '/api/w/IT/a/TASK/tickets/list', {
          aggs4Pivot: true,
          dimensions4Pivot: i % 2 ? 'state,creation_date__pivotbymonth' : 'priority,keeper_id',
          statsFields: 'c_amount',
        }), { p50: 60 });
      const page = await call(url, list, { limitRecords: 200, listOfFields: 'id,title' });
      const ids = page.data.map((r) => r.id);
      const batchIterations = Math.max(10, Math.floor(ITERATIONS / 4));
      await timeRequests('batch of 200 edits (durable)', batchIterations, (i) =>
        call(url, '/api/tickets/multi', ids.map((id, k) => ({ transition: 'edit', id, c_amount: i * 1000 + k, minor_change: true }))), { p50: 100 });
      report('sandbox RSS after the runs', rssMb(child.pid), 'MB', 400);
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchExtension() {
  console.log('\n## Extension');
  const bundle = 'dist/extension.js';
  // Figures are for the production bundles, as users get them.
  await new Promise((resolve, reject) => {
    const build = spawn(process.execPath, ['esbuild.mjs', '--production', '--only=start,extension,lazy,undici,oauth,mime,temporal'], { stdio: 'inherit' });
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (${code})`))));
  });
  if (!existsSync(bundle)) {
    console.log('dist/extension.js not built; run `npm run build` first');
    return;
  }
  report('dist/extension.js size', statSync(bundle).size / 1024, 'KB', 150);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const activation = (extra = [], harness = 'bench/activation.cjs') => {
    const child = spawn(process.execPath, [harness, ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    return new Promise((resolve) => child.once('exit', () => resolve(JSON.parse(out.trim()))));
  };
  const against = option('against', undefined);
  // The other checkout's bundle is loaded by this harness, copied next to its dist/.
  let otherHarness;
  if (against) {
    otherHarness = join(against, 'bench', 'activation-against.cjs');
    writeFileSync(otherHarness, readFileSync('bench/activation.cjs'));
  }
  // The first start after an install or update compiles the bundle; it then saves a V8 code
  // cache in the extension's global storage (src/extension/startup/codeCache.ts), which every
  // later start reads. Both are measured, alternating, with the other checkout's start between.
  const storage = mkdtempSync(join(tmpdir(), 'records-bench-storage-'));
  const primed = await activation(['--storage', storage, '--prime']);
  if (!primed.codeCacheSaved) console.log('  (the extension saved no code cache: later starts below are first starts)');
  const firstRuns = [];
  const laterRuns = [];
  const otherRuns = [];
  const bareRuns = [];
  const otherBareRuns = [];
  for (let i = 0; i < 7; i++) {
    firstRuns.push(await activation());
    laterRuns.push(await activation(['--storage', storage]));
    if (otherHarness) otherRuns.push(await activation([], otherHarness));
    // For context: the first start in a bare Node process, built-ins not loaded yet (see the harness).
    bareRuns.push(await activation(['--bare']));
    if (otherHarness) otherBareRuns.push(await activation(['--bare'], otherHarness));
  }
  rmSync(storage, { recursive: true, force: true });
  if (otherHarness) rmSync(otherHarness, { force: true });
  const total = (runs) => median(runs.map((r) => r.loadMs + r.activateMs));
  report('first start (no code cache yet): load + activate (median of 7)', total(firstRuns), 'ms');
  report('later starts (code cache): load dist/start.js (median of 7)', median(laterRuns.map((r) => r.loadMs)), 'ms');
  report('later starts (code cache): activate(), which loads dist/extension.js (median of 7)', median(laterRuns.map((r) => r.activateMs)), 'ms');
  report('later starts (code cache): load + activate (median of 7)', total(laterRuns), 'ms', 12);
  if (against) {
    const otherTotal = total(otherRuns);
    report(`  ${against}: its dist/extension.js size`, statSync(join(against, 'dist', 'extension.js')).size / 1024, 'KB');
    report(`  ${against}: load + activate (median of 7)`, otherTotal, 'ms');
    report('  ratio, first start: ours / theirs, same run', total(firstRuns) / otherTotal, '×');
    report('  ratio, later starts: ours / theirs, same run', total(laterRuns) / otherTotal, '×');
  }
  report('bare Node process (built-ins loaded by us, unlike in the editor): first start (median of 7)', total(bareRuns), 'ms');
  if (against) {
    report(`  ${against}: the same, bare Node process (median of 7)`, total(otherBareRuns), 'ms');
    report('  ratio, bare first start: ours / theirs, same run', total(bareRuns) / total(otherBareRuns), '×');
  }
  // What the first use of each feature adds: loading its bundle after activation (a fresh
  // process each time, so nothing is cached). undici is the HTTP client, loaded by the first request.
  const lazy = ['undici', 'mimeTypes', 'temporal', ...readdirSync('src/extension/lazy').filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3))];
  for (const name of lazy) {
    const times = [];
    for (let i = 0; i < 5; i++) times.push((await activation(['--lazy', name])).lazyMs);
    report(`first use: load dist/${name}.js (${(statSync(`dist/${name}.js`).size / 1024).toFixed(0)} KB, median of 5)`, median(times), 'ms', 40);
  }
}

// Hostile RLX input (parser, `.rlx` diagnostics, `like`): the pure core, run with tsx.
async function benchRlxHostile() {
  console.log('\nHostile RLX input (bench/rlx-hostile.ts)');
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/rlx-hostile.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`bench/rlx-hostile.ts exited with ${code}`);
  const last = out.trim().split('\n').pop();
  for (const figure of JSON.parse(last).rlxHostile) report(figure.name, figure.ms, 'ms', figure.target);
}

if (ONLY === 'all' || ONLY === 'rlx') await benchRlxHostile();
/** The upload bench (bench/upload.mjs: ours against curl, alternating runs) at a size that keeps `npm run bench` short. */
async function benchUpload() {
  console.log('\n## Upload (tus, against curl; `npm run bench:upload` for the full 1 GiB)');
  const sizeMb = option('upload-mb', '256');
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/upload.mjs', '--size-mb', sizeMb, '--runs', option('upload-runs', '3')], { stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the upload bench failed (${code})`))));
  });
}

if (ONLY === 'all' || ONLY === 'sandbox') await benchSandbox();
if (ONLY === 'all' || ONLY === 'extension') await benchExtension();
if (ONLY === 'all' || ONLY === 'upload') await benchUpload();
console.log(`\n${JSON.stringify({ benchmarks: results })}`);
