// Keystroke → results on screen in the search view, over the local sandbox (target < 150 ms,
// typing pause included). Run: `npx tsx bench/webview-search.mjs` (after `node esbuild.mjs`).
// Starts dist/sandbox.js on an ephemeral port, opens the search bundle in Chromium with a host
// in Node that uses our real client, types queries and times from the last keystroke to the
// rendered result list. Writes screenshots to test-results/screenshots/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordsClient } from '../src/core/api/index.ts';
import { toSearchHit } from '../src/extension/browse/search/searchHits.ts';
import { searchPage } from '../src/core/search/searchPaging.ts';
import { scopeRlx } from '../src/extension/browse/search/searchScope.ts';
import { hostProtocol, openWebviewHarness, stats } from './webview-harness.mjs';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { startSandbox } = require(join(root, 'dist', 'sandbox.js'));
const shots = join(root, 'test-results', 'screenshots');
mkdirSync(shots, { recursive: true });

const dataDir = mkdtempSync(join(tmpdir(), 'records-bench-search-'));
const sandbox = await startSandbox({ dataDir, port: 0 });
const admin = sandbox.users.find((u) => u.role === 'admin') ?? sandbox.users[0];
const client = new RecordsClient({ baseUrl: sandbox.url, authorization: async () => `SVC_AUTH_CODE ${admin.token}` });
const paging = {};
const opened = [];
const onEnvelope = hostProtocol({
  onReady: (post) => post({ kind: 'post', message: { type: 'init', recent: ['printer', '"office printers"'], scope: { connectionId: 'bench' }, choices: { connections: [{ id: 'bench', name: 'Local sandbox' }], workspaces: [] } } }),
  onRequest: async (message) => {
    if (message.type !== 'search') return { connections: [{ id: 'bench', name: 'Local sandbox' }], workspaces: [] };
    const result = await searchPage((p) => client.search(p), { ss: message.query, rlx: scopeRlx(message.scope), skip: message.skip, firstId: message.firstId }, paging);
    return { ok: true, page: { hits: result.data.map(toSearchHit), totalFound: result.totalFound } };
  },
  onPost: (message) => { if (message.type === 'open') opened.push(message.hit.reference); },
});

const harness = await openWebviewHarness({ root, name: 'search', onEnvelope });
const { page } = harness;
await page.waitForSelector('#query');
await page.evaluate(() => {
  window.benchTimes = [];
  window.benchArmed = false;
  const query = document.getElementById('query');
  query.addEventListener('input', () => { if (window.benchArmed) window.benchStart = performance.now(); });
  new MutationObserver(() => {
    if (document.body.dataset.searchStatus === 'done' && window.benchStart !== undefined) {
      // Time to the frame that shows the results, not just to the DOM change.
      const start = window.benchStart;
      window.benchStart = undefined;
      window.benchArmed = false;
      requestAnimationFrame(() => window.benchTimes.push(performance.now() - start));
    }
  }).observe(document.body, { attributes: true, attributeFilter: ['data-search-status'] });
});

// Each query is typed but for its last letter; once that settles, the last keystroke is timed.
const queries = ['printer', 'network', 'server', 'invoice', 'laptop', 'outage', 'password', 'report', 'email', 'backup', 'license', 'meeting', 'update', 'access', 'monitor', 'toner', 'customer', 'release', 'budget', 'office'];
for (const [index, text] of queries.entries()) {
  await page.fill('#query', text.slice(0, -1));
  await page.waitForTimeout(250);
  await page.evaluate(() => { window.benchArmed = true; });
  await page.press('#query', text.slice(-1));
  await page.waitForFunction((n) => window.benchTimes.length >= n, index + 1, { timeout: 10_000 }).catch(async () => {
    throw new Error(`No results for "${text}": ${await page.textContent('#status')}`);
  });
}
// The first search warms the sandbox's index and the page's JIT: reported on its own.
const [first, ...times] = await page.evaluate(() => window.benchTimes);
console.log(`search: first search (cold) ${first.toFixed(1)} ms`);
const s = stats(times);
console.log(`search: keystroke → results on screen over ${s.n} queries: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (target < 150 ms, includes the 75 ms typing pause)`);

// A phrase and an exclusion, then keyboard: ↓ and Enter open the second result.
await page.fill('#query', '');
await page.type('#query', '"office printers" -floor', { delay: 20 });
await page.waitForFunction(() => document.body.dataset.searchStatus === 'done');
const status = await page.textContent('#status');
console.log(`search: "office printers" -floor → ${status}`);
await page.screenshot({ path: join(shots, 'search-dark.png') });
await page.press('#query', 'ArrowDown');
await page.press('#query', 'Enter');
await page.waitForTimeout(100);
console.log(`search: Enter opened ${opened.join(', ') || 'nothing'}`);
if (harness.problems.length > 0) console.log(`page problems: ${harness.problems.join(' | ')}`);
await harness.close();

// High contrast look.
const contrast = await openWebviewHarness({ root, name: 'search', onEnvelope, theme: 'high-contrast' });
await contrast.page.waitForSelector('#query');
await contrast.page.type('#query', 'printer', { delay: 10 });
await contrast.page.waitForFunction(() => document.body.dataset.searchStatus === 'done');
await contrast.page.press('#query', 'ArrowDown');
await contrast.page.screenshot({ path: join(shots, 'search-high-contrast.png') });
await contrast.close();

await client.dispose();
await sandbox.close();
rmSync(dataDir, { recursive: true, force: true });
