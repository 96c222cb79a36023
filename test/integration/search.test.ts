// The search view's host against the sandbox of this run: phrase and exclusion, scope, Load
// more, stale searches cancelled, and opening a result through the tree's command.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { searchHitArgument } from '../../src/extension/browse/search/searchHits';
import { SearchViewProvider } from '../../src/extension/browse/search/searchViewProvider';
import { MemoryMemento } from '../support/memoryMemento';
import { connectSandbox } from '../support/connectSandbox';
import { waitUntil } from '../support/waitUntil';

describe('search: the search view host against the sandbox', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let client: RecordsClient;
  let connectionId: string;
  let provider: SearchViewProvider;

  before(async () => {
    const extension = vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!;
    api = await extension.activate();
    connectionId = (await connectSandbox('Search tests')).id;
    client = await api.connections.client(connectionId);
    const context = { extensionUri: extension.extensionUri, globalState: new MemoryMemento(), subscriptions: [] } as unknown as vscode.ExtensionContext;
    provider = new SearchViewProvider(context, api.connections);
  });

  after(async () => {
    provider.dispose();
    await api.connections.remove(connectionId);
  });

  it('finds a phrase without the excluded word, with the totals the service reports', async () => {
    const reply = await provider.search({ type: 'search', query: '"office printers" -floor', scope: { connectionId }, skip: 0 });
    assert.ok(reply.ok, JSON.stringify(reply));
    const direct = await client.search({ ss: '"office printers" -floor', limitRecords: 25 });
    assert.equal(reply.page.totalFound, direct.totalFound);
    assert.ok(reply.page.hits.length > 0);
    for (const hit of reply.page.hits) {
      assert.match(hit.reference, /^[A-Z]+\/[A-Z]+\d+$/);
      assert.doesNotMatch(hit.title, /floor/i);
      assert.ok(hit.highlights.some((h) => /<em>/i.test(h)), `a snippet of ${hit.reference} emphasizes a match`);
    }
  });

  it('narrows to a workspace, an app and an RLX filter', async () => {
    const reply = await provider.search({ type: 'search', query: 'printer', scope: { connectionId, workspace: 'IT', app: 'TASK', rlx: 'state = "open"' }, skip: 0 });
    assert.ok(reply.ok, JSON.stringify(reply));
    assert.ok(reply.page.hits.length > 0);
    for (const hit of reply.page.hits) assert.deepEqual([hit.workspace, hit.app], ['IT', 'TASK']);
    const direct = await client.search({ ss: 'printer', rlx: 'project_alias = "IT" AND publishing_alias = "TASK" AND state = "open"' });
    assert.equal(reply.page.totalFound, direct.totalFound);
  });

  it('copies the request of the last search as curl, the token left to $RECORDS_TOKEN', async () => {
    await provider.search({ type: 'search', query: 'printer', scope: { connectionId, workspace: 'IT', app: 'TASK' }, skip: 0 });
    const snippet = await provider.copyRequest('curl');
    assert.ok(snippet);
    assert.match(snippet, /\/api\/tickets\/search/);
    assert.match(snippet, /"ss":"printer"/);
    assert.match(snippet, /project_alias = \\"IT\\" AND publishing_alias = \\"TASK\\"/);
    assert.match(snippet, /\$RECORDS_TOKEN/);
  });

  it('loads more without repeating the first page', async () => {
    const first = await provider.search({ type: 'search', query: 'printer', scope: { connectionId }, skip: 0 });
    assert.ok(first.ok);
    assert.ok(first.page.totalFound > first.page.hits.length, 'the sandbox has more than one page of printers');
    const more = await provider.search({ type: 'search', query: 'printer', scope: { connectionId }, skip: first.page.hits.length, firstId: first.page.hits[0]?.id });
    assert.ok(more.ok);
    const seen = new Set(first.page.hits.map((h) => h.id));
    assert.ok(more.page.hits.length > 0);
    assert.ok(more.page.hits.every((h) => !seen.has(h.id)));
  });

  it('cancels a search that a newer one replaced', async () => {
    const stale = provider.search({ type: 'search', query: 'network', scope: { connectionId }, skip: 0 });
    const fresh = provider.search({ type: 'search', query: 'server', scope: { connectionId }, skip: 0 });
    const [a, b] = await Promise.all([stale, fresh]);
    assert.deepEqual(a.ok ? 'ok' : a.cancelled, true);
    assert.ok(b.ok);
  });

  it('says what to do when no connection is chosen, and shows service errors as sentences', async () => {
    const none = await provider.search({ type: 'search', query: 'x', scope: {}, skip: 0 });
    assert.ok(!none.ok && /Add or select a connection/.test(none.message));
    const bad = await provider.search({ type: 'search', query: 'x', scope: { connectionId, rlx: 'no_such_field = "1"' }, skip: 0 });
    assert.ok(!bad.ok && !bad.cancelled && bad.message.length > 10, JSON.stringify(bad));
  });

  it('opens a result with the tree\'s records.openRecord command', async () => {
    const reply = await provider.search({ type: 'search', query: 'printer', scope: { connectionId, workspace: 'IT', app: 'TASK' }, skip: 0 });
    assert.ok(reply.ok && reply.page.hits[0]);
    const hit = reply.page.hits[0];
    await vscode.commands.executeCommand('records.openRecord', searchHitArgument(connectionId, hit));
    // The tree opens records in the record editor (a custom editor) or as a document: either tab will do.
    await waitUntil(() => `a tab for ${hit.reference} (active: ${vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? 'none'})`, async () => {
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      const text = tab?.input instanceof vscode.TabInputText ? (await vscode.workspace.openTextDocument(tab.input.uri)).getText() : '';
      // The record editor's tab is named TASK2 and the title; its records: URI names the record in its query.
      const editorQuery = tab?.input instanceof vscode.TabInputCustom ? tab.input.uri.query : '';
      return tab && (tab.label.includes(hit.reference) || (hit.title !== '' && tab.label.includes(hit.title)) || text.includes(hit.id) || editorQuery === `id=${hit.id}`);
    }, 10_000, 100);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
