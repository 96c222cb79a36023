// The connection catalog (src/extension/connections/connectionCatalog.ts) in the extension host,
// against a sandbox of its own behind a counting relay: features share its requests, pinned
// workspaces reach the `.rlx` language, Refresh, a pin list edit and a sign-in drop what it knew, and
// a new window answers from the workspaces the last one kept while the service has not answered.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { connectionKey } from '../../src/extension/connections/connectionCatalog';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { createRecordsTreeProvider } from '../../src/extension/browse/tree/registerTree';
import { ADMIN_TOKEN, startBundledSandbox, type TestSandbox } from '../support/bundledSandbox';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { waitUntil } from '../support/waitUntil';
import { MemoryMemento } from '../support/memoryMemento';

const EXTENSION_ID = 'records-tools.records-service';
const CONNECTION = 'Catalog tests';
const TASK = { workspace: 'IT', app: 'TASK' };

const opened: vscode.TextDocument[] = [];

async function completionLabels(text: string): Promise<string[]> {
  const offset = text.indexOf('|');
  const document = await vscode.workspace.openTextDocument({ language: 'rlx', content: text.replace('|', '') });
  opened.push(document);
  await vscode.window.showTextDocument(document);
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, document.positionAt(offset));
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

describe('connection catalog', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let sandbox: TestSandbox;
  let relay: FaultRelay;
  let connectionId: string;

  const schemaReads = (): number => relay.count('GET', /\/api\/schema\/IT!TASK/);
  // Workspace discovery is the one unscoped aggregation; other unscoped lists (search, a live count) are not.
  const discoveries = (): number => relay.seen.filter((r) => r.method === 'POST' && /^\/api\/tickets\/list/.test(r.path) && r.body.includes('dimensions4Pivot')).length;
  const requestsSince = (index: number): string => relay.seen.slice(index).map((r) => `${r.method} ${r.path} ${r.body.slice(0, 160)}`).join('\n');
  const userReads = (): number => relay.count('GET', /^\/api\/common/);

  before(async () => {
    api = (await vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!.activate())!;
    sandbox = await startBundledSandbox({ records: 20 });
    relay = await startFaultRelay(sandbox.url);
    const connection = await api.connections.add({ name: CONNECTION, baseUrl: relay.url, authKind: 'authCode' });
    connectionId = connection.id;
    await api.connections.setToken(connectionId, ADMIN_TOKEN);
  });

  after(async () => {
    // Untitled and changed: closed without the save prompt.
    for (const document of opened) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    if (connectionId) await api.connections.remove(connectionId);
    await relay?.close();
    await sandbox?.dispose();
  });

  it('two features asking for the same schema at once send one request: the tree and `.rlx` completion', async () => {
    const tree = createRecordsTreeProvider(api.connections, new MemoryMemento());
    const beforeSchema = schemaReads();
    const beforeDiscovery = discoveries();
    const [labels, schema] = await Promise.all([
      completionLabels(`@connection "${CONNECTION}"\n@app IT/TASK\n### Open\n|`),
      tree.schema(connectionId, TASK),
    ]);
    assert.ok(schema?.fields?.state, 'the tree got the schema');
    assert.ok(labels.includes('state'), `completion offers the schema's fields: ${labels.slice(0, 20).join(', ')}`);
    assert.equal(schemaReads() - beforeSchema, 1, 'one schema request for both');
    assert.ok(discoveries() - beforeDiscovery <= 1, 'at most one discovery for both');
    // Asked again by a third feature (bulk, pivot, the editor read the same catalog): no request.
    await api.connections.catalog.schema(connectionId, TASK);
    await completionLabels(`@connection "${CONNECTION}"\n@app IT/TASK\n### Again\nstate = |`);
    assert.equal(schemaReads() - beforeSchema, 1, 'still one');
    tree.dispose();
  });

  it('pinned workspaces reach `.rlx` completion: a workspace without records appears once pinned', async () => {
    // Empty HR in this sandbox: discovery (an aggregation over records) cannot find it any more.
    const admin = sandbox.client();
    const hiring = await admin.listRecords({ workspace: 'HR', app: 'HIRING' }, { limitRecords: 500 });
    if (hiring.data.length > 0) await admin.batch(hiring.data.map((record) => ({ transition: 'delete', id: record.id })));
    await vscode.commands.executeCommand('records.refresh');
    const unpinned = await completionLabels(`@connection "${CONNECTION}"\n@app |`);
    assert.ok(!unpinned.some((label) => label.startsWith('HR')), `HR is not discovered: ${unpinned.join(', ')}`);

    const before = discoveries();
    const seenBefore = relay.seen.length;
    await api.connections.update(connectionId, { pinnedWorkspaces: ['HR'] });
    const pinned = await completionLabels(`@connection "${CONNECTION}"\n@app |`);
    assert.ok(pinned.some((label) => label.startsWith('HR')), `the pinned HR is offered: ${pinned.join(', ')}`);
    assert.equal(discoveries() - before, 1, `the edit dropped the old workspaces: read once again; requests since the edit:\n${requestsSince(seenBefore)}`);
    assert.ok(api.connections.catalog.knownWorkspaces(connectionId)?.some((workspace) => workspace.alias === 'HR'));
  });

  it('Refresh drops everything the catalog knew: the next asks read workspaces and schemas again', async () => {
    await api.connections.catalog.workspaces(connectionId);
    await api.connections.catalog.schema(connectionId, TASK);
    const [schemasBefore, discoveriesBefore] = [schemaReads(), discoveries()];
    await api.connections.catalog.schema(connectionId, TASK);
    assert.equal(schemaReads(), schemasBefore, 'kept until refreshed');

    await vscode.commands.executeCommand('records.refresh');
    assert.equal(api.connections.catalog.knownSchema(connectionId, TASK), undefined);
    await api.connections.catalog.workspaces(connectionId);
    await api.connections.catalog.schema(connectionId, TASK);
    assert.equal(schemaReads() - schemasBefore, 1);
    assert.equal(discoveries() - discoveriesBefore, 1);

    // "Refresh Schemas" from a `.rlx` file is the same catalog.
    await vscode.commands.executeCommand('records.rlx.refreshSchemas');
    await api.connections.catalog.schema(connectionId, TASK);
    assert.equal(schemaReads() - schemasBefore, 2);
  });

  it('signing in as someone else drops the facts of the one before: who `@me` is, what they may see', async () => {
    const admin = await api.connections.catalog.currentUser(connectionId);
    assert.equal(admin.name, 'Ada Admin');
    const readsBefore = userReads();
    await api.connections.catalog.currentUser(connectionId);
    assert.equal(userReads(), readsBefore, 'read once per sign-in');

    await api.connections.setToken(connectionId, 'sandbox-member-token');
    assert.equal(api.connections.catalog.knownUser(connectionId), undefined);
    assert.equal((await api.connections.catalog.currentUser(connectionId)).name, 'Max Member');
    const workspaces = (await api.connections.catalog.workspaces(connectionId)).map((workspace) => workspace.alias);
    assert.ok(!workspaces.includes('HR'), `Max may not read HR, pinned or not: ${workspaces.join(', ')}`);
  });

  it('a new window offers the workspaces the last one kept in `.rlx` completion before the service answered, and one request brings them up to date', async () => {
    const warm = await api.connections.add({ name: 'Warm start', baseUrl: relay.url, authKind: 'authCode' });
    let release = (): void => undefined;
    try {
      await api.connections.setToken(warm.id, ADMIN_TOKEN);
      // What the last window kept in the tree cache file for this connection (this one has read nothing).
      const admin = sandbox.client();
      const kept = await admin.discoverWorkspaces();
      assert.ok(kept.some((workspace) => workspace.alias === 'IT'));
      api.connections.catalog.kept!.rememberWorkspaces(warm.id, connectionKey(api.connections.get(warm.id)!), kept);

      // The service is slow to answer discovery. The relay picks a fault before it reads the body, and
      // other unscoped lists share discovery's path (the live count of an `.rlx` file with no `@app`
      // yet, sent first in one CI run), so the next few unscoped lists are all held, released together.
      const [before, seenBefore] = [discoveries(), relay.seen.length];
      const released = new Promise<void>((resolve) => (release = resolve));
      const hold = { kind: 'hold', release: released } as const;
      relay.inject((method, path) => method === 'POST' && /^\/api\/tickets\/list/.test(path), hold, hold, hold, hold, hold, hold);
      const labels = await completionLabels('@connection "Warm start"\n@app |');
      assert.ok(labels.some((label) => label.startsWith('IT/')), `the kept workspaces are offered: ${labels.join(', ')}`);
      await waitUntil('the reconciling discovery request, held', () =>
        relay.seen.slice(seenBefore).find((request) => request.fault === 'hold' && /dimensions4Pivot/.test(request.body)),
      );
      assert.equal(api.connections.catalog.knownWorkspaces(warm.id, { kept: false }), undefined, 'the service had not answered yet');

      release();
      const read = await waitUntil('the service\'s answer', () => api.connections.catalog.knownWorkspaces(warm.id, { kept: false }));
      assert.ok(read.some((workspace) => workspace.alias === 'IT'));
      assert.equal(discoveries() - before, 1, 'one request brought them up to date');
    } finally {
      release();
      await api.connections.remove(warm.id);
    }
  });
});
