// Hostile server data in the real pages (built bundles in headless Chromium, under the same
// strict CSP as in VS Code): snippets keep only <em>, titles and captions stay text, and no
// script from the data ever runs.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { type WebviewHarness, ensureWebviewBundles, hostProtocol, openWebviewHarness } from '../../../bench/webview-harness';

const root = join(__dirname, '..', '..', '..');
const HOSTILE = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:window.pwned=3">x</a><em onclick="window.pwned=4" style="color:red">match</em><svg onload="window.pwned=5"></svg>';

async function open(name: string, onRequest: (message: { type: string }) => unknown, init: unknown): Promise<WebviewHarness> {
  return openWebviewHarness({
    root, name, width: 900, height: 700,
    onEnvelope: hostProtocol({ onReady: (post) => post({ kind: 'post', message: init }), onRequest }),
  });
}

describe('webviews with hostile data (Chromium)', function () {
  this.timeout(60_000);

  before(() => {
    ensureWebviewBundles(root, 'search', 'pivot');
  });

  it('search: only <em> survives in snippets, titles are text, nothing runs', async () => {
    const hit = { id: '1', title: HOSTILE, reference: 'IT/TASK1', workspace: 'IT', app: 'TASK', state: '<b>Open</b>', highlights: [HOSTILE] };
    const harness = await open('search', () => ({ ok: true, page: { hits: [hit], totalFound: 1 } }),
      { type: 'init', recent: ['<img src=x onerror="window.pwned=6">'], scope: { connectionId: 'c' }, choices: { connections: [{ id: 'c', name: '<i>conn</i>' }], workspaces: [] } });
    try {
      const { page } = harness;
      await page.fill('#query', 'match');
      await page.waitForSelector('#results li');
      await page.waitForTimeout(200);
      const snippet = await page.$eval('#results .snippet', (node) => node.innerHTML);
      assert.equal(snippet, 'x<em>match</em>');
      assert.equal(await page.$eval('#results .hit-title', (node) => node.textContent), HOSTILE);
      assert.equal(await page.$eval('#results .hit-title', (node) => node.children.length), 0);
      assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    } finally {
      await harness.close();
    }
  });

  it('pivot: captions from __resolved are text in the table, nothing runs', async () => {
    const config = { dimensions: [{ field: 'state' }], measure: 'count', chart: 'auto' };
    const harness = await open('pivot', () => ({ ok: true, result: { rows: [{ state: 'x', state__resolved: HOSTILE, _count: 2 }], filteredRecordsCount: 2, totalRecordsCount: 2 } }),
      { type: 'init', target: { connectionId: 'c', workspace: 'IT', app: 'TASK' }, title: 'Pivot <img src=x onerror="window.pwned=7">', fields: [{ name: 'state', caption: '<b>State</b>', kind: 'other' }], config, run: true });
    try {
      const { page } = harness;
      await page.waitForFunction(() => document.body.dataset.pivotStatus === 'done');
      assert.equal(await page.$eval('tbody th', (node) => node.textContent), HOSTILE);
      assert.equal(await page.$$eval('tbody img, tbody script, h1 img', (nodes) => nodes.length), 0);
      assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    } finally {
      await harness.close();
    }
  });
});
