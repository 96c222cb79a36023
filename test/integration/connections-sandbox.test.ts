// The local sandbox launcher inside the extension host: starts dist/sandbox.js from the
// installed extension, wires the "Local Sandbox" connection, stops and resets it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { createRecordsTreeProvider } from '../../src/extension/browse/tree/registerTree';
import type { MessageNode, RecordsTreeNode } from '../../src/extension/shared/treeNodes';
import { MemoryMemento } from '../support/memoryMemento';
import { openPrompt } from './support/openPrompt';
import { waitUntil } from '../support/waitUntil';

describe('connections: local sandbox launcher', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
  });

  after(async () => {
    await vscode.commands.executeCommand('records.stopSandbox');
  });

  it('starts the sandbox on loopback and selects a signed-in "Local Sandbox" connection', async () => {
    const connection = await vscode.commands.executeCommand<ConnectionInfo | undefined>('records.startSandbox');
    assert.ok(connection, 'records.startSandbox returned no connection');
    assert.equal(connection.name, 'Local Sandbox');
    assert.equal(connection.sandbox, true);
    assert.match(api.sandbox.url ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(connection.baseUrl, api.sandbox.url);
    assert.equal(api.connections.activeId, connection.id);
    assert.equal(await api.connections.authorization(connection.id), 'SVC_AUTH_CODE sandbox-admin-token');
    const user = await (await api.connections.client(connection.id)).currentUser();
    assert.equal(user.name, 'Ada Admin');
  });

  it('starting again reuses the running sandbox and the same connection', async () => {
    const url = api.sandbox.url;
    const again = await vscode.commands.executeCommand<ConnectionInfo | undefined>('records.startSandbox');
    assert.equal(api.sandbox.url, url);
    assert.equal(api.connections.list().filter((c) => c.sandbox).length, 1);
    assert.equal(again?.baseUrl, url);
  });

  it('stops it, and the connection stays for the next start', async () => {
    const url = api.sandbox.url!;
    assert.equal(await vscode.commands.executeCommand('records.stopSandbox'), true);
    assert.equal(api.sandbox.url, undefined);
    await assert.rejects(fetch(`${url}/api/common`), 'nothing listens after stop');
    assert.equal(api.connections.list().filter((c) => c.sandbox).length, 1);
  });

  it('while it is stopped, its row in the tree offers to start it, and that click brings the workspaces back', async () => {
    const connection = api.connections.list().find((c) => c.sandbox)!;
    assert.equal(api.sandbox.url, undefined, 'stopped by the previous test');
    const provider = createRecordsTreeProvider(api.connections, new MemoryMemento());
    try {
      const root = (await provider.getChildren()).find((n) => n.kind === 'connection' && n.connectionId === connection.id);
      assert.ok(root);
      const rows = await provider.getChildren(root);
      const start = rows.find((n): n is MessageNode => n.kind === 'message' && n.command?.command === 'records.startSandbox');
      assert.ok(start, `a row that starts the sandbox: ${rows.map((n) => (n.kind === 'message' ? n.label : n.kind)).join(' | ')}`);
      assert.equal(start.label, 'Sandbox stopped: click to start');
      assert.ok(rows.some((n) => n.kind === 'message' && n.command?.command === 'records.refresh'), 'and a Retry row');

      const changed = new Promise<void>((resolve) => provider.onDidChangeTreeData(() => resolve()));
      await vscode.commands.executeCommand(start.command!.command, ...(start.command!.arguments ?? []));
      await changed;
      assert.ok(api.sandbox.url, 'running again');
      const again: RecordsTreeNode[] = await provider.getChildren(root);
      assert.ok(again.some((n) => n.kind === 'workspace'), `workspaces listed: ${again.map((n) => n.kind).join(', ')}`);
    } finally {
      provider.dispose();
    }
  });

  it('shows the Records view once started, and leaves a prompt the user opened meanwhile open', async () => {
    await vscode.commands.executeCommand('records.stopSandbox');
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitUntil('the Records view is hidden', () => !api.tree.view.visible);
    // Starting takes seconds: the user goes on meanwhile, here into a prompt.
    const prompt = openPrompt();
    try {
      const connection = await vscode.commands.executeCommand<ConnectionInfo | undefined>('records.startSandbox');
      assert.ok(connection);
      await waitUntil('the Records view is shown', () => api.tree.view.visible);
      assert.equal(await prompt.closedAfterAMoment(), false, 'the prompt stayed open');
    } finally {
      prompt.dispose();
    }
  });

  it('resets without a prompt when asked by a script, and comes back on the previous port', async () => {
    const previous = api.connections.list().find((c) => c.sandbox)!.baseUrl;
    const connection = await vscode.commands.executeCommand<ConnectionInfo | undefined>('records.resetSandbox', { confirm: false });
    assert.ok(connection);
    assert.equal(connection.baseUrl, previous, 'the previous port is reused when free');
    const client = await api.connections.client(connection.id);
    assert.ok((await client.countRecords(undefined)).total > 0, 'fresh demo data exists');
  });
});
