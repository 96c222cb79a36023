// VS Code's network settings in the real editor: `http.proxy`, `http.proxyStrictSSL`,
// `http.noProxy` and a custom root CA (NODE_EXTRA_CA_CERTS) reach the Records client, and a
// change applies to the next request without a reload. The service is the run's sandbox behind
// an HTTPS gateway whose certificate comes from a private CA, reached under a made-up public
// name that only the test proxy (a real CONNECT proxy, counting tunnels) can resolve.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { loadOrCreateTlsFiles } from '../../src/sandbox/http/tls-certificates';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type { RecordsTreeProvider } from '../../src/extension/browse/tree/recordsTreeProvider';
import { createRecordsTreeProvider } from '../../src/extension/browse/tree/registerTree';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { type TestProxy, startTestProxy } from '../support/testProxy';
import { sandboxConnection } from './support/environment';
import { MemoryMemento } from '../support/memoryMemento';
import { connectSandbox } from '../support/connectSandbox';

const REMOTE_HOST = 'records.sandbox.test';

describe('network settings', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let connection: ConnectionInfo;
  let gateway: FaultRelay;
  let proxy: TestProxy;
  let folder: string;
  let caPath: string;
  let provider: RecordsTreeProvider | undefined;
  const http = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('http');

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    const sandbox = sandboxConnection();
    folder = await mkdtemp(join(tmpdir(), 'records-network-'));
    // A made-up public name (not `.localhost`: loopback names never go through a proxy).
    const tls = await loadOrCreateTlsFiles(folder, REMOTE_HOST);
    caPath = tls.caPath;
    gateway = await startFaultRelay(sandbox.url, { serveTls: { cert: tls.cert, key: tls.key }, targetHost: true });
    proxy = await startTestProxy({ upstream: { host: '127.0.0.1', port: Number(new URL(gateway.url).port) } });
    const baseUrl = `https://${REMOTE_HOST}:${new URL(gateway.url).port}`;
    const info = (await connectSandbox('Network Tests', { baseUrl, select: true })).info;
    assert.ok(info);
    connection = info;
  });

  after(async () => {
    provider?.dispose();
    // The connection goes first, so no view re-reads it while the settings are put back.
    if (connection) await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
    delete process.env.NODE_EXTRA_CA_CERTS;
    for (const key of ['proxy', 'proxyStrictSSL', 'noProxy']) await http().update(key, undefined, vscode.ConfigurationTarget.Global);
    await proxy?.close();
    await gateway?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const currentUser = async (): Promise<string> => (await (await api.connections.client(connection.id)).currentUser()).id;
  const failureOf = async (): Promise<string> => {
    try {
      await currentUser();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    assert.fail('expected the request to fail');
  };

  it('follows http.proxy, http.proxyStrictSSL, a custom CA and http.noProxy without a reload; the tree loads through the proxy', async () => {
    // Without the proxy the made-up name does not resolve.
    assert.match(await failureOf(), /Could not reach the Records Service/);
    assert.equal(proxy.passed, 0);

    await http().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
    assert.match(await failureOf(), /certificate is not trusted/, 'the gateway’s CA is not trusted yet');
    assert.equal(proxy.tunnels.length, 1, 'the request went through the proxy');

    await http().update('proxyStrictSSL', false, vscode.ConfigurationTarget.Global);
    assert.ok(await currentUser());
    await http().update('proxyStrictSSL', undefined, vscode.ConfigurationTarget.Global);
    assert.match(await failureOf(), /certificate is not trusted/);

    // The way a corporate root CA is handed to VS Code's processes.
    process.env.NODE_EXTRA_CA_CERTS = caPath;
    assert.ok(await currentUser());
    assert.ok(proxy.tunnels.every((t) => t.startsWith(`${REMOTE_HOST}:`)));

    // The Records view loads through the proxy with the custom CA: connection → IT → TASK → records.
    provider = createRecordsTreeProvider(api.connections, new MemoryMemento());
    const requestsBefore = gateway.seen.length;
    const root = (await provider.getChildren()).find((n) => n.kind === 'connection' && n.connectionId === connection.id);
    assert.ok(root, 'the connection is a root row');
    const workspace = (await provider.getChildren(root)).find((n) => n.kind === 'workspace' && n.workspace.alias === 'IT');
    assert.ok(workspace, 'the IT workspace is listed');
    const app = (await provider.getChildren(workspace)).find((n) => n.kind === 'app' && n.ref.app === 'TASK');
    assert.ok(app, 'the TASK app is listed');
    const rows = await provider.getChildren(app);
    assert.ok(rows.some((n) => n.kind === 'record'), `records are shown: ${rows.map((n) => n.kind).join(', ')}`);
    // The made-up name resolves only through the proxy, so these requests came through it.
    assert.ok(gateway.seen.length > requestsBefore, 'the tree’s requests reached the service');
    assert.ok(gateway.seen.slice(requestsBefore).some((r) => r.path.includes('/tickets/list')), 'the records page was read');
    const tunnelsAfterTree = proxy.tunnels.length;

    await http().update('noProxy', ['.sandbox.test'], vscode.ConfigurationTarget.Global);
    assert.match(await failureOf(), /Could not reach the Records Service/);
    assert.equal(proxy.tunnels.length, tunnelsAfterTree, 'http.noProxy goes around the proxy');
  });
});
