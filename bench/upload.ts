// `npx tsx bench/upload.ts [--size-mb N] [--runs N] [--chunk-mb N] [--smoke]`: upload figures of
// src/core/upload against the built sandbox (dist/sandbox.js, its own process) over loopback.
// - throughput of our uploader against curl sending the same file as ONE tus PATCH (`-T`), each
//   timed from the POST that creates the upload (ours makes it inside uploadFile),
//   in pairs, one of each back to back, the order swapped every pair (curl first, then ours
//   first: neither always follows the other's disk writes); every pair printed with its ratio,
//   and the figure is the median of the pairs' ratios (goal: ours ≥ 0.9 × curl). This machine
//   runs in phases of a few seconds (another tenant): a pair shares its phase, while the ratio
//   of two medians taken apart could pair our upload in a slow phase with curl's in a fast one;
// - client CPU seconds of both, likewise per pair (wall times swing on a shared machine; CPU
//   time much less; goal: ours ≤ 1.5 × curl's);
// - peak RSS growth of this process during our upload (target < 100 MB);
// - bytes re-sent after an interruption: an upload cancelled mid-way, then resumed from the
//   same store, through a counting TCP relay (target ≤ one chunk).
// The test file (default 1 GiB, random bytes) lives under the OS temp folder and is deleted
// at the end, with the sandbox's data folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, type Socket, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import type * as uploadModule from '../src/core/upload';
import { within } from './support/deadline';
import { Report, SMOKE, numberOption, option, runBench } from './support/report';
import { median } from './support/stats';

type Uploader = typeof uploadModule;

const SIZE_MB = SMOKE ? 8 : numberOption('size-mb', 1024);
const RUNS = SMOKE ? 1 : numberOption('runs', 3);
const CHUNK_MB = SMOKE ? '2' : option('chunk-mb');
const TOKEN = 'SVC_AUTH_CODE sandbox-admin-token';
const MB = 1024 * 1024;
/** Deadline of one upload of the file, by either client: 10 MiB/s at the least (a busy machine). */
const UPLOAD_MS = 30_000 + (SIZE_MB / 10) * 1000;

const work = mkdtempSync(join(tmpdir(), 'records-upload-bench-'));
const cleanups: (() => unknown)[] = [() => rmSync(work, { recursive: true, force: true })];

function line(name: string, value: string | number, unit: string, target?: string): void {
  console.log(`${name.padEnd(44)} ${String(value).padStart(10)} ${unit}${target ? `  (${target})` : ''}`);
}

/** The uploader as it ships (bundled), not as tsx compiles it on the fly. */
async function bundleUploader(): Promise<Uploader> {
  const outfile = join(work, 'upload.cjs');
  await build({
    entryPoints: ['src/core/upload/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    logLevel: 'error',
  });
  return createRequire(__filename)(outfile) as Uploader;
}

function startSandbox(): Promise<string> {
  if (!existsSync('dist/sandbox.js')) {
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--only=sandbox'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('Building the sandbox failed.');
  }
  const child = spawn(process.execPath, ['dist/sandbox.js', '--json', '--port', '0', '--data', join(work, 'data'), '--records', '20'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.unshift(() => child.kill());
  return within('the sandbox to print its address', 60_000, new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (data: Buffer) => {
      out += data.toString();
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve((JSON.parse(out.slice(0, newline)) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`The sandbox exited with code ${code}.`)));
  }));
}

function makeFile(sizeMb: number): string {
  const path = join(work, `upload-${sizeMb}mb.bin`);
  const block = Buffer.alloc(8 * MB);
  const fd = openSync(path, 'w');
  let left = sizeMb * MB;
  while (left > 0) {
    randomFillSync(block);
    const n = Math.min(left, block.length);
    writeSync(fd, block, 0, n);
    left -= n;
  }
  closeSync(fd);
  return path;
}

async function createUpload(url: string, size: number): Promise<string> {
  const response = await within('POST /api/upload-tus (create)', 30_000, fetch(`${url}/api/upload-tus`, {
    method: 'POST',
    headers: {
      authorization: TOKEN,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from('bench.bin').toString('base64')}`,
    },
  }));
  if (response.status !== 201) throw new Error(`Creating an upload answered ${response.status}.`);
  return new URL(response.headers.get('location') ?? '', url).toString();
}

/** Frees the sandbox's disk between runs (tus termination). */
async function terminate(uploadUrl: string): Promise<void> {
  // A kept-alive connection may have been closed by the server during a long run: once more.
  for (let attempt = 0; ; attempt++) {
    try {
      await within(`DELETE ${new URL(uploadUrl).pathname}`, 30_000, fetch(uploadUrl, { method: 'DELETE', headers: { authorization: TOKEN, 'tus-resumable': '1.0.0' } }));
      return;
    } catch (error) {
      if (attempt > 0) throw error;
    }
  }
}

async function curlOnce(url: string, path: string, size: number): Promise<{ seconds: number; cpuSeconds: number }> {
  // Timed from the creation, as ours is: an upload is a POST that makes it, then the bytes.
  const t0 = performance.now();
  const uploadUrl = await createUpload(url, size);
  // bash's `time` gives curl's CPU seconds (user + sys) on stderr.
  const result = spawnSync('bash', ['-c', 'TIMEFORMAT="%U %S"; time curl "$@"', 'curl',
    '-sS', '-o', '/dev/null', '-w', '%{http_code}', '-X', 'PATCH', '-T', path,
    '-H', `Authorization: ${TOKEN}`, '-H', 'Tus-Resumable: 1.0.0', '-H', 'Upload-Offset: 0',
    '-H', 'Content-Type: application/offset+octet-stream', '-H', 'Expect:', uploadUrl,
  ], { encoding: 'utf8', timeout: UPLOAD_MS });
  if (result.error || result.signal) throw new Error(`gave up after ${UPLOAD_MS / 1000} s waiting for curl's PATCH (${result.error?.message ?? result.signal})`);
  const seconds = (performance.now() - t0) / 1000;
  if (result.stdout !== '204') throw new Error(`curl's PATCH answered ${result.stdout} ${result.stderr}`);
  const [user = 0, sys = 0] = result.stderr.trim().split(/\s+/).slice(-2).map(Number);
  await terminate(uploadUrl);
  return { seconds, cpuSeconds: user + sys };
}

async function oursOnce(upload: Uploader, url: string, path: string): Promise<{ seconds: number; cpuSeconds: number; rssGrowthMb: number }> {
  const rssBefore = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  const result = await within(`our upload of ${SIZE_MB} MiB`, UPLOAD_MS, upload.uploadFile({ baseUrl: url, authorization: async () => TOKEN, filePath: path, chunkSize: chunkSize(upload) }));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await terminate(`${url}/api/upload-tus/${result.fileUid}`);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rssGrowthMb: (peak - rssBefore) / MB };
}

/** Counts what the client sends, to see how much an interruption costs on the wire. */
async function countingRelay(targetUrl: string): Promise<{ url: string; readonly bytes: number; close(): Promise<unknown> }> {
  const target = new URL(targetUrl);
  let bytes = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (data) => (bytes += data.length));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get bytes() {
      return bytes;
    },
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(resolve);
    }),
  };
}

async function interruption(upload: Uploader, url: string, path: string, size: number, fullSeconds: number) {
  const relay = await countingRelay(url);
  try {
    const store = new upload.MemoryUploadResumeStore();
    const connection = { baseUrl: relay.url, authorization: async () => TOKEN, store, filePath: path };
    const controller = new AbortController();
    // Half-way in time lands inside a chunk, the costly case for a resume.
    const timer = setTimeout(() => controller.abort(), Math.max(5, (fullSeconds * 1000) / 2));
    let firstError: { code?: string } | undefined;
    await within('the upload to be cancelled', UPLOAD_MS, upload.uploadFile({ ...connection, chunkSize: chunkSize(upload), signal: controller.signal }).catch((error: { code?: string }) => (firstError = error)));
    clearTimeout(timer);
    const resumed = await within('the resumed upload', UPLOAD_MS, upload.uploadFile({ ...connection, chunkSize: chunkSize(upload) }));
    await terminate(`${url}/api/upload-tus/${resumed.fileUid}`);
    return {
      cancelled: firstError?.code === 'cancelled',
      resumedAtMb: resumed.resumedFromOffset / MB,
      // Bytes lost in flight at the cancel plus every request line and header of both runs:
      // an upper bound of what the interruption cost.
      resentBytes: relay.bytes - size,
    };
  } finally {
    await relay.close();
  }
}

const chunkSize = (upload: Uploader): number => (CHUNK_MB === undefined ? upload.DEFAULT_CHUNK_SIZE : Number(CHUNK_MB) * MB);

async function main(): Promise<void> {
  const upload = await bundleUploader();
  const url = await startSandbox();
  console.log(`Upload benchmark: ${SIZE_MB} MiB over loopback, ${RUNS} pairs of runs, chunk ${chunkSize(upload) / MB} MiB`);
  const path = makeFile(SIZE_MB);
  const size = SIZE_MB * MB;
  const curl = [];
  const ours = [];
  // Warm-up (JIT, page cache, sandbox's first upload), not counted.
  if (!SMOKE) await oursOnce(upload, url, path);
  for (let run = 0; run < RUNS; run++) {
    // Swapped every pair: what one upload leaves behind (the sandbox's writes, the page cache)
    // weighs on curl's run in one pair and on ours in the next.
    if (run % 2 === 0) {
      curl.push(await curlOnce(url, path, size));
      ours.push(await oursOnce(upload, url, path));
    } else {
      ours.push(await oursOnce(upload, url, path));
      curl.push(await curlOnce(url, path, size));
    }
  }
  const throughputs: number[] = [];
  const cpuRatios: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const c = curl[run]!;
    const o = ours[run]!;
    throughputs.push(c.seconds / o.seconds);
    cpuRatios.push(o.cpuSeconds / Math.max(c.cpuSeconds, 0.001));
    console.log(
      `pair ${run + 1} (${run % 2 === 0 ? 'curl first' : 'ours first'}): curl ${c.seconds.toFixed(2)} s / ${c.cpuSeconds.toFixed(2)} s CPU · ours ${o.seconds.toFixed(2)} s / ${o.cpuSeconds.toFixed(2)} s CPU` +
        ` · throughput ${throughputs[run]!.toFixed(2)} × · CPU ${cpuRatios[run]!.toFixed(2)} ×`,
    );
  }
  const curlSeconds = median(curl.map((r) => r.seconds));
  const oursSeconds = median(ours.map((r) => r.seconds));
  const ratio = median(throughputs);
  line('curl, one PATCH (median)', curlSeconds.toFixed(2), `s  ${(SIZE_MB / curlSeconds).toFixed(0)} MiB/s`);
  line('ours, chunked tus (median)', oursSeconds.toFixed(2), `s  ${(SIZE_MB / oursSeconds).toFixed(0)} MiB/s`);
  line('client CPU: curl (median)', median(curl.map((r) => r.cpuSeconds)).toFixed(2), 's');
  line('client CPU: ours (median)', median(ours.map((r) => r.cpuSeconds)).toFixed(2), 's', 'this process; the sandbox runs apart');
  // Context: the ratio of the medians taken apart, the figure before pairs were compared.
  line('throughput: curl median / ours median', (curlSeconds / oursSeconds).toFixed(2), '×', 'context');
  const cpuRatio = median(cpuRatios);
  const growth = Math.max(...ours.map((r) => r.rssGrowthMb));
  const cut = await interruption(upload, url, path, size, oursSeconds);
  line('interrupted, then resumed at (HEAD offset)', cut.resumedAtMb.toFixed(1), 'MiB', cut.cancelled ? 'cancelled mid-way' : 'finished before the cancel');
  const chunk = chunkSize(upload);
  const report = new Report('upload');
  report.add(`throughput ours / curl (${SIZE_MB} MiB)`, ratio, '×', { op: '>=', value: 0.9 });
  report.add('client CPU ours / curl', cpuRatio, '×', { op: '<=', value: 1.5 });
  report.add('peak RSS growth during our upload', growth, 'MiB', { op: '<', value: 100 });
  // Headers included: an upper bound of what the interruption cost.
  report.add('bytes re-sent after an interruption, in chunks', cut.resentBytes / chunk, 'chunks', { op: '<=', value: 1 });
  report.print();
}

runBench(async () => {
  try {
    await main();
  } finally {
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch {
        // best effort
      }
    }
  }
});
