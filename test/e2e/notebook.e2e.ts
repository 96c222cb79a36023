// An RLX file as a notebook in the real editor: "Open as Notebook" on a `.rlx` file, Run All
// fills the cells with a table, a count and a pivot with its chart (light and dark themes; the
// markdown cells are drawn in the notebook's webview, so the spec reads the code cells); a
// markdown cell added and saved comes back as `//` lines when the file is reopened as text,
// with the queries unchanged. Open as Notebook / Open as Text leave the file one tab. A table
// wider than a narrow editor spans the output and scrolls sideways, its toolbar on one line.
// Ctrl+Enter in a cell runs that cell, in place.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { requireSandbox } from './support/environment';
import { addTokenConnection } from './support/connections';
import { useWorkbench } from './support/workbench';
import { waitUntil } from '../support/waitUntil';

const CONNECTION = 'Notebook Sandbox';
const FILE = 'explore.rlx';
/** One query, run with Ctrl+Enter in its cell. */
const SINGLE = 'ctrl-enter.rlx';
/** One query with more columns than the narrowed window has room for. */
const WIDE = 'wide.rlx';
const TEXT = [
  '// Open work in IT, week 47',
  '@app IT/TASK',
  `@connection "${CONNECTION}"`,
  '',
  '### Open tasks',
  '@fields title, state, priority',
  '@limit 25',
  'state = "open"',
  '',
  '### How many are urgent',
  '@limit 0',
  'state = "open" and title like "%printer%"',
  '',
  '### By state',
  '@pivot state',
  '',
].join('\n');

describe('RLX notebooks in the browser-hosted editor', () => {
  const workbench = useWorkbench();
  let file = '';

  before(async function () {
    this.timeout(120_000);
    const workspaceDir = process.env.E2E_WORKSPACE_DIR;
    assert.ok(workspaceDir, 'run.mjs names the workspace folder');
    file = join(workspaceDir, FILE);
    writeFileSync(file, TEXT);
    writeFileSync(join(workspaceDir, WIDE), ['@app IT/TASK', `@connection "${CONNECTION}"`, '', '### Every column', '@fields title, state, priority, keeper_id, c_amount, c_cost, c_estimate_hours, c_due_date, c_category, c_confidential, c_reviewer_id, c_external_ref', '@limit 30', ''].join('\n'));
    writeFileSync(join(workspaceDir, SINGLE), ['@app IT/TASK', `@connection "${CONNECTION}"`, '', '### Urgent tasks', '@limit 0', 'priority = 1', ''].join('\n'));
    const wb = workbench();
    const sandbox = requireSandbox();
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, CONNECTION, sandbox.url, sandbox.adminToken);
  });

  it('opens a .rlx file as a notebook, runs it, and saves a new markdown cell as // lines', async function () {
    this.timeout(240_000);
    const wb = workbench();
    const page = wb.page;
    const notebook = await openTextThenAsNotebook(page, FILE, '### Open tasks');

    await wb.runCommand('Notebook: Run All');
    // With one controller for this notebook type VS Code may still ask once: take ours.
    const kernelPick = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Records Service' }).first();
    if (await kernelPick.isVisible({ timeout: 3000 }).catch(() => false)) await kernelPick.click();

    let outputs = await wb.webviewShowing('.rlx-output[data-kind="list"] .grid-row', 60_000);
    const references = await outputs.locator('.rlx-output[data-kind="list"] .grid-row .grid-cell[aria-colindex="1"]').allTextContents();
    assert.ok(references.length > 0 && references.every((text) => /^IT\/TASK\d+$/.test(text)), `IT/TASK rows: ${references.join(', ')}`);
    await wb.screenshot('notebook-01-table-light');
    // The outputs further down are drawn once they scroll into view.
    // Over the cells' left gutter: over an output, the wheel would scroll the output itself.
    await page.mouse.move(372, 500);
    for (let step = 0; step < 12; step++) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(200);
    }
    outputs = await wb.webviewShowing('.rlx-output[data-kind="pivot"] table.pivot', 60_000);
    const count = (await outputs.locator('.rlx-output[data-kind="count"] .count').textContent()) ?? '';
    assert.match(count, /^\d[\d,.\s]*$/);
    await outputs.locator('.rlx-output[data-kind="pivot"] canvas').waitFor({ state: 'visible' });
    await page.waitForTimeout(500);
    await wb.screenshot('notebook-01-outputs-light');
    const previousTheme = await wb.pickColorTheme('Dark Modern');
    try {
      await page.waitForTimeout(800);
      await wb.screenshot('notebook-02-outputs-dark');
    } finally {
      await wb.pickColorTheme(previousTheme);
      await page.waitForTimeout(1500);
    }

    // A markdown cell below the first query, then save.
    await page.mouse.move(372, 500);
    for (let step = 0; step < 12; step++) {
      await page.mouse.wheel(0, -400);
      await page.waitForTimeout(100);
    }
    await notebook.locator('.cell-editor-container .view-line').filter({ hasText: '### Open tasks' }).first().click();
    await page.keyboard.press('Escape');
    await wb.runCommand('Notebook: Insert Markdown Cell Below');
    await page.keyboard.type('Urgent ones go to the **on-call** team.');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');
    await waitUntil('the note saved as a // line', () => readFileSync(file, 'utf8').includes('// Urgent ones go to the **on-call** team.'), 20_000, 200);
    await wb.screenshot('notebook-03-markdown-cell');

    const saved = readFileSync(file, 'utf8');
    assert.equal(saved.replace('// Urgent ones go to the **on-call** team.\n\n', ''), TEXT, 'only the note was added');

    await wb.runCommand('Records: Open as Text');
    const text = page.locator('.editor-instance .monaco-editor').first();
    await text.locator('.view-line').filter({ hasText: '// Urgent ones go to the **on-call** team.' }).waitFor({ state: 'visible', timeout: 30_000 });
    await text.locator('.view-line').filter({ hasText: '### By state' }).waitFor({ state: 'visible' });
    await expectOneTab(page, FILE);
    await wb.screenshot('notebook-04-reopened-as-text');
  });

  it('a wide table takes the output\'s width and scrolls sideways, its buttons on one line and in view', async function () {
    this.timeout(180_000);
    const wb = workbench();
    const page = wb.page;
    // A narrow window: the toolbar has less room than it needs on one line.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 820, height: 900 });
    try {
      await openTextThenAsNotebook(page, WIDE, '### Every column');
      await wb.runCommand('Notebook: Run All');
      const kernelPick = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Records Service' }).first();
      if (await kernelPick.isVisible({ timeout: 3000 }).catch(() => false)) await kernelPick.click();
      const outputs = await wb.webviewShowing('.rlx-output[data-kind="list"] .grid-row', 60_000);
      const output = outputs.locator('.rlx-output[data-kind="list"]').first();
      // No named functions inside: the test runner's transpiler would wrap them in a helper the page lacks.
      const measured = await output.evaluate((box) => {
        const grid = box.querySelector('.grid') as HTMLElement;
        // The room VS Code gives the output: the content box of its element around ours.
        const parent = box.parentElement as HTMLElement;
        const style = getComputedStyle(parent);
        const room = { left: parent.getBoundingClientRect().left + parent.clientLeft + parseFloat(style.paddingLeft), width: parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
        const toolbar = box.querySelector('.summary') as HTMLElement;
        const items = [...toolbar.querySelectorAll(':scope > .status, .actions > *')].filter((child) => (child as HTMLElement).offsetParent !== null && child.textContent !== '').map((item) => {
          const range = document.createRange();
          range.selectNodeContents(item);
          const rect = item.getBoundingClientRect();
          return { text: item.textContent, button: item.tagName === 'BUTTON', top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
        });
        const before = grid.scrollLeft;
        grid.scrollLeft = grid.scrollWidth;
        const gridRect = grid.getBoundingClientRect();
        const lastHeader = [...grid.querySelectorAll('[role="columnheader"]')].pop() as HTMLElement;
        return {
          room: { left: room.left, width: room.width },
          grid: { left: gridRect.left, width: gridRect.width, right: gridRect.right, clientWidth: grid.clientWidth, scrollWidth: grid.scrollWidth, scrolledFrom: before, scrolledTo: grid.scrollLeft },
          lastHeaderRight: lastHeader.getBoundingClientRect().right,
          page: { width: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth },
          items,
        };
      });
      const { grid, room } = measured;
      assert.ok(grid.scrollWidth > grid.clientWidth + 100, `the table is wider than its room: ${JSON.stringify(grid)}`);
      assert.ok(Math.abs(grid.width - room.width) <= 2 && Math.abs(grid.left - room.left) <= 2, `the table spans the output's width: ${JSON.stringify(measured)}`);
      assert.ok(grid.right <= measured.page.width + 1 && measured.page.scrollWidth <= measured.page.width + 1, `nothing sticks out of the outputs' page: ${JSON.stringify(measured)}`);
      assert.ok(grid.scrolledFrom === 0 && grid.scrolledTo > 0, 'the table scrolls sideways');
      assert.ok(measured.lastHeaderRight <= grid.right + 1, 'scrolled to its end, the last column is in view');
      assert.ok(measured.items.some((item) => item.text === 'Load more') && measured.items.some((item) => item.text === 'Export JSON…'), `the toolbar: ${JSON.stringify(measured.items)}`);
      // The buttons on one line: every button overlaps every other vertically.
      const buttons = measured.items.filter((item) => item.button);
      assert.ok(Math.max(...buttons.map((item) => item.top)) < Math.min(...buttons.map((item) => item.bottom)), `the buttons are on one line: ${JSON.stringify(measured.items)}`);
      assert.ok(measured.items.every((item) => item.lines === 1), `no button wraps its label: ${JSON.stringify(measured.items)}`);
      // And in view: none is scrolled out of the output's room (the status goes above them instead).
      assert.ok(measured.items.every((item) => item.left >= room.left - 1 && item.right <= room.left + room.width + 1), `the toolbar is in view: ${JSON.stringify(measured)}`);
      await output.locator('.grid').evaluate((grid) => { grid.scrollLeft = 0; });
      await wb.screenshot('notebook-06-wide-table');
    } finally {
      if (size) await page.setViewportSize(size);
    }
  });

  it('runs the cell under the cursor inline on Ctrl+Enter and opens no other tab', async function () {
    this.timeout(180_000);
    const wb = workbench();
    const page = wb.page;
    const single = SINGLE;
    await page.locator('.monaco-workbench').focus();
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').fill(single);
    await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: single }).first().click();
    await page.locator('.editor-instance .monaco-editor .view-line').filter({ hasText: '### Urgent tasks' }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator('.editor-actions .action-label[aria-label="Open as Notebook"]').first().click();
    const notebook = page.locator('.notebook-editor');
    // Only this notebook has the line (the other notebook's editor may stay in the page, hidden).
    const line = notebook.locator('.cell-editor-container .view-line').filter({ hasText: 'priority = 1' }).first();
    await line.waitFor({ state: 'visible', timeout: 30_000 });
    await expectOneTab(page, single);
    const tabs = page.locator('.tabs-container .tab');
    const tabsBefore = await tabs.allTextContents();

    await line.click();
    await page.keyboard.press('Control+Enter');
    const kernelPick = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Records Service' }).first();
    if (await kernelPick.isVisible({ timeout: 3000 }).catch(() => false)) await kernelPick.click();

    // The count lands in the cell's own output (a results tab would leave the cell empty).
    const output = await wb.webviewShowing('.rlx-output[data-kind="count"] .count', 60_000);
    assert.match((await output.locator('.rlx-output[data-kind="count"] .count').textContent()) ?? '', /^\d[\d,.\s]*$/);
    await notebook.locator('.cell-statusbar-container .codicon-notebook-state-success').first().waitFor({ state: 'visible', timeout: 30_000 });
    assert.deepEqual(await tabs.allTextContents(), tabsBefore, 'no results tab beside the notebook');
    await wb.screenshot('notebook-05-ctrl-enter');
  });
});

/** The file has one tab (the text tab closes a moment after the notebook takes its place). */
/**
 * Opens `file` as text (Quick Open), then with the editor title's "Open as Notebook": the
 * notebook takes the text's tab, which stays the file's only one. Returns the notebook editor.
 */
async function openTextThenAsNotebook(page: Page, file: string, firstBlock: string): Promise<Locator> {
  await page.locator('.monaco-workbench').focus();
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget .quick-input-box input').fill(file);
  await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: file }).first().click();
  await page.locator('.editor-instance .monaco-editor .view-line').filter({ hasText: firstBlock }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.editor-actions .action-label[aria-label="Open as Notebook"]').first().click();
  const notebook = page.locator('.notebook-editor');
  await notebook.locator('.cell-editor-container .view-line').filter({ hasText: firstBlock }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await expectOneTab(page, file);
  return notebook;
}

async function expectOneTab(page: Page, name: string): Promise<void> {
  const tabs = page.locator('.tabs-container .tab').filter({ hasText: name });
  const deadline = Date.now() + 20_000;
  while ((await tabs.count()) !== 1) {
    if (Date.now() > deadline) assert.fail(`${name} has ${await tabs.count()} tabs: ${(await page.locator('.tabs-container .tab').allTextContents()).join(' | ')}`);
    await page.waitForTimeout(200);
  }
  assert.equal(await tabs.count(), 1, `one tab for ${name}`);
  assert.match((await tabs.getAttribute('class')) ?? '', /\bactive\b/, `${name}'s tab is the active one`);
}
