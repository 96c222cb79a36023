// The record editor's host inside the extension host, against the run's sandbox: create, edit
// (only changed fields, with comment), the conflict prompt, actions, comments, delete, and the
// document model (dirty state, undo/redo, revert, hot-exit backup).
// The webview itself is driven in test/e2e/editor.e2e.ts; here messages go straight to the host.
import * as assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { EditorModel, HistoryItem, HostToEditorMessage } from '../../src/webview/editor/protocol';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type { RecordEditorProvider } from '../../src/extension/records/editor/recordEditorProvider';
import { MemoryMemento } from '../support/memoryMemento';
import { RecordDocument } from '../../src/extension/records/editor/recordDocument';
import type { RecordEditorSession } from '../../src/extension/records/editor/recordEditorSession';
import { startFaultRelay } from '../support/faultRelay';
import { sandboxConnection } from './support/environment';
import { waitUntil } from '../support/waitUntil';
import { connectSandbox } from '../support/connectSandbox';

const EXTENSION_ID = 'records-tools.records-service';

function loadedModel(session: RecordEditorSession, start: () => Promise<void>): Promise<EditorModel> {
  return new Promise<EditorModel>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the editor sent no form within 20 s')), 20_000);
    const sub = session.onDidPostMessage((m: HostToEditorMessage) => {
      if (m.type === 'load') {
        clearTimeout(timer);
        sub.dispose();
        resolve(m.model);
      } else if (m.type === 'notice' && m.tone === 'error') {
        clearTimeout(timer);
        sub.dispose();
        reject(new Error(m.message));
      }
    });
    start().catch(reject);
  });
}

/** The next history timeline the editor sends that `wanted` accepts. */
function nextHistory(session: RecordEditorSession, wanted: (items: HistoryItem[]) => boolean): Promise<HistoryItem[]> {
  return new Promise<HistoryItem[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the editor sent no such history within 20 s')), 20_000);
    const sub = session.onDidPostMessage((m) => {
      if (m.type === 'history' && wanted(m.items)) {
        clearTimeout(timer);
        sub.dispose();
        resolve(m.items);
      }
    });
  });
}

function tabOf(session: RecordEditorSession): vscode.Tab | undefined {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputCustom && t.input.uri.toString() === session.document.uri.toString());
}

async function closeEditor(session: RecordEditorSession): Promise<void> {
  const tab = tabOf(session);
  if (tab) await vscode.window.tabGroups.close(tab);
}

function lastNotice(session: RecordEditorSession): { get(): string | undefined; dispose(): void } {
  let text: string | undefined;
  const sub = session.onDidPostMessage((m) => {
    if (m.type === 'notice') text = `${m.tone}: ${m.message}`;
  });
  return { get: () => text, dispose: () => sub.dispose() };
}

describe('record editor (host)', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let connection: ConnectionInfo;
  let client: RecordsClient;
  let panels: RecordEditorProvider;
  let answers: string[] = [];
  const asked: string[] = [];
  let recordId: string | undefined;

  async function readRecord(id: string) {
    return (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: `id = "${id}"`, listOfFields: 'ALL', loadRichTexts: true, limitRecords: 1 })).data[0];
  }

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!.activate();
    const info = (await connectSandbox('Editor Tests', { select: true })).info;
    assert.ok(info);
    connection = info;
    client = await api.connections.client(connection.id);
    panels = await api.recordEditor();
    panels.setPrompter(async (message) => {
      asked.push(message);
      return answers.shift();
    });
  });

  after(async () => {
    panels?.setPrompter(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (connection) await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
  });

  it('creates a record from an empty form with the schema defaults and opens it in its own editor', async () => {
    const session = await panels.open({ connectionId: connection.id, workspace: 'IT', app: 'TASK' });
    const model = await loadedModel(session, () => session.receive({ type: 'ready' }));
    assert.equal(model.mode, 'create');
    assert.equal(model.values.c_estimate_hours, 4, 'default from ed_default_value_expression');
    assert.equal(model.fields.some((f) => f.name === 'created_by_account_id'), false, 'author fields are not part of a new record');
    await session.receive({ type: 'edit', changes: { title: 'Editor integration record', c_amount: 42 } });
    await session.receive({ type: 'save' });
    const opened = await waitUntil('the created record in its own editor', () => panels.list().find((s) => s.currentIdentity.recordId !== undefined));
    await waitUntil('the new-record form to close', () => !tabOf(session));
    recordId = opened.currentIdentity.recordId!;
    const record = await readRecord(recordId);
    assert.equal(record?.title, 'Editor integration record');
    assert.equal(record?.c_amount, 42);
    assert.equal(record?.c_estimate_hours, 4);
  });

  it('opens a record once, at a records: URI naming it; opening it again reveals the same tab, labelled with its number and title', async () => {
    const a = await panels.open({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId });
    const b = await panels.open({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId });
    assert.equal(a, b);
    const model = await loadedModel(a, () => a.receive({ type: 'reload' }));
    assert.match(a.document.title, /^IT\/TASK\d+ Editor integration record$/);
    assert.equal(model.reference, a.document.title.split(' ')[0]);
    const label = `${model.reference.slice('IT/'.length)} Editor integration record`;
    // The breadcrumbs show the path (IT › TASK › TASK7 Editor integration record): the id is in the query.
    assert.equal(a.document.uri.toString(), `records://${connection.id}/IT/TASK/${encodeURIComponent(label)}?id%3D${recordId}`);
    assert.equal(a.document.uri.path, `/IT/TASK/${label}`);
    assert.equal(tabOf(a)?.label, label);
    // Created and Updated are said once, in the header with who did it; the form has no second copy.
    assert.deepEqual(model.facts.map((f) => f.label).filter((l) => l === 'Created' || l === 'Updated'), ['Created', 'Updated']);
    assert.match(model.facts.find((f) => f.label === 'Created')!.value, / by \S/);
    assert.deepEqual(model.fields.filter((f) => ['creation_date', 'update_date', 'created_by_account_id', 'update_account_id'].includes(f.name)), []);
    assert.ok(model.actions.some((x) => x.alias === 'start'), 'visible actions of the state are offered');
    assert.equal(model.actions.some((x) => x.alias === 'escalate'), false, 'invisible actions are not');
  });

  it('opens record addresses with vscode.open (a link): today\'s, and the older one with the id in the path', async () => {
    const label = tabOf(panels.findRecord({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId })!)!.label;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const current = vscode.Uri.parse(`records://${connection.id}/IT/TASK/${encodeURIComponent(label)}?id=${recordId}`);
    const older = vscode.Uri.parse(`records://${connection.id}/IT/TASK/${recordId}/${encodeURIComponent(label)}`);
    for (const uri of [current, older]) {
      await vscode.commands.executeCommand('vscode.open', uri);
      const session = await waitUntil(`the record editor of ${uri.toString()}`, () => panels.list().find((s) => s.document.uri.toString() === uri.toString()));
      assert.deepEqual(session.currentIdentity, { connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId });
      const model = await loadedModel(session, () => session.receive({ type: 'reload' }));
      assert.equal(model.title, 'Editor integration record');
      assert.equal(tabOf(session)?.label, label);
      // Opening the record from a command reveals the tab already showing it, whatever its address.
      assert.equal(await panels.open({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId }), session);
      await closeEditor(session);
    }
    // The tests below go on with the record open.
    await panels.open({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId });
  });

  it('an edit marks the tab dirty; saving sends only the changed fields, with a comment, and the tab is clean again', async () => {
    const session = panels.findRecord({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId })!;
    await loadedModel(session, () => session.receive({ type: 'reload' }));
    const before = await readRecord(recordId!);
    await session.receive({ type: 'edit', changes: { c_external_ref: 'EXT-77' }, comment: 'Set the **reference**' });
    await session.receive({ type: 'options', minorChange: true });
    await waitUntil('the dirty dot', () => tabOf(session)?.isDirty);
    await session.receive({ type: 'save' });
    await waitUntil('the tab to be clean', () => tabOf(session)?.isDirty === false);
    const after = await readRecord(recordId!);
    assert.equal(after?.c_external_ref, 'EXT-77');
    assert.equal(after?.title, before?.title);
    const history = await client.history({ rlx: `id = "${recordId}"`, limitRecords: 1 });
    assert.equal(history[0]?.transition, 'edit');
    assert.equal(history[0]?.c_external_ref, 'EXT-77');
    assert.equal(Object.keys(history[0]!).includes('title'), false, 'unchanged fields were not sent');
    assert.match(String(history[0]?.comment), /<strong>reference<\/strong>/);
  });

  it('finds a change made behind its back: Merge keeps the server change and saves the user\'s', async () => {
    const session = panels.findRecord({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId })!;
    const model = await loadedModel(session, () => session.receive({ type: 'reload' }));
    await new Promise((r) => setTimeout(r, 20));
    // Someone else changes another field than the title: a new title moves the tab to a new address
    // (and session), which the e2e editor-saving spec covers; here the conflict is what is tested.
    const outcome = await client.batch([{ transition: 'edit', id: recordId, c_external_ref: 'Changed elsewhere' }]);
    assert.equal(outcome.failed.length, 0);
    answers = ['Merge'];
    asked.length = 0;
    assert.equal(model.values.c_amount, 42);
    await session.receive({ type: 'edit', changes: { c_amount: 99 } });
    await session.receive({ type: 'save' });
    assert.equal(asked.length, 1, 'the conflict prompt was shown');
    const record = await readRecord(recordId!);
    assert.equal(record?.c_external_ref, 'Changed elsewhere');
    assert.equal(record?.c_amount, 99);
  });

  it('on a conflict, Overwrite saves the whole form and Reload drops the edits', async () => {
    const session = panels.findRecord({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId })!;
    let model = await loadedModel(session, () => session.receive({ type: 'reload' }));
    await new Promise((r) => setTimeout(r, 20));
    await client.batch([{ transition: 'edit', id: recordId, c_external_ref: 'Server value' }]);
    answers = ['Overwrite'];
    assert.equal(model.values.c_external_ref, 'Changed elsewhere');
    await session.receive({ type: 'edit', changes: { c_amount: 7 } });
    await session.receive({ type: 'save' });
    let record = await readRecord(recordId!);
    assert.equal(record?.c_external_ref, 'Changed elsewhere', 'the form\'s value won');
    assert.equal(record?.c_amount, 7);

    model = await loadedModel(session, () => session.receive({ type: 'reload' }));
    await new Promise((r) => setTimeout(r, 20));
    await client.batch([{ transition: 'edit', id: recordId, c_external_ref: 'Server again' }]);
    answers = ['Reload'];
    assert.equal(model.values.c_amount, 7);
    await session.receive({ type: 'edit', changes: { c_amount: 8 } });
    await session.receive({ type: 'save' });
    record = await readRecord(recordId!);
    assert.equal(record?.c_amount, 7, 'nothing was saved');
    assert.equal(record?.c_external_ref, 'Server again');
    // The reload that drops them answers a moment after the save's conflict (later on a busy machine).
    await waitUntil('the edits to be dropped by Reload', () => Object.keys(session.document.unsaved).length === 0);
    assert.deepEqual(session.document.unsaved, {}, 'the edits were dropped');
    await waitUntil('the tab to be clean', () => tabOf(session)?.isDirty === false);
  });

  it('runs an action with a comment, and explains an action that is not possible', async () => {
    const session = panels.findRecord({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId })!;
    await loadedModel(session, () => session.receive({ type: 'reload' }));
    await session.receive({ type: 'runAction', alias: 'start', comment: 'Starting now' });
    assert.equal((await readRecord(recordId!))?.state, 'in_progress');
    const notices = lastNotice(session);
    await session.receive({ type: 'runAction', alias: 'start', comment: '' });
    notices.dispose();
    assert.match(notices.get() ?? '', /^error: .*reload it to see the actions available now/);
  });

  it('explains a refused action as missing permission, from the answer\'s status', async () => {
    const sandbox = sandboxConnection();
    const reader = sandbox.users.find((u) => u.token === 'sandbox-readonly-token');
    assert.ok(reader, 'the sandbox has a read-only demo user');
    const info = (await connectSandbox('Editor Reader', { token: reader.token, select: true })).info;
    assert.ok(info);
    try {
      const session = await panels.open({ connectionId: info.id, workspace: 'IT', app: 'TASK', recordId });
      await loadedModel(session, () => session.receive({ type: 'ready' }));
      const notices = lastNotice(session);
      await session.receive({ type: 'runAction', alias: 'finish', comment: '' });
      notices.dispose();
      assert.match(notices.get() ?? '', /^error: You are not allowed to run "[^"]+" on this record/);
      assert.equal((await readRecord(recordId!))?.state, 'in_progress', 'nothing changed');
      await closeEditor(session);
    } finally {
      await vscode.commands.executeCommand('records.removeConnection', info.id, { confirm: false });
    }
  });

  it('adds a markdown comment that appears in the history timeline', async () => {
    const session = panels.findRecord({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId })!;
    // A history read of the last test (after its action) may still be answering: wait for the timeline with the comment.
    const history = nextHistory(session, (items) => items[0]?.action === 'comment' && /<em>good<\/em>/.test(items[0]?.commentHtml ?? ''));
    await session.receive({ type: 'addComment', markdown: 'Looks *good*' });
    const items = await history;
    assert.equal(items[0]?.commentHtml, '<p>Looks <em>good</em></p>', 'the comment on top, its markdown rendered');
  });

  it('keeps the newer timeline when an older history read answers late', async () => {
    const sandbox = sandboxConnection();
    const relay = await startFaultRelay(sandbox.url);
    const info = (await connectSandbox('Editor via relay', { baseUrl: relay.url, select: true })).info;
    assert.ok(info);
    try {
      const session = await panels.open({ connectionId: info.id, workspace: 'IT', app: 'TASK', recordId });
      const first = nextHistory(session, () => true);
      await loadedModel(session, () => session.receive({ type: 'ready' }));
      await first;
      const timelines: HistoryItem[][] = [];
      const sub = session.onDidPostMessage((m) => {
        if (m.type === 'history') timelines.push(m.items);
      });
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      relay.inject((method, path) => method === 'POST' && path.includes('/tickets/history'), { kind: 'hold', release: held });
      // The older read: its answer is held back by the relay.
      const older = session.receive({ type: 'loadHistory', more: false });
      await waitUntil('the older read at the relay', () => relay.seen.some((r) => r.fault === 'hold'));
      // (The webview's own "ready" may also read the history meanwhile: the timeline wanted is the one with this comment.)
      const newer = nextHistory(session, (items) => /<em>held<\/em>/.test(items[0]?.commentHtml ?? ''));
      await session.receive({ type: 'addComment', markdown: 'Newer than the *held* read' });
      assert.match((await newer)[0]?.commentHtml ?? '', /<em>held<\/em>/);
      release();
      await older;
      sub.dispose();
      const last = timelines[timelines.length - 1];
      assert.match(last?.[0]?.commentHtml ?? '', /<em>held<\/em>/, 'the timeline shown last still has the comment on top');
      await closeEditor(session);
    } finally {
      await vscode.commands.executeCommand('records.removeConnection', info.id, { confirm: false });
      await relay.close();
    }
  });

  it('undo and redo move the field back and forth, Revert drops the edits, and a backup brings them back', async () => {
    const session = await panels.open({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId });
    const model = await loadedModel(session, () => session.receive({ type: 'reload' }));
    const shown: Record<string, unknown>[] = [];
    const sub = session.onDidPostMessage((m) => {
      if (m.type === 'values') shown.push(m.values);
    });
    try {
      await session.receive({ type: 'edit', changes: { c_external_ref: 'typed but not saved' } });
      await waitUntil('the dirty dot', () => tabOf(session)?.isDirty);

      // Hot exit: what backupCustomDocument keeps comes back in a document opened with its id.
      const host = { connections: api.connections, ask: async () => undefined, backups: new MemoryMemento() };
      const original = await RecordDocument.open(session.document.uri, undefined, host);
      await original.reload();
      original.edit({ c_external_ref: 'kept by hot exit' }, 'with a comment');
      const backup = await original.backup(vscode.Uri.joinPath(vscode.Uri.file(tmpdir()), 'backup-1'));
      const restored = await RecordDocument.open(session.document.uri, backup.id, host);
      assert.deepEqual(restored.unsaved, { c_external_ref: 'kept by hot exit' }, 'hot exit keeps exactly the unsaved field');
      await restored.reload();
      assert.equal(restored.model().comment, 'with a comment');
      assert.equal(restored.model().draft?.c_external_ref, 'kept by hot exit');
      backup.delete();
      assert.equal((await RecordDocument.open(session.document.uri, backup.id, host)).hasUnsavedChanges, false, 'a deleted backup restores nothing');
      for (const d of [original, restored]) d.dispose();

      await vscode.commands.executeCommand('undo');
      await waitUntil('undo to reach the form', () => shown.at(-1)?.c_external_ref === model.values.c_external_ref);
      await waitUntil('the tab to be clean after undo', () => tabOf(session)?.isDirty === false);
      await vscode.commands.executeCommand('redo');
      await waitUntil('redo to reach the form', () => shown.at(-1)?.c_external_ref === 'typed but not saved');
      await waitUntil('the dirty dot after redo', () => tabOf(session)?.isDirty);

      await vscode.commands.executeCommand('workbench.action.files.revert');
      await waitUntil('the tab to be clean after revert', () => tabOf(session)?.isDirty === false);
      assert.deepEqual(session.document.unsaved, {});
      assert.equal((await readRecord(recordId!))?.c_external_ref, model.values.c_external_ref, 'the saved value is unchanged');
    } finally {
      sub.dispose();
    }
  });

  it('deletes after confirmation, and not without', async () => {
    const session = panels.findRecord({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId })!;
    answers = [];
    await session.receive({ type: 'delete' });
    assert.ok(await readRecord(recordId!), 'cancelled: still there');
    answers = ['Delete'];
    await session.receive({ type: 'delete' });
    assert.equal(await readRecord(recordId!), undefined);
    await waitUntil('its tab to close', () => panels.findRecord({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId }) === undefined);
  });

  it('opens the hostile demo record; its markup reaches the webview only as data to sanitize', async () => {
    const session = await panels.open({ connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId: '00000000-0000-4000-a000-000000000001' });
    const model = await loadedModel(session, () => session.receive({ type: 'ready' }));
    assert.match(model.title, /<script>/, 'the title is passed as text, drawn with textContent');
    await closeEditor(session);
  });
});
