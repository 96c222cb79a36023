// Files as a person handles them in the browser-hosted editor: right-click a file in the
// Explorer → "Attach to Record…" → pick the record → the attachment shows under the record in
// the Records tree; open it from there; save it elsewhere; drag a file from the Explorer onto a
// record of the Records tree.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireSandbox } from './support/environment';
import { addTokenConnection } from './support/connections';
import { answerFileDialog } from './support/quickInput';
import type { FrameLocator, Page } from 'playwright-core';
import { type Workbench, useWorkbench } from './support/workbench';

const CONNECTION = 'Files E2E';

/** The content frame of the visible webview (VS Code nests it: iframe.webview > #active-frame). */
function editorFrame(page: Page): FrameLocator {
  return page.locator('iframe.webview.ready:visible').last().contentFrame().locator('#active-frame').contentFrame();
}

/** Shows the Records tree with only our connection open, down to IT/TASK's records. */
async function showTasks(wb: Workbench): Promise<void> {
  const sideBar = await wb.openViewContainer('Records');
  await sideBar.getByRole('button', { name: /Collapse All/ }).click().catch(() => undefined);
  await wb.expandRow(CONNECTION);
  await wb.expandRow('IT Operations');
  await wb.expandRow('Tasks');
}

describe('files in the browser-hosted editor', () => {
  const workbench = useWorkbench();

  before(async function () {
    this.timeout(120_000);
    const wb = workbench();
    const sandbox = requireSandbox();
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, CONNECTION, sandbox.url, sandbox.adminToken);
    // Adding a connection selects it, and the record picker searches the selected connection.
    await wb.page.locator('.part.statusbar .statusbar-item').filter({ hasText: `${CONNECTION}: Ada Admin` }).first().waitFor({ state: 'visible', timeout: 30_000 });
  });

  it('attaches a file from the Explorer to a record picked by reference, and shows it under the record', async function () {
    this.timeout(120_000);
    const wb = workbench();
    await wb.openViewContainer('Explorer');
    await wb.expandRow('notes');
    await wb.contextMenu(wb.treeRow('readme.txt'), 'Attach to Record…');
    const pick = wb.page.locator('.quick-input-widget');
    await pick.locator('.quick-input-box input').fill('IT/TASK2');
    const record = pick.locator('.monaco-list-row').filter({ hasText: 'Replace printer toner on floor 3' }).first();
    await record.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('files-01-pick-record');
    await record.click();
    // IT/TASK has two file fields: the list of attachments comes first.
    const field = pick.locator('.monaco-list-row').filter({ hasText: 'Attachments' }).first();
    await field.waitFor({ state: 'visible' });
    await wb.screenshot('files-02-pick-field');
    await field.click();
    await wb.waitForNotification(/Attached readme\.txt to IT\/TASK2/, 60_000);

    await showTasks(wb);
    await wb.expandRow(/Replace printer toner on floor 3/);
    await wb.treeRow('printer-notes.txt').waitFor({ state: 'visible' });
    await wb.treeRow('readme.txt').waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('files-03-attached-in-tree');
  });

  it('opens the attachment from the tree in an editor', async function () {
    this.timeout(60_000);
    const wb = workbench();
    await wb.contextMenu(wb.treeRow('readme.txt'), 'Open Attachment');
    await wb.page.locator('.editor-group-container .tab.active').filter({ hasText: 'readme.txt' }).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.locator('.editor-group-container .view-lines').filter({ hasText: 'Opened by the end-to-end tests.' }).first().waitFor({ state: 'visible' });
    await wb.screenshot('files-04-opened');
  });

  it('saves the attachment elsewhere with "Save Attachment As…"', async function () {
    this.timeout(60_000);
    const wb = workbench();
    const workspace = process.env.E2E_WORKSPACE_DIR;
    assert.ok(workspace, 'run.mjs passes the workspace folder');
    await wb.contextMenu(wb.treeRow('readme.txt'), 'Save Attachment As…');
    // code-server's save dialog is the simple one: a quick input holding the path.
    const target = join(workspace, 'notes', 'readme-copy.txt');
    await answerFileDialog(wb, target);
    await wb.waitForNotification(/Saved .*readme-copy\.txt/, 30_000);
    assert.equal(readFileSync(target, 'utf8'), readFileSync(join(workspace, 'notes', 'readme.txt'), 'utf8'));
    await wb.screenshot('files-05-saved-as');
  });

  it('attaches a file dragged from its editor tab onto a record in the Records tree', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const workspace = process.env.E2E_WORKSPACE_DIR!;
    writeFileSync(join(workspace, 'notes', 'dropped.txt'), 'Dragged onto a record by the end-to-end tests.\n');
    await wb.openViewContainer('Explorer');
    await wb.treeRow('dropped.txt').waitFor({ state: 'visible', timeout: 30_000 });
    await wb.treeRow('dropped.txt').dblclick();
    const tab = wb.page.locator('.editor-group-container .tab').filter({ hasText: 'dropped.txt' }).first();
    await tab.waitFor({ state: 'visible' });
    await showTasks(wb);
    const record = wb.treeRow(/Replace printer toner on floor 3/);
    await tab.dragTo(record);
    const field = wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Attachments' }).first();
    await field.waitFor({ state: 'visible', timeout: 30_000 });
    await field.click();
    await wb.waitForNotification(/Attached dropped\.txt to IT\/TASK2/, 60_000);
    // The progress notification closes once the upload and the attach are done.
    await wb.page.locator('.notifications-toasts .notification-toast').filter({ hasText: /Uploading dropped\.txt/ }).waitFor({ state: 'hidden', timeout: 15_000 });
    await wb.expandRow(/Replace printer toner on floor 3/);
    await wb.treeRow('dropped.txt', wb.sideBar()).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('files-06-dropped-on-record');
  });

  it('attaches a file dragged from the Explorer (over the Records icon) onto a record', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const workspace = process.env.E2E_WORKSPACE_DIR!;
    writeFileSync(join(workspace, 'notes', 'from-explorer.txt'), 'Dragged from the Explorer by the end-to-end tests.\n');
    await wb.openViewContainer('Explorer');
    const source = wb.treeRow('from-explorer.txt');
    await source.waitFor({ state: 'visible', timeout: 30_000 });
    const from = (await source.boundingBox())!;
    await wb.page.mouse.move(from.x + 30, from.y + from.height / 2);
    await wb.page.mouse.down();
    await wb.page.mouse.move(from.x + 50, from.y + from.height / 2, { steps: 5 });
    // Hovering a drag over an activity-bar item opens its view container, as a person does.
    const icon = (await wb.activityBarItem('Records').first().boundingBox())!;
    await wb.page.mouse.move(icon.x + icon.width / 2, icon.y + icon.height / 2, { steps: 10 });
    const target = wb.treeRow(/Confidential: salary data export/);
    await target.waitFor({ state: 'visible', timeout: 10_000 });
    const to = (await target.boundingBox())!;
    await wb.page.mouse.move(to.x + 60, to.y + to.height / 2, { steps: 10 });
    await wb.page.waitForTimeout(300);
    await wb.page.mouse.up();
    const field = wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Attachments' }).first();
    await field.waitFor({ state: 'visible', timeout: 30_000 });
    await field.click();
    await wb.waitForNotification(/Attached from-explorer\.txt to IT\/TASK3/, 60_000);
    await wb.expandRow(/Confidential: salary data export/);
    await wb.treeRow('from-explorer.txt').waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('files-06c-dropped-from-explorer');
  });

  it('inserts a record\'s reference when the record is dragged into a text editor', async function () {
    this.timeout(60_000);
    const wb = workbench();
    // dropped.txt is open from the test before; the record row is in the Records view.
    const editor = wb.page.locator('.editor-group-container .monaco-editor .view-lines').first();
    await editor.waitFor({ state: 'visible' });
    const record = wb.treeRow(/Replace printer toner on floor 3/);
    // Slowly, so the extension host has answered handleDrag before the drop; Shift drops into the editor.
    const from = (await record.boundingBox())!;
    const to = (await editor.boundingBox())!;
    await wb.page.mouse.move(from.x + 40, from.y + from.height / 2);
    await wb.page.mouse.down();
    await wb.page.mouse.move(from.x + 60, from.y + from.height / 2, { steps: 5 });
    await wb.page.waitForTimeout(500);
    await wb.page.keyboard.down('Shift');
    await wb.page.mouse.move(to.x + 300, to.y + 60, { steps: 10 });
    await wb.page.waitForTimeout(500);
    await wb.page.mouse.up();
    await wb.page.keyboard.up('Shift');
    await editor.filter({ hasText: 'IT/TASK2' }).waitFor({ state: 'visible', timeout: 15_000 });
    await wb.screenshot('files-06b-reference-dropped-in-editor');
    await wb.runCommand('File: Revert File');
  });

  it('adds a file to a file field in the record editor with "Add Files…"', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const workspace = process.env.E2E_WORKSPACE_DIR!;
    writeFileSync(join(workspace, 'notes', 'added-in-editor.txt'), 'Added from the record editor.\n');
    await showTasks(wb);
    await wb.contextMenu(wb.treeRow(/Replace printer toner on floor 3/), 'Open Record');
    const frame = editorFrame(wb.page);
    const field = frame.locator('.field[data-field="attachments"]');
    await field.getByText('dropped.txt').waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('files-07-editor-file-field');
    await field.getByRole('button', { name: 'Add Files…' }).click();
    await answerFileDialog(wb, join(workspace, 'notes', 'added-in-editor.txt'));
    await frame.locator('.status').filter({ hasText: /Attached\. "Attachments" now holds 4 file\(s\)/ }).waitFor({ state: 'visible', timeout: 60_000 });
    await field.getByText('added-in-editor.txt').waitFor({ state: 'visible' });
    await wb.page.locator('.notifications-toasts .notification-toast').filter({ hasText: /Uploading added-in-editor\.txt/ }).waitFor({ state: 'hidden', timeout: 15_000 });
    await wb.runCommand('Notifications: Clear All Notifications');
    await wb.screenshot('files-08-editor-file-added');
    await frame.locator('.field[data-field="c_spec_file"]').getByRole('button', { name: 'Choose File…' }).scrollIntoViewIfNeeded();
    await wb.screenshot('files-09-editor-single-file-field');
  });

  it('takes files dropped on a file field of the record editor (as VS Code delivers a Shift-drop from the Explorer)', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const workspace = process.env.E2E_WORKSPACE_DIR!;
    const path = join(workspace, 'notes', 'dropped-in-editor.txt');
    writeFileSync(path, 'Dropped on the record editor.\n');
    const frame = editorFrame(wb.page);
    const field = frame.locator('.field[data-field="attachments"] .file-box');
    // Playwright cannot hold Shift through a drag between VS Code's parts, so the drop event
    // is dispatched with the data VS Code puts in it: the Explorer's URIs under "resourceurls".
    await field.evaluate((zone, uri) => {
      const data = new DataTransfer();
      data.setData('resourceurls', JSON.stringify([uri]));
      data.setData('text/uri-list', uri);
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, `vscode-remote://localhost${path}`);
    await frame.locator('.status').filter({ hasText: /now holds 5 file\(s\)/ }).waitFor({ state: 'visible', timeout: 60_000 });
    await frame.locator('.field[data-field="attachments"]').getByText('dropped-in-editor.txt').waitFor({ state: 'visible' });
  });
});
