// `npm run bench:sandbox`: the sandbox's own figures with a large data set (default 100,000
// records): its start from a data folder it wrote before, its memory, and request latencies
// measured with a client that is not ours (undici's plain `request`), so they are the server's.
// It runs the built dist/sandbox.js in its own process on loopback, as `npm run sandbox` does.
// Options: --records N (default 100000), --iterations N (default 200), --starts N (starts from
// the data folder, default 5; the median is the figure), --smoke (2,000 records, one of each).
// --against DIR: another checkout with its dist/sandbox.js built (say, the commit before a
// change); its starts from the same data folder alternate with this one's, and both are reported.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { within } from './support/deadline';
import { type Goal, Report, SMOKE, numberOption, option, runBench } from './support/report';
import { median, quantile } from './support/stats';

const RECORDS = SMOKE ? 2_000 : numberOption('records', 100_000);
const ITERATIONS = SMOKE ? 1 : numberOption('iterations', 200);
const STARTS = SMOKE ? 1 : numberOption('starts', 5);
const AGAINST = option('against');
const TOKEN = 'SVC_AUTH_CODE sandbox-admin-token';
const REQUEST_MS = 30_000;
/** Seeding 100,000 records takes a while on a busy machine; starting from the folder must not. */
const SEED_MS = 300_000;
const START_MS = 60_000;
const report = new Report('sandbox');
const OURS = 'dist/sandbox.js';

async function timeRequests(name: string, n: number, makeRequest: (i: number) => Promise<unknown>, p50Goal: number): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await makeRequest(i);
    times.push(performance.now() - t0);
  }
  report.add(`${name} p50`, quantile(times, 0.5), 'ms', { op: '<', value: p50Goal });
  report.add(`${name} p95`, quantile(times, 0.95), 'ms');
}

async function call(url: string, path: string, body: unknown, method: 'POST' | 'GET' = 'POST'): Promise<{ data: { id: string }[] }> {
  return within(`${method} ${path.split('?')[0]}`, REQUEST_MS, async () => {
    const res = await request(url + path, {
      method,
      headers: { authorization: TOKEN, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${method} ${path} → ${res.statusCode}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { data: { id: string }[] };
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  startupMs: number;
}

function startSandbox(bundle: string, dataDir: string, deadlineMs: number, extra: string[] = []): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [bundle, '--json', '--port', '0', '--data', dataDir, ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<Started>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      try {
        resolve({ child, url: (JSON.parse(out.split('\n')[0]!) as { url: string }).url, startupMs: performance.now() - t0 });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code} before it was ready`)));
  });
  return within(`the sandbox to print its address (${extra.length ? extra.join(' ') : 'from its data folder'})`, deadlineMs, ready).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await within('the sandbox to exit after SIGTERM', 30_000, exited).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
}

async function main(): Promise<void> {
  console.log(`Sandbox: ${RECORDS} records, ${ITERATIONS} iterations each`);
  const dataDir = mkdtempSync(join(tmpdir(), 'records-bench-'));
  try {
    const first = await startSandbox(OURS, dataDir, SEED_MS, ['--records', String(RECORDS), '--reset']);
    report.add('start, seeding the demo data', first.startupMs, 'ms');
    await stop(first.child);
    // Starts from the folder, this build's alternating with --against's (which goes first
    // every other round), each followed by a first search (it waits for the search index
    // built after the start) and the memory then.
    const bundles = [{ name: 'this', bundle: OURS }, ...(AGAINST ? [{ name: AGAINST, bundle: join(AGAINST, 'dist', 'sandbox.js') }] : [])];
    const starts = new Map(bundles.map((b) => [b.name, { ms: [] as number[], mb: [] as number[] }]));
    for (let round = 0; round < STARTS; round++) {
      for (const { name, bundle } of round % 2 ? [...bundles].reverse() : bundles) {
        const started = await startSandbox(bundle, dataDir, START_MS);
        try {
          await call(started.url, '/api/tickets/search', { ss: 'warm up', limitRecords: 1 });
          starts.get(name)!.ms.push(started.startupMs);
          starts.get(name)!.mb.push(rssMb(started.child.pid!));
        } finally {
          await stop(started.child);
        }
      }
    }
    const ours = starts.get('this')!;
    const startGoal: Goal = { op: '<', value: 3000 };
    report.add('start from its data folder', median(ours.ms), 'ms', startGoal);
    report.add('RSS after that start and a first search, median', median(ours.mb), 'MB');
    if (AGAINST) {
      const theirs = starts.get(AGAINST)!;
      report.add(`${AGAINST}: start from its data folder`, median(theirs.ms), 'ms');
      report.add(`${AGAINST}: RSS after that start and a first search, median`, median(theirs.mb), 'MB');
      report.add('start from its data folder, this / against', median(ours.ms) / median(theirs.ms), '×');
    }
    console.log(`starts (ms): ${[...starts].map(([name, s]) => `${name} ${s.ms.map((ms) => ms.toFixed(0)).join(', ')}`).join('; ')}`);
    const { child, url } = await startSandbox(OURS, dataDir, START_MS);
    try {
      const list = '/api/w/IT/a/TASK/tickets/list?withTechnicalData=true';
      // Steady state: the search index is built in the background after startup, and a first
      // search waits for it; without this the list figures would time that build too.
      await call(url, '/api/tickets/search', { ss: 'warm up', limitRecords: 1 });
      for (let i = 0; i < (SMOKE ? 1 : 10); i++) await call(url, list, { limitRecords: 50, rlx: 'state="open"', sortBy: 'creation_date desc' });
      await timeRequests('filtered list page (limit 50, 2 conditions)', ITERATIONS, (i) =>
        call(url, list, {
          limitRecords: 50,
          skipRecords: (i % 5) * 50,
          rlx: i % 2 ? 'state="open" AND priority="high"' : 'state!="done" AND c_amount>100',
          sortBy: 'creation_date desc',
        }), 20);
      const words = ['printer', 'network outage', 'invoice -draft', 'server', '"disk full"', 'update'];
      await timeRequests('search', ITERATIONS, (i) => call(url, '/api/tickets/search', { ss: words[i % words.length], limitRecords: 20 }), 30);
      await timeRequests('pivot, 2 dimensions + stats', ITERATIONS, (i) =>
        call(url, '/api/w/IT/a/TASK/tickets/list', {
          aggs4Pivot: true,
          dimensions4Pivot: i % 2 ? 'state,creation_date__pivotbymonth' : 'priority,keeper_id',
          statsFields: 'c_amount',
        }), 60);
      const page = await call(url, list, { limitRecords: 200, listOfFields: 'id,title' });
      const ids = page.data.map((r) => r.id);
      const batchIterations = SMOKE ? 1 : Math.max(10, Math.floor(ITERATIONS / 4));
      await timeRequests('batch of 200 edits (durable)', batchIterations, (i) =>
        call(url, '/api/tickets/multi', ids.map((id, k) => ({ transition: 'edit', id, c_amount: i * 1000 + k, minor_change: true }))), 100);
      report.add('sandbox RSS after the runs', rssMb(child.pid!), 'MB', { op: '<', value: 400 });
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  report.print();
}

runBench(main);
