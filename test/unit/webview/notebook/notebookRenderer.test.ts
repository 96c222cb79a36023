// The RLX notebook's output renderer with hostile server data (the built module in headless
// Chromium, under a strict CSP): cells and pivot labels stay text, search highlights keep only
// <em>, nothing from the data runs; Load more appends the rows the extension sends.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RlxCellOutput } from '../../../../src/webview/notebook/protocol';

const root = join(__dirname, '..', '..', '..', '..');
const HOSTILE = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:window.pwned=3">x</a><em onclick="window.pwned=4" style="color:red">match</em><svg onload="window.pwned=5"></svg>';
const columns = [
  { field: 'number', caption: 'Reference', numeric: false, sortable: false },
  { field: 'title', caption: HOSTILE, numeric: false, sortable: false },
];

interface Harness {
  page: Page;
  problems: string[];
  close(): Promise<void>;
}

async function render(page: Page, output: RlxCellOutput): Promise<void> {
  await page.evaluate((data) => (window as unknown as { rlxRender(o: unknown): void }).rlxRender(data), output);
}

describe('RLX notebook output renderer (Chromium)', function () {
  this.timeout(60_000);
  let harness: Harness;

  before(async () => {
    if (!existsSync(join(root, 'dist', 'renderer', 'rlxResults.js'))) execFileSync(process.execPath, ['esbuild.mjs', '--only=renderer'], { cwd: root });
    const { openRendererHarness } = (await import(join(root, 'bench', 'notebook-renderer-harness.mjs'))) as { openRendererHarness(o: unknown): Promise<Harness> };
    harness = await openRendererHarness({ root });
  });

  after(async () => harness?.close());

  it('a table: hostile captions and cells are text, Load more appends the rows sent back', async () => {
    const { page } = harness;
    await render(page, { kind: 'list', outputId: 'o1', title: HOSTILE, scope: 'IT/TASK', columns, rows: [{ id: '1', cells: ['IT/TASK1', HOSTILE] }], total: 2, canLoadMore: true });
    await page.waitForSelector('.rlx-output[data-kind="list"] .grid-row');
    assert.equal(await page.$eval('.rlx-output .grid-row .grid-cell[aria-colindex="2"]', (node) => node.textContent), HOSTILE);
    assert.equal(await page.$$eval('.rlx-output .grid img, .rlx-output .grid script, .rlx-output .grid svg', (nodes) => nodes.length), 0);
    assert.equal(await page.textContent('.rlx-output .status'), '1 of 2 · IT/TASK');
    await page.click('.rlx-output .load-more');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { rlxPosted: unknown[] }).rlxPosted.at(-1)), { type: 'loadMore', outputId: 'o1' });
    await page.evaluate(() => (window as unknown as { rlxReply(m: unknown): void }).rlxReply({ type: 'rows', outputId: 'o1', rows: [{ id: '2', cells: ['IT/TASK2', 'second'] }], loaded: 2, total: 2, canLoadMore: false }));
    await page.waitForSelector('.rlx-output .grid-row[aria-rowindex="3"]');
    assert.equal(await page.textContent('.rlx-output .status'), '2 of 2 · IT/TASK');
    assert.equal(await page.isHidden('.rlx-output .load-more'), true);
    await page.dblclick('.rlx-output .grid-row[aria-rowindex="3"] .grid-cell[aria-colindex="2"]');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { rlxPosted: unknown[] }).rlxPosted.at(-1)), { type: 'open', outputId: 'o1', row: 1 });
  });

  it('search hits: only <em> survives in highlights, titles are text, nothing runs', async () => {
    const { page } = harness;
    await render(page, { kind: 'search', outputId: 'o2', title: 'Printers', scope: 'all apps', columns, rows: [{ id: '1', cells: ['IT/TASK1', HOSTILE] }], highlights: [HOSTILE], total: 1, canLoadMore: false });
    await page.waitForSelector('.rlx-output[data-kind="search"] .hits li');
    await page.waitForTimeout(200);
    assert.equal(await page.$eval('.rlx-output[data-kind="search"] .match', (node) => node.innerHTML), 'x<em>match</em>');
    assert.equal(await page.$eval('.rlx-output[data-kind="search"] li > span', (node) => node.textContent), HOSTILE);
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
  });

  it('a pivot: hostile group labels are text in the cross-tab, the grand total is the sum', async () => {
    const { page } = harness;
    await render(page, {
      kind: 'pivot', outputId: 'o3', title: 'By state', scope: 'IT/TASK', config: { dimensions: [{ field: 'state' }], measure: 'count', chart: 'auto' },
      rows: [{ state: 'a', state__resolved: HOSTILE, _count: 2 }, { state: 'b', _count: 3 }], groups: { columns: [], rows: [] }, filtered: 5, total: 9,
    });
    await page.waitForSelector('.rlx-output[data-kind="pivot"] table.pivot');
    assert.equal(await page.$eval('.rlx-output[data-kind="pivot"] [data-grand-total]', (node) => node.textContent), '5');
    const labels = await page.$$eval('.rlx-output[data-kind="pivot"] tbody th', (nodes) => nodes.map((node) => [node.textContent, node.children.length]));
    assert.ok(labels.some(([text, children]) => text === HOSTILE && children === 0), JSON.stringify(labels));
    await page.waitForSelector('.rlx-output[data-kind="pivot"] canvas');
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    // The CSP's reports of handlers it refused (DOMPurify parses the snippet in an inert document
    // of this page) are the second wall working; any other error is the renderer's.
    assert.deepEqual(harness.problems.filter((problem) => !/Content Security Policy|status of 404/.test(problem)), []);
  });
});
