// A query keeps its connection: with two connections, a `.rlx` file naming the second with
// `@connection` runs against the second after a window reload — never against the active one.
// The two are different demo users: only the second (Rita, IT and HR) may read HR/HIRING, so
// rows in the grid prove which connection answered.
import * as assert from 'node:assert/strict';
import { requireSandbox } from './support/environment';
import { addTokenConnection } from './support/connections';
import { startPromptingCommand } from './support/quickInput';
import { type Workbench, useWorkbench } from './support/workbench';

function addConnection(wb: Workbench, name: string, token: string): Promise<void> {
  return addTokenConnection(wb, name, requireSandbox().url, token);
}

describe('an RLX file keeps its connection', () => {
  const workbench = useWorkbench();

  afterEach(async () => {
    const wb = workbench();
    const tab = wb.page.locator('.tabs-container .tab').filter({ hasText: /New query( \d+)?\s*\.rlx|Untitled-\d/ });
    if ((await tab.count()) === 0) return;
    await tab.first().click();
    await wb.runCommand('View: Revert and Close Editor');
  });

  it('runs against the connection its @connection names, after a window reload, while another one is active', async function () {
    this.timeout(240_000);
    const wb = workbench();
    const page = wb.page;
    await wb.openViewContainer('Records');
    const users = requireSandbox().users;
    const token = (name: RegExp): string => {
      const user = users.find((candidate) => name.test(candidate.name));
      assert.ok(user, `the sandbox has ${name}`);
      return user.token;
    };
    await addConnection(wb, 'Member', token(/^Max Member/));
    await addConnection(wb, 'Restricted HR', token(/^Rita Restricted/));
    // The active connection is Max Member, who may not read HR.
    await startPromptingCommand(page, 'Records: Select Connection');
    const pick = page.locator('.quick-input-widget');
    await pick.locator('.monaco-list-row').filter({ hasText: 'Member' }).first().waitFor({ state: 'visible' });
    await pick.locator('.quick-input-box input').fill('Member');
    await page.keyboard.press('Enter');
    await page.locator('.statusbar-item').filter({ hasText: 'Member: Max Member' }).first().waitFor({ state: 'visible', timeout: 30_000 });

    await wb.runCommand('Records: New RLX Query');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-line').filter({ hasText: '### New query' }).waitFor({ state: 'visible', timeout: 30_000 });
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+Home');
    // Escape before each Enter, and the Enter only once no completion list shows. A list that
    // opens late on a busy machine can still take the Enter: accepting the name typed changes
    // nothing (the text after the cursor stays, the default insert mode), so the line is not on
    // its own yet, and the Enter is pressed again, as a person would.
    const suggestions = page.locator('.editor-widget.suggest-widget.visible');
    for (const line of ['@connection "Restricted HR"', '@app HR/HIRING']) {
      await page.keyboard.type(line);
      // The line on its own (the editor draws spaces as no-break spaces, which \s matches).
      const alone = editor.locator('.view-line').filter({ hasText: new RegExp(`^${line.replace(/[/"]/g, '\\$&').replace(/ /g, '\\s')}$`) });
      for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('Escape');
        await suggestions.waitFor({ state: 'hidden' });
        await page.keyboard.press('Enter');
        if (await alone.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false)) break;
        assert.ok(attempt < 3, `"${line}" never ended up on a line of its own`);
      }
    }
    // The status bar names the file's connection, not the active one.
    await page.locator('.statusbar-item').filter({ hasText: 'Restricted HR' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('rlx-connection-01-status-bar');
    // VS Code backs the untitled file up a moment after the last keystroke.
    await page.waitForTimeout(2500);

    await wb.runCommand('Developer: Reload Window');
    await wb.waitUntilReady();
    const restored = page.locator('.editor-instance .monaco-editor').first();
    await restored.locator('.view-line').filter({ hasText: '@connection "Restricted HR"' }).waitFor({ state: 'visible', timeout: 60_000 });
    await restored.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.locator('.statusbar-item').filter({ hasText: 'Restricted HR' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.keyboard.press('Control+Enter');
    const grid = await wb.webviewShowing('.grid-row', 60_000);
    const references = await grid.locator('.grid-row .grid-cell[aria-colindex="1"]').allTextContents();
    assert.ok(references.length > 0, 'rows came back');
    assert.ok(references.every((text) => /HR\/HIRING\d+/.test(text)), `only HR/HIRING rows, which the active connection cannot read: ${references.join(', ')}`);
    await wb.screenshot('rlx-connection-02-results-after-reload');
  });
});
