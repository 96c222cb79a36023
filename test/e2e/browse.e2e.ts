// Browsing records as a person does: start the local sandbox from the Records view, expand
// connection → workspace → app, load more rows, and run an action from a record's menu.
import * as assert from 'node:assert/strict';
import { type Workbench, useWorkbench } from './support/workbench';

/** Scrolls the Records tree to its end (1) or start (-1); it renders only the rows in view. */
async function scrollTree(wb: Workbench, direction: 1 | -1): Promise<void> {
  const box = await wb.sideBar().boundingBox();
  assert.ok(box, 'the side bar is visible');
  // Over the scrollbar, where no row hover (tooltip) can swallow the wheel events.
  await wb.page.mouse.move(box.x + box.width - 6, box.y + box.height / 2);
  for (let i = 0; i < 20; i++) await wb.page.mouse.wheel(0, direction * 1500);
  await wb.page.waitForTimeout(300);
}

describe('browse records in the tree', () => {
  const workbench = useWorkbench();

  it('starts the sandbox and shows its workspaces, apps and records', async function () {
    this.timeout(120_000);
    const wb = workbench();
    await wb.startLocalSandbox();
    await wb.expandRow('Local Sandbox');
    await wb.expandRow('IT Operations');
    await wb.screenshot('browse-01-workspace');
    await wb.expandRow('Tasks');
    await wb.treeRow(/IT\/TASK\d+/).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('browse-02-records');
  });

  it('"Load more…" appends the next page', async function () {
    this.timeout(60_000);
    const wb = workbench();
    // The tree renders only the rows in view: scroll to its end, where "Load more…" is.
    const scrollToEnd = (): Promise<void> => scrollTree(wb, 1);
    await scrollToEnd();
    const more = wb.treeRow('Load more…');
    await more.waitFor({ state: 'visible' });
    assert.match((await more.textContent()) ?? '', /50 of \d+ shown/);
    await wb.screenshot('browse-03-before-load-more');
    await more.click();
    // The rows are re-rendered when the page arrives: scroll again until the new end is in view.
    const after = wb.treeRows().filter({ hasText: /100 of \d+ shown/ }).first();
    const deadline = Date.now() + 30_000;
    while (!(await after.isVisible()) && Date.now() < deadline) await scrollToEnd();
    assert.ok(await after.isVisible(), 'the Load more row counts 100 shown records');
    await wb.screenshot('browse-04-load-more');
  });

  it('runs an action from the context menu and shows the new state', async function () {
    this.timeout(60_000);
    const wb = workbench();
    // A row well inside the view: rows near the top sit under the tree's sticky header rows,
    // and rendered rows outside the view cannot be clicked.
    const sideBar = await wb.sideBar().boundingBox();
    assert.ok(sideBar, 'the side bar is visible');
    const candidates = wb.treeRows().filter({ hasText: / · Open/ });
    let open = candidates.first();
    for (let i = 0; i < (await candidates.count()); i++) {
      const box = await candidates.nth(i).boundingBox();
      if (box && box.y > sideBar.y + 200 && box.y + box.height < sideBar.y + sideBar.height - 40) {
        open = candidates.nth(i);
        break;
      }
    }
    await open.waitFor({ state: 'visible' });
    const reference = /(IT\/TASK\d+)/.exec((await open.getAttribute('aria-label')) ?? '')?.[1];
    assert.ok(reference, 'record rows carry their reference in the accessible label');
    await wb.contextMenu(open, 'Run Action…');
    const pick = wb.page.locator('.quick-input-widget');
    await pick.locator('.monaco-list-row').filter({ hasText: 'Start work' }).first().click();
    await pick.locator('.quick-input-title').filter({ hasText: /Comment/ }).waitFor({ state: 'visible' });
    await wb.screenshot('browse-05-action-comment');
    await wb.page.keyboard.press('Enter');
    const updated = wb.treeRow(reference).filter({ hasText: /In progress/ });
    await updated.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('browse-06-action-done');
  });

  it('once the sandbox is stopped, its row offers to start it again, and that click brings the workspaces back', async function () {
    this.timeout(120_000);
    const wb = workbench();
    await scrollTree(wb, -1);
    await wb.runCommand('Records: Stop Local Sandbox');
    const start = wb.treeRow('Sandbox stopped: click to start');
    // Nothing answers at its address now: the read is retried for a few seconds before the row shows.
    await start.waitFor({ state: 'visible', timeout: 60_000 });
    await wb.screenshot('browse-07-sandbox-stopped');
    await start.click();
    await wb.treeRow('IT Operations').waitFor({ state: 'visible', timeout: 60_000 });
    assert.equal(await start.isVisible(), false, 'the row is gone once the sandbox answers');
  });
});
