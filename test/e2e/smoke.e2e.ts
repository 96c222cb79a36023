import * as assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { useWorkbench } from './support/workbench';

describe('smoke: the Records extension in the browser-hosted editor', () => {
  const workbench = useWorkbench();

  it('loads the workbench', async () => {
    const { page } = workbench();
    assert.equal(await page.locator('.monaco-workbench').isVisible(), true);
    assert.ok((await workbench().activityBarItem(/./).count()) > 0, 'the activity bar has items');
    const path = await workbench().screenshot('01-workbench');
    assert.ok(existsSync(path) && statSync(path).size > 10_000, 'the screenshot is a real picture');
  });

  it('opens the Records container and shows its welcome content or tree', async function () {
    const wb = workbench();
    const sideBar = await wb.openViewContainer('Records');
    const content = wb.welcomeContent().or(wb.treeRows()).first();
    await content.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match((await sideBar.locator('.composite.title').innerText()).trim(), /records/i);
    await wb.screenshot('02-records-container');
  });
});
