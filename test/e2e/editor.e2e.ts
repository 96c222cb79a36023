// The record editor as a person uses it in the browser-hosted editor: open a record from the
// tree, create one, change a field (the tab shows the unsaved dot) and save with Ctrl+S, see it
// in history, close with unsaved edits (VS Code's own Save prompt), run an action, add a comment,
// answer the conflict prompt, delete, reload the window with unsaved edits (hot exit); and the
// hostile demo record stays inert.
import * as assert from 'node:assert/strict';
import type { Dialog, FrameLocator, Page } from 'playwright-core';
import { requireSandbox } from './support/environment';
import { addTokenConnection } from './support/connections';
import { pickRecordInList, startPromptingCommand } from './support/quickInput';
import { type Workbench, useWorkbench } from './support/workbench';

/** The content frame of the visible webview (VS Code nests it: iframe.webview > #active-frame). */
function editorFrame(page: Page): FrameLocator {
  return page.locator('iframe.webview.ready:visible').last().contentFrame().locator('#active-frame').contentFrame();
}

/** The active editor tab; `.dirty` is VS Code's unsaved dot. */
function activeTab(page: Page) {
  return page.locator('.tabs-container .tab.active');
}

async function openRecordByReference(wb: Workbench, reference: string): Promise<FrameLocator> {
  await startPromptingCommand(wb.page, 'Records: Open Record in Editor');
  await pickRecordInList(wb.page, /Open Record/, reference);
  const frame = editorFrame(wb.page);
  await frame.locator('h1 .reference').filter({ hasText: new RegExp(`^${reference}$`) }).waitFor({ state: 'visible', timeout: 30_000 });
  return frame;
}

describe('record editor in the browser-hosted editor', () => {
  const workbench = useWorkbench();
  const dialogs: string[] = [];
  let recordReference = '';

  before(async function () {
    this.timeout(120_000);
    const wb = workbench();
    wb.page.on('dialog', (dialog: Dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const sandbox = requireSandbox();
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, 'Editor E2E', sandbox.url, sandbox.adminToken);
  });

  it('opens a record from the tree in a form built from the schema', async function () {
    this.timeout(90_000);
    const wb = workbench();
    await wb.expandRow('Editor E2E');
    await wb.expandRow('IT Operations');
    await wb.expandRow('Tasks');
    const row = wb.treeRows().filter({ hasText: /Replace printer toner/ }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.contextMenu(row, 'Open Record');
    const frame = editorFrame(wb.page);
    await frame.locator('h1').filter({ hasText: 'Replace printer toner on floor 3' }).waitFor({ state: 'visible', timeout: 30_000 });
    // Every kind of field of IT/TASK has a labelled control (when and by whom it was created or
    // updated is in the header instead).
    for (const label of ['Title', 'Amount', 'Estimate', 'Due date', 'Category', 'Reviewer', 'Related incident', 'Notes', 'Specification', 'Attachments']) {
      await frame.locator('.field > label').filter({ hasText: new RegExp(`^${label}$`) }).first().waitFor({ state: 'visible' });
    }
    assert.equal(await frame.getByLabel('Amount').inputValue(), '120.5');
    await frame.getByText('printer-notes.txt').waitFor({ state: 'visible' });
    // Created and Updated show once: in the header, with who; the form has no second copy.
    const said = await frame.locator('body').evaluate((body) => [...body.querySelectorAll('dt, label, legend, h2, h3')].map((e) => (e.textContent ?? '').trim()));
    assert.deepEqual(said.filter((text) => /^(Created|Updated)\b/.test(text)), ['Created', 'Updated'], said.join(' | '));
    const created = await frame.locator('.facts dt').evaluateAll((terms) => terms.find((dt) => dt.textContent === 'Created')?.nextElementSibling?.textContent ?? '');
    assert.match(created, /\d.* by \S/);
    // The tab reads as the record: its number and title, never its id. The breadcrumbs show the
    // URI's path (records://<connection>/IT/TASK/TASK2 Replace printer…?id=<id>): no GUID either.
    assert.equal((await activeTab(wb.page).locator('.label-name').innerText()).trim(), 'TASK2 Replace printer toner on floor 3');
    const crumbs = wb.page.locator('.breadcrumbs-control .monaco-breadcrumb-item');
    await crumbs.filter({ hasText: 'TASK2 Replace printer toner on floor 3' }).waitFor({ state: 'visible' });
    assert.deepEqual((await crumbs.allInnerTexts()).map((text) => text.trim()), ['IT', 'TASK', 'TASK2 Replace printer toner on floor 3']);
    await wb.screenshot('editor-01-form');
  });

  it('names a hiring record by its reference and title in the tab and breadcrumbs, and its description is about hiring', async function () {
    this.timeout(60_000);
    const wb = workbench();
    const frame = await openRecordByReference(wb, 'HR/HIRING1');
    const tab = (await activeTab(wb.page).locator('.label-name').innerText()).trim();
    assert.match(tab, /^HIRING1 \S/);
    const crumbs = wb.page.locator('.breadcrumbs-control .monaco-breadcrumb-item');
    await crumbs.filter({ hasText: tab }).waitFor({ state: 'visible' });
    assert.deepEqual((await crumbs.allInnerTexts()).map((text) => text.trim()), ['HR', 'HIRING', tab]);
    const description = await frame.locator('.field[data-field="description"]').innerText();
    assert.doesNotMatch(description, /latency|printer|backup|quote/i);
    await wb.screenshot('editor-01b-hiring-record');
    await wb.runCommand('View: Close Editor');
  });

  it('creates a record from the palette, then opens it', async function () {
    this.timeout(90_000);
    const wb = workbench();
    await startPromptingCommand(wb.page, 'Records: New Record');
    const pick = wb.page.locator('.quick-input-widget');
    // The one app pick list: caption first, then the reference and the workspace's title.
    await pick.locator('.monaco-list-row').filter({ hasText: 'IT/TASK · IT Operations' }).filter({ hasText: 'Tasks' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('editor-01c-new-record-app-pick');
    await pick.locator('.quick-input-box input').fill('IT/TASK');
    await pick.locator('.monaco-list-row').filter({ hasText: 'IT/TASK' }).first().click();
    let frame = editorFrame(wb.page);
    await frame.locator('h1').filter({ hasText: 'New record' }).waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await frame.getByLabel('Estimate').inputValue(), '4', 'the schema default is filled in');
    assert.equal((await activeTab(wb.page).locator('.label-name').innerText()).trim(), 'New TASK');
    const crumbs = wb.page.locator('.breadcrumbs-control .monaco-breadcrumb-item');
    await crumbs.filter({ hasText: 'New TASK' }).waitFor({ state: 'visible' });
    assert.deepEqual((await crumbs.allInnerTexts()).map((text) => text.trim()), ['IT', 'TASK', 'New TASK']);
    await frame.getByLabel('Title', { exact: true }).fill('E2E editor record');
    await wb.screenshot('editor-02-new-record');
    await frame.getByRole('button', { name: 'Create' }).click();
    frame = editorFrame(wb.page);
    const heading = frame.locator('h1').filter({ hasText: 'E2E editor record' });
    await heading.waitFor({ state: 'visible', timeout: 30_000 });
    recordReference = (await frame.locator('h1 .reference').innerText()).trim();
    assert.match(recordReference, /^IT\/TASK\d+$/);
  });

  it('changes a field: the tab shows the unsaved dot; Ctrl+S saves it at the server and the dot goes', async function () {
    this.timeout(60_000);
    const wb = workbench();
    const sandbox = requireSandbox();
    const frame = editorFrame(wb.page);
    await frame.getByLabel('External reference').fill('E2E-REF-1');
    await frame.getByLabel('Comment with this save').fill('Set by the **e2e** test');
    await wb.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('editor-03a-dirty-tab');
    await wb.page.keyboard.press('Control+s');
    await frame.locator('.status').filter({ hasText: 'Saved.' }).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: 10_000 });
    const saved = await readRecord(sandbox.url, sandbox.adminToken, await recordId(sandbox.url, sandbox.adminToken, recordReference));
    assert.equal(saved.c_external_ref, 'E2E-REF-1', 'the sandbox has the new value');
    const latest = frame.locator('.history > li').first();
    await latest.filter({ hasText: 'External reference: E2E-REF-1' }).waitFor({ state: 'visible' });
    await latest.locator('.comment strong').filter({ hasText: 'e2e' }).waitFor({ state: 'visible' });
    await wb.screenshot('editor-03-saved-history');
  });

  it('links a record with the search picker and writes rich text in markdown', async function () {
    this.timeout(60_000);
    const wb = workbench();
    const frame = editorFrame(wb.page);
    const picker = frame.locator('.field[data-field="c_related_incident"]');
    await frame.getByLabel('Related incident', { exact: true }).fill('1');
    const option = picker.getByRole('option').first();
    await option.waitFor({ state: 'visible', timeout: 30_000 });
    const chosen = (await option.innerText()).trim();
    assert.match(chosen, /^IT\/INCIDENT1 /);
    await option.press('Enter');
    await picker.locator('output').filter({ hasText: chosen }).waitFor({ state: 'visible' });
    const notes = frame.locator('.field[data-field="c_notes"]');
    await notes.getByRole('button', { name: 'Edit' }).click();
    await notes.locator('textarea').fill('A **bold** note');
    await notes.locator('.richtext strong').filter({ hasText: 'bold' }).waitFor({ state: 'visible' });
    await wb.screenshot('editor-03b-link-and-markdown');
    await frame.getByRole('button', { name: 'Save' }).click();
    await frame.locator('.status').filter({ hasText: 'Saved.' }).waitFor({ state: 'visible', timeout: 30_000 });
    await frame.locator('.field[data-field="c_notes"] .richtext strong').filter({ hasText: 'bold' }).waitFor({ state: 'visible' });
    await frame.locator('.history > li').first().filter({ hasText: 'Related incident:' }).filter({ hasText: 'Notes:' }).waitFor({ state: 'visible' });
  });

  it('closing with unsaved edits asks with VS Code\'s own prompt; Don\'t Save discards them', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const sandbox = requireSandbox();
    let frame = editorFrame(wb.page);
    await frame.getByLabel('External reference').fill('never saved');
    await wb.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible', timeout: 10_000 });
    await wb.runCommand('View: Close Editor');
    const prompt = wb.page.locator('.monaco-dialog-box').filter({ hasText: /save the changes/i });
    await prompt.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('editor-03c-save-prompt');
    await wb.answerDialog(/save the changes/i, "Don't Save");
    const id = await recordId(sandbox.url, sandbox.adminToken, recordReference);
    assert.equal((await readRecord(sandbox.url, sandbox.adminToken, id)).c_external_ref, 'E2E-REF-1', 'nothing was saved');
    frame = await openRecordByReference(wb, recordReference);
    await frame.locator('.history > li').first().waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await frame.getByLabel('External reference').inputValue(), 'E2E-REF-1', 'the edit was discarded');
    assert.equal(await activeTab(wb.page).evaluate((tab) => tab.classList.contains('dirty')), false);
  });

  it('runs an action and adds a comment', async function () {
    this.timeout(60_000);
    const wb = workbench();
    const frame = editorFrame(wb.page);
    await frame.getByRole('button', { name: 'Start work' }).click();
    await frame.locator('.facts dd').filter({ hasText: 'In progress' }).waitFor({ state: 'visible', timeout: 30_000 });
    await frame.locator('.history > li').first().filter({ hasText: 'Start work' }).waitFor({ state: 'visible' });
    await frame.getByLabel('Comment', { exact: true }).fill('Looks **good** to me');
    await frame.getByRole('button', { name: 'Add Comment' }).click();
    await frame.locator('.history > li').first().locator('.comment strong').filter({ hasText: 'good' }).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('editor-04-action-comment');
  });

  it('asks what to do when the record changed on the server since it was opened', async function () {
    this.timeout(60_000);
    const wb = workbench();
    const sandbox = requireSandbox();
    const frame = editorFrame(wb.page);
    const id = await recordId(sandbox.url, sandbox.adminToken, recordReference);
    const response = await fetch(`${sandbox.url}/api/tickets/multi`, {
      method: 'POST',
      headers: { Authorization: `SVC_AUTH_CODE ${sandbox.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ transition: 'edit', id, title: 'Renamed behind the editor' }]),
    });
    assert.equal(response.status, 200);
    await frame.getByLabel('Amount').fill('77');
    await frame.getByRole('button', { name: 'Save' }).click();
    const dialog = wb.page.locator('.monaco-dialog-box').filter({ hasText: 'Someone changed this record' });
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    const question = await dialog.innerText();
    assert.match(question, /Changed on the server: Title\./);
    assert.doesNotMatch(question, /Changed on the server:[^\n]*Updated/, 'read-only fields are not listed');
    await wb.screenshot('editor-05-conflict');
    await wb.answerDialog('Someone changed this record', 'Merge');
    await frame.locator('h1').filter({ hasText: 'Renamed behind the editor' }).waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await frame.getByLabel('Amount').inputValue(), '77');
  });

  it('deletes the record after confirmation', async function () {
    this.timeout(60_000);
    const wb = workbench();
    const frame = editorFrame(wb.page);
    await frame.getByRole('button', { name: 'Delete…' }).click();
    await wb.answerDialog(/Delete IT\/TASK\d+/, 'Delete');
    await wb.waitForNotification(/Deleted IT\/TASK\d+/, 30_000);
    await wb.screenshot('editor-06-deleted');
  });

  it('renders the hostile demo record inert: no dialog, no script, no overlay, no styles', async function () {
    this.timeout(60_000);
    const wb = workbench();
    const frame = await openRecordByReference(wb, 'IT/TASK100');
    await frame.locator('.history > li').first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.waitForTimeout(1500);
    assert.deepEqual(dialogs, [], 'no alert, confirm or prompt was opened');
    const facts = await frame.locator('body').evaluate((body) => {
      const doc = body.ownerDocument;
      const overlays = [...doc.querySelectorAll('#app div')].filter((d) => getComputedStyle(d).position === 'fixed');
      return {
        title: doc.querySelector('h1')?.textContent ?? '',
        // VS Code injects its own inline script into the frame; count only scripts carrying the payload.
        scripts: [...doc.querySelectorAll('script')].filter((s) => /alert/.test(s.textContent ?? '')).length,
        handlers: doc.querySelectorAll('#app [onerror], #app [onclick], #app [onload]').length,
        // VS Code sets its theme variables in <html style>; only what our page drew (#app) counts.
        styles: doc.querySelectorAll('#app style, #app [style]').length,
        javascriptLinks: [...doc.querySelectorAll('a')].filter((a) => /javascript:/i.test(a.getAttribute('href') ?? a.getAttribute('data-href') ?? '')).length,
        overlays: overlays.length,
        bodyVisible: getComputedStyle(body).display !== 'none',
        linksOrImages: doc.querySelectorAll('.richtext a, .comment a, .richtext img, .comment img').length,
        richText: [...doc.querySelectorAll('.richtext')].map((r) => r.textContent ?? '').join(' '),
      };
    });
    assert.match(facts.title, /<script>alert\(1\)<\/script>/, 'the title shows the markup as text');
    assert.equal(facts.scripts, 0);
    assert.equal(facts.handlers, 0);
    assert.equal(facts.styles, 0);
    assert.equal(facts.javascriptLinks, 0);
    assert.equal(facts.overlays, 0);
    assert.equal(facts.bodyVisible, true);
    assert.equal(facts.linksOrImages, 0, 'rich text keeps no links or images');
    assert.match(facts.richText, /click me/, 'the harmless text of the HTML is still shown');
    await wb.screenshot('editor-07-hostile-inert');
  });

  it('keeps unsaved edits across a window reload (hot exit): restored and still unsaved', async function () {
    this.timeout(120_000);
    const wb = workbench();
    // Auto-save is off in the e2e editor (support/user-settings.mjs): hot exit is about
    // edits that were not saved.
    let frame = await openRecordByReference(wb, 'IT/TASK2');
    await frame.getByLabel('External reference').fill('typed before the reload');
    await wb.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible', timeout: 10_000 });
    // VS Code backs dirty documents up a moment after the edit.
    await wb.page.waitForTimeout(2500);
    await wb.runCommand('Developer: Reload Window');
    await wb.waitUntilReady();
    frame = editorFrame(wb.page);
    await frame.locator('.status').filter({ hasText: 'Your unsaved changes were restored' }).waitFor({ state: 'visible', timeout: 60_000 });
    assert.equal(await frame.getByLabel('External reference').inputValue(), 'typed before the reload');
    await wb.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('editor-08-restored-after-reload');
    await frame.getByRole('button', { name: 'Reload' }).click();
    await frame.locator('.status').filter({ hasText: 'Your unsaved changes were restored' }).waitFor({ state: 'hidden', timeout: 30_000 });
    assert.notEqual(await frame.getByLabel('External reference').inputValue(), 'typed before the reload');
    await wb.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('looks right in a high-contrast theme', async function () {
    this.timeout(60_000);
    const wb = workbench();
    const previousTheme = await wb.pickColorTheme('Dark High Contrast');
    try {
      await wb.page.waitForTimeout(1000);
      await openRecordByReference(wb, 'IT/TASK2');
      await wb.screenshot('editor-09-high-contrast');
    } finally {
      // The theme is a user setting the specs after this one share.
      await wb.pickColorTheme(previousTheme);
      await wb.page.waitForTimeout(1500);
    }
  });
});

async function readRecord(url: string, token: string, id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/api/w/IT/a/TASK/tickets/list`, {
    method: 'POST',
    headers: { Authorization: `SVC_AUTH_CODE ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ rlx: `id = "${id}"`, listOfFields: 'ALL', limitRecords: 1 }),
  });
  const records = (await response.json()) as Record<string, unknown>[];
  assert.ok(records[0], `record ${id} exists`);
  return records[0];
}

async function recordId(url: string, token: string, reference: string): Promise<string> {
  const number = Number(/(\d+)$/.exec(reference)?.[1]);
  const response = await fetch(`${url}/api/w/IT/a/TASK/tickets/list`, {
    method: 'POST',
    headers: { Authorization: `SVC_AUTH_CODE ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ rlx: `number = ${number}`, listOfFields: 'id', limitRecords: 1 }),
  });
  const records = (await response.json()) as { id: string }[];
  assert.ok(records[0], `record ${reference} exists`);
  return records[0].id;
}
