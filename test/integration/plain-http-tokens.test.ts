// Tokens never travel over plain http to a remote address unless the user allowed it for that
// connection, and then the connection says so in the Records view (issue 17, item 9).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { treeItemFor } from '../../src/extension/browse/tree/treeItems';
import { sandboxConnection } from './support/environment';
import { waitUntil } from '../support/waitUntil';

const EXTENSION_ID = 'records-tools.records-service';

describe('plain http and tokens', () => {
  let api: RecordsExtensionApi;
  const created: string[] = [];

  before(async () => {
    const extension = vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed`);
    api = await extension.activate();
  });

  after(async () => {
    for (const id of created) await api.connections.remove(id);
  });

  for (const authKind of ['authCode', 'bearer'] as const) {
    it(`refuses to send a ${authKind} token to a remote http:// address`, async () => {
      const info = await api.connections.add({ name: `Remote ${authKind}`, baseUrl: 'http://records.example.test', authKind });
      created.push(info.id);
      await api.connections.setToken(info.id, 'secret-token');
      await assert.rejects(api.connections.authorization(info.id), (error: Error) => {
        assert.match(error.message, /plain http/);
        assert.match(error.message, /https:\/\//);
        return true;
      });
    });
  }

  it('sends the token over http to loopback (the local sandbox) and over https anywhere', async () => {
    const sandbox = sandboxConnection();
    const local = await api.connections.add({ name: 'Loopback', baseUrl: sandbox.url, authKind: 'authCode' });
    const secure = await api.connections.add({ name: 'Secure', baseUrl: 'https://records.example.test', authKind: 'bearer' });
    created.push(local.id, secure.id);
    await api.connections.setToken(local.id, sandbox.adminToken);
    await api.connections.setToken(secure.id, 'secret-token');
    assert.equal(await api.connections.authorization(local.id), `SVC_AUTH_CODE ${sandbox.adminToken}`);
    assert.equal(await api.connections.authorization(secure.id), 'Bearer secret-token');
  });

  it('sends it after an explicit opt-in, and the Records view then shows a warning on the connection', async () => {
    const info = await api.connections.add({ name: 'Opted in', baseUrl: 'http://records.example.test', authKind: 'authCode', allowPlainHttp: true });
    created.push(info.id);
    await api.connections.setToken(info.id, 'secret-token');
    assert.equal(await api.connections.authorization(info.id), 'SVC_AUTH_CODE secret-token');
    const item = treeItemFor({ kind: 'connection', id: `conn:${info.id}`, connectionId: info.id }, { connection: api.connections.get(info.id) });
    assert.match(String(item.description), /plain http/i);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'warning');
    assert.match(String(item.tooltip), /unencrypted/);
    const previous = api.connections.activeId;
    await api.connections.select(info.id);
    // The selection starts a refresh of its own (which looks the user up); whichever refresh
    // ends last draws the item, so wait for the text rather than read it once.
    await api.statusBar.refresh(false);
    await waitUntil('the status bar to show the warning on the opted-in connection', () => api.statusBar.text === '$(warning) Opted in', 10_000).catch(() => undefined);
    assert.equal(api.statusBar.text, '$(warning) Opted in');
    if (previous !== undefined) await api.connections.select(previous);
  });
});
