// A connection in a corporate network, in the real editor: the service is an HTTPS sandbox whose
// certificate comes from a private CA (trusted the way a root CA is handed to VS Code,
// NODE_EXTRA_CA_CERTS, see run.mjs), behind a gateway with a certificate of that CA for a name
// only the proxy can resolve (`records.sandbox.test`; a `.localhost` name would be loopback,
// which never goes through a proxy), through the `http.proxy` the editor was started with (user
// settings, see run.mjs). The Records view loads workspaces, apps and records, and every request
// went through the proxy.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { gatewayCertificate } from '../support/gatewayCertificate';
import { type TestProxy, startTestProxy } from '../support/testProxy';
import { addTokenConnection, removeConnection } from './support/connections';
import { proxyPort, requireTlsSandbox } from './support/environment';
import { useWorkbench, type Workbench } from './support/workbench';

const CONNECTION = 'Behind Proxy E2E';
const REMOTE_HOST = 'records.sandbox.test';

describe('a connection behind a proxy with a custom CA', () => {
  let proxy: TestProxy;
  let gateway: FaultRelay | undefined;
  let opened: Workbench | undefined;

  // Registered before useWorkbench(), so this runs while the window is still open.
  after(async function () {
    this.timeout(60_000);
    if (opened) await removeConnection(opened, CONNECTION).catch(() => undefined);
    await proxy?.close();
    await gateway?.close();
  });
  const workbench = useWorkbench();

  before(async () => {
    const sandbox = requireTlsSandbox();
    gateway = await startFaultRelay(sandbox.url, {
      serveTls: await gatewayCertificate(sandbox.caPath, REMOTE_HOST),
      targetCa: await readFile(sandbox.caPath, 'utf8'),
      targetHost: true,
    });
    proxy = await startTestProxy({ port: proxyPort(), upstream: { host: '127.0.0.1', port: Number(new URL(gateway.url).port) } });
  });

  it('loads the Records tree from an HTTPS service through http.proxy', async function () {
    this.timeout(120_000);
    const wb = workbench();
    opened = wb;
    const sandbox = requireTlsSandbox();
    const port = new URL(gateway!.url).port;
    const url = `https://${REMOTE_HOST}:${port}`;
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, CONNECTION, url, sandbox.adminToken);
    await wb.expandRow(CONNECTION);
    await wb.expandRow('IT Operations');
    await wb.expandRow('Tasks');
    const record = wb.treeRows().filter({ hasText: /Replace printer toner/ }).first();
    await record.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('network-01-tree-through-proxy');
    // The made-up name resolves only through the proxy: the rows above came through it, over TLS
    // (a CONNECT tunnel) to the name the certificate was issued for.
    const ours = proxy.tunnels.filter((tunnel) => tunnel === `${REMOTE_HOST}:${port}`);
    assert.ok(ours.length > 0, `the extension's requests went through the proxy: ${proxy.tunnels.join(', ')}`);
  });
});
