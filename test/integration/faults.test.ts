// Network faults as the Records view and the search view show them, in the real editor: the
// run's sandbox behind a fault-injecting relay. Each test is named after the fault it injects
// and checks what the user sees and how many requests the relay passed on.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { SearchViewProvider } from '../../src/extension/browse/search/searchViewProvider';
import type { RecordsTreeProvider } from '../../src/extension/browse/tree/recordsTreeProvider';
import { createRecordsTreeProvider } from '../../src/extension/browse/tree/registerTree';
import type { AppNode, MessageNode, RecordsTreeNode } from '../../src/extension/shared/treeNodes';
import { type FaultRelay, isList, startFaultRelay } from '../support/faultRelay';
import { sandboxConnection } from './support/environment';
import { MemoryMemento } from '../support/memoryMemento';
import { connectSandbox } from '../support/connectSandbox';

describe('faults: what the Records view and the search view show', function () {
  this.timeout(90_000);
  let api: RecordsExtensionApi;
  let relay: FaultRelay;
  let provider: RecordsTreeProvider;
  let connectionId: string;
  let app: AppNode;
  const logLines: string[] = [];
  let logSubscription: vscode.Disposable | undefined;
  let search: SearchViewProvider;

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    const sandbox = sandboxConnection();
    relay = await startFaultRelay(sandbox.url);
    connectionId = (await connectSandbox('Fault tests', { baseUrl: relay.url })).id;
    provider = createRecordsTreeProvider(api.connections, new MemoryMemento());
    const root = (await provider.getChildren()).find((n) => n.kind === 'connection' && n.connectionId === connectionId);
    assert.ok(root);
    const workspace = (await provider.getChildren(root)).find((n) => n.kind === 'workspace' && n.workspace.alias === 'IT');
    assert.ok(workspace);
    app = (await provider.getChildren(workspace)).find((n): n is AppNode => n.kind === 'app' && n.ref.app === 'TASK')!;
    assert.ok(app);
    logSubscription = api.onDidLogRequest((line) => logLines.push(line));
    const extension = vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!;
    const context = { extensionUri: extension.extensionUri, globalState: new MemoryMemento(), subscriptions: [] } as unknown as vscode.ExtensionContext;
    search = new SearchViewProvider(context, api.connections);
  });

  after(async () => {
    logSubscription?.dispose();
    search?.dispose();
    provider?.dispose();
    if (connectionId) await api.connections.remove(connectionId);
    await relay?.close();
  });

  /** The app's rows after a fresh read. */
  const reload = async (): Promise<RecordsTreeNode[]> => {
    provider.refresh(app);
    return provider.getChildren(app);
  };
  const listRequests = (): number => relay.count('POST', /\/tickets\/list/);

  it('503 twice: the page is shown after the retries', async () => {
    const before = listRequests();
    relay.inject(isList, { kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    const rows = await reload();
    assert.ok(rows.some((n) => n.kind === 'record'), rows.map((n) => n.kind).join(', '));
    assert.equal(listRequests() - before, 3);
  });

  it('429 storm with Retry-After: the view backs off, recovers, and does not pile up requests', async () => {
    const before = listRequests();
    relay.inject(isList, ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429, retryAfter: '1' })));
    const started = Date.now();
    const rows = await reload();
    assert.ok(rows.some((n) => n.kind === 'record'));
    assert.ok(Date.now() - started >= 2_900, 'waited as Retry-After said, three times');
    assert.equal(listRequests() - before, 4, 'one request at a time: three refused, one answered');
  });

  it('503 that does not go away: an error row that offers Retry, and a log line', async () => {
    relay.inject(isList, ...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })));
    const rows = await reload();
    const error = rows.find((n): n is MessageNode => n.kind === 'message' && n.tone === 'error');
    assert.ok(error, `an error row: ${rows.map((n) => n.kind).join(', ')}`);
    assert.match(error.label, /retry/i);
    assert.equal(error.command?.command, 'records.refresh');
    assert.ok(logLines.some((line) => /tickets\/list.* → 503 /.test(line)), logLines.join('\n'));
    // Retry, once the service is back, shows the page.
    provider.refresh(error);
    assert.ok((await provider.getChildren(app)).some((n) => n.kind === 'record'));
  });

  it('stall before headers: the 30 s deadline ends the read, the row offers Retry, and Retry works', async () => {
    relay.inject(isList, { kind: 'stall-before-headers' });
    const started = Date.now();
    const rows = await reload();
    const waited = Date.now() - started;
    const error = rows.find((n): n is MessageNode => n.kind === 'message' && n.tone === 'error');
    assert.ok(error, rows.map((n) => n.kind).join(', '));
    assert.match(String(error.detail), /did not answer within 30 seconds/);
    assert.ok(waited >= 29_000 && waited < 60_000, `ended by the deadline after ${waited} ms`);
    provider.refresh(error);
    assert.ok((await provider.getChildren(app)).some((n) => n.kind === 'record'));
  });

  it('an app expanded on a slow service is not read again ahead: one request, and its rows, not "No records"', async () => {
    // A tree of its own, reading ahead as the product does: the apps are listed, and the user
    // expands one before the idle wait (400 ms) is over; its read takes longer than that.
    const ahead = createRecordsTreeProvider(api.connections, new MemoryMemento(), { prefetch: true });
    try {
      const root = (await ahead.getChildren()).find((n) => n.kind === 'connection' && n.connectionId === connectionId)!;
      const workspace = (await ahead.getChildren(root)).find((n) => n.kind === 'workspace' && n.workspace.alias === 'IT')!;
      const isTaskList = (method: string, path: string): boolean => isList(method, path) && path.includes('/a/TASK/');
      const taskLists = (): number => relay.count('POST', /\/a\/TASK\/tickets\/list/);
      let release!: () => void;
      relay.inject(isTaskList, { kind: 'hold', release: new Promise<void>((resolve) => (release = resolve)) });
      const task = (await ahead.getChildren(workspace)).find((n): n is AppNode => n.kind === 'app' && n.ref.app === 'TASK')!;
      const before = taskLists();
      const expanded = ahead.getChildren(task);
      for (const deadline = Date.now() + 10_000; taskLists() - before < 1; ) {
        assert.ok(Date.now() < deadline, 'the expand never reached the service');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The idle wait ends while the read is held: reading ahead would start now.
      await new Promise((resolve) => setTimeout(resolve, 800));
      release();
      const rows = await expanded;
      assert.ok(rows.some((n) => n.kind === 'record'), rows.map((n) => n.kind).join(', '));
      assert.equal(taskLists() - before, 1, 'the app was read once');
    } finally {
      ahead.dispose();
    }
  });

  it('429 storm in the search view: a newer search replaces the waiting one, which sends nothing more', async () => {
    const isSearch = (method: string, path: string): boolean => method === 'POST' && path.startsWith('/api/tickets/search');
    const searches = (): number => relay.count('POST', /^\/api\/tickets\/search/);
    const before = searches();
    relay.inject(isSearch, ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429, retryAfter: '1' })));
    const stale = search.search({ type: 'search', query: 'network', scope: { connectionId }, skip: 0 });
    // The new search starts once the first one's request reached the service (and met its 429),
    // not after a fixed time that a busy machine could overrun.
    for (const deadline = Date.now() + 10_000; searches() - before < 1; ) {
      assert.ok(Date.now() < deadline, 'the first search never reached the service');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const fresh = search.search({ type: 'search', query: 'server', scope: { connectionId }, skip: 0 });
    const [a, b] = await Promise.all([stale, fresh]);
    assert.equal(a.ok ? 'ok' : a.cancelled, true, 'the replaced search was cancelled while it backed off');
    assert.ok(b.ok, JSON.stringify(b));
    assert.equal(searches() - before, 4, 'one request of the replaced search, three of the new one');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(searches() - before, 4, 'nothing more was sent afterwards');
  });
});
