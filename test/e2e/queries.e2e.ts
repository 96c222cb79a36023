// Saved queries in the browser-hosted editor: open a built-in query from the Queries view, save
// it under a name of one's own, run the saved query from the view twice, and find both runs in
// the History.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { addTokenConnection, closeEditorsAndRemoveConnection } from './support/connections';
import { requireSandbox } from './support/environment';
import { startPromptingCommand } from './support/quickInput';
import { type Workbench, useWorkbench } from './support/workbench';

const CONNECTION = 'Queries E2E';
const SAVED = 'My open tasks';

/** The Queries view's pane in the Records side bar. */
function queriesPane(wb: Workbench): Locator {
  return wb.sideBar().locator('.pane').filter({ has: wb.page.locator('.pane-header').filter({ hasText: /^Queries/ }) });
}

describe('saved queries and history in the editor', () => {
  let opened: Workbench | undefined;

  // Registered before useWorkbench(), so this runs while the window is still open.
  after(async function () {
    this.timeout(60_000);
    if (opened !== undefined) await closeEditorsAndRemoveConnection(opened, CONNECTION);
  });
  const workbench = useWorkbench();

  it('saves a query, runs it from the Queries view, and the history shows both runs', async function () {
    this.timeout(180_000);
    const wb = workbench();
    opened = wb;
    const sandbox = requireSandbox();
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, CONNECTION, sandbox.url, sandbox.adminToken);
    const pane = queriesPane(wb);
    await pane.waitFor({ state: 'visible' });
    // The view starts collapsed, leaving the Records tree the room.
    const header = pane.locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    // A built-in query opens as an .rlx file, its connection named in it.
    await wb.treeRow('Assigned to me', pane).click();
    const editor = wb.page.locator('.editor-instance .monaco-editor').first();
    await editor.getByText('keeper_id = @me').waitFor({ state: 'visible' });
    await editor.getByText(`@connection "${CONNECTION}"`).waitFor({ state: 'visible' });

    // Save it under a name of one's own, from the palette while the query is the active editor.
    await editor.click();
    await startPromptingCommand(wb.page, 'Records: Save Query…');
    const input = wb.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(SAVED);
    await wb.page.keyboard.press('Enter');
    const savedRow = wb.treeRow(SAVED, pane);
    await savedRow.waitFor({ state: 'visible' });

    // Run it from the view, twice: the results grid shows the records.
    for (let run = 0; run < 2; run++) {
      await wb.contextMenu(savedRow, 'Run Query');
      await wb.webviewShowing('.grid-row', 60_000);
    }
    // Fold the connection's queries so the history has the small pane to itself.
    await wb.treeRow(CONNECTION, pane).locator('.monaco-tl-twistie').click();
    await wb.expandRow('History', pane);
    const runs = pane.locator('.monaco-list-row').filter({ hasText: SAVED }).filter({ hasText: CONNECTION });
    await runs.nth(1).waitFor({ state: 'visible' });
    assert.equal(await runs.count(), 2, 'two runs of the saved query in the history');
    assert.match(await runs.first().innerText(), /matches/);
    await wb.screenshot('queries-01-saved-and-history');
  });
});
