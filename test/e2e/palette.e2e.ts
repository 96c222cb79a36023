// The Command Palette as a newcomer sees it: the commands about the last bulk run are not offered
// before there was one, and My Work's commands only while My Work shows. And the status bar of a
// first query: one item per fact.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { openPaletteAt } from './support/quickInput';
import { useWorkbench } from './support/workbench';

const BULK_RUN_COMMANDS = [
  'Retry Failed Changes of the Last Bulk Run',
  'Undo the Last Bulk Set Field',
  'Open Records That Failed in the Last Bulk Run as RLX',
  'Copy the Report of the Last Bulk Run',
];

/**
 * The palette's entries for `text`, once it has filtered for it: `known` is typed first and must be
 * listed (so the extension's commands are loaded and an empty answer is an answer), then `text`.
 */
async function paletteEntries(page: Page, text: string, known = 'Records: Show Log'): Promise<string[]> {
  await openPaletteAt(page, known);
  const rows = page.locator('.quick-input-widget .monaco-list-row');
  await page.locator('.quick-input-widget .quick-input-box input').fill(`>${text}`);
  await rows.filter({ hasText: known }).first().waitFor({ state: 'detached' });
  const entries = (await rows.allInnerTexts()).map((entry) => entry.replace(/\s+/g, ' ').trim());
  return entries;
}

describe('the Command Palette', () => {
  const workbench = useWorkbench();

  it('lists no command about the last bulk run before there was one, and My Work\'s only with My Work', async function () {
    this.timeout(180_000);
    const wb = workbench();
    await wb.startLocalSandbox();

    for (const command of BULK_RUN_COMMANDS) {
      const entries = await paletteEntries(wb.page, command);
      assert.deepEqual(entries.filter((entry) => entry.includes(command)), [], `"${command}" is offered with no bulk run`);
      await wb.page.keyboard.press('Escape');
    }
    const bulk = await paletteEntries(wb.page, 'Records: bulk run');
    assert.deepEqual(bulk.filter((entry) => /bulk run/i.test(entry)), [], 'nothing about a bulk run');
    await wb.page.keyboard.press('Escape');

    // My Work hidden (another side bar in front): its commands are not offered.
    await wb.openViewContainer('Explorer');
    const hidden = await paletteEntries(wb.page, 'Records: Mark All as Seen');
    assert.deepEqual(hidden.filter((entry) => entry.includes('Mark All as Seen')), [], '"Mark All as Seen" without My Work');
    await wb.page.keyboard.press('Escape');
    // My Work shown: they are.
    await wb.runCommand('Records: Focus on My Work View');
    await openPaletteAt(wb.page, 'Records: Mark All as Seen');
    await wb.page.keyboard.press('Escape');

    // The picture for the report: what "Records:" offers in a fresh window with the sandbox.
    await openPaletteAt(wb.page, 'Records: Show Log');
    await wb.page.locator('.quick-input-widget .quick-input-box input').fill('>Records: ');
    await wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Add Connection' }).first().waitFor({ state: 'visible' });
    await wb.screenshot('palette-records');
    await wb.page.keyboard.press('Escape');
  });

  it('names the connection once in the status bar while a query of that connection is open', async function () {
    this.timeout(120_000);
    const wb = workbench();
    await wb.runCommand('Records: Open a Sample Query');
    await wb.page.locator('.editor-group-container .view-lines').filter({ hasText: 'keeper_id = @me' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    const items = wb.page.locator('.part.statusbar .statusbar-item');
    // The query's own item (its scope and count) is up once the editor is: the others are by then.
    await items.filter({ hasText: /all apps/ }).first().waitFor({ state: 'visible', timeout: 30_000 });
    const naming = (await items.allInnerTexts()).filter((text) => text.includes('Local Sandbox'));
    assert.deepEqual(naming.length, 1, `status bar items naming the connection: ${naming.join(' | ')}`);
    await wb.screenshot('status-bar-one-connection');
    await wb.runCommand('View: Revert and Close Editor');
  });
});

