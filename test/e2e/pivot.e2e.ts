// A pivot as a person builds one: "Pivot…" on an app, two dimensions and a stats field, the
// totals read from the table and checked against the sandbox (the drill-down lists exactly the
// records counted), then a cell drilled into. Needs registerPivot wired in activate().
import * as assert from 'node:assert/strict';
import { useWorkbench } from './support/workbench';

const number = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

describe('pivot an app', () => {
  const workbench = useWorkbench();

  it('builds a two-dimension pivot with stats, reads the totals and drills into a cell', async function () {
    this.timeout(180_000);
    const wb = workbench();
    await wb.startLocalSandbox();
    await wb.expandRow('Local Sandbox');
    await wb.expandRow('IT Operations');
    await wb.contextMenu(wb.treeRow('Tasks'), 'Pivot…');
    const page = await wb.webviewShowing('#stats');
    await page.locator('table').waitFor({ state: 'visible', timeout: 30_000 });
    // Second dimension: creation date by month; stats: sum of the amount.
    await page.getByRole('button', { name: '+ Dimension' }).click();
    await page.locator('#dim-1').selectOption({ label: 'Created' });
    await page.locator('#group-1').selectOption('month');
    await page.locator('#stats').selectOption({ label: 'Amount' });
    await page.locator('#measure').selectOption('sum');
    await page.locator('caption').filter({ hasText: /Sum of Amount by State and Created/ }).waitFor({ timeout: 30_000 });
    const summary = (await page.locator('.summary').textContent()) ?? '';
    const filtered = number(summary.split(' of ')[0] ?? '');
    await wb.screenshot('pivot-01-two-dimensions');
    // Counts: the grand total of the count pivot equals the records the service counted.
    await page.locator('#stats').selectOption({ value: '' });
    await page.locator('caption').filter({ hasText: /^Count by/ }).waitFor({ timeout: 30_000 });
    const grand = number(await page.locator('tr.total td.total button').textContent());
    assert.equal(grand, filtered, `grand total ${grand} vs ${filtered} filtered records`);
    // Drill into the first non-empty cell: the quick pick lists as many records as the cell counts.
    const cell = page.locator('tbody tr:first-child td:not(.total) button.cell').first();
    const cellCount = number(await cell.textContent());
    await cell.click();
    const title = wb.page.locator('.quick-input-widget .quick-input-title');
    await title.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match((await title.textContent()) ?? '', new RegExp(`\\b${cellCount} records`));
    await wb.screenshot('pivot-02-drill-down');
    await wb.page.keyboard.press('Escape');
  });
});
