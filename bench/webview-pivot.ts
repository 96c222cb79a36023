// Render time of the pivot panel (cross-tab + chart) for 500 cells (goal < 200 ms), measured
// in the page with performance.now around render. Run: `npm run bench:pivot` (builds first), or
// `npx tsx bench/webview-pivot.ts [--smoke]` after `node esbuild.mjs`. Also draws a real
// two-dimension pivot from the sandbox and takes screenshots into test-results/screenshots/.
// (No import of performance: the page functions use the page's own.)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pivotFieldChoices } from '../src/extension/query/pivot/pivotFields';
import { within } from './support/deadline';
import { Report, SMOKE, runBench } from './support/report';
import { stats } from './support/stats';
import { hostProtocol, openWebviewHarness } from './webview-harness';
import { startTestSandbox } from '../test/support/sandbox';

const root = join(__dirname, '..');
const shots = join(root, 'test-results', 'screenshots');
/** Renders after one warm-up. */
const RUNS = SMOKE ? 1 : 15;

interface PivotConfig {
  dimensions: { field: string; grouping?: string }[];
  statsField?: string;
  rlx?: string;
}

async function main(): Promise<void> {
  mkdirSync(shots, { recursive: true });
  // The sandbox's own demo size (2000 records), as `npm run sandbox` starts it.
  const sandbox = await within('the sandbox to start', 60_000, startTestSandbox({ records: 2000 }));
  const client = sandbox.client();
  const ref = { workspace: 'IT', app: 'TASK' };
  const report = new Report('pivot');
  try {
    const fields = pivotFieldChoices(await within('GET the schema of IT/TASK', 30_000, client.getSchema(ref)));
    const config = { dimensions: [{ field: 'state' }, { field: 'creation_date', grouping: 'month' }], statsField: 'c_amount', measure: 'sum', chart: 'auto' };
    for (const theme of SMOKE ? (['dark'] as const) : (['dark', 'high-contrast'] as const)) {
      const harness = await openWebviewHarness({
        root, name: 'pivot', theme, width: 1200, height: 1000,
        onEnvelope: hostProtocol({
          onReady: (post) => post({ kind: 'post', message: { type: 'init', target: { connectionId: 'bench', ...ref }, title: 'Pivot: IT/TASK', fields, config, run: true } }),
          onRequest: async (message: { config: PivotConfig }) => {
            const dimensions = message.config.dimensions.map((d) => (d.grouping ? `${d.field}__pivotby${d.grouping}` : d.field)).join(',');
            const result = await within(`POST the pivot of ${dimensions}`, 30_000, client.aggregate(ref, { dimensions4Pivot: dimensions, statsFields: message.config.statsField, rlx: message.config.rlx }));
            return { ok: true, result: { rows: result.data, filteredRecordsCount: result.filteredRecordsCount, totalRecordsCount: result.totalRecordsCount } };
          },
        }),
      });
      try {
        const { page } = harness;
        await page.waitForFunction(() => document.body.dataset.pivotStatus === 'done', undefined, { timeout: 15_000 });
        await page.waitForTimeout(100);
        await page.screenshot({ path: join(shots, `pivot-${theme}.png`), fullPage: true });
        if (theme === 'dark') {
          console.log(`pivot: ${await page.textContent('.summary')}; grand total ${await page.textContent('tr.total td.total')}`);
          // 500 cells: 25 row buckets × 20 column buckets, rendered RUNS times after a warm-up.
          const times = await within(`${RUNS + 1} renders of 500 cells`, 60_000, page.evaluate((runs) => {
            const rows = [];
            for (let r = 0; r < 25; r++) for (let c = 0; c < 20; c++) rows.push({ keeper_id: `u${r}`, keeper_id__resolved: `Person ${r}`, creation_date__pivotbymonth: `20${10 + Math.floor(c / 12)}-${String((c % 12) + 1).padStart(2, '0')}`, _count: r + c + 1, c_amount: { sum: r * c, avg: 1, min: 0, max: r } });
            const shown = { dimensions: [{ field: 'keeper_id' }, { field: 'creation_date', grouping: 'month' }], statsField: 'c_amount', measure: 'sum', chart: 'stacked' };
            const result = { rows, filteredRecordsCount: 5000, totalRecordsCount: 5000 };
            const bench = (window as unknown as { pivotBench: { render(result: unknown, shown: unknown): number } }).pivotBench;
            const out = [];
            for (let i = 0; i <= runs; i++) out.push(bench.render(result, shown));
            return out.slice(1);
          }, RUNS));
          const s = stats(times);
          report.add('render 500 cells + stacked chart, median', s.median, 'ms', { op: '<', value: 200 });
          report.add('render 500 cells + stacked chart, max', s.max, 'ms');
          await page.screenshot({ path: join(shots, 'pivot-500-cells.png') });
        }
        if (harness.problems.length > 0) console.log(`page problems (${theme}): ${harness.problems.join(' | ')}`);
      } finally {
        await harness.close();
      }
    }
    report.print();
  } finally {
    await sandbox.dispose();
  }
}

runBench(main);
