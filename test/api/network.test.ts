// VS Code's network settings reach the client, the uploads and the downloads alike: a proxy
// (setting or environment), its no-proxy list and authorization, certificate trust (a private
// CA through NODE_EXTRA_CA_CERTS, or strictSSL off), against the real sandbox over HTTPS
// with its own CA and a real CONNECT proxy that counts what passes through it. The proxy sends
// every tunnel to a gateway in front of the sandbox (TLS with the sandbox's certificate, the
// way a service sits behind its own front end), so the client uses a made-up public name.
import assert from 'node:assert/strict';
import type * as Dns from 'node:dns';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type NetworkSettings, RecordsClient } from '../../src/core/api';
import { attachUploads, downloadToFile, uploadFile } from '../../src/core/upload';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { gatewayCertificate } from '../support/gatewayCertificate';
import { type TestProxy, startTestProxy } from '../support/testProxy';
import { answerJson, startMisbehavingServer } from './support/misbehavingServer';
import { ADMIN_TOKEN, FAST_RETRIES, type TestSandbox, startTestSandbox } from '../support/sandbox';
import { type TempFolder, tempFolder } from './support/uploadTestKit';
import { apiRejection } from './support/apiRejection';

const AUTH = `SVC_AUTH_CODE ${ADMIN_TOKEN}`;
const REMOTE_HOST = 'records.sandbox.test';
const RECORD_ID = '00000000-0000-4000-a000-000000000005';

describe('network settings (HTTPS sandbox with its own CA, real proxy)', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  let proxy: TestProxy;
  let files: TempFolder;
  let port: number;
  let gateway: FaultRelay;
  let serveTls: { cert: string; key: string };
  const clients: RecordsClient[] = [];

  const client = (baseUrl: string, network: NetworkSettings): RecordsClient => {
    const made = new RecordsClient({ baseUrl, network, authorization: () => Promise.resolve(AUTH), retryDelaysMs: FAST_RETRIES });
    clients.push(made);
    return made;
  };
  /**
   * A made-up public name that only the proxy can reach (it sends every tunnel to the gateway).
   * Not a `.localhost` name: those are loopback, and loopback never goes through a proxy.
   */
  const remoteUrl = (): string => `https://${REMOTE_HOST}:${port}`;
  const trustCa = (): NetworkSettings['env'] => ({ NODE_EXTRA_CA_CERTS: sandbox.caPath });

  before(async () => {
    sandbox = await startTestSandbox({ tls: true });
    // The gateway's certificate names the made-up host, from the sandbox's own CA.
    serveTls = await gatewayCertificate(sandbox.caPath ?? '', REMOTE_HOST);
    gateway = await startFaultRelay(sandbox.url, {
      serveTls,
      targetCa: await readFile(sandbox.caPath ?? '', 'utf8'),
      targetHost: true,
      rewriteResponseHeaders: (headers) => {
        if (typeof headers.location === 'string') headers.location = headers.location.replace(sandbox.url, remoteUrl());
        return headers;
      },
    });
    port = Number(new URL(gateway.url).port);
    files = await tempFolder();
  });
  beforeEach(async () => {
    proxy = await startTestProxy({ upstream: { host: '127.0.0.1', port } });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await proxy.close();
  });
  after(async () => {
    await files.remove();
    await gateway.close();
    await sandbox.dispose();
  });

  it('serves HTTPS and prints the CA that signed it', async () => {
    assert.match(sandbox.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(sandbox.caPath);
    assert.match(await readFile(sandbox.caPath, 'utf8'), /BEGIN CERTIFICATE/);
  });

  it('refuses a certificate from an unknown CA with a sentence that names the fix', async () => {
    const error = await apiRejection(client(sandbox.url, { env: {} }).currentUser());
    assert.equal(error.code, 'untrusted_certificate');
    assert.match(error.message, /certificate is not trusted.*NODE_EXTRA_CA_CERTS/);
  });

  it('trusts the CA named by NODE_EXTRA_CA_CERTS', async () => {
    const user = await client(sandbox.url, { env: trustCa() }).currentUser();
    assert.ok(user.id);
  });

  it('accepts an untrusted certificate when http.proxyStrictSSL is off', async () => {
    const user = await client(sandbox.url, { env: {}, strictSSL: false }).currentUser();
    assert.ok(user.id);
  });

  it('tunnels a remote service through http.proxy and verifies its certificate with the custom CA', async () => {
    const user = await client(remoteUrl(), { proxy: proxy.url, env: trustCa() }).currentUser();
    assert.ok(user.id);
    assert.deepEqual(proxy.tunnels, [`${REMOTE_HOST}:${port}`]);
  });

  it('uses HTTPS_PROXY from the environment when http.proxy is empty', async () => {
    await client(remoteUrl(), { proxy: '', env: { ...trustCa(), HTTPS_PROXY: proxy.url } }).currentUser();
    assert.equal(proxy.tunnels.length, 1);
  });

  it('uses no proxy at all when http.proxySupport is off', async () => {
    // Without the proxy the made-up host cannot be resolved: the call fails, and the proxy saw nothing.
    await apiRejection(client(remoteUrl(), { proxy: proxy.url, proxySupport: 'off', env: trustCa() }).currentUser());
    assert.equal(proxy.passed, 0);
  });

  it('goes around the proxy for hosts in http.noProxy and NO_PROXY', async () => {
    await apiRejection(client(remoteUrl(), { proxy: proxy.url, noProxy: ['.sandbox.test'], env: trustCa() }).currentUser());
    await apiRejection(client(remoteUrl(), { proxy: proxy.url, env: { ...trustCa(), NO_PROXY: REMOTE_HOST } }).currentUser());
    assert.equal(proxy.passed, 0);
    await client(remoteUrl(), { proxy: proxy.url, noProxy: ['other.example'], env: trustCa() }).currentUser();
    assert.equal(proxy.passed, 1);
  });

  it('never sends the local sandbox through the proxy', async () => {
    await client(sandbox.url, { proxy: proxy.url, env: trustCa() }).currentUser();
    await client(sandbox.url.replace('127.0.0.1', 'localhost'), { proxy: proxy.url, env: trustCa() }).currentUser();
    assert.equal(proxy.passed, 0);
  });

  it('sends http.proxyAuthorization to a proxy that asks for it, and explains a refusal', async () => {
    const credentials = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;
    await proxy.close();
    proxy = await startTestProxy({ upstream: { host: '127.0.0.1', port }, requireAuthorization: credentials });
    const refused = await apiRejection(client(remoteUrl(), { proxy: proxy.url, env: trustCa() }).currentUser());
    assert.equal(refused.code, 'proxy_auth');
    assert.match(refused.message, /http\.proxyAuthorization/);
    const user = await client(remoteUrl(), { proxy: proxy.url, proxyAuthorization: credentials, env: trustCa() }).currentUser();
    assert.ok(user.id);
    // Credentials in the proxy URL work too.
    await client(remoteUrl(), { proxy: proxy.url.replace('http://', 'http://alice:s3cret@'), env: trustCa() }).currentUser();
    assert.equal(proxy.tunnels.length, 2);
  });

  it('uploads and downloads through the same proxy and trust', async () => {
    const file = await files.file('through-proxy.bin', 256 * 1024);
    const api = client(remoteUrl(), { proxy: proxy.url, env: trustCa() });
    const uploaded = await uploadFile({ baseUrl: remoteUrl(), authorization: () => Promise.resolve(AUTH), dispatcher: api.dispatcher, filePath: file.path });
    assert.equal(uploaded.size, file.bytes.length);
    const tunnelsAfterUpload = proxy.tunnels.length;
    assert.ok(tunnelsAfterUpload >= 1);
    // The uploader's own dispatcher (no client given) follows the same settings.
    const again = await uploadFile({
      baseUrl: remoteUrl(),
      authorization: () => Promise.resolve(AUTH),
      network: { proxy: proxy.url, env: trustCa() },
      filePath: file.path,
    });
    assert.ok(again.fileUid);
    assert.ok(proxy.tunnels.length > tunnelsAfterUpload);
    await attachUploads(api, { recordId: RECORD_ID, field: 'attachments', uploads: [uploaded] });
    const target = join(files.path, 'downloaded.bin');
    const tunnelsBeforeDownload = proxy.tunnels.length;
    await downloadToFile(api, uploaded.fileUid, target);
    assert.deepEqual(await readFile(target), file.bytes);
    assert.ok(proxy.tunnels.length >= tunnelsBeforeDownload);
  });

  /** Stands in for VS Code's resolution (the real one runs in the extension host: test/integration/editor-proxy.test.ts). */
  const editorResolving = (answer: () => string | undefined): NonNullable<NetworkSettings['editorProxy']> & { asked: string[] } => {
    const asked: string[] = [];
    return Object.assign((url: string) => {
      asked.push(url);
      return Promise.resolve(answer());
    }, { asked });
  };

  it('follows the proxy VS Code resolves when the user named none: API calls, uploads and downloads go through it', async () => {
    const editorProxy = editorResolving(() => proxy.url);
    const api = client(remoteUrl(), { editorProxy, env: trustCa() });
    assert.ok((await api.currentUser()).id);
    assert.deepEqual(proxy.tunnels, [`${REMOTE_HOST}:${port}`]);
    assert.equal(editorProxy.asked.length, 1);
    assert.match(editorProxy.asked[0] ?? '', new RegExp(`^${remoteUrl()}/api/\\w`), 'VS Code is asked with the full URL');
    const askedBeforeUpload = editorProxy.asked.length;
    const file = await files.file('editor-proxy.bin', 128 * 1024);
    const uploaded = await uploadFile({ baseUrl: remoteUrl(), authorization: () => Promise.resolve(AUTH), dispatcher: api.dispatcher, filePath: file.path });
    assert.equal(uploaded.size, file.bytes.length);
    assert.ok(editorProxy.asked.length > askedBeforeUpload + 1, 'each upload request asked VS Code too');
    await attachUploads(api, { recordId: RECORD_ID, field: 'attachments', uploads: [uploaded] });
    const target = join(files.path, 'editor-proxy-downloaded.bin');
    await downloadToFile(api, uploaded.fileUid, target);
    assert.deepEqual(await readFile(target), file.bytes);
    // One tunnel, kept open: every request of the connection went through the proxy VS Code named.
    assert.ok(proxy.tunnels.every((t) => t === `${REMOTE_HOST}:${port}`));
    assert.ok(gateway.seen.some((r) => r.method === 'PATCH'), 'the upload reached the service');
  });

  it('sends http.proxyAuthorization to the proxy VS Code resolves, and explains a refusal', async () => {
    const credentials = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;
    await proxy.close();
    proxy = await startTestProxy({ upstream: { host: '127.0.0.1', port }, requireAuthorization: credentials });
    const refused = await apiRejection(client(remoteUrl(), { editorProxy: editorResolving(() => proxy.url), env: trustCa() }).currentUser());
    assert.equal(refused.code, 'proxy_auth');
    const user = await client(remoteUrl(), { editorProxy: editorResolving(() => proxy.url), proxyAuthorization: credentials, env: trustCa() }).currentUser();
    assert.ok(user.id);
    assert.equal(proxy.tunnels.length, 1);
  });

  it('goes direct when VS Code resolves DIRECT, and asks again for every request (a changed answer applies at once)', async () => {
    const answer: { url?: string } = {};
    const editorProxy = editorResolving(() => answer.url);
    const api = client(remoteUrl(), { editorProxy, env: trustCa() });
    // Direct, the made-up name does not resolve: the call fails and the proxy saw nothing.
    assert.equal((await apiRejection(api.currentUser({ timeoutMs: 10_000 }))).code, 'network');
    assert.equal(proxy.passed, 0);
    assert.ok(editorProxy.asked.length >= 1);
    answer.url = proxy.url;
    assert.ok((await api.currentUser()).id);
    assert.equal(proxy.tunnels.length, 1);
  });

  it('prefers the user’s own proxy to VS Code’s answer, and asks nobody with http.proxySupport off', async () => {
    // VS Code would name a port where nothing listens: following it would fail.
    const editorProxy = editorResolving(() => 'http://127.0.0.1:9');
    assert.ok((await client(remoteUrl(), { proxy: proxy.url, editorProxy, env: trustCa() }).currentUser()).id);
    assert.ok((await client(remoteUrl(), { editorProxy, env: { ...trustCa(), HTTPS_PROXY: proxy.url } }).currentUser()).id);
    assert.equal(proxy.tunnels.length, 2);
    await apiRejection(client(remoteUrl(), { editorProxy: editorResolving(() => proxy.url), proxySupport: 'off', env: trustCa() }).currentUser());
    assert.equal(proxy.tunnels.length, 2, 'proxySupport off: not even VS Code’s proxy');
    assert.deepEqual(editorProxy.asked, []);
  });

  it('never asks VS Code about the local sandbox, and never sends it through a proxy', async () => {
    const editorProxy = editorResolving(() => proxy.url);
    await client(sandbox.url, { editorProxy, env: trustCa() }).currentUser();
    await client(sandbox.url.replace('127.0.0.1', 'localhost'), { editorProxy, env: trustCa() }).currentUser();
    assert.deepEqual(editorProxy.asked, []);
    assert.equal(proxy.passed, 0);
  });

  it('ends a request at once when it is cancelled, or its deadline passes, while VS Code is still resolving; no tunnel is opened', async () => {
    let asked: () => void = () => undefined;
    const wasAsked = new Promise<void>((resolve) => (asked = resolve));
    // A resolution that never answers (a PAC script that hangs).
    const editorProxy = (): Promise<string | undefined> => {
      asked();
      return new Promise(() => undefined);
    };
    const api = client(remoteUrl(), { editorProxy, env: trustCa() });
    const cancel = new AbortController();
    const cancelled = apiRejection(api.currentUser({ signal: cancel.signal }));
    await wasAsked;
    cancel.abort();
    assert.equal((await cancelled).code, 'cancelled');
    assert.equal((await apiRejection(api.currentUser({ timeoutMs: 200 }))).code, 'timeout');
    assert.equal(proxy.passed, 0);
  });

  it('sends no token when the service hands out an upload URL over plain http (no downgrade)', async () => {
    const ca = await readFile(sandbox.caPath ?? '', 'utf8');
    const plain = await startFaultRelay(sandbox.url, { targetCa: ca });
    const front = await startFaultRelay(sandbox.url, {
      targetCa: ca,
      serveTls,
      rewriteResponseHeaders: (headers) => {
        if (typeof headers.location === 'string') headers.location = `${plain.url}${new URL(headers.location, sandbox.url).pathname}`;
        return headers;
      },
    });
    try {
      const file = await files.file('downgrade.bin', 32 * 1024);
      await apiRejection(
        uploadFile({ baseUrl: front.url, authorization: () => Promise.resolve(AUTH), network: { env: trustCa() }, retryDelaysMs: FAST_RETRIES, filePath: file.path }),
      );
      assert.ok(front.seen.some((r) => r.method === 'POST' && r.headers.authorization === AUTH));
      assert.ok(plain.seen.length > 0);
      assert.ok(plain.seen.every((r) => r.headers.authorization === undefined), 'the token went over plain http');
    } finally {
      await front.close();
      await plain.close();
    }
  });
});

describe('one loopback rule for the proxy bypass (plain http services)', function () {
  this.timeout(30_000);
  let upstream: Awaited<ReturnType<typeof startMisbehavingServer>>;
  let proxy: TestProxy;
  let port: number;
  const clients: RecordsClient[] = [];
  /** Calls the service at `host` with http.proxy set; what the proxy saw tells the route taken. */
  const callThroughSettings = async (host: string): Promise<void> => {
    const made = new RecordsClient({ baseUrl: `http://${host}:${port}`, network: { proxy: proxy.url, env: {} }, authorization: () => Promise.resolve(AUTH), retryDelaysMs: [] });
    clients.push(made);
    await made.currentUser().catch(() => undefined);
  };
  const seen = (): string[] => [...proxy.tunnels, ...proxy.forwarded];

  before(async () => {
    upstream = await startMisbehavingServer((_request, response) => answerJson(response, 200, { id: 'u1', name: 'Upstream' }));
    port = Number(new URL(upstream.url).port);
  });
  beforeEach(async () => {
    proxy = await startTestProxy({ upstream: { host: '127.0.0.1', port } });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await proxy.close();
  });
  after(async () => upstream.close());

  it('never sends a *.localhost name or a 127.x address through the proxy (the names plain http allows a token to)', async () => {
    for (const host of ['records.localhost', 'a.b.localhost', '127.0.0.1', '127.0.0.2']) await callThroughSettings(host);
    assert.deepEqual(seen(), []);
  });

  it('connects a *.localhost name to this machine without asking the resolver, which could answer anything', async () => {
    // The module object itself (an import would give a copy of its members).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const resolver = require('node:dns') as { lookup: typeof Dns.lookup };
    const original = resolver.lookup;
    const asked: string[] = [];
    resolver.lookup = ((hostname: string, ...rest: unknown[]) => {
      asked.push(hostname);
      return (original as (...args: unknown[]) => unknown)(hostname, ...rest);
    }) as typeof Dns.lookup;
    try {
      for (const host of ['records.localhost', 'A.b.LOCALHOST']) {
        const made = new RecordsClient({ baseUrl: `http://${host}:${port}`, network: { env: {} }, authorization: () => Promise.resolve(AUTH), retryDelaysMs: [] });
        clients.push(made);
        assert.equal((await made.currentUser()).name, 'Upstream', host);
      }
    } finally {
      resolver.lookup = original;
    }
    assert.deepEqual(asked.filter((name) => name.toLowerCase().endsWith('localhost')), []);
  });

  it('sends a name that only starts with "127." or ends in "localhost" through the proxy like any remote host', async () => {
    await callThroughSettings('127.evil.example');
    await callThroughSettings('evil-localhost.example');
    assert.deepEqual(seen().map((target) => new URL(target.includes('://') ? target : `http://${target}`).hostname), ['127.evil.example', 'evil-localhost.example']);
  });
});
