// The Records tree against the sandbox of this run: levels, paging, filter, errors shown as
// rows, actions and delete. Works on records it creates itself (marked with a unique title
// prefix), so other suites' data does not matter.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { setFilter, setSort } from '../../src/extension/browse/tree/commands/appCommands';
import { deleteRecord, runAction } from '../../src/extension/browse/tree/commands/recordCommands';
import type { RecordsTreeProvider } from '../../src/extension/browse/tree/recordsTreeProvider';
import { createRecordsTreeProvider } from '../../src/extension/browse/tree/registerTree';
import type { AppNode, LoadMoreNode, MessageNode, RecordNode, RecordsTreeNode } from '../../src/extension/shared/treeNodes';
import { formatDateTime, safeTimeZone } from '../../src/core/records/dateFormat';
import { MemoryMemento } from '../support/memoryMemento';
import { connectSandbox } from '../support/connectSandbox';

const records = (nodes: RecordsTreeNode[]): RecordNode[] => nodes.filter((n): n is RecordNode => n.kind === 'record');

describe('tree: Records explorer against the sandbox', function () {
  this.timeout(60_000);
  const marker = `tree-test-${Date.now().toString(36)}`;
  let api: RecordsExtensionApi;
  let provider: RecordsTreeProvider;
  let client: RecordsClient;
  let connectionId: string;
  let app: AppNode;
  const created: string[] = [];

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    connectionId = (await connectSandbox('Tree tests')).id;
    await vscode.workspace.getConfiguration('records.tree').update('pageSize', 5, vscode.ConfigurationTarget.Global);
    client = await api.connections.client(connectionId);
    const adds = Array.from({ length: 7 }, (_, i) => ({ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `${marker} ${i}` }));
    const outcome = await client.batch(adds);
    assert.equal(outcome.failed.length, 0, JSON.stringify(outcome.failed));
    for (const result of outcome.results) created.push(String(result.data?.id));
    const child = await client.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `${marker} child`, parent_id: created[0] }]);
    assert.equal(child.failed.length, 0, JSON.stringify(child.failed));
    provider = createRecordsTreeProvider(api.connections, new MemoryMemento());
  });

  after(async () => {
    provider?.dispose();
    await vscode.workspace.getConfiguration('records.tree').update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    if (connectionId) await api.connections.remove(connectionId);
  });

  it('shows connection → workspaces → apps with counts → the first page of records', async () => {
    const connection = (await provider.getChildren()).find((n) => n.kind === 'connection' && n.connectionId === connectionId);
    assert.ok(connection, 'the connection is a root row');
    const workspaces = await provider.getChildren(connection);
    const it = workspaces.find((n) => n.kind === 'workspace' && n.workspace.alias === 'IT');
    assert.ok(it, `IT among ${workspaces.map((w) => w.id).join(', ')}`);
    const apps = await provider.getChildren(it);
    app = apps.find((n): n is AppNode => n.kind === 'app' && n.ref.app === 'TASK')!;
    assert.ok(app, 'TASK app row');
    assert.match(String(provider.getTreeItem(app).description), /^\d+$/);
    const rows = await provider.getChildren(app);
    assert.equal(records(rows).length, 5, 'one page of the configured size');
    const first = provider.getTreeItem(records(rows)[0]);
    assert.match(String(first.description), /^\d+ · /, 'number · state');
    assert.equal(first.tooltip, undefined, 'the rich tooltip waits for a hover');
    const hovered = await provider.resolveTreeItem(first, records(rows)[0]);
    assert.ok(hovered.tooltip instanceof vscode.MarkdownString);
    assert.match(hovered.tooltip.value, /IT\/TASK\d+/, 'the tooltip names the record');
    assert.equal(rows.at(-1)?.kind, 'loadMore');
  });

  it("reads a record's dates in its tooltip as the record editor does: the user's locale and time zone", async () => {
    const user = await api.connections.catalog.currentUser(connectionId);
    const [record] = records(await provider.getChildren(app));
    const hovered = await provider.resolveTreeItem(provider.getTreeItem(record!), record!);
    const updated = String(record!.record.update_date);
    const expected = formatDateTime(updated, safeTimeZone(user.timezone), vscode.env.language);
    // The tooltip is Markdown: its text escapes punctuation (`11\:12`).
    const text = (hovered.tooltip as vscode.MarkdownString).value.replace(/\\(.)/g, '$1');
    assert.ok(text.includes(`Updated: ${expected}`), `Updated: ${expected} in ${text}`);
  });

  it('"Load more" appends the next page and keeps the rows already shown', async () => {
    const before = await provider.getChildren(app);
    const more = before.at(-1) as LoadMoreNode;
    await provider.loadMore(more);
    const after = await provider.getChildren(app);
    assert.equal(records(after).length, 10);
    assert.deepEqual(records(after).slice(0, 5).map((r) => r.record.id), records(before).map((r) => r.record.id));
  });

  it('a filter narrows the list and the app shows "N of total"', async () => {
    assert.equal(await setFilter(provider, app, `title like "${marker}%"`), true);
    await setSort(provider, app, 'number asc');
    assert.match(String(provider.getTreeItem(app).description), /^8 of \d+/);
    const rows = await provider.getChildren(app);
    assert.equal(records(rows).length, 5);
    for (const row of records(rows)) assert.ok(row.record.title?.startsWith(marker), row.record.title);
  });

  it('lists child records under their parent', async () => {
    const parent = records(await provider.getChildren(app)).find((r) => r.record.id === created[0])!;
    assert.ok(parent, 'the parent is on the first page (sorted by number)');
    assert.equal(provider.getTreeItem(parent).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const children = records(await provider.getChildren(parent));
    assert.deepEqual(children.map((c) => c.record.title), [`${marker} child`]);
  });

  it('shows a bad filter as a "Filter error" row instead of records', async () => {
    assert.equal(await setFilter(provider, app, 'state = open'), false, 'a syntax error is caught before sending');
    await provider.setView(app, { filter: 'no_such_field = "x"' });
    const rows = await provider.getChildren(app);
    const error = rows[0] as MessageNode;
    assert.equal(error.kind, 'message');
    assert.match(error.label, /^Filter error: /);
    assert.ok(rows.some((r) => r.kind === 'message' && r.command?.command === 'records.refresh'), 'a retry row');
    await setFilter(provider, app, `title like "${marker}%"`);
  });

  it('runs an action and shows the new state', async () => {
    const node = records(await provider.getChildren(app)).find((r) => r.record.id === created[1])!;
    assert.ok(node.record.transitions?.includes('start'), JSON.stringify(node.record.transitions));
    assert.equal(await runAction(provider, api.connections, node, { transition: 'start', comment: 'from the tree test' }), true);
    assert.equal(node.record.state, 'in_progress');
    assert.match(String(provider.getTreeItem(node).description), /In progress/);
  });

  it('deletes a record and removes its row', async () => {
    const id = created[6];
    const node = records(await provider.getChildren(app)).find((r) => r.record.id === id)
      ?? (await provider.loadMore((await provider.getChildren(app)).at(-1) as LoadMoreNode), records(await provider.getChildren(app)).find((r) => r.record.id === id))!;
    assert.equal(await deleteRecord(provider, api.connections, node, { confirmed: true }), true);
    assert.ok(!records(await provider.getChildren(app)).some((r) => r.record.id === id));
    assert.equal((await client.countRecords({ workspace: 'IT', app: 'TASK' }, `title like "${marker}%"`)).filtered, 7);
  });

  it('records.revealRecord shows the hidden Records view and selects a newly created record', async () => {
    // The view shown once with the app open, as after any use of it.
    const shown = await vscode.commands.executeCommand<RecordNode | undefined>('records.revealRecord', { connectionId, workspace: 'IT', app: 'TASK', recordId: created[1] });
    assert.equal(shown?.record.id, created[1]);
    const added = await client.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `${marker} revealed` }]);
    assert.equal(added.failed.length, 0, JSON.stringify(added.failed));
    const recordId = String(added.results[0]?.data?.id);
    // Another view container in front: the editor's tree view puts off refreshes of a hidden
    // view, so a reveal that does not show the view first finds no row to select.
    await vscode.commands.executeCommand('workbench.view.explorer');
    for (const deadline = Date.now() + 10_000; api.tree.view.visible && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(api.tree.view.visible, false, 'the Records view is hidden before the reveal');
    // The editor's argument shape; the view's own provider has no filter, so the record may sit on a later page.
    const revealed = await vscode.commands.executeCommand<RecordNode | undefined>('records.revealRecord', { connectionId, ref: { workspace: 'IT', app: 'TASK' }, recordId });
    assert.equal(revealed?.record.id, recordId, 'the command finds the record node');
    // The selection reaches this side in an event of its own, and while the view re-reads the
    // app's rows (the command refreshed them) the selected row's node is briefly unknown here.
    const selectedIds = (): string[] => api.tree.view.selection.filter((n): n is RecordNode => n.kind === 'record').map((n) => String(n.record.id));
    for (const deadline = Date.now() + 10_000; selectedIds().length === 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const shownRows = api.tree.provider.recordNodes(connectionId, recordId).length;
    assert.deepEqual(selectedIds(), [recordId], `selection of the view (visible: ${api.tree.view.visible}, rows of the record: ${shownRows})`);
    assert.equal(api.tree.view.visible, true, 'the Records view is shown');
  });

  it('two reveals at once (two records created one after the other) both find their record, and the one asked for last stays selected', async () => {
    const added = await client.batch([1, 2].map((n) => ({ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `${marker} created ${n} of 2` })));
    assert.equal(added.failed.length, 0, JSON.stringify(added.failed));
    const [firstId, secondId] = added.results.map((result) => String(result.data?.id));
    const reveal = (recordId: string | undefined) => vscode.commands.executeCommand<RecordNode | undefined>('records.revealRecord', { connectionId, workspace: 'IT', app: 'TASK', recordId });
    // Each refreshes the app while the other still reads it: neither may fail with "cancelled",
    // nor give up on its record.
    const [first, second] = await Promise.all([reveal(firstId), reveal(secondId)]);
    assert.equal(first?.record.id, firstId, 'the first reveal finds its record');
    assert.equal(second?.record.id, secondId, 'the second reveal finds its record');
    // They take turns: the one asked for last is the one left selected.
    const selectedIds = (): string[] => api.tree.view.selection.filter((n): n is RecordNode => n.kind === 'record').map((n) => String(n.record.id));
    for (const deadline = Date.now() + 10_000; selectedIds()[0] !== secondId && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(selectedIds(), [secondId]);
  });
});
