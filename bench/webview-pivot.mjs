// Render time of the pivot panel (cross-tab + chart) for 500 cells (target < 200 ms), measured
// in the page with performance.now around render. Run: `npx tsx bench/webview-pivot.mjs`
// (after `node esbuild.mjs`). Also draws a real two-dimension pivot from the sandbox and
// takes screenshots into test-results/screenshots/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordsClient } from '../src/core/api/index.ts';
import { pivotFieldChoices } from '../src/extension/query/pivot/pivotFields.ts';
import { hostProtocol, openWebviewHarness, stats } from './webview-harness.mjs';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { startSandbox } = require(join(root, 'dist', 'sandbox.js'));
const shots = join(root, 'test-results', 'screenshots');
mkdirSync(shots, { recursive: true });

const dataDir = mkdtempSync(join(tmpdir(), 'records-bench-pivot-'));
const sandbox = await startSandbox({ dataDir, port: 0 });
const admin = sandbox.users.find((u) => u.role === 'admin') ?? sandbox.users[0];
const client = new RecordsClient({ baseUrl: sandbox.url, authorization: async () => `SVC_AUTH_CODE ${admin.token}` });
const ref = { workspace: 'IT', app: 'TASK' };
const fields = pivotFieldChoices(await client.getSchema(ref));
const config = { dimensions: [{ field: 'state' }, { field: 'creation_date', grouping: 'month' }], statsField: 'c_amount', measure: 'sum', chart: 'auto' };
const posts = [];

for (const theme of ['dark', 'high-contrast']) {
  const harness = await openWebviewHarness({
    root, name: 'pivot', theme, width: 1200, height: 1000,
    onEnvelope: hostProtocol({
      onReady: (post) => post({ kind: 'post', message: { type: 'init', target: { connectionId: 'bench', ...ref }, title: 'Pivot: IT/TASK', fields, config, run: true } }),
      onRequest: async (message) => {
        const result = await client.aggregate(ref, { dimensions4Pivot: message.config.dimensions.map((d) => (d.grouping ? `${d.field}__pivotby${d.grouping}` : d.field)).join(','), statsFields: message.config.statsField, rlx: message.config.rlx });
        return { ok: true, result: { rows: result.data, filteredRecordsCount: result.filteredRecordsCount, totalRecordsCount: result.totalRecordsCount } };
      },
      onPost: (message) => posts.push(message),
    }),
  });
  const { page } = harness;
  await page.waitForFunction(() => document.body.dataset.pivotStatus === 'done', undefined, { timeout: 15_000 });
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(shots, `pivot-${theme}.png`), fullPage: true });
  if (theme === 'dark') {
    console.log(`pivot: ${await page.textContent('.summary')}`);
    console.log(`pivot: grand total ${await page.textContent('tr.total td.total')}`);
    // 500 cells: 25 row buckets × 20 column buckets, rendered 15 times after a warm-up.
    const times = await page.evaluate(() => {
      const rows = [];
      for (let r = 0; r < 25; r++) for (let c = 0; c < 20; c++) rows.push({ keeper_id: `u${r}`, keeper_id__resolved: `Person ${r}`, creation_date__pivotbymonth: `20${10 + Math.floor(c / 12)}-${String((c % 12) + 1).padStart(2, '0')}`, _count: r + c + 1, c_amount: { sum: r * c, avg: 1, min: 0, max: r } });
      const shown = { dimensions: [{ field: 'keeper_id' }, { field: 'creation_date', grouping: 'month' }], statsField: 'c_amount', measure: 'sum', chart: 'stacked' };
      const result = { rows, filteredRecordsCount: 5000, totalRecordsCount: 5000 };
      const out = [];
      for (let i = 0; i < 16; i++) out.push(window.pivotBench.render(result, shown));
      return out.slice(1);
    });
    const s = stats(times);
    console.log(`pivot: render 500 cells + stacked chart over ${s.n} runs: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (target < 200 ms)`);
    await page.screenshot({ path: join(shots, 'pivot-500-cells.png') });
  }
  if (harness.problems.length > 0) console.log(`page problems (${theme}): ${harness.problems.join(' | ')}`);
  await harness.close();
}

await client.dispose();
await sandbox.close();
rmSync(dataDir, { recursive: true, force: true });
