// `npx tsx bench/tree-first-page.ts` (`npm run bench:tree`): how long the Records tree takes from
// a click on an app with 100,000 records to its first record row on screen, in the real editor
// (code-server + the packaged extension, headless Chromium) against the sandbox, three ways,
// all in one run:
// - first expand: the page must be read (Refresh All before each click). Compared, run for run
//   in the same window, with the floor under it: bench/tree-floor-extension's "Floor: the page,
//   read", an extension that makes the very same request on expand and shows one plain row per
//   record, so the click, the request and the editor's drawing of 50 rows are in both and only
//   our code differs. Target: ≤ 1.1× that floor. Also printed against the raw HTTP request for
//   the same page (the goal once was ≤ 1.3× of it at --latency 100; the editor's own click-to-rows
//   path, which the floor measures, is already more than that: see the floor / raw line).
// - seen before: a new window (the page reloaded, so a new extension host) expands an app the
//   last window showed: its rows come from the tree cache at once, one request reconciles them.
//   Compared with the editor's own floor for the same rows, measured in the same window:
//   bench/tree-floor-extension's 50 fixed rows, held in memory. Target: ≤ 1.15× that floor.
//   (It was once the empty app's one row: that paints in the first or the second frame after the
//   click, ~20 or ~36 ms, window to window, so the ratio moved 0.88–1.19 between runs of the same
//   code while against the 50 rows the same runs read 1.01–1.04, and 1.01–1.15 in the runs since;
//   the empty app is still printed as context.)
// - the editor floor itself, in a warm window, less the raw request of that empty app: what the
//   editor alone adds to any expand that reads the service, and so what the first-expand target
//   leaves for the page's 49 more rows and our code.
// - the editor's floor for rows (bench/tree-floor-extension): in the same new windows, a tree of
//   fixed rows held in memory, shaped like record rows, expanded with 1 and with 50 rows. What
//   the editor alone costs to bring 50 rows from an extension to the screen, against which the
//   seen-before figure says what our own code adds.
// - first expand with prefetch on (the default): new windows with the tree cache off, the click
//   after the editor idled; against the raw request.
// Prefetch is off in the bench's editor for the first three (`records.tree.prefetch`), so each
// figure is the path named, not a page read ahead. Options: --skip-build (reuse dist/), --runs N (default 7),
// --seen-windows N (new windows of seen before; default: --runs),
// --records N (default 100000), --trace (the editor talks to the sandbox through a timing
// proxy, to list the requests sent after the refresh and, for each run, when the list
// request left and came back relative to the click; the proxy adds ~1 ms), --latency MS (the
// same proxy holds every answer for MS milliseconds, as a service across a network would, and
// the raw request goes through it too). --smoke: one run of each on 2,000 records, no verdict.
// Every wait has a deadline that fails the run naming the row or request it waited for, with a
// screenshot and the rows then shown (test-results/screenshots/tree-bench-gave-up.png): the
// bench once sat idle for ever waiting for a row that never came.
// Prints medians, both ratios and the JSON report line (bench/support/report.ts).
// (No import of performance: the page functions use the page's own.)
import { writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { request } from 'undici';
import { DEFAULT_PAGE_SIZE, pageParams } from '../src/extension/browse/tree/model/listingQuery';
import { packageExtension, packageStaticExtension } from '../test/support/host/build.mjs';
import { launchChromium, viewport } from '../test/support/host/chromium.mjs';
import { type EditorProfile, type RunningEditor, createEditorProfile, installExtensions, startCodeServer } from '../test/support/host/code-server.mjs';
import { repoRoot, resultsDir } from '../test/support/host/paths.mjs';
import { seconds } from '../test/support/host/process.mjs';
import { type BundledSandbox, startBundledSandbox } from '../test/support/host/sandbox.mjs';
import { DeadlineError, within } from './support/deadline';
import { Report, SMOKE, numberOption, runBench } from './support/report';
import { median, round } from './support/stats';

const SKIP_BUILD = process.argv.includes('--skip-build');
const LATENCY_MS = numberOption('latency', 0);
const TRACE = process.argv.includes('--trace') || LATENCY_MS > 0;
const RUNS = SMOKE ? 1 : numberOption('runs', 7);
/** New windows of the seen-before figure (a short paint, noisy window to window). */
const SEEN_WINDOWS = SMOKE ? 1 : numberOption('seen-windows', RUNS);
const RECORDS = SMOKE ? 2_000 : numberOption('records', 100_000);
/** Deadline of one expansion: from the click to the first row of the app on screen. */
const EXPAND_MS = 30_000;
/** Deadline of one request of the bench's own (the raw requests). */
const REQUEST_MS = 30_000;
/** First expand against the floor under it: the same request and rows from a bare extension. */
const TARGET_FLOOR_RATIO = 1.1;
/** What the old goal against the raw request (at --latency 100) left for our code, printed for context. */
const RAW_RATIO_CONTEXT = 1.3;
/** Seen before (from the tree cache) against the editor's floor for 50 rows. */
const TARGET_SEEN_RATIO = 1.15;
const WARM_UP_APP_ROW = 'Incidents';
const APP = { workspace: 'IT', app: 'TASK' };
/** The app behind EMPTY_APP_ROW. */
const EMPTY_APP = { workspace: 'IT', app: 'EMPTY' };
const APP_ROW = 'Tasks';
const WORKSPACE_ROW = 'IT Operations';
const CONNECTION_ROW = 'Local Sandbox';
const RECORD_ROW = /IT\/TASK\d+/;
/** The editor's own cost of an expansion: an app with no records answers in ~1 ms with one row. */
const EMPTY_APP_ROW = 'Backlog (empty)';
const EMPTY_ROW = /No records/;
/** The fixed rows of bench/tree-floor-extension: the editor's own cost of 1 and of 50 rows. */
const FLOOR_ONE_ROW = 'Floor: 1 row';
const FLOOR_FIFTY_ROW = 'Floor: 50 rows';
const FLOOR_ONE = /Floor row 1 of 1:/;
const FLOOR_FIFTY = /Floor row 1 of 50:/;
/** The floor extension's node that reads the tree's first page with the tree's own request. */
const FLOOR_READ_ROW = 'Floor: the page, read';
const FLOOR_READ = /Floor read row 1 of/;
/** Time for the background work a refresh starts (workspace discovery, schema prefetch) to settle. */
const IDLE_MS = SMOKE ? 500 : 2000;

const ms = (value: number): string => `${value.toFixed(1)} ms`;

type AppRef = { workspace: string; app: string };
/** The sandbox, and the address the raw requests take (through the latency proxy when there is one). */
type BenchSandbox = BundledSandbox & { rawUrl?: string };
type Json = { data?: unknown[] } & Record<string, unknown>;

// The tree's own query builder (imported, not copied), so the raw request carries exactly the
// body the tree sends (page size, rlx, listOfFields) even when those rules change.

async function call(sandbox: BenchSandbox, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
  return within(`${method} ${path.split('?')[0]} (raw request)`, REQUEST_MS, async () => {
    const res = await request(`${sandbox.rawUrl ?? sandbox.url}${path}`, {
      method,
      headers: { authorization: `SVC_AUTH_CODE ${sandbox.adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${method} ${path} answered ${res.statusCode}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as Json;
  });
}

/** The address of an app's list request, as the tree sends it. */
function listPath(app: AppRef): string {
  return `/api/w/${app.workspace}/a/${app.app}/tickets/list?withTechnicalData=true`;
}

/** The raw request for the tree's first page, timed to the last byte parsed. */
async function measureRawRequest(sandbox: BenchSandbox, body: unknown, runs: number, app: AppRef = APP): Promise<{ times: number[]; returned: number }> {
  const path = listPath(app);
  await call(sandbox, 'POST', path, body); // warm the connection, as the editor's is
  const times: number[] = [];
  let returned = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const page = await call(sandbox, 'POST', path, body);
    times.push(performance.now() - t0);
    returned = page.data?.length ?? 0;
  }
  return { times, returned };
}

async function measureSchemaRequest(sandbox: BenchSandbox, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call(sandbox, 'GET', `/api/schema/${APP.workspace}!${APP.app}`);
    times.push(performance.now() - t0);
  }
  return times;
}

/** Epoch milliseconds with sub-millisecond precision, comparable with the page's clock. */
const now = () => performance.timeOrigin + performance.now();

interface ProxiedRequest {
  method: string;
  path: string;
  arrived: number;
  answered: number | undefined;
}

interface TimingProxy {
  url: string;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

/** A pass-through proxy that notes when each request arrives and when its answer has been sent. */
async function startTimingProxy(targetUrl: string, latencyMs: number): Promise<TimingProxy> {
  const target = new URL(targetUrl);
  const requests: ProxiedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const entry: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', arrived: now(), answered: undefined };
    requests.push(entry);
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      setTimeout(() => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => { entry.answered = now(); });
      }, latencyMs);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

// ---- the editor ---------------------------------------------------------------------------

function sideBar(page: Page) {
  return page.locator('.part.sidebar');
}

function treeRow(page: Page, label: string) {
  const rows = sideBar(page).locator('.monaco-list-row');
  return rows.filter({ hasText: label }).first();
}

async function openRecordsView(page: Page): Promise<void> {
  const item = page.locator('.part.activitybar .action-item').filter({ has: page.locator('[aria-label^="Records"]') })
    .or(page.locator('.part.activitybar .action-item[aria-label^="Records"]')).first();
  await item.waitFor({ state: 'visible', timeout: 60_000 });
  const title = sideBar(page).locator('.composite.title').filter({ hasText: /records/i });
  const shown = (ms: number) => title.waitFor({ state: 'visible', timeout: ms }).then(() => true, () => false);
  // After a reload the view may come back open on its own, late on a busy machine: a click then
  // would close it. So: wait a little, click, look again, until it shows or the deadline passes.
  const deadline = Date.now() + 60_000;
  while (!(await shown(5_000))) {
    if (Date.now() > deadline) throw new Error('gave up after 60 s waiting for the Records view to open (clicking its activity bar item)');
    await item.click();
  }
  await showOnlyViewOf(page, 'Local Sandbox');
}

/** The view of the Records container that holds a row: the floor extension's, or Connections. */
function viewOf(label: string): RegExp {
  return /^Floor/.test(label) ? /^Tree Floor/i : /^Connections/i;
}

/**
 * Shows the one view of the Records container that holds `label`'s row and collapses the others
 * (Search, Queries, My Work, and the other bench view), so that view has the container's whole
 * height for the rows the bench waits for: the tree draws only the rows in its viewport. With
 * another view open, the Connections view kept the height of its first rows, and the empty app's
 * "No records" row below them never entered the DOM (the bench waited for it in vain).
 */
async function showOnlyViewOf(page: Page, label: string): Promise<void> {
  const keep = viewOf(label);
  const headers = sideBar(page).locator('.pane-header');
  for (let i = (await headers.count()) - 1; i >= 0; i--) {
    const header = headers.nth(i);
    const title = ((await header.locator('.title').first().textContent().catch(() => null)) ?? '').trim();
    const expanded = (await header.getAttribute('aria-expanded')) === 'true';
    if (keep.test(title) !== expanded) await header.click();
  }
}

async function setExpanded(page: Page, label: string, expanded: boolean): Promise<void> {
  await showOnlyViewOf(page, label);
  const row = treeRow(page, label);
  await row.waitFor({ state: 'visible', timeout: 60_000 });
  if ((await row.getAttribute('aria-expanded')) !== String(expanded)) {
    await row.locator('.monaco-tl-twistie').click();
  }
  await sideBar(page).locator(`.monaco-list-row[aria-expanded="${expanded}"]`).filter({ hasText: label }).first().waitFor({ state: 'visible', timeout: 60_000 });
}

/** Runs a command from the command palette: `typed` is written, the first row matching `row` is chosen. */
async function runFromPalette(page: Page, typed: string, row: RegExp): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await page.locator('.monaco-workbench').focus();
  await page.keyboard.press('F1');
  await widget.locator('.quick-input-box input').fill(`>${typed}`);
  await widget.locator('.monaco-list-row').filter({ hasText: row }).first().click();
  await widget.waitFor({ state: 'hidden' });
}

/** "Records: Refresh" from the command palette, with no row: forgets listings, workspaces and schemas. */
async function refreshAll(page: Page): Promise<void> {
  await runFromPalette(page, 'Records: Refresh', /^Records: Refresh(?! Schemas)/);
}

/** The floor extension's refresh: its page node reads again on the next expand. */
async function refreshFloor(page: Page): Promise<void> {
  await runFromPalette(page, 'Records Bench: Refresh Floor', /^Records Bench: Refresh Floor/);
}

/** The workbench's last console errors, for a failed wait. */
const pageErrors: string[] = [];

/** The proxy in front of the sandbox (--trace, --latency), for what a failed wait saw sent. */
let activeProxy: TimingProxy | undefined;

interface Expansion {
  inDom: number;
  painted: number;
  clickedAtEpoch: number;
}

/** The rows the side bar shows now, for a failure message. */
async function shownRows(page: Page): Promise<string> {
  const labels = await sideBar(page).locator('.monaco-list-row').evaluateAll((rows) => rows.map((row) => `${row.getAttribute('aria-expanded') === 'true' ? '▾ ' : row.getAttribute('aria-expanded') === 'false' ? '▸ ' : ''}${row.getAttribute('aria-label') ?? row.textContent ?? ''}`)).catch(() => [] as string[]);
  return labels.map((l) => JSON.stringify(l.slice(0, 80))).join(', ') || 'none';
}

/**
 * Clicks the app's twistie and resolves to the milliseconds from the mousedown to the frame
 * after the first record row entered the DOM, both measured in the page. Gives up after
 * EXPAND_MS naming the row clicked and the row awaited, with a screenshot and the rows shown.
 */
async function timeExpansion(page: Page, appRow = APP_ROW, rowPattern = RECORD_ROW): Promise<Expansion> {
  // Views registered late (a feature's view appearing after the first look) take height again.
  // Before the timing starts: a click on a view's header is a mousedown too.
  await showOnlyViewOf(page, appRow);
  await page.evaluate((source) => {
    const pattern = new RegExp(source);
    const bar = document.querySelector('.part.sidebar')!;
    (window as unknown as { __benchFirstPage: Promise<Expansion> }).__benchFirstPage = new Promise((resolve) => {
      let clickedAt: number | undefined;
      document.addEventListener('mousedown', () => { clickedAt = performance.now(); }, { capture: true, once: true });
      const shown = () => [...bar.querySelectorAll('.monaco-list-row')].some((row) => pattern.test(row.getAttribute('aria-label') ?? row.textContent ?? ''));
      const observer = new MutationObserver(() => {
        if (clickedAt === undefined || !shown()) return;
        observer.disconnect();
        const at = clickedAt;
        const inDom = performance.now() - at;
        requestAnimationFrame(() => resolve({ inDom, painted: performance.now() - at, clickedAtEpoch: performance.timeOrigin + at }));
      });
      observer.observe(bar, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
    });
  }, rowPattern.source);
  await treeRow(page, appRow).locator('.monaco-tl-twistie').click();
  const waitingFor = `a row matching ${rowPattern} after clicking "${appRow}"`;
  try {
    return await within(waitingFor, EXPAND_MS, page.evaluate(() => (window as unknown as { __benchFirstPage: Promise<Expansion> }).__benchFirstPage));
  } catch (error) {
    if (!(error instanceof DeadlineError)) throw error;
    const shot = join(resultsDir, 'screenshots', 'tree-bench-gave-up.png');
    await page.screenshot({ path: shot }).catch(() => undefined);
    const sent = activeProxy?.requests.filter((r) => r.arrived >= now() - EXPAND_MS - 5_000).map((r) => `${r.method} ${r.path.split('?')[0]} ${r.answered === undefined ? '(no answer yet)' : 'answered'}`);
    const open = await sideBar(page).locator('.pane-header[aria-expanded="true"] .title').allTextContents().catch(() => [] as string[]);
    throw new Error(`${error.message}; the side bar shows: ${await shownRows(page)} (views open: ${open.join(', ') || 'none'})${sent ? `; requests sent meanwhile: ${sent.join(', ') || 'none'}` : ''}; the workbench's last errors: ${pageErrors.slice(-5).join(' | ') || 'none'} (screenshot ${shot})`);
  }
}

/** What the extension sent between the click and the first row on screen, relative to the click. */
interface TracedRequest {
  request: string;
  startMs: number;
  endMs: number | undefined;
}

/** When a traced request left and came back; a request that reconciles kept rows may answer after they were painted. */
function whenOf(t: TracedRequest): string {
  return `sent at +${t.startMs} ms, ${t.endMs === undefined ? 'not answered yet when the rows were painted' : `answered at +${t.endMs} ms`}`;
}

function traceOf(run: Expansion, proxy: TimingProxy | undefined): TracedRequest[] | undefined {
  if (!proxy) return undefined;
  const end = run.clickedAtEpoch + run.painted;
  return proxy.requests
    .filter((r) => r.arrived >= run.clickedAtEpoch && r.arrived <= end)
    .map((r) => ({ request: `${r.method} ${r.path.split('?')[0]}`, startMs: round(r.arrived - run.clickedAtEpoch), endMs: r.answered === undefined ? undefined : round(r.answered - run.clickedAtEpoch) }));
}

async function measureTree(page: Page, runs: number, proxy: TimingProxy | undefined) {
  await openRecordsView(page);
  await setExpanded(page, CONNECTION_ROW, true);
  await setExpanded(page, WORKSPACE_ROW, true);
  await treeRow(page, APP_ROW).waitFor({ state: 'visible' });
  await page.waitForTimeout(IDLE_MS);
  // The very first expansion also pays for the editor's cold code paths: reported apart.
  const first = await timeExpansion(page);
  // The floor's first read too (its extension's connection opened, its code paths warm).
  await timeExpansion(page, FLOOR_READ_ROW, FLOOR_READ);
  const times: number[] = [];
  const floorRead: number[] = [];
  const traces: TracedRequest[][] = [];
  for (let i = 0; i < runs; i++) {
    // The floor under a first expand, in turn with ours: the same request, rows of a bare extension.
    await setExpanded(page, FLOOR_READ_ROW, false);
    await refreshFloor(page);
    await page.waitForTimeout(IDLE_MS);
    const floorRun = await timeExpansion(page, FLOOR_READ_ROW, FLOOR_READ);
    floorRead.push(floorRun.painted);
    await setExpanded(page, FLOOR_READ_ROW, false);
    await setExpanded(page, APP_ROW, false);
    const refreshedAt = now();
    await refreshAll(page);
    await page.waitForTimeout(IDLE_MS);
    await treeRow(page, APP_ROW).waitFor({ state: 'visible' });
    if (await sideBar(page).locator('.monaco-list-row').filter({ hasText: RECORD_ROW }).count()) {
      throw new Error('Record rows are still shown after collapsing the app; the measurement would be meaningless.');
    }
    if (proxy) console.log('    before the click (refresh, idle):', proxy.requests.filter((r) => r.arrived >= refreshedAt).map((r) => `${r.method} ${r.path.split('?')[0]} +${round(r.arrived - refreshedAt)}`).join(', '));
    const run = await timeExpansion(page);
    times.push(run.painted);
    console.log(`  run ${i + 1}: ${ms(run.painted)} (in DOM after ${ms(run.inDom)}); the floor's page, read: ${ms(floorRun.painted)}`);
    const trace = traceOf(run, proxy);
    if (trace) {
      traces.push(trace);
      for (const t of trace) console.log(`    ${t.request}: ${whenOf(t)}`);
    }
  }
  const floor: number[] = [];
  await setExpanded(page, APP_ROW, false);
  for (let i = 0; i < runs; i++) {
    await setExpanded(page, EMPTY_APP_ROW, false);
    await refreshAll(page);
    await page.waitForTimeout(IDLE_MS);
    const run = await timeExpansion(page, EMPTY_APP_ROW, EMPTY_ROW);
    floor.push(run.painted);
  }
  console.log(`  editor floor (expanding "${EMPTY_APP_ROW}"): ${floor.map((t) => ms(t)).join(', ')}`);
  return { first, times, floorRead, traces, firstTrace: traceOf(first, proxy), floor };
}

/** A new window (the page reloaded: a new extension host), the Records view open down to the workspace's apps. */
async function reopenWindowAtWorkspace(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
  await openRecordsView(page);
  await setExpanded(page, CONNECTION_ROW, true);
  await setExpanded(page, WORKSPACE_ROW, true);
}

/**
 * A new window each run (the page reloaded: a new extension host, the tree cache read from disk):
 * warm the editor's code paths on another app, then time the empty app (the floor of this
 * window) and the app the last window showed (its kept rows).
 */
async function measureSeenBefore(page: Page, runs: number, proxy: TimingProxy | undefined) {
  const seen: number[] = [];
  const floor: number[] = [];
  const sameRows: number[] = [];
  const staticOne: number[] = [];
  const staticFifty: number[] = [];
  for (let i = 0; i < runs; i++) {
    await reopenWindowAtWorkspace(page);
    await treeRow(page, APP_ROW).waitFor({ state: 'visible' });
    for (const row of [APP_ROW, EMPTY_APP_ROW, WARM_UP_APP_ROW, FLOOR_ONE_ROW, FLOOR_FIFTY_ROW, FLOOR_READ_ROW]) await setExpanded(page, row, false);
    await setExpanded(page, WARM_UP_APP_ROW, true);
    await sideBar(page).locator('.monaco-list-row[aria-label*="IT/INCIDENT"]').first().waitFor({ state: 'visible', timeout: 60_000 });
    await setExpanded(page, WARM_UP_APP_ROW, false);
    await page.waitForTimeout(IDLE_MS);
    // The editor's own floor for 1 and for 50 rows, first expansions in this window too.
    const one = await timeExpansion(page, FLOOR_ONE_ROW, FLOOR_ONE);
    await setExpanded(page, FLOOR_ONE_ROW, false);
    await page.waitForTimeout(300);
    const fifty = await timeExpansion(page, FLOOR_FIFTY_ROW, FLOOR_FIFTY);
    await setExpanded(page, FLOOR_FIFTY_ROW, false);
    staticOne.push(one.painted);
    staticFifty.push(fifty.painted);
    await page.waitForTimeout(300);
    const empty = await timeExpansion(page, EMPTY_APP_ROW, EMPTY_ROW);
    await setExpanded(page, EMPTY_APP_ROW, false);
    await page.waitForTimeout(300);
    const kept = await timeExpansion(page);
    floor.push(empty.painted);
    seen.push(kept.painted);
    // What the user sees in a new window: the kept rows, before the service has answered.
    if (i === 0) await page.screenshot({ path: join(resultsDir, 'screenshots', 'tree-seen-before.png') }).catch(() => undefined);
    console.log(`  new window ${i + 1}: seen before ${ms(kept.painted)}, empty app ${ms(empty.painted)}; fixed rows: 1 row ${ms(one.painted)}, 50 rows ${ms(fifty.painted)}`);
    for (const t of traceOf(kept, proxy) ?? []) console.log(`    seen before, ${t.request}: ${whenOf(t)}`);
    // The editor's own cost of drawing these same rows: the app collapsed and expanded again,
    // its page already in the extension (no request, nothing read).
    await page.waitForTimeout(IDLE_MS);
    await setExpanded(page, APP_ROW, false);
    await page.waitForTimeout(300);
    const again = await timeExpansion(page);
    sameRows.push(again.painted);
    await setExpanded(page, APP_ROW, false);
  }
  return { seen, floor, sameRows, staticOne, staticFifty };
}

/**
 * The product's default: prefetch on. A new window each run with the tree cache off (so nothing
 * is kept from before): the apps are listed, the editor idles, then the first click on the app.
 */
async function measurePrefetched(page: Page, profile: EditorProfile, benchSettings: Record<string, unknown>, runs: number): Promise<number[]> {
  writeFileSync(join(profile.userDataDir, 'User/settings.json'), JSON.stringify({ ...benchSettings, 'records.tree.prefetch': true, 'records.tree.cache': false }, null, 2));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await reopenWindowAtWorkspace(page);
    await setExpanded(page, APP_ROW, false);
    await page.waitForTimeout(IDLE_MS);
    const run = await timeExpansion(page);
    times.push(run.painted);
    console.log(`  new window ${i + 1}, read ahead on idle: ${ms(run.painted)}`);
  }
  return times;
}

// ---- main -----------------------------------------------------------------------------------

async function main(): Promise<void> {
  let phase = Date.now();
  const vsix = await within('the extension to be packaged', 300_000, packageExtension({ skipBuild: SKIP_BUILD }));
  const floorVsix = await within('the floor extension to be packaged', 120_000, packageStaticExtension(join(repoRoot, 'bench/tree-floor-extension'), 'records-bench-tree-floor.vsix'));
  console.log(`bench: extension packaged in ${seconds(phase)}`);

  phase = Date.now();
  const sandbox: BenchSandbox | undefined = await within(`the sandbox to start with ${RECORDS} records`, 300_000, startBundledSandbox({ records: RECORDS }));
  if (!sandbox) throw new Error('The sandbox bundle is missing: run `node esbuild.mjs` or drop --skip-build.');
  console.log(`bench: sandbox with ${RECORDS} records up at ${sandbox.url} in ${seconds(phase)}`);
  const proxy = TRACE ? await startTimingProxy(sandbox.url, LATENCY_MS) : undefined;
  activeProxy = proxy;
  // With a simulated network, the raw request crosses it too.
  if (proxy && LATENCY_MS > 0) sandbox.rawUrl = proxy.url;
  const editorSandboxUrl = proxy?.url ?? sandbox.url;
  const schema = await call(sandbox, 'GET', `/api/schema/${APP.workspace}!${APP.app}`);
  const body = pageParams({ kind: 'app' }, {}, schema, { skip: 0, size: DEFAULT_PAGE_SIZE });
  console.log(`bench: list body ${JSON.stringify(body)}`);
  const benchSettings = {
    'records.sandbox.url': editorSandboxUrl,
    'records.tree.prefetch': false,
    // The floor's page: the tree's request, to the address the tree uses (the proxy, when there is one).
    'recordsBenchTreeFloor.request': { url: `${editorSandboxUrl}${listPath(APP)}`, body, authorization: `SVC_AUTH_CODE ${sandbox.adminToken}` },
  };
  const profile = createEditorProfile({ settings: benchSettings });
  let server: RunningEditor | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {

    phase = Date.now();
    await within('the extensions to be installed into the editor', 300_000, installExtensions(profile, [vsix, floorVsix]));
    server = await startCodeServer(profile, {
      logFile: join(resultsDir, 'bench-code-server.log'),
      env: { RECORDS_SANDBOX_URL: editorSandboxUrl },
    });
    browser = await within('Chromium to start', 60_000, launchChromium());
    const page = await browser.newPage({ viewport });
    page.setDefaultTimeout(30_000);
    page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text().slice(0, 400)); });
    page.on('pageerror', (e) => pageErrors.push(String(e).slice(0, 400)));
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    console.log(`bench: editor up in ${seconds(phase)}`);

    const tree = await measureTree(page, RUNS, proxy);
    const seenBefore = await measureSeenBefore(page, SEEN_WINDOWS, proxy);
    const prefetched = await measurePrefetched(page, profile, benchSettings, RUNS);
    const raw = await measureRawRequest(sandbox, body, RUNS);
    // The empty app's own request, for what the editor alone adds to a first expand.
    const emptySchema = await call(sandbox, 'GET', `/api/schema/${EMPTY_APP.workspace}!${EMPTY_APP.app}`);
    const rawEmpty = await measureRawRequest(sandbox, pageParams({ kind: 'app' }, {}, emptySchema, { skip: 0, size: DEFAULT_PAGE_SIZE }), RUNS, EMPTY_APP);
    const schemaTimes = await measureSchemaRequest(sandbox, RUNS);

    const treeMedian = median(tree.times);
    const rawMedian = median(raw.times);
    const ratio = treeMedian / rawMedian;
    console.log('');
    console.log(`tree: first expansion (cold editor)      ${ms(tree.first.painted)}`);
    for (const t of tree.firstTrace ?? []) console.log(`    ${t.request}: ${whenOf(t)}`);
    console.log(`raw:  POST list (${raw.returned} records), median ${ms(rawMedian)}  (${RUNS} runs${LATENCY_MS ? `, ${LATENCY_MS} ms simulated latency` : ''}); GET schema ${ms(median(schemaTimes))}`);
    const floorMedian = median(tree.floor);
    // The floor is the editor's own cost of any expand that reads the service: it bounds what the
    // first-expand target can mean. Within the target, what is left for 49 more rows, the page's
    // longer service time and our code:
    const rawEmptyMedian = median(rawEmpty.times);
    const editorAlone = floorMedian - rawEmptyMedian;
    const leftInTarget = RAW_RATIO_CONTEXT * rawMedian - rawMedian - editorAlone;
    const floorReadMedian = median(tree.floorRead);
    console.log(`editor floor: empty app → its row, median ${ms(floorMedian)}; its raw request ${ms(rawEmptyMedian)}: the editor alone adds ${ms(editorAlone)}`);
    console.log(`left within ${RAW_RATIO_CONTEXT}× raw for 49 more rows and our code: ${ms(leftInTarget)} (the first expand took ${ms(treeMedian - rawMedian - editorAlone)} more than raw + editor alone)`);
    console.log(`the floor's page, read (same request, plain rows): median ${ms(floorReadMedian)}, ${(floorReadMedian / rawMedian).toFixed(2)}× raw; the first expand ${ms(treeMedian)}: our code adds ${ms(treeMedian - floorReadMedian)}`);
    const seenMedian = median(seenBefore.seen);
    const emptyAppMedian = median(seenBefore.floor);
    const seenOverEmptyApp = seenMedian / emptyAppMedian;
    const sameRowsMedian = median(seenBefore.sameRows);
    const staticOneMedian = median(seenBefore.staticOne);
    const staticFiftyMedian = median(seenBefore.staticFifty);
    const prefetchedMedian = median(prefetched);
    for (const trace of TRACE ? tree.traces : []) for (const t of trace) console.log(`    first expand, ${t.request}: ${whenOf(t)}`);

    const report = new Report('tree');
    const latency = LATENCY_MS ? `, ${LATENCY_MS} ms latency` : ', loopback';
    // Our code's share: against the same request and rows from a bare extension, run for run.
    report.add(`first expand / the floor's page, read (same request, plain rows)${latency}`, treeMedian / floorReadMedian, '×', { op: '<=', value: TARGET_FLOOR_RATIO });
    report.add(`first expand / raw request${latency}`, ratio, '×');
    report.add(`the floor's page, read / raw request: the editor's own click-to-rows${latency}`, floorReadMedian / rawMedian, '×');
    report.add(`first expand, median${latency}`, treeMedian, 'ms');
    report.add(`the floor's page, read, median${latency}`, floorReadMedian, 'ms');
    report.add(`raw list request, median${latency}`, rawMedian, 'ms');
    report.add('first expansion, cold editor', tree.first.painted, 'ms');
    // Like for like: the kept rows against an extension's 50 rows in memory, in the same windows.
    report.add(`seen before (new window, kept rows) / 50 fixed rows of an extension (the editor's floor)${latency}`, seenMedian / staticFiftyMedian, '×', { op: '<=', value: TARGET_SEEN_RATIO });
    report.add(`seen before, median${latency}`, seenMedian, 'ms');
    report.add(`seen before / the same rows expanded again${latency}`, seenMedian / sameRowsMedian, '×');
    report.add(`seen before / an empty app's one row, painted a frame early or late (context)${latency}`, seenOverEmptyApp, '×');
    report.add(`50 fixed rows / 1 fixed row (the editor's floor for rows)`, staticFiftyMedian / staticOneMedian, '×');
    report.add(`read ahead on idle (default): first expand / raw request${latency}`, prefetchedMedian / rawMedian, '×');
    report.add(`editor floor: empty app, median${latency}`, floorMedian, 'ms');
    console.log(JSON.stringify({
      bench: 'tree-first-page', records: RECORDS, runs: RUNS, seenWindows: SEEN_WINDOWS, latencyMs: LATENCY_MS,
      treeRunsMs: tree.times.map((t) => round(t)), floorReadRunsMs: tree.floorRead.map((t) => round(t)), rawRunsMs: raw.times.map((t) => round(t)),
      seenBeforeRunsMs: seenBefore.seen.map((t) => round(t)), seenBeforeFloorRunsMs: seenBefore.floor.map((t) => round(t)),
      prefetchedRunsMs: prefetched.map((t) => round(t)), sameRowsRunsMs: seenBefore.sameRows.map((t) => round(t)),
      staticOneRunsMs: seenBefore.staticOne.map((t) => round(t)), staticFiftyRunsMs: seenBefore.staticFifty.map((t) => round(t)),
      editorAloneMs: round(editorAlone), leftWithinTargetMs: round(leftInTarget),
      ...(TRACE ? { traced: true, firstTrace: tree.firstTrace, traces: tree.traces } : {}),
    }));
    report.print();
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await proxy?.close();
    await sandbox.dispose();
    profile.dispose();
  }
}

runBench(main);
