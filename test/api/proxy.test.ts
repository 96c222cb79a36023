// The proxy setting: a remote service is reached through the proxy (HTTP CONNECT).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { RecordsClient } from '../../src/core/api';
import { answerJson, startMisbehavingServer } from './support/misbehavingServer';

describe('RecordsClient through a proxy', () => {
  it('tunnels requests for a remote service through the configured proxy', async () => {
    const target = await startMisbehavingServer((req, res) => answerJson(res, 200, { id: 'u1', name: String(req.headers.host) }));
    const tunnels: string[] = [];
    // Stands in for a corporate proxy: whatever host is asked for, it connects to the target.
    const proxy = createServer();
    proxy.on('connect', (request, clientSocket, head) => {
      tunnels.push(String(request.url));
      const upstream = connect(Number(new URL(target.url).port), '127.0.0.1', () => {
        clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(clientSocket);
        clientSocket.pipe(upstream);
      });
      upstream.on('error', () => clientSocket.destroy());
      clientSocket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const client = new RecordsClient({
      baseUrl: 'http://records.example.invalid:8770',
      proxy: proxyUrl,
      authorization: () => Promise.resolve(undefined),
      retryDelaysMs: [],
    });
    try {
      const user = await client.currentUser();
      assert.equal(user.name, 'records.example.invalid:8770');
      assert.deepEqual(tunnels, ['records.example.invalid:8770']);
    } finally {
      await client.dispose();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await target.close();
    }
  });
});
