// VS Code's own proxy resolution in the real extension host: the one the editor publishes for
// extensions (`resolveProxyURL` on its @vscode/proxy-agent module) is found, answers live, and a
// client whose own settings name no proxy follows it through undici, uploads included.
//
// What this editor can show: code-server's extension host is a remote one, and the browser it
// serves resolves no OS proxy or PAC script (its answer is always "direct"), so the only proxy
// VS Code resolves here is one named by `http.proxy` or by the environment the extension host
// started with, both of which our own settings read too. The test therefore has VS Code resolve
// the test proxy through `http.proxy` and then leaves that one setting out of the client's own
// settings, which stands for a proxy the OS or a PAC script named. OS settings, PAC files and
// Kerberos proxy sign-in need desktop VS Code on a machine configured for them.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { RecordsClient } from '../../src/core/api';
import { uploadFile } from '../../src/core/upload';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import { editorProxyResolver } from '../../src/extension/connections/editorProxy';
import { readNetworkSettings } from '../../src/extension/connections/networkSettings';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { loadOrCreateTlsFiles } from '../../src/sandbox/http/tls-certificates';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { type TestProxy, startTestProxy } from '../support/testProxy';
import { sandboxConnection } from './support/environment';
import { connectSandbox } from '../support/connectSandbox';

const REMOTE_HOST = 'records.editor-proxy.test';

describe('VS Code’s own proxy resolution', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let connection: ConnectionInfo;
  let gateway: FaultRelay;
  let proxy: TestProxy;
  let folder: string;
  let remoteUrl: string;
  const clients: RecordsClient[] = [];
  const http = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('http');
  const sandbox = sandboxConnection();
  const authorization = (): Promise<string> => Promise.resolve(`SVC_AUTH_CODE ${sandbox.adminToken}`);

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    folder = await mkdtemp(join(tmpdir(), 'records-editor-proxy-'));
    // A made-up public name (not `.localhost`: loopback names never go through a proxy) that only
    // the test proxy can reach, served over TLS by a private CA the extension host is told about.
    const tls = await loadOrCreateTlsFiles(folder, REMOTE_HOST);
    process.env.NODE_EXTRA_CA_CERTS = tls.caPath;
    gateway = await startFaultRelay(sandbox.url, {
      serveTls: { cert: tls.cert, key: tls.key },
      targetHost: true,
      // The upload URL the service hands out names the gateway's public name, as behind a real front end.
      rewriteResponseHeaders: (headers) => {
        if (typeof headers.location === 'string') headers.location = headers.location.replace(sandbox.url, remoteUrl);
        return headers;
      },
    });
    proxy = await startTestProxy({ upstream: { host: '127.0.0.1', port: Number(new URL(gateway.url).port) } });
    remoteUrl = `https://${REMOTE_HOST}:${new URL(gateway.url).port}`;
    const info = (await connectSandbox('Editor Proxy Tests', { baseUrl: remoteUrl, select: true })).info;
    assert.ok(info);
    connection = info;
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    for (const key of ['proxy', 'fetchAdditionalSupport']) await http().update(key, undefined, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    if (connection) await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
    delete process.env.NODE_EXTRA_CA_CERTS;
    await proxy?.close();
    await gateway?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('finds the resolution this editor gives extensions, and its answers follow VS Code’s settings at once', async () => {
    const resolve = editorProxyResolver();
    assert.ok(resolve, 'VS Code publishes resolveProxyURL on its @vscode/proxy-agent module');
    assert.equal(await resolve(`${remoteUrl}/api/common`), undefined, 'nothing configured: direct');
    await http().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
    assert.equal(await resolve(`${remoteUrl}/api/common`), proxy.url);
    assert.equal(await resolve(`${sandbox.url}/api/common`), undefined, 'loopback stays direct');
    await http().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    assert.equal(await resolve(`${remoteUrl}/api/common`), undefined);
  });

  it('a client whose own settings name no proxy goes through the one VS Code resolves: calls and uploads', async () => {
    await http().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
    const { proxy: ownProxy, ...settings } = readNetworkSettings();
    assert.equal(ownProxy, proxy.url);
    assert.ok(settings.editorProxy, 'the extension follows VS Code’s resolution');
    const client = new RecordsClient({ baseUrl: remoteUrl, network: settings, authorization, retryDelaysMs: [] });
    clients.push(client);
    assert.ok((await client.currentUser()).id);
    assert.deepEqual(proxy.tunnels, [`${REMOTE_HOST}:${new URL(remoteUrl).port}`]);
    const file = join(folder, 'through-editor-proxy.bin');
    await writeFile(file, Buffer.alloc(64 * 1024, 7));
    const uploaded = await uploadFile({ baseUrl: remoteUrl, authorization, dispatcher: client.dispatcher, filePath: file });
    assert.equal(uploaded.size, 64 * 1024);
    assert.ok(gateway.seen.some((r) => r.method === 'PATCH'), 'the upload reached the service');
    assert.ok(proxy.tunnels.every((t) => t.startsWith(`${REMOTE_HOST}:`)), 'and only through the proxy');
  });

  it('the extension’s own connection goes direct when VS Code resolves no proxy, and http.fetchAdditionalSupport off stops asking', async () => {
    assert.ok(readNetworkSettings().editorProxy);
    const passedBefore = proxy.passed;
    const failure = await (await api.connections.client(connection.id)).currentUser({ timeoutMs: 10_000 }).then(
      () => assert.fail('the made-up name resolved without a proxy'),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    assert.match(failure, /Could not reach the Records Service/);
    assert.equal(proxy.passed, passedBefore);
    await http().update('fetchAdditionalSupport', false, vscode.ConfigurationTarget.Global);
    assert.equal(readNetworkSettings().editorProxy, undefined);
  });
});
