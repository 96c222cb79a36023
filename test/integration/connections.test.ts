// Connections, sign-in, status bar and the 401 path inside the extension host, against the
// sandbox that run.mjs started for this run.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { startFaultRelay } from '../support/faultRelay';
import { waitUntil } from '../support/waitUntil';
import { sandboxConnection } from './support/environment';

const EXTENSION_ID = 'records-tools.records-service';

async function extensionApi(): Promise<RecordsExtensionApi> {
  const extension = vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  return extension.activate();
}

describe('connections', () => {
  let api: RecordsExtensionApi;
  const created: string[] = [];

  before(async () => {
    api = await extensionApi();
  });

  after(async () => {
    for (const id of created) await vscode.commands.executeCommand('records.removeConnection', id, { confirm: false });
  });

  async function addConnection(args: Record<string, unknown>): Promise<ConnectionInfo> {
    const info = await vscode.commands.executeCommand<ConnectionInfo | undefined>('records.addConnection', args);
    assert.ok(info, 'records.addConnection returned no connection');
    created.push(info.id);
    return info;
  }

  it('adds an auth-code connection without prompts, selects it and keeps the token out of global state', async () => {
    const sandbox = sandboxConnection();
    const info = await addConnection({ name: 'Integration Sandbox', baseUrl: `${sandbox.url}/api/`, authKind: 'authCode', token: sandbox.adminToken });
    assert.equal(info.baseUrl, sandbox.url, 'the base URL is normalised');
    assert.equal(api.connections.activeId, info.id);
    assert.deepEqual(api.connections.get(info.id), info);
    assert.ok(!JSON.stringify(api.connections.list()).includes(sandbox.adminToken), 'tokens never land in the connection list');
    assert.equal(await api.connections.authorization(info.id), `SVC_AUTH_CODE ${sandbox.adminToken}`);
    const client = await api.connections.client(info.id);
    assert.equal(client, await api.connections.client(info.id), 'one cached client per connection');
    const user = await client.currentUser();
    assert.ok(user.name);
  });

  it('lists a connection added with a token only once the token is stored, so no view reads it signed out', async () => {
    const sandbox = sandboxConnection();
    const asked: Promise<boolean>[] = [];
    const subscription = api.connections.onDidChangeConnections(() => {
      const listed = api.connections.list().find((c) => c.name === 'Signed In At Once');
      // Asked at once, as the tree and the status bar do when they hear of a change.
      if (listed) asked.push(api.connections.hasCredentials(listed.id));
    });
    try {
      await addConnection({ name: 'Signed In At Once', baseUrl: sandbox.url, authKind: 'authCode', token: sandbox.adminToken });
    } finally {
      subscription.dispose();
    }
    const seen = await Promise.all(asked);
    assert.ok(seen.length > 0, 'the views heard of the new connection');
    assert.deepEqual(seen, seen.map(() => true), 'signed in every time the views heard of it');
  });

  it('shows the active connection and the signed-in user in the status bar', async () => {
    const sandbox = sandboxConnection();
    const info = await addConnection({ name: 'Status Sandbox', baseUrl: sandbox.url, authKind: 'authCode', token: sandbox.adminToken });
    await vscode.commands.executeCommand('records.selectConnection', info.id);
    const user = await (await api.connections.client(info.id)).currentUser();
    await api.statusBar.refresh(true);
    assert.equal(api.statusBar.text, `$(database) Status Sandbox: ${user.name}`);
  });

  it('offers to sign in again on 401 and names the problem in a sentence', async () => {
    const sandbox = sandboxConnection();
    const info = await addConnection({ name: 'Wrong Token', baseUrl: sandbox.url, authKind: 'authCode', token: 'not-a-real-token', select: false });
    const client = await api.connections.client(info.id);
    const error = await client.currentUser().then(
      () => assert.fail('a wrong token was accepted'),
      (e: unknown) => e,
    );
    assert.equal((error as { status?: number }).status, 401);
    const shown = api.connections.reportError(info.id, error, 'Loading the current user');
    assert.match(shown, /^Loading the current user: .*[Ss]ign in again/);
  });

  it('signs out by deleting the secret, and signs in again with a prefilled token', async () => {
    const sandbox = sandboxConnection();
    const info = await addConnection({ name: 'Sign Out', baseUrl: sandbox.url, authKind: 'bearer', token: 'Bearer abc', select: false });
    assert.equal(await api.connections.authorization(info.id), 'Bearer abc', 'a pasted scheme is stripped before storing');
    assert.equal(await vscode.commands.executeCommand('records.signOut', info.id), true);
    assert.equal(await api.connections.hasCredentials(info.id), false);
    assert.equal(await api.connections.authorization(info.id), undefined);
    await vscode.commands.executeCommand('records.signIn', info.id, { token: sandbox.adminToken });
    assert.equal(await api.connections.authorization(info.id), `Bearer ${sandbox.adminToken}`);
  });

  it('editing the address forgets the token, so it is never sent to another server', async () => {
    const sandbox = sandboxConnection();
    const info = await addConnection({ name: 'Moving', baseUrl: sandbox.url, authKind: 'authCode', token: sandbox.adminToken, select: false });
    const renamed = await vscode.commands.executeCommand<ConnectionInfo>('records.editConnection', info.id, { name: 'Renamed' });
    assert.equal(renamed.name, 'Renamed');
    assert.equal(await api.connections.hasCredentials(info.id), true, 'a rename keeps the token');
    await vscode.commands.executeCommand('records.editConnection', info.id, { baseUrl: 'https://elsewhere.example' });
    assert.equal(api.connections.get(info.id)?.baseUrl, 'https://elsewhere.example');
    assert.equal(await api.connections.hasCredentials(info.id), false);
  });

  it('does not report a cancelled request', () => {
    const id = api.connections.list()[0]!.id;
    assert.equal(api.connections.reportError(id, Object.assign(new Error('cancelled'), { code: 'cancelled' })), '');
  });

  it('removing a connection forgets it and its secret', async () => {
    const sandbox = sandboxConnection();
    const info = await addConnection({ name: 'Short Lived', baseUrl: sandbox.url, authKind: 'authCode', token: 'x', select: false });
    assert.equal(await vscode.commands.executeCommand('records.removeConnection', info.id, { confirm: false }), true);
    assert.equal(api.connections.get(info.id), undefined);
    assert.equal(await api.connections.hasCredentials(info.id), false);
  });

  it('removes a connection at once while one of its requests still waits for an answer, not at that request’s deadline', async () => {
    const sandbox = sandboxConnection();
    const relay = await startFaultRelay(sandbox.url);
    try {
      const info = await addConnection({ name: 'Removed While Waiting', baseUrl: relay.url, authKind: 'authCode', token: sandbox.adminToken, select: false });
      relay.inject(() => true, { kind: 'stall-before-headers' });
      const client = await api.connections.client(info.id);
      let settled = false;
      void client.currentUser().then(() => (settled = true), () => (settled = true));
      await waitUntil('the request at the relay', () => relay.seen.length >= 1, 10_000);
      assert.equal(await vscode.commands.executeCommand('records.removeConnection', info.id, { confirm: false }), true);
      assert.equal(api.connections.get(info.id), undefined);
      assert.equal(settled, false, 'the removal ended while the request still waited (it ends only at its 30 s deadline)');
    } finally {
      await relay.close();
    }
  });

  it('keeps both of two connections added at once with their tokens, and a removal made while one is stored', async () => {
    const sandbox = sandboxConnection();
    const doomed = await api.connections.add({ name: 'Removed Meanwhile', baseUrl: sandbox.url, authKind: 'authCode' });
    const [first, second] = await Promise.all([
      api.connections.add({ name: 'Added At Once A', baseUrl: sandbox.url, authKind: 'authCode' }, sandbox.adminToken),
      api.connections.add({ name: 'Added At Once B', baseUrl: sandbox.url, authKind: 'authCode' }, sandbox.adminToken),
      api.connections.remove(doomed.id),
    ]);
    try {
      const ids = api.connections.list().map((c) => c.id);
      assert.ok(ids.includes(first.id) && ids.includes(second.id), 'both added connections are listed');
      assert.ok(!ids.includes(doomed.id), 'the removed one stays removed');
    } finally {
      await api.connections.remove(first.id);
      await api.connections.remove(second.id);
    }
  });

  it('gives two connections added at once with one name two names, and keeps both of two edits made at once', async () => {
    const sandbox = sandboxConnection();
    const [first, second] = await Promise.all([
      api.connections.add({ name: 'Same Name At Once', baseUrl: sandbox.url, authKind: 'authCode' }, sandbox.adminToken),
      api.connections.add({ name: 'Same Name At Once', baseUrl: sandbox.url, authKind: 'authCode' }, sandbox.adminToken),
    ]);
    try {
      const names = api.connections.list().filter((c) => c.id === first.id || c.id === second.id).map((c) => c.name);
      assert.equal(new Set(names).size, 2, `two names: ${names.join(', ')}`);
      assert.deepEqual(names.sort(), [first.name, second.name].sort(), 'each add returns the name it was listed under');
      await Promise.all([
        // A new address: its token is dropped first, so this edit, asked for first, is stored
        // after the rename.
        api.connections.update(first.id, { baseUrl: 'http://127.0.0.1:9/elsewhere/' }),
        api.connections.update(first.id, { name: 'Renamed At Once' }),
      ]);
      const edited = api.connections.get(first.id);
      assert.equal(edited?.name, 'Renamed At Once', 'the rename stays');
      assert.equal(edited?.baseUrl, 'http://127.0.0.1:9/elsewhere', 'the other edit stays too');
    } finally {
      await api.connections.remove(first.id);
      await api.connections.remove(second.id);
    }
  });

  it('adds the connections of records.presetConnections once, and a removed preset stays removed', async () => {
    assert.equal(vscode.workspace.isTrusted, true, 'the test workspace is trusted');
    const settings = vscode.workspace.getConfiguration('records');
    const named = (name: string): ConnectionInfo | undefined => api.connections.list().find((connection) => connection.name === name);
    try {
      await settings.update('presetConnections', [
        { name: 'Preset Staging', url: 'https://staging.records.invalid/api' },
        { name: 'Preset Production', url: 'https://records.invalid', auth: 'oauth' },
      ], vscode.ConfigurationTarget.Global);
      await waitUntil('both presets to be connections', () => named('Preset Staging') !== undefined && named('Preset Production') !== undefined);
      assert.deepEqual(
        [named('Preset Staging'), named('Preset Production')].map((c) => [c?.baseUrl, c?.authKind]),
        [['https://staging.records.invalid', 'authCode'], ['https://records.invalid', 'oauth']],
      );
      assert.equal(await api.connections.hasCredentials(named('Preset Staging')!.id), false, 'a preset brings no secret');
      const removedId = named('Preset Staging')!.id;
      await vscode.commands.executeCommand('records.removeConnection', removedId, { confirm: false });
      assert.equal(named('Preset Staging'), undefined, 'the preset is removed');
      // Any later change of the setting applies it again: the removed preset is not back, a new one is.
      await settings.update('presetConnections', [
        { name: 'Preset Staging', url: 'https://staging.records.invalid/api' },
        { name: 'Preset Production', url: 'https://records.invalid', auth: 'oauth' },
        { name: 'Preset QA', url: 'https://qa.records.invalid' },
      ], vscode.ConfigurationTarget.Global);
      await waitUntil('the new preset to be a connection', () => named('Preset QA') !== undefined);
      assert.equal(named('Preset Staging'), undefined, `a preset the user removed (${removedId}) stays removed`);
      assert.equal(api.connections.list().filter((c) => c.name.startsWith('Preset Production')).length, 1, 'no preset is added twice');
    } finally {
      await settings.update('presetConnections', undefined, vscode.ConfigurationTarget.Global);
      for (const name of ['Preset Staging', 'Preset Production', 'Preset QA']) {
        const info = named(name);
        if (info) await vscode.commands.executeCommand('records.removeConnection', info.id, { confirm: false });
      }
    }
  });

  it('rejects an invalid base URL with a sentence instead of saving it', async () => {
    const before = api.connections.list().length;
    const result = await vscode.commands.executeCommand('records.addConnection', { name: 'Bad', baseUrl: 'ftp://example.com', authKind: 'authCode', token: 'x' });
    assert.equal(result, undefined);
    assert.equal(api.connections.list().length, before);
  });

  it('signs in with OAuth (PKCE) through the redirect handler and calls the API with the Bearer token', async function () {
    this.timeout(30_000);
    const sandbox = sandboxConnection();
    const info = await addConnection({ name: 'OAuth Sandbox', baseUrl: sandbox.url, authKind: 'oauth', skipSignIn: true, select: false });
    // Plays the browser: follow the authorize redirect (login_hint skips the page) and hand
    // the code back the way the editor's URI handler would.
    api.setExternalOpener(async (url) => {
      const response = await fetch(url, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (!location) return false;
      const landed = new URL(location);
      api.handleAuthCallback(
        vscode.Uri.from({ scheme: vscode.env.uriScheme, authority: 'records-tools.records-service', path: '/auth-callback', query: landed.searchParams.toString() }),
      );
      return true;
    });
    try {
      assert.equal(await vscode.commands.executeCommand('records.signIn', info.id, { loginHint: 'Ada Admin' }), true);
    } finally {
      api.setExternalOpener(undefined);
    }
    const header = await api.connections.authorization(info.id);
    assert.match(header ?? '', /^Bearer ey/);
    const user = await (await api.connections.client(info.id)).currentUser();
    assert.equal(user.name, 'Ada Admin');
    await vscode.commands.executeCommand('records.signOut', info.id);
    assert.equal(await api.connections.hasCredentials(info.id), false);
  });
});
