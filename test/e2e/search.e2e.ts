// Searching as a person does: "Search Records…" focuses the search view under the tree; a
// phrase with an exclusion lists results with emphasized matches; ↓ and Enter open one.
// Needs registerSearchPanel wired in activate() and the Local Sandbox connection.
import * as assert from 'node:assert/strict';
import { useWorkbench } from './support/workbench';

describe('search records from the search view', () => {
  const workbench = useWorkbench();

  it('finds a phrase without the excluded word and opens a result with the keyboard', async function () {
    this.timeout(120_000);
    const wb = workbench();
    await wb.startLocalSandbox();
    await wb.runCommand('Records: Search Records…');
    const view = await wb.webviewShowing('#query');
    const query = view.locator('#query');
    await query.waitFor({ state: 'visible', timeout: 30_000 });
    await query.fill('"office printers" -floor');
    const results = view.locator('#results li[role="option"]');
    await results.first().waitFor({ state: 'visible', timeout: 30_000 });
    const status = (await view.locator('#status').textContent()) ?? '';
    assert.match(status, /\d+ (of \d+ )?found/);
    const titles = await view.locator('#results .hit-title').allTextContents();
    assert.ok(titles.length > 0 && titles.every((t) => !/floor/i.test(t)), titles.join(' | '));
    assert.ok((await view.locator('#results .snippet em').count()) > 0, 'matches are emphasized');
    await wb.screenshot('search-01-results');
    const reference = ((await view.locator('#results li[aria-selected="true"] .meta').textContent()) ?? '').match(/[A-Z]+\/[A-Z]+\d+/)?.[0];
    assert.ok(reference, 'the first result is selected and shows its reference');
    await query.press('Enter');
    await wb.page.locator('.tabs-container .tab').filter({ hasText: new RegExp(reference.replace('/', '\\/')) }).or(wb.page.locator('.tabs-container .tab.active')).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('search-02-opened');
  });
});
