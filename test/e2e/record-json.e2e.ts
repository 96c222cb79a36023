// "Open as JSON" as a person uses it: the record as JSON in a text editor, change the title,
// Ctrl+S saves it (checked at the sandbox); when someone else saved meanwhile, the save fails
// and "Compare" opens theirs against yours. Then the request log, with the request ids.
import * as assert from 'node:assert/strict';
import { requireSandbox } from './support/environment';
import { addTokenConnection } from './support/connections';
import { useWorkbench } from './support/workbench';

async function api(path: string, body: unknown): Promise<unknown> {
  const sandbox = requireSandbox();
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `SVC_AUTH_CODE ${sandbox.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200);
  return response.json();
}

async function titleOf(id: string): Promise<string> {
  const records = (await api('/api/w/IT/a/TASK/tickets/list', { rlx: `id = "${id}"`, listOfFields: 'title', limitRecords: 1 })) as { title: string }[];
  return records[0]?.title ?? '';
}

describe('a record as JSON in the browser-hosted editor', () => {
  const workbench = useWorkbench();
  // The demo record IT/TASK2, near the top of the tree; its title is put back afterwards.
  const id = '00000000-0000-4000-a000-000000000002';
  const original = 'Replace printer toner on floor 3';

  after(async () => {
    await api('/api/tickets/multi', [{ transition: 'edit', id, title: original }]);
  });

  before(async function () {
    this.timeout(120_000);
    const wb = workbench();
    const sandbox = requireSandbox();
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, 'JSON E2E', sandbox.url, sandbox.adminToken);
  });

  it('opens a record as JSON from the tree, and Ctrl+S saves a changed title', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const page = wb.page;
    await wb.expandRow('JSON E2E');
    await wb.expandRow('IT Operations');
    await wb.expandRow('Tasks');
    const row = wb.treeRows().filter({ hasText: /Replace printer toner on floor 3/ }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.contextMenu(row, 'Open as JSON');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    const titleLine = editor.locator('.view-line').filter({ hasText: '"title": "Replace printer toner on floor 3"' });
    await titleLine.waitFor({ state: 'visible', timeout: 30_000 });
    // The tab names the record, not a file called record.json nor its id.
    assert.match((await page.locator('.tabs-container .tab.active .tab-label').innerText()).trim(), /^TASK2 Replace printer toner on floor 3\s*\.json$/);
    await titleLine.click();
    await page.keyboard.press('End');
    for (let i = 0; i < '",'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(' (saved from JSON)');
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible' });
    await wb.screenshot('json-01-record-as-json');
    await page.keyboard.press('Control+s');
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(await titleOf(id), `${original} (saved from JSON)`);
  });

  it('keeps what is typed while a save lands, and saves it with the next Ctrl+S', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const page = wb.page;
    const editor = page.locator('.editor-instance .monaco-editor').first();
    const saved = `${original} (saved from JSON)`;
    await editor.locator('.view-line').filter({ hasText: `"title": "${saved}"` }).click();
    await page.keyboard.press('End');
    for (let i = 0; i < '",'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(' d');
    await page.keyboard.press('Control+s');
    // Typed at once, while the save goes to the service and the record is read back.
    await page.keyboard.type('ef');
    for (const deadline = Date.now() + 30_000; !(await titleOf(id)).startsWith(`${saved} d`);) {
      if (Date.now() > deadline) assert.fail(`the first save never landed: ${await titleOf(id)}`);
      await page.waitForTimeout(200);
    }
    await editor.locator('.view-line').filter({ hasText: `"title": "${saved} def",` }).waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.press('Control+s');
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(await titleOf(id), `${saved} def`, 'every character typed, in place, saved');
    await editor.locator('.view-line').filter({ hasText: `"title": "${saved} def",` }).waitFor({ state: 'visible' });
  });

  it('fails the save when someone else saved meanwhile, and Compare shows theirs against yours', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const page = wb.page;
    await api('/api/tickets/multi', [{ transition: 'edit', id, title: 'Changed elsewhere' }]);
    const editor = page.locator('.editor-instance .monaco-editor').first();
    const titleLine = editor.locator('.view-line').filter({ hasText: `"title": "${original} (saved from JSON) def"` });
    await titleLine.click();
    await page.keyboard.press('End');
    for (let i = 0; i < '",'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('!');
    await page.keyboard.press('Control+s');
    // VS Code's own "Failed to save" toast carries the explanation too; ours offers Compare.
    await wb.waitForNotification(/Someone saved this record since you opened it/, 30_000);
    const ours = page.locator('.notifications-toasts .notification-toast').filter({ has: page.getByRole('button', { name: 'Compare' }) });
    await ours.getByRole('button', { name: 'Compare' }).click();
    await page.locator('.editor-instance .monaco-diff-editor').first().waitFor({ state: 'visible', timeout: 30_000 });
    // The Compare tab names the record, not its id.
    assert.equal((await page.locator('.tabs-container .tab.active .tab-label').innerText()).trim(), 'TASK2 Replace printer toner on floor 3: theirs ↔ yours');
    await wb.screenshot('json-02-conflict-compare');
    assert.equal(await titleOf(id), 'Changed elsewhere', 'theirs stays');
    // Leave no unsaved record behind: the next spec's window would restore it (hot exit).
    await wb.runCommand('View: Revert and Close Editor');
    await wb.runCommand('View: Close All Editors');
  });

  it('shows every request in the Records log, with its status and request id', async function () {
    this.timeout(60_000);
    const wb = workbench();
    await wb.runCommand('Records: Show Log');
    const output = wb.page.locator('.part.panel .view-lines');
    await output.filter({ hasText: /\[info\]\s\[[^\]]+\]\s(GET|POST)\s\/api\/\S+\s→\s200\sin\s\d+\sms/ }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await output.filter({ hasText: /request\sid\s[0-9a-f-]{36}/ }).first().waitFor({ state: 'visible' });
    assert.equal(/SVC_AUTH_CODE|sandbox-admin-token/.test(await output.first().innerText()), false, 'no secret in the log');
    await wb.screenshot('log-01-request-log');
  });
});
