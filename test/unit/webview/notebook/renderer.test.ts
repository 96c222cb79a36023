// The RLX notebook's output renderer with hostile server data (the built module in headless
// Chromium): cells, captions, scopes and pivot labels stay text, search highlights keep only
// <em>, nothing from the data runs; Load more appends the rows the extension sends. Every case
// runs twice: under the webview's strict CSP, and without any CSP, where an inline handler that
// reached the page would run: the structural checks (no element or attribute that can run or
// load anything) are the ones that count, the CSP is only the second wall.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RlxCellOutput } from '../../../../src/webview/notebook/protocol';
import { type RendererHarness, openRendererHarness } from '../../../../bench/notebook-renderer-harness';

const root = join(__dirname, '..', '..', '..', '..');
const HOSTILE = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:window.pwned=3">x</a><em onclick="window.pwned=4" style="color:red">match</em><svg onload="window.pwned=5"></svg>';
const columns = [
  { field: 'number', caption: 'Reference', numeric: false, sortable: false },
  { field: 'title', caption: HOSTILE, numeric: false, sortable: false },
];

async function render(page: Page, output: RlxCellOutput): Promise<void> {
  await page.evaluate((data) => (window as unknown as { rlxRender(o: unknown): void }).rlxRender(data), output);
}

/** Elements and attributes under `selector` that could run script or load something. */
async function activeContent(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(`${selector}, ${selector} *`, (nodes) => nodes.flatMap((node) => [
    ...(/^(script|img|svg|iframe|object|embed|link|meta|base|form|image|use)$/i.test(node.tagName) ? [node.tagName] : []),
    ...[...node.attributes]
      .filter((attribute) => /^on/i.test(attribute.name) || (/^(href|src|srcset|xlink:href|action|formaction|background|poster)$/i.test(attribute.name)))
      .map((attribute) => `${node.tagName}[${attribute.name}=${attribute.value}]`),
  ]));
}

/**
 * Nothing from the data ran: no active content in the output, and `window.pwned` is unset once a
 * control image of our own has failed to load (an injected `<img src=x onerror>` would have
 * failed by then too), never after a fixed wait.
 */
async function assertNothingRuns(page: Page, selector: string): Promise<void> {
  assert.deepEqual(await activeContent(page, selector), []);
  await page.evaluate(() => new Promise((resolve) => {
    const probe = new Image();
    probe.addEventListener('error', resolve);
    probe.src = `/control-${Math.random()}.png`;
  }));
  assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
}

for (const csp of [true, false]) {
  describe(`RLX notebook output renderer (Chromium, ${csp ? 'under the webview CSP' : 'without a CSP'})`, function () {
    this.timeout(60_000);
    let harness: RendererHarness;

    before(async () => {
      if (!existsSync(join(root, 'dist', 'renderer', 'rlxResults.js'))) execFileSync(process.execPath, ['esbuild.mjs', '--only=renderer'], { cwd: root });
      harness = await openRendererHarness({ root, csp });
    });

    after(async () => harness?.close());

    it('the harness page lets an inline handler run only without the CSP (so the checks below can catch one)', async () => {
      const { page } = harness;
      await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.innerHTML = '<img src="/missing-probe.png" onerror="window.probeRan = 1">';
        document.body.append(probe);
      });
      // The probe's own load error, seen by a listener of ours (which the CSP allows).
      await page.waitForFunction(() => document.querySelector('img[src="/missing-probe.png"]') !== null);
      await page.evaluate(() => new Promise((resolve) => {
        const img = document.querySelector<HTMLImageElement>('img[src="/missing-probe.png"]')!;
        if (img.complete) resolve(undefined);
        else img.addEventListener('error', resolve);
      }));
      assert.equal(await page.evaluate(() => (window as unknown as { probeRan?: number }).probeRan), csp ? undefined : 1);
      await page.evaluate(() => document.querySelector('img[src="/missing-probe.png"]')?.parentElement?.remove());
    });

    it('a table: hostile captions and cells are text, nothing runs, Load more appends the rows sent back', async () => {
      const { page } = harness;
      await render(page, { kind: 'list', outputId: 'o1', title: HOSTILE, scope: 'IT/TASK', columns, rows: [{ id: '1', cells: ['IT/TASK1', HOSTILE] }], total: 2, canLoadMore: true });
      await page.waitForSelector('.rlx-output[data-kind="list"] .grid-row');
      assert.equal(await page.$eval('.rlx-output .grid-row .grid-cell[aria-colindex="2"]', (node) => node.textContent), HOSTILE);
      await assertNothingRuns(page, '.rlx-output[data-kind="list"]');
      assert.equal(await page.textContent('.rlx-output .status'), '1 of 2 · IT/TASK');
      await page.click('.rlx-output .load-more');
      assert.deepEqual(await page.evaluate(() => (window as unknown as { rlxPosted: unknown[] }).rlxPosted.at(-1)), { type: 'loadMore', outputId: 'o1' });
      await page.evaluate((hostile) => (window as unknown as { rlxReply(m: unknown): void }).rlxReply({ type: 'rows', outputId: 'o1', rows: [{ id: '2', cells: ['IT/TASK2', hostile] }], loaded: 2, total: 2, canLoadMore: false }), HOSTILE);
      await page.waitForSelector('.rlx-output .grid-row[aria-rowindex="3"]');
      assert.equal(await page.textContent('.rlx-output .status'), '2 of 2 · IT/TASK');
      assert.equal(await page.isHidden('.rlx-output .load-more'), true);
      assert.equal(await page.$eval('.rlx-output .grid-row[aria-rowindex="3"] .grid-cell[aria-colindex="2"]', (node) => node.textContent), HOSTILE);
      await assertNothingRuns(page, '.rlx-output[data-kind="list"]');
      await page.dblclick('.rlx-output .grid-row[aria-rowindex="3"] .grid-cell[aria-colindex="2"]');
      assert.deepEqual(await page.evaluate(() => (window as unknown as { rlxPosted: unknown[] }).rlxPosted.at(-1)), { type: 'open', outputId: 'o1', row: 1 });
    });

    it('search hits: only <em> survives in highlights, titles are text, nothing runs', async () => {
      const { page } = harness;
      await render(page, { kind: 'search', outputId: 'o2', title: 'Printers', scope: 'all apps', columns, rows: [{ id: '1', cells: ['IT/TASK1', HOSTILE] }], highlights: [HOSTILE], total: 1, canLoadMore: false });
      await page.waitForSelector('.rlx-output[data-kind="search"] .hits li');
      assert.equal(await page.$eval('.rlx-output[data-kind="search"] .match', (node) => node.innerHTML), 'x<em>match</em>');
      assert.equal(await page.$eval('.rlx-output[data-kind="search"] li > span', (node) => node.textContent), HOSTILE);
      await assertNothingRuns(page, '.rlx-output[data-kind="search"]');
    });

    it('a count: the number, the scope and the title are text, nothing runs', async () => {
      const { page } = harness;
      await render(page, { kind: 'count', outputId: 'o4', title: HOSTILE, scope: HOSTILE, filtered: 1234, total: 56789 });
      await page.waitForSelector('.rlx-output[data-kind="count"] .count');
      assert.equal(await page.textContent('.rlx-output[data-kind="count"] .count'), '1,234');
      assert.equal(await page.textContent('.rlx-output[data-kind="count"] .status'), `records match, of 56,789 in ${HOSTILE}`);
      await assertNothingRuns(page, '.rlx-output[data-kind="count"]');
    });

    it('a pivot: hostile group labels are text in the cross-tab, the grand total is the sum, nothing runs', async () => {
      const { page } = harness;
      await render(page, {
        kind: 'pivot', outputId: 'o3', title: 'By state', scope: 'IT/TASK', config: { dimensions: [{ field: 'state' }], measure: 'count', chart: 'auto' },
        rows: [{ state: 'a', state__resolved: HOSTILE, _count: 2 }, { state: 'b', _count: 3 }], groups: { columns: [], rows: [] }, filtered: 5, total: 9,
      });
      const pivot = '.rlx-output[data-kind="pivot"]:has(canvas)';
      await page.waitForSelector(`${pivot} table.pivot`);
      assert.equal(await page.$eval(`${pivot} [data-grand-total]`, (node) => node.textContent), '5');
      const labels = await page.$$eval(`${pivot} tbody th`, (nodes) => nodes.map((node) => [node.textContent, node.children.length]));
      assert.ok(labels.some(([text, children]) => text === HOSTILE && children === 0), JSON.stringify(labels));
      await page.waitForSelector(`${pivot} canvas`);
      await assertNothingRuns(page, pivot);
    });

    it('a pivot the cross-tab cannot show: the groups table, captions and cells as text, nothing runs', async () => {
      const { page } = harness;
      await render(page, {
        kind: 'pivot', outputId: 'o5', title: 'Groups', scope: HOSTILE, rows: [],
        groups: {
          columns: [{ field: 'state', caption: HOSTILE, numeric: false, sortable: false }, { field: '_count', caption: 'Count', numeric: true, sortable: false }],
          rows: [{ cells: [HOSTILE, '2'] }, { cells: ['closed', '3'] }],
        },
        filtered: 5, total: 9,
      });
      const groups = '.rlx-output[data-kind="pivot"]:not(:has(canvas))';
      await page.waitForSelector(`${groups} table.pivot tbody tr`);
      assert.deepEqual(await page.$$eval(`${groups} thead th`, (nodes) => nodes.map((node) => node.textContent)), [HOSTILE, 'Count']);
      assert.deepEqual(await page.$$eval(`${groups} tbody tr`, (rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent))), [[HOSTILE, '2'], ['closed', '3']]);
      assert.equal(await page.textContent(`${groups} .status`), `5 of 9 records · ${HOSTILE}`);
      await assertNothingRuns(page, groups);
      // The CSP's reports of handlers it refused (DOMPurify parses the snippet in an inert document
      // of this page) are the second wall working; any other error is the renderer's.
      assert.deepEqual(harness.problems.filter((problem) => !/Content Security Policy|status of 404/.test(problem)), []);
    });
  });
}
