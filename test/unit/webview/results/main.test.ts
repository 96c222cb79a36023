// The results page itself (the built bundle in headless Chromium, under the same strict CSP as
// in VS Code): hostile server text stays text, only the rows in view are in the DOM, and the
// keyboard moves, opens and copies as the grid promises.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import type { ResultsHostToView, ResultsTable, ResultsViewToHost } from '../../../../src/webview/results/protocol';
import { type WebviewHarness, ensureWebviewBundles, hostProtocol, openWebviewHarness } from '../../../../bench/webview-harness';
import { waitUntil } from '../../../support/waitUntil';

const root = join(__dirname, '..', '..', '..', '..');
const HOSTILE = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script><em onclick="window.pwned=3">x</em>';

function table(rows: number): ResultsTable {
  return {
    kind: 'list', title: `Results ${HOSTILE}`, scope: 'IT/TASK', loaded: rows, total: rows * 2, canLoadMore: true,
    columns: [
      { field: 'number', caption: 'Reference', numeric: false, sortable: true },
      { field: 'title', caption: `Title ${HOSTILE}`, numeric: false, sortable: true },
      { field: 'c_amount', caption: 'Amount', numeric: true, sortable: true },
    ],
    rows: Array.from({ length: rows }, (_, i) => ({ id: `id${i}`, cells: [`IT/TASK${i + 1}`, i === 0 ? HOSTILE : `Task ${i + 1}`, `$${i}`] })),
  };
}

async function open(init: ResultsHostToView, posts: ResultsViewToHost[]): Promise<WebviewHarness> {
  return openWebviewHarness({
    root, name: 'results', width: 900, height: 600,
    onEnvelope: hostProtocol({
      onReady: (post) => post({ kind: 'post', message: init }),
      onRequest: () => undefined,
      onPost: (message: ResultsViewToHost) => posts.push(message),
    }),
  });
}

function waitForPost(posts: ResultsViewToHost[], type: ResultsViewToHost['type']): Promise<ResultsViewToHost> {
  return waitUntil(() => `the page to post "${type}"; it posted ${posts.map((p) => p.type).join(', ')}`, () => posts.find((post) => post.type === type), 5_000);
}

describe('results grid page (Chromium)', function () {
  this.timeout(60_000);
  const state = { key: 'k', connectionId: 'c', title: 'T', query: { kind: 'list' as const, scope: { kind: 'global' as const }, params: {} } };

  before(() => {
    ensureWebviewBundles(root, 'results');
  });

  it('keeps hostile text as text and runs nothing', async () => {
    const posts: ResultsViewToHost[] = [];
    const harness = await open({ type: 'table', table: table(3), state }, posts);
    try {
      const { page } = harness;
      await page.waitForSelector('.grid-row');
      assert.equal(await page.textContent('.grid-row[data-row="0"] .grid-cell[data-column="1"]'), HOSTILE);
      assert.equal(await page.textContent('h1'), `Results ${HOSTILE}`);
      assert.equal(await page.textContent('.header-cell[aria-colindex="2"] .caption'), `Title ${HOSTILE}`);
      assert.equal(await page.$$eval('#app img, #app script, .grid em', (nodes) => nodes.length), 0);
      assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
      const context = JSON.parse((await page.getAttribute('.grid-row[data-row="0"] .grid-cell[data-column="1"]', 'data-vscode-context')) ?? '{}') as { cellText?: string };
      assert.equal(context.cellText, HOSTILE, 'the context menu copies the text itself');
    } finally {
      await harness.close();
    }
  });

  it('draws only the rows in view of 10,000 and follows the keyboard: arrows, End, Enter, Ctrl+C, a header click', async () => {
    const posts: ResultsViewToHost[] = [];
    const harness = await open({ type: 'table', table: table(10_000), state }, posts);
    try {
      const { page } = harness;
      await page.waitForSelector('.grid-row');
      assert.equal(await page.textContent('.status'), '10,000 of 20,000 records');
      assert.ok((await page.locator('.grid-row').count()) < 60, 'only the rows in view (and a few more) are in the DOM');
      await page.click('.grid-row[data-row="1"] .grid-cell[data-column="1"]');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.textContent('.grid-cell.active'), '$2');
      await page.keyboard.press('Control+c');
      assert.deepEqual(await waitForPost(posts, 'copy'), { type: 'copy', text: '$2' });
      await page.keyboard.press('Control+End');
      await page.waitForSelector('.grid-row[data-row="9999"] .grid-cell.active');
      assert.equal(await page.getAttribute('.grid', 'aria-activedescendant'), 'active-cell');
      assert.ok((await page.locator('.grid-row').count()) < 60, 'still only the rows in view after jumping to the end');
      await page.keyboard.press('Enter');
      assert.deepEqual(await waitForPost(posts, 'open'), { type: 'open', row: 9999 });
      await page.click('.header-cell button[data-field="c_amount"]');
      assert.deepEqual(await waitForPost(posts, 'sort'), { type: 'sort', field: 'c_amount' });
      await page.click('button.load-more');
      assert.deepEqual(await waitForPost(posts, 'loadMore'), { type: 'loadMore' });
      await harness.post({ kind: 'post', message: { type: 'append', rows: [{ id: 'new', cells: ['IT/TASK10001', 'Appended', '$1'] }], counts: { loaded: 10_001, total: 20_000, canLoadMore: true } } });
      await page.waitForFunction(() => document.querySelector('.status')?.textContent === '10,001 of 20,000 records');
      assert.equal(harness.problems.filter((p) => !p.includes('404')).length, 0, harness.problems.join(' | '));
    } finally {
      await harness.close();
    }
  });

  it('shows an empty result and an error with a way to try again', async () => {
    const posts: ResultsViewToHost[] = [];
    const harness = await open({ type: 'table', table: { ...table(0), total: 0, canLoadMore: false }, state }, posts);
    try {
      const { page } = harness;
      await page.waitForSelector('.empty:not([hidden])');
      assert.equal(await page.textContent('.empty'), 'No records match this query.');
      assert.equal(await page.isVisible('button.load-more'), false);
      await harness.post({ kind: 'post', message: { type: 'error', title: 'T', message: 'The service is unavailable (503).', retry: true } });
      await page.waitForSelector('.banner:not([hidden])');
      assert.match((await page.textContent('.banner')) ?? '', /unavailable/);
      await page.click('.banner button');
      assert.deepEqual(await waitForPost(posts, 'retry'), { type: 'retry' });
    } finally {
      await harness.close();
    }
  });
});
