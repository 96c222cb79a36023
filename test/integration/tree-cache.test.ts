// The Records tree's kept rows (src/extension/connections/treeCache.ts) and prefetch, in the extension
// host against a sandbox of its own behind a counting relay: a second window shows what the
// first one showed at once and brings it up to date with one request, a failed refresh keeps
// the rows and says so, and the setting turns it all off.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RecordData } from '../../src/core/contract/types';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type { RecordsTreeProvider } from '../../src/extension/browse/tree/recordsTreeProvider';
import { createRecordsTreeProvider } from '../../src/extension/browse/tree/registerTree';
import { TreeCache } from '../../src/extension/connections/treeCache';
import type { AppNode, RecordNode, RecordsTreeNode } from '../../src/extension/shared/treeNodes';
import { ADMIN_TOKEN, startBundledSandbox, type TestSandbox } from '../support/bundledSandbox';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { MemoryMemento } from '../support/memoryMemento';

const EXTENSION_ID = 'records-tools.records-service';

describe('tree cache and prefetch', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let sandbox: TestSandbox;
  let storageDir: string;
  let relay: FaultRelay;
  let connectionId: string;
  const providers: RecordsTreeProvider[] = [];
  const caches: TreeCache[] = [];

  const listRequests = (): number => relay.count('POST', /\/a\/TASK\/tickets\/list/);
  const discoveries = (): number => relay.count('POST', /^\/api\/tickets\/list/);
  const storage = vscode.Uri.file(mkdtempSync(join(tmpdir(), 'records-tree-cache-')));

  /** A tree as a new window has it: a fresh provider, the catalog empty, the cache file read again. */
  async function newWindow(options: { prefetch?: boolean } = {}): Promise<{ provider: RecordsTreeProvider; cache: TreeCache }> {
    // The window before closes: its last writes land first.
    for (const provider of providers.splice(0)) provider.dispose();
    for (const cache of caches.splice(0)) {
      await cache.flush();
      cache.dispose();
    }
    api.connections.catalog.invalidate(connectionId);
    const cache = new TreeCache(storage);
    const provider = createRecordsTreeProvider(api.connections, new MemoryMemento(), { cache, prefetch: options.prefetch ?? false });
    providers.push(provider);
    caches.push(cache);
    return { provider, cache };
  }

  async function taskApp(provider: RecordsTreeProvider): Promise<AppNode> {
    const root = (await provider.getChildren()).find((n) => n.kind === 'connection' && n.connectionId === connectionId)!;
    const workspace = (await provider.getChildren(root)).find((n) => n.kind === 'workspace' && n.workspace.alias === 'IT')!;
    assert.ok(workspace, 'IT is listed');
    return (await provider.getChildren(workspace)).find((n): n is AppNode => n.kind === 'app' && n.ref.app === 'TASK')!;
  }

  const recordRows = (rows: RecordsTreeNode[]): RecordNode[] => rows.filter((n): n is RecordNode => n.kind === 'record');

  function nextChange(provider: RecordsTreeProvider, node: RecordsTreeNode): Promise<void> {
    return new Promise((resolve) => {
      const listener = provider.onDidChangeTreeData((changed) => {
        if (changed === node) {
          listener.dispose();
          resolve();
        }
      });
    });
  }

  before(async () => {
    api = (await vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!.activate())!;
    storageDir = storage.fsPath;
    sandbox = await startBundledSandbox({ records: 20 });
    relay = await startFaultRelay(sandbox.url);
    const connection = await api.connections.add({ name: 'Tree cache tests', baseUrl: relay.url, authKind: 'authCode' });
    connectionId = connection.id;
    await api.connections.setToken(connectionId, ADMIN_TOKEN);
  });

  after(async () => {
    for (const provider of providers) provider.dispose();
    for (const cache of caches) cache.dispose();
    await vscode.workspace.getConfiguration().update('records.tree.cache', undefined, vscode.ConfigurationTarget.Global);
    if (connectionId) await api.connections.remove(connectionId);
    await relay?.close();
    await sandbox?.dispose();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it('a new window shows the rows kept from the last one at once, and one request brings a renamed record up to date in place', async () => {
    const first = await newWindow();
    const shown = recordRows(await first.provider.getChildren(await taskApp(first.provider)));
    assert.ok(shown.length > 0);
    await first.cache.flush();
    const target = shown[0]!.record;

    // Meanwhile, someone renames the first record.
    const admin = sandbox.client();
    await admin.batch([{ transition: 'edit', id: target.id, title: 'Renamed meanwhile' }]);

    const second = await newWindow();
    const [listsBefore, discoveriesBefore] = [listRequests(), discoveries()];
    const app = await taskApp(second.provider);
    const updated = nextChange(second.provider, app);
    const kept = recordRows(await second.provider.getChildren(app));
    assert.deepEqual(kept.map((n) => n.record.id), shown.map((n) => n.record.id), 'the kept rows, in their order');
    assert.equal(kept[0]!.record.title, target.title, 'shown before the service answered');

    await updated;
    const fresh = recordRows(await second.provider.getChildren(app));
    assert.equal(fresh[0], kept[0], 'the same row object: VS Code keeps it selected and in place');
    assert.equal(fresh[0]!.record.title, 'Renamed meanwhile');
    assert.equal(listRequests() - listsBefore, 1, 'one request reconciled the page');
    assert.ok(discoveries() - discoveriesBefore <= 1, 'and at most one the workspaces');
    await second.cache.flush();
    assert.match(readFileSync(join(storageDir, 'tree-cache.json'), 'utf8'), /Renamed meanwhile/, 'the file now keeps the new title');
    assert.doesNotMatch(readFileSync(join(storageDir, 'tree-cache.json'), 'utf8'), new RegExp(ADMIN_TOKEN), 'never a token');
  });

  it('the same token set again (the local sandbox sets its demo token at every start) keeps the rows for the next window', async () => {
    const first = await newWindow();
    const shown = recordRows(await first.provider.getChildren(await taskApp(first.provider)));
    assert.ok(shown.length > 0);
    await api.connections.setToken(connectionId, ADMIN_TOKEN);
    await first.cache.flush();

    const second = await newWindow();
    const app = await taskApp(second.provider);
    const before = listRequests();
    const kept = recordRows(await second.provider.getChildren(app));
    assert.equal(listRequests() - before, 0, 'the rows came from the cache, before any request');
    assert.deepEqual(kept.map((n) => n.record.id), shown.map((n) => n.record.id));
  });

  it('Refresh on an app reads the service, never the kept rows, and a record put on top stays there', async () => {
    const first = await newWindow();
    const firstApp = await taskApp(first.provider);
    const reconciled = nextChange(first.provider, firstApp);
    const shown = recordRows(await first.provider.getChildren(firstApp));
    await reconciled;
    await first.cache.flush();
    const admin = sandbox.client();
    await admin.batch([{ transition: 'edit', id: shown[0]!.record.id, title: 'Renamed before the refresh' }]);
    const added = await admin.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Put on top' }]);

    const second = await newWindow();
    const app = await taskApp(second.provider);
    second.provider.refresh(app);
    const rows = recordRows(await second.provider.getChildren(app));
    assert.equal(rows.find((n) => n.record.id === shown[0]!.record.id)?.record.title, 'Renamed before the refresh', 'read from the service');
    // What "reveal" does for a record the first page does not hold: it stays after any background read.
    const newId = String(added.results[0]?.data?.id);
    if (!rows.some((n) => n.record.id === newId)) assert.ok(await second.provider.insertRecordAtTop(app, newId));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(recordRows(await second.provider.getChildren(app)).some((n) => n.record.id === newId));
  });

  it('what a window learns while the file is still being read adds to the kept pages, never replaces them', async () => {
    const folder = vscode.Uri.file(mkdtempSync(join(tmpdir(), 'records-tree-cache-merge-')));
    const page = { records: [{ id: 'kept-1', title: 'Kept' }] as RecordData[], filtered: 1, total: 1, at: Date.now() };
    try {
      const earlier = new TreeCache(folder);
      await earlier.ready();
      earlier.rememberPage('c1', 'key', 'app:TASK', page);
      await earlier.flush();
      earlier.dispose();

      const next = new TreeCache(folder);
      // Discovery answered before the file was read (a busy machine).
      next.rememberWorkspaces('c1', 'key', []);
      await next.ready();
      assert.deepEqual(next.page('c1', 'key', 'app:TASK')?.records.map((r) => r.id), ['kept-1'], 'the page kept by the window before');
      await next.flush();
      next.dispose();
      const third = new TreeCache(folder);
      await third.ready();
      assert.ok(third.page('c1', 'key', 'app:TASK'), 'and still in the file after the next write');
      third.dispose();
    } finally {
      rmSync(folder.fsPath, { recursive: true, force: true });
    }
  });

  it('a window opened while another one writes the file still finds the kept pages (the file is never absent)', async () => {
    const folder = vscode.Uri.file(mkdtempSync(join(tmpdir(), 'records-tree-cache-concurrent-')));
    const page = (n: number) => ({ records: [{ id: `kept-${n}`, title: 'Kept' }] as RecordData[], filtered: 1, total: 1, at: Date.now() });
    const writer = new TreeCache(folder);
    try {
      await writer.ready();
      writer.rememberPage('c1', 'key', 'app:TASK', page(0));
      await writer.flush();
      assert.ok(existsSync(join(folder.fsPath, 'tree-cache.json')), 'written once');
      let absent = 0;
      const missed: number[] = [];
      for (let n = 1; n <= 30; n += 1) {
        writer.rememberPage('c1', 'key', 'app:TASK', page(n));
        const writing = writer.flush();
        const reader = new TreeCache(folder);
        const reading = reader.ready();
        while (await Promise.race([writing.then(() => true), new Promise<false>((resolve) => setImmediate(() => resolve(false)))]) === false) {
          if (!existsSync(join(folder.fsPath, 'tree-cache.json'))) absent += 1;
        }
        await reading;
        if (reader.page('c1', 'key', 'app:TASK') === undefined) missed.push(n);
        reader.dispose();
      }
      assert.equal(absent, 0, `the file was absent while being replaced (${absent} looks in 30 writes)`);
      assert.deepEqual(missed, [], 'windows opened during a write that found no kept page');
    } finally {
      writer.dispose();
      rmSync(folder.fsPath, { recursive: true, force: true });
    }
  });

  it('a closed window writes nothing more: what its tree learns late does not overwrite the next window\'s file', async () => {
    const folder = vscode.Uri.file(mkdtempSync(join(tmpdir(), 'records-tree-cache-closed-')));
    const page = (id: string) => ({ records: [{ id, title: 'Kept' }] as RecordData[], filtered: 1, total: 1, at: Date.now() });
    try {
      const closed = new TreeCache(folder);
      await closed.ready();
      closed.rememberPage('c1', 'key', 'app:TASK', page('before-closing'));
      closed.dispose();
      await closed.flush();
      // A read that was under way when the window closed answers now.
      closed.rememberPage('c1', 'key', 'app:DEAL', page('after-closing'));
      await closed.flush();
      const text = readFileSync(join(folder.fsPath, 'tree-cache.json'), 'utf8');
      assert.match(text, /before-closing/, 'what was pending at closing is written');
      assert.doesNotMatch(text, /after-closing/, 'nothing is written after closing');
    } finally {
      rmSync(folder.fsPath, { recursive: true, force: true });
    }
  });

  it('a refresh that fails keeps the kept rows and says so on the app', async () => {
    const window = await newWindow();
    const app = await taskApp(window.provider);
    relay.inject((method, path) => method === 'POST' && path.includes('/a/TASK/tickets/list'), ...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })));
    const updated = nextChange(window.provider, app);
    const kept = recordRows(await window.provider.getChildren(app));
    // (Failed once in many runs: then say what the file kept for the connection.)
    const file = join(storageDir, 'tree-cache.json');
    const keptInFile = existsSync(file) ? Object.entries((JSON.parse(readFileSync(file, 'utf8')) as { connections: Record<string, { pages: object; userId?: string }> }).connections).map(([id, entry]) => `${id === connectionId ? 'this' : id}: user ${entry.userId}, pages ${Object.keys(entry.pages).length}`) : 'no file';
    assert.ok(kept.length > 0, `the kept rows are shown; the file keeps these pages for the connection: ${JSON.stringify(keptInFile)}`);
    await updated;
    assert.equal(recordRows(await window.provider.getChildren(app)).length, kept.length, 'still shown after the failure');
    const item = window.provider.getTreeItem(app);
    assert.match(String(item.description), /not refreshed/);
    assert.match(String(item.tooltip), /Refresh to try again/);
  });

  it('prefetch reads the first page of the listed apps on idle: expanding one sends nothing', async () => {
    const window = await newWindow({ prefetch: true });
    await vscode.workspace.getConfiguration().update('records.tree.cache', false, vscode.ConfigurationTarget.Global);
    try {
      const app = await taskApp(window.provider);
      const prefetched = nextChange(window.provider, app);
      await prefetched;
      const before = listRequests();
      assert.ok(recordRows(await window.provider.getChildren(app)).length > 0);
      assert.equal(listRequests(), before, 'the rows were read ahead');
    } finally {
      await vscode.workspace.getConfiguration().update('records.tree.cache', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('the setting off keeps nothing on disk and deletes what was kept; signing in as someone else drops the rows', async () => {
    const window = await newWindow();
    await window.provider.getChildren(await taskApp(window.provider));
    await window.cache.flush();
    const file = join(storageDir, 'tree-cache.json');
    assert.ok(existsSync(file));

    await api.connections.setToken(connectionId, 'sandbox-member-token');
    await window.cache.flush();
    assert.doesNotMatch(readFileSync(file, 'utf8'), new RegExp(connectionId), 'another user: nothing kept for the connection');
    await api.connections.setToken(connectionId, ADMIN_TOKEN);

    await vscode.workspace.getConfiguration().update('records.tree.cache', false, vscode.ConfigurationTarget.Global);
    // The window has seen the setting (its listener runs as the value changes), then its erase is done.
    for (const deadline = Date.now() + 10_000; window.cache.enabled; ) {
      assert.ok(Date.now() < deadline, 'the window never saw the setting turned off');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await window.cache.flush();
    assert.ok(!existsSync(file), 'deleted when turned off');
    const off = await newWindow();
    const before = listRequests();
    await off.provider.getChildren(await taskApp(off.provider));
    await off.cache.flush();
    assert.equal(listRequests() - before, 1, 'read from the service');
    assert.ok(!existsSync(file), 'and still nothing written');
  });
});
