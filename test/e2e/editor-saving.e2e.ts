// Saving a record while typing, in the browser-hosted editor: the keystrokes typed while a save is
// on its way stay where they were typed (with VS Code's auto-save off and on), and auto-save
// writes a record once when the user leaves its form, not once per pause. The connection goes
// through a relay that can hold the service's answer to a save: the test types while it is held,
// so it does not depend on how fast the machine is.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { addTokenConnection, closeEditorsAndRemoveConnection } from './support/connections';
import { requireSandbox } from './support/environment';
import { pickRecordInList, startPromptingCommand } from './support/quickInput';
import { type Workbench, useWorkbench } from './support/workbench';
import { waitUntil } from '../support/waitUntil';

const CONNECTION = 'Saving E2E';
const SAVE_PATH = /^\/api\/tickets\/multi/;

/** The content frame of the visible webview (VS Code nests it: iframe.webview > #active-frame). */
function editorFrame(page: Page): FrameLocator {
  return page.locator('iframe.webview.ready:visible').last().contentFrame().locator('#active-frame').contentFrame();
}

const dirtyTab = (page: Page) => page.locator('.tabs-container .tab.active.dirty');

interface Service {
  url: string;
  token: string;
}

async function api<T>(service: Service, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${service.url}${path}`, { method: 'POST', headers: { Authorization: `SVC_AUTH_CODE ${service.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.ok(response.ok, `${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Creates an IT/TASK record straight at the service; returns its reference. */
async function createTask(service: Service, title: string): Promise<{ id: string; reference: string }> {
  const [result] = await api<{ data: { id: string; number: number } }[]>(service, '/api/tickets/multi', [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title }]);
  return { id: result.data.id, reference: `IT/TASK${result.data.number}` };
}

async function titleAtService(service: Service, id: string): Promise<string> {
  const [record] = await api<{ title: string }[]>(service, '/api/w/IT/a/TASK/tickets/list', { rlx: `id = "${id}"`, listOfFields: 'title', limitRecords: 1 });
  return record.title;
}

async function historyLength(service: Service, id: string): Promise<number> {
  const answer = await api<unknown[] | { data: unknown[] }>(service, '/api/tickets/history', { rlx: `id = "${id}"`, sortby: 'version_timestamp desc', limitRecords: 100 });
  return (Array.isArray(answer) ? answer : answer.data).length;
}

async function openRecord(wb: Workbench, reference: string): Promise<FrameLocator> {
  await startPromptingCommand(wb.page, 'Records: Open Record in Editor');
  await pickRecordInList(wb.page, /Open Record/, reference);
  const frame = editorFrame(wb.page);
  await frame.locator('h1 .reference').filter({ hasText: new RegExp(`^${reference}$`) }).waitFor({ state: 'visible', timeout: 30_000 });
  return frame;
}

/** Where the keyboard is in the title field: its value, whether it has the focus, the caret. */
async function titleState(title: Locator): Promise<{ value: string; focused: boolean; caret: number | null }> {
  return title.evaluate((input: HTMLInputElement) => ({ value: input.value, focused: input.ownerDocument.activeElement === input && input.ownerDocument.hasFocus(), caret: input.selectionStart }));
}

/**
 * Types `before`, saves with Ctrl+S, types `during` while the service holds its answer to the
 * save, lets it answer and types `after` at once: every character must stay in place.
 */
async function typeAroundASave(wb: Workbench, relay: FaultRelay, title: Locator, parts: { before: string; during: string; after: string }): Promise<void> {
  await title.click();
  await wb.page.keyboard.press('End');
  await wb.page.keyboard.type(parts.before);
  let answer = (): void => undefined;
  relay.inject((method, path) => method === 'POST' && SAVE_PATH.test(path), { kind: 'hold', release: new Promise<void>((resolve) => (answer = resolve)) });
  const saves = relay.count('POST', SAVE_PATH);
  await wb.page.keyboard.press('Control+s');
  await waitUntil('the save reached the service', () => relay.count('POST', SAVE_PATH) > saves, 30_000);
  await wb.page.keyboard.type(parts.during);
  answer();
  await wb.page.keyboard.type(parts.after);
}

describe('saving a record while typing', () => {
  let relay: FaultRelay | undefined;
  let service: Service;
  let opened: Workbench | undefined;

  // Registered before useWorkbench(), so this runs while the window is still open.
  after(async function () {
    this.timeout(60_000);
    if (opened) await closeEditorsAndRemoveConnection(opened, CONNECTION);
    await relay?.close();
  });
  const workbench = useWorkbench();

  before(async function () {
    this.timeout(120_000);
    const sandbox = requireSandbox();
    service = { url: sandbox.url, token: sandbox.adminToken };
    relay = await startFaultRelay(sandbox.url);
    const wb = workbench();
    opened = wb;
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, CONNECTION, relay.url, sandbox.adminToken);
  });

  it('keeps every character typed right after Ctrl+S in place, auto-save off; the tab stays dirty for what the save did not send', async function () {
    this.timeout(90_000);
    const wb = workbench();
    assert.ok(relay);
    const record = await createTask(service, 'Keystrokes with auto-save off');
    const frame = await openRecord(wb, record.reference);
    const title = frame.getByLabel('Title', { exact: true });
    await typeAroundASave(wb, relay, title, { before: ' d', during: 'ef', after: 'gh' });
    await frame.locator('.status').filter({ hasText: 'Saved.' }).waitFor({ state: 'visible', timeout: 30_000 });
    await waitUntil('the service has the saved part', async () => (await titleAtService(service, record.id)) === 'Keystrokes with auto-save off d', 30_000);
    const state = await titleState(title);
    assert.deepEqual(state, { value: 'Keystrokes with auto-save off defgh', focused: true, caret: 'Keystrokes with auto-save off defgh'.length });
    // What was typed after the save left is not saved: the tab says so.
    await dirtyTab(wb.page).waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('editor-saving-01-typed-during-save');
    await wb.page.keyboard.press('Control+s');
    await dirtyTab(wb.page).waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(await titleAtService(service, record.id), 'Keystrokes with auto-save off defgh');
    assert.equal((await titleState(title)).value, 'Keystrokes with auto-save off defgh');
    await wb.runCommand('View: Close Editor');
  });

  it('a renamed record\'s tab reads its new title at once; its breadcrumbs follow', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const record = await createTask(service, 'Before the rename');
    const frame = await openRecord(wb, record.reference);
    const label = `${record.reference.split('/')[1]} After the rename`;
    const tabName = wb.page.locator('.tabs-container .tab.active .label-name');
    assert.equal((await tabName.innerText()).trim(), `${record.reference.split('/')[1]} Before the rename`);
    const title = frame.getByLabel('Title', { exact: true });
    // Ctrl+A, then typing at once: the workbench, told of every key in a webview, used to run its
    // own Select All a moment later, over the first letters typed (the title read "fter the rename").
    await title.click();
    await wb.page.keyboard.press('Control+a');
    await wb.page.keyboard.type('After the rename');
    await waitUntil('the title field holds what was typed', async () => (await titleState(title)).value === 'After the rename', 30_000);
    await wb.page.keyboard.press('Control+s');
    await frame.locator('h1').filter({ hasText: 'After the rename' }).waitFor({ state: 'visible', timeout: 30_000 });
    // At once, while the keyboard is still in the form.
    await tabName.filter({ hasText: new RegExp(`^${label}$`) }).waitFor({ state: 'visible', timeout: 10_000 });
    assert.equal((await titleState(title)).focused, true);
    await wb.screenshot('editor-saving-05-renamed-tab');
    // The breadcrumbs show the record's address: it follows once the form has the keyboard no more.
    await wb.treeRow(CONNECTION).click();
    const crumbs = wb.page.locator('.breadcrumbs-control .monaco-breadcrumb-item');
    await crumbs.filter({ hasText: label }).waitFor({ state: 'visible', timeout: 30_000 });
    assert.deepEqual((await crumbs.allInnerTexts()).map((text) => text.trim()), ['IT', 'TASK', label]);
    assert.equal((await tabName.innerText()).trim(), label);
    assert.equal(await wb.page.locator('.tabs-container .tab').filter({ hasText: 'Before the rename' }).count(), 0, 'no tab with the old title is left');
    await wb.screenshot('editor-saving-06-renamed-breadcrumbs');
    await wb.runCommand('View: Close Editor');
  });

  describe('with auto-save after a delay (the browser-hosted editor\'s default)', () => {
    before(async function () {
      this.timeout(30_000);
      // The run's profile turns auto-save off; a user turns it on like this.
      await workbench().runCommand('File: Toggle Auto Save');
    });

    after(async function () {
      this.timeout(30_000);
      await workbench().runCommand('File: Toggle Auto Save');
    });

    it('keeps every character typed right after Ctrl+S in place', async function () {
      this.timeout(90_000);
      const wb = workbench();
      assert.ok(relay);
      const record = await createTask(service, 'Keystrokes with auto-save on');
      const frame = await openRecord(wb, record.reference);
      const title = frame.getByLabel('Title', { exact: true });
      await typeAroundASave(wb, relay, title, { before: ' a', during: 'bc', after: 'de' });
      await frame.locator('.status').filter({ hasText: 'Saved.' }).waitFor({ state: 'visible', timeout: 30_000 });
      await waitUntil('the service has the saved part', async () => (await titleAtService(service, record.id)) === 'Keystrokes with auto-save on a', 30_000);
      await wb.page.keyboard.type('f');
      const state = await titleState(title);
      assert.deepEqual(state, { value: 'Keystrokes with auto-save on abcdef', focused: true, caret: 'Keystrokes with auto-save on abcdef'.length });
      await wb.screenshot('editor-saving-02-auto-save-typed-during-save');
      // Leaving the form saves the rest, once.
      await wb.treeRow(CONNECTION).click();
      await dirtyTab(wb.page).waitFor({ state: 'detached', timeout: 30_000 });
      await waitUntil('the service has the rest', async () => (await titleAtService(service, record.id)) === 'Keystrokes with auto-save on abcdef', 30_000);
      await wb.runCommand('View: Close Editor');
    });

    it('saves a record once when the user leaves its form, not once per pause in typing', async function () {
      this.timeout(90_000);
      const wb = workbench();
      assert.ok(relay);
      const record = await createTask(service, 'One save per visit');
      const entries = await historyLength(service, record.id);
      const frame = await openRecord(wb, record.reference);
      const title = frame.getByLabel('Title', { exact: true });
      const saves = relay.count('POST', SAVE_PATH);
      await title.click();
      await wb.page.keyboard.press('End');
      await wb.page.keyboard.type(' first');
      // VS Code's auto-save comes after the pause; the record waits for the user to leave.
      const status = frame.locator('.status');
      await status.filter({ hasText: /Saved\.|until you leave the form/ }).waitFor({ state: 'visible', timeout: 30_000 });
      assert.match(await status.innerText(), /until you leave the form/);
      await wb.screenshot('editor-saving-03-auto-save-waits');
      await wb.page.keyboard.type(' second');
      await frame.getByLabel('Comment with this save').fill('Both words at once');
      await dirtyTab(wb.page).waitFor({ state: 'visible' });
      assert.equal(relay.count('POST', SAVE_PATH), saves, 'nothing was written while typing');
      await wb.treeRow(CONNECTION).click();
      await dirtyTab(wb.page).waitFor({ state: 'detached', timeout: 30_000 });
      assert.equal(await titleAtService(service, record.id), 'One save per visit first second');
      assert.equal(relay.count('POST', SAVE_PATH), saves + 1, 'one write for the visit');
      assert.equal(await historyLength(service, record.id), entries + 1, 'one history entry');
      await frame.locator('.history > li').first().locator('.comment').filter({ hasText: 'Both words at once' }).waitFor({ state: 'visible', timeout: 30_000 });
      await wb.screenshot('editor-saving-04-saved-on-leaving');
      await wb.runCommand('View: Close Editor');
    });
  });
});
