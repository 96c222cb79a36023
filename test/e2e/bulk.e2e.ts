// Bulk changes in the browser-hosted editor: run a query, pick three rows of the results grid
// with Ctrl+click, Run Action…, confirm, and read the report; the sandbox has the change.
import * as assert from 'node:assert/strict';
import { addTokenConnection, closeEditorsAndRemoveConnection } from './support/connections';
import { requireSandbox } from './support/environment';
import { type Workbench, useWorkbench } from './support/workbench';

const CONNECTION = 'Bulk E2E';

describe('bulk actions on results', () => {
  let opened: Workbench | undefined;

  // Registered before useWorkbench(), so this runs while the window is still open.
  after(async function () {
    this.timeout(60_000);
    if (opened !== undefined) await closeEditorsAndRemoveConnection(opened, CONNECTION);
  });
  const workbench = useWorkbench();

  it('selects rows in the grid, runs an action on them after a confirmation, and reports the outcome', async function () {
    this.timeout(180_000);
    const wb = workbench();
    opened = wb;
    const page = wb.page;
    const sandbox = requireSandbox();
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, CONNECTION, sandbox.url, sandbox.adminToken);

    // A query of open tasks from the app's menu, run with Ctrl+Enter.
    await wb.expandRow(CONNECTION);
    await wb.expandRow('IT Operations');
    await wb.contextMenu(wb.treeRow('Tasks'), 'New RLX Query');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-line').filter({ hasText: '@app IT/TASK' }).waitFor({ state: 'visible', timeout: 30_000 });
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    // Inserted whole: typing would race the completion list (an Enter could accept a suggestion).
    await page.keyboard.insertText('@fields number,title,state\nstate = "open"');
    await page.keyboard.press('Escape');
    await editor.locator('.view-line').filter({ hasText: 'state = "open"' }).waitFor({ state: 'visible' });
    await page.keyboard.press('Control+Enter');
    const grid = await wb.webviewShowing('.grid-row', 60_000);

    // Ctrl+click three titles (not the reference, which opens the record).
    const titles = grid.locator('.grid-row .grid-cell[aria-colindex="2"]');
    const picked: string[] = [];
    for (let row = 0; row < 3; row++) {
      await titles.nth(row).click({ modifiers: ['Control'] });
      picked.push((await titles.nth(row).textContent()) ?? '');
    }
    await grid.locator('.bulk-bar .selection-count').filter({ hasText: '3 records selected' }).waitFor({ state: 'visible' });
    assert.equal(await grid.locator('.grid-row.checked').count(), 3);
    await wb.screenshot('bulk-01-rows-selected');

    await grid.getByRole('button', { name: 'Run Action…' }).click();
    const start = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Start work' }).first();
    await start.waitFor({ state: 'visible', timeout: 30_000 });
    await start.click();
    // Nothing is written before this confirmation, which names the count, the change and the connection.
    await wb.answerDialog(`Run "Start work" on 3 records on "${CONNECTION}"?`, 'Change 3 Records');
    const report = await wb.waitForNotification(/Run "Start work": 3 succeeded, 0 failed\./, 60_000);
    assert.ok(await report.isVisible());
    await wb.screenshot('bulk-02-report');

    // The sandbox has the three in progress.
    const response = await fetch(`${sandbox.url}/api/w/IT/a/TASK/tickets/list?withTechnicalData=true`, {
      method: 'POST',
      headers: { authorization: `SVC_AUTH_CODE ${sandbox.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ limitRecords: 500, listOfFields: 'title,state', rlx: 'state = "in_progress"' }),
    });
    const inProgress = ((await response.json()) as { data: { title: string }[] }).data.map((record) => record.title);
    for (const title of picked) assert.ok(inProgress.includes(title), `"${title}" is in progress at the sandbox`);
  });
});
