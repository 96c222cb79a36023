// Record references in the browser-hosted editor: hovering `IT/TASK2` in a markdown file shows
// the record's title, Ctrl+click opens it in the record editor, and typing `IT/TASK` in the
// Source Control commit box offers records to insert.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { requireSandbox } from './support/environment';
import { addTokenConnection } from './support/connections';
import { startPromptingCommand } from './support/quickInput';
import { type Workbench, useWorkbench } from './support/workbench';

const PRINTER_TITLE = 'Replace printer toner on floor 3';
const CONNECTION = 'References E2E';

/** The span of the open text editor that holds `text` (a line of its own, so it is one token). */
function editorText(page: Page, text: string): Locator {
  return page.locator('.editor-group-container .monaco-editor .view-line span span').filter({ hasText: new RegExp(`^${text.replace(/[/]/g, '\\/')}$`) }).first();
}

/** The printer task's row in the Records view, expanded down to it. */
async function printerRow(wb: Workbench): Promise<Locator> {
  await wb.openViewContainer('Records');
  await wb.expandRow(CONNECTION);
  await wb.expandRow('IT Operations');
  await wb.expandRow('Tasks');
  const row = wb.treeRows().filter({ hasText: PRINTER_TITLE }).first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  return row;
}

/** VS Code's own search view, with the reference as the query and the markdown file as a hit. */
async function expectSearchHit(page: Page): Promise<void> {
  const search = page.locator('.search-view');
  const box = search.locator('.search-widget textarea, .search-widget input').first();
  await box.waitFor({ state: 'visible' });
  assert.equal(await box.inputValue(), 'IT/TASK2');
  await search.locator('.monaco-list-row').filter({ hasText: 'release-notes.md' }).first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** Leaves the tree as later specs expect it: this connection collapsed. */
async function collapseConnection(wb: Workbench): Promise<void> {
  await wb.openViewContainer('Records');
  await wb.treeRow(CONNECTION).locator('.monaco-tl-twistie').click();
  await wb.page.locator('.monaco-list-row[aria-expanded="false"]').filter({ hasText: CONNECTION }).first().waitFor({ state: 'visible' });
}

describe('record references in the browser-hosted editor', () => {
  const workbench = useWorkbench();
  let workspaceSettings = '';

  before(async function () {
    this.timeout(120_000);
    const workspaceDir = process.env.E2E_WORKSPACE_DIR;
    assert.ok(workspaceDir, 'run.mjs names the workspace folder');
    writeFileSync(join(workspaceDir, 'release-notes.md'), '# Release notes\n\nFixed the printer queue:\n\nIT/TASK2\n\nNot a reference: HTTP/1\n');
    // The commit box needs a git repository, and git is off in the e2e profile: turn it on for
    // this folder only, until this spec ends.
    execFileSync('git', ['init', '--quiet', workspaceDir]);
    mkdirSync(join(workspaceDir, '.vscode'), { recursive: true });
    workspaceSettings = join(workspaceDir, '.vscode', 'settings.json');
    writeFileSync(workspaceSettings, JSON.stringify({ 'git.enabled': true }));
    const wb = workbench();
    const sandbox = requireSandbox();
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, CONNECTION, sandbox.url, sandbox.adminToken);
    // References resolve against the active connection: make it this one.
    await startPromptingCommand(wb.page, 'Records: Select Connection…');
    const pick = wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: CONNECTION }).first();
    await pick.click();
  });

  after(() => {
    if (workspaceSettings) rmSync(workspaceSettings, { force: true });
  });

  it('shows the record title when hovering a reference in a markdown file', async function () {
    this.timeout(90_000);
    const wb = workbench();
    await wb.page.locator('.monaco-workbench').focus();
    await wb.page.keyboard.press('Control+P');
    await wb.page.locator('.quick-input-widget .quick-input-box input').fill('release-notes.md');
    await wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'release-notes.md' }).first().waitFor({ state: 'visible' });
    await wb.page.keyboard.press('Enter');
    const reference = editorText(wb.page, 'IT/TASK2');
    await reference.waitFor({ state: 'visible' });
    const hover = wb.page.locator('.monaco-hover').filter({ hasText: PRINTER_TITLE });
    // The first hover may come before the extension has read the workspaces: move away and back.
    for (let attempt = 0; attempt < 5 && !(await hover.isVisible()); attempt++) {
      await wb.page.mouse.move(5, 5);
      await reference.hover();
      await hover.waitFor({ state: 'visible', timeout: 6_000 }).catch(() => undefined);
    }
    await hover.waitFor({ state: 'visible' });
    assert.match((await hover.innerText()).replace(/\s+/g, ' '), /State: Open/);
    await hover.getByText('Open', { exact: true }).waitFor({ state: 'visible' });
    await wb.screenshot('references-01-hover');
  });

  it('opens the record in the record editor on Ctrl+click', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const frame = wb.page.locator('iframe.webview.ready:visible').last().contentFrame().locator('#active-frame').contentFrame();
    const heading = frame.locator('h1').filter({ hasText: PRINTER_TITLE });
    // As a person does it: hold Ctrl, point at the link until it is underlined, click. The
    // editor ignores a click that comes before it has seen Ctrl over the link, so try again then.
    for (let attempt = 0; attempt < 3 && !(await heading.isVisible().catch(() => false)); attempt++) {
      await wb.page.keyboard.press('Escape');
      await wb.page.mouse.move(5, 5);
      const box = await editorText(wb.page, 'IT/TASK2').boundingBox();
      assert.ok(box, 'the reference is on screen');
      await wb.page.keyboard.down('Control');
      await wb.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
      await wb.page.waitForTimeout(300);
      await wb.page.mouse.down();
      await wb.page.mouse.up();
      await wb.page.keyboard.up('Control');
      await heading.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
    }
    await heading.waitFor({ state: 'visible', timeout: 20_000 });
    await wb.screenshot('references-02-ctrl-click-opens-record');
  });

  it('finds the files that mention a record from its context menu in the tree', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const row = await printerRow(wb);
    await wb.contextMenu(row, 'Find References to Record');
    await expectSearchHit(wb.page);
    await wb.screenshot('references-03-find-references');
    await collapseConnection(wb);
  });

  it('finds the files that mention the record open in the record editor', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const row = await printerRow(wb);
    await wb.contextMenu(row, 'Open');
    await wb.page.locator('.tabs-container .tab.active').filter({ hasText: 'TASK2' }).waitFor({ state: 'visible', timeout: 30_000 });
    // Clear the search view's query so the hit below comes from this run.
    await wb.runCommand('Search: Clear Search Results');
    await wb.runCommand('Records: Find References to Record');
    await expectSearchHit(wb.page);
    await collapseConnection(wb);
  });

  it('offers records after IT/TASK in the Source Control commit box and inserts the picked one', async function () {
    this.timeout(90_000);
    const wb = workbench();
    await wb.openViewContainer('Source Control');
    const box = wb.page.locator('.scm-editor .monaco-editor').first();
    await box.waitFor({ state: 'visible', timeout: 30_000 });
    await box.click();
    await wb.page.keyboard.type('Fix IT/TASK', { delay: 60 });
    const suggestion = wb.page.locator('.suggest-widget .monaco-list-row').filter({ hasText: /IT\/TASK\d+/ }).first();
    if (!(await suggestion.isVisible().catch(() => false))) {
      await suggestion.waitFor({ state: 'visible', timeout: 5_000 }).catch(async () => {
        await wb.page.keyboard.press('Control+Space');
      });
    }
    await suggestion.waitFor({ state: 'visible', timeout: 30_000 });
    const label = /IT\/TASK\d+/.exec(await suggestion.innerText())![0];
    await wb.screenshot('references-04-commit-box-completion');
    await wb.page.keyboard.press('Enter');
    await wb.page.locator('.scm-editor .view-line').filter({ hasText: `Fix ${label}` }).first().waitFor({ state: 'visible' });
    await wb.screenshot('references-05-commit-box-inserted');
    // The next spec's window would restore these editors.
    await wb.runCommand('View: Close All Editors');
  });
});
