// Transport rules that the sandbox cannot trigger on demand: deadlines, cancellation,
// retries on 5xx and dropped connections, and never retrying writes on those.
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { Agent, getGlobalDispatcher } from 'undici';
import { RecordsApiError, RecordsClient, type RecordsClientOptions, type RequestFinished, messageForStatus } from '../../src/core/api';
import {
  type Behaviour,
  type MisbehavingServer,
  answerJson,
  dropConnection,
  hang,
  startMisbehavingServer,
} from './support/misbehavingServer';
import { apiRejection } from './support/apiRejection';

const USER = { id: 'u1', name: 'Test User' };

describe('RecordsClient transport', () => {
  let server: MisbehavingServer | undefined;
  let client: RecordsClient | undefined;

  async function clientFor(behaviour: Behaviour, options: Partial<RecordsClientOptions> = {}): Promise<RecordsClient> {
    server = await startMisbehavingServer(behaviour);
    client = new RecordsClient({
      baseUrl: server.url,
      authorization: () => Promise.resolve('SVC_AUTH_CODE test'),
      retryDelaysMs: [5, 10, 20],
      ...options,
    });
    return client;
  }

  afterEach(async () => {
    await client?.dispose();
    await server?.close();
    client = undefined;
    server = undefined;
  });

  it('retries a read after 500 answers and returns the eventual answer', async () => {
    const c = await clientFor((_req, res, attempt) => (attempt < 3 ? answerJson(res, 500, {}) : answerJson(res, 200, USER)));
    assert.deepEqual(await c.currentUser(), USER);
    assert.equal(server!.requests, 3);
  });

  it('gives up on a read after three retries, with a sentence built from the status', async () => {
    const c = await clientFor((_req, res) => {
      res.writeHead(503);
      res.end('<html>busy</html>');
    });
    const error = await apiRejection(c.currentUser());
    assert.equal(error.status, 503);
    assert.equal(error.code, 'http_503');
    assert.equal(error.message, messageForStatus(503));
    assert.equal(server!.requests, 4);
  });

  it('retries a read after a dropped connection', async () => {
    const c = await clientFor((_req, res, attempt) => (attempt === 1 ? dropConnection(res) : answerJson(res, 200, USER)));
    assert.deepEqual(await c.currentUser(), USER);
    assert.equal(server!.requests, 2);
  });

  it('retries a connection refused on this machine once, not three times, so a stopped local server is reported at once', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const stopped = await startMisbehavingServer((_req, res) => answerJson(res, 200, USER));
      const url = stopped.url.replace('127.0.0.1', host);
      await stopped.close(); // nothing listens at that port any more
      const retries: number[] = [];
      client = new RecordsClient({ baseUrl: url, authorization: () => Promise.resolve('SVC_AUTH_CODE test'), retryDelaysMs: [5, 10, 20], onRequestFinished: (event) => retries.push(event.retries) });
      const error = await apiRejection(client.currentUser());
      assert.equal(error.code, 'network', host);
      assert.deepEqual(retries, [1], `${host}: one retry`);
      await client.dispose();
      client = undefined;
    }
  });

  it('reports a network error when the connection keeps dropping', async () => {
    const c = await clientFor((_req, res) => dropConnection(res));
    const error = await apiRejection(c.currentUser());
    assert.equal(error.code, 'network');
    assert.equal(error.status, undefined);
    assert.match(error.message, /Could not reach the Records Service/);
  });

  it('does not retry a batch write on 500 and reports its operations as uncertain', async () => {
    let writes = 0;
    const c = await clientFor((req, res) => {
      if (req.url?.includes('/tickets/multi')) writes += 1;
      answerJson(res, 500, { error: { status: 500, code: 'internal', message: 'Boom.' } });
    });
    const outcome = await c.batch([
      { transition: 'edit', id: 'a', title: 'x' },
      { transition: 'edit', id: 'b', title: 'y' },
    ]);
    assert.equal(writes, 1, 'the write was sent once');
    // The records were read back to settle the outcome; that failed too, so it stays uncertain.
    assert.ok(server!.requests > 1);
    assert.equal(outcome.stoppedBy?.status, 500);
    assert.deepEqual(outcome.failed.map((f) => [f.index, f.state]), [[0, 'unknown'], [1, 'unknown']]);
    assert.match(outcome.failed[0].message, /^Boom\. .*may or may not have been applied/);
    assert.equal(outcome.results[0].successful, false);
  });

  it('does not retry a batch write on a dropped connection, and does not send later requests', async () => {
    let writes = 0;
    const c = await clientFor((req, res) => {
      if (req.url?.includes('/tickets/multi')) writes += 1;
      dropConnection(res);
    });
    const operations = Array.from({ length: 250 }, (_, i) => ({ transition: 'edit', id: `r${i}`, title: 't' }));
    const outcome = await c.batch(operations);
    assert.equal(writes, 1, 'one write request, not retried, and no later ones');
    assert.equal(outcome.stoppedBy?.code, 'network');
    assert.equal(outcome.failed.length, 250);
    assert.ok(outcome.failed.slice(0, 200).every((f) => f.state === 'unknown'));
    assert.ok(outcome.failed.slice(200).every((f) => f.state === 'not_sent'));
  });

  it('ends a request that exceeds its deadline with a timeout error', async () => {
    const calls: RequestFinished[] = [];
    const c = await clientFor(hang, { timeoutMs: 150, onRequestFinished: (call) => calls.push(call) });
    const error = await apiRejection(c.currentUser());
    assert.equal(error.code, 'timeout');
    // Counted by the client, not the server: on a slow machine the deadline can pass before the
    // request has even reached the server.
    assert.equal(calls[0]!.retries, 0, 'a timed-out read is not retried');
    assert.ok(server!.requests <= 1);
  });

  it('cancels a request in flight when the signal aborts', async () => {
    const c = await clientFor(hang);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await apiRejection(c.currentUser({ signal: controller.signal }));
    assert.equal(error.code, 'cancelled');
    assert.ok(Date.now() - started < 2000);
  });

  it("leaves nothing on the caller's signal once a JSON answer is read, and it still cancels the next call", async () => {
    const c = await clientFor((_req, res) => answerJson(res, 200, USER));
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) assert.deepEqual(await c.currentUser({ signal: controller.signal }), USER);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
    controller.abort();
    assert.equal((await apiRejection(c.currentUser({ signal: controller.signal }))).code, 'cancelled');
  });

  it('does not send anything when the signal is already aborted', async () => {
    const c = await clientFor((_req, res) => answerJson(res, 200, USER));
    const error = await apiRejection(c.currentUser({ signal: AbortSignal.abort() }));
    assert.equal(error.code, 'cancelled');
    assert.equal(server!.requests, 0);
  });

  it('cancels the wait between retries', async () => {
    const controller = new AbortController();
    // Cancelled once the first answer has gone out, so the client is waiting its minute to retry
    // (a fixed delay from the start could end the request before it reached the server).
    server = await startMisbehavingServer((_req, res) => {
      res.once('finish', () => setTimeout(() => controller.abort(), 50));
      answerJson(res, 503, {});
    });
    client = new RecordsClient({ baseUrl: server.url, authorization: () => Promise.resolve(undefined), retryDelaysMs: [60_000] });
    const error = await apiRejection(client.currentUser({ signal: controller.signal }));
    assert.equal(error.code, 'cancelled');
    assert.equal(server.requests, 1);
  });

  it('ends a download whose body stalls, with a timeout error', async () => {
    const c = await clientFor((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
      res.write('partial');
    }, { timeoutMs: 200 });
    const download = await c.download('f1');
    const received: Uint8Array[] = [];
    const error = await apiRejection(
      (async () => {
        for await (const chunk of download.body) received.push(chunk);
      })(),
    );
    assert.equal(error.code, 'timeout');
    assert.equal(Buffer.concat(received).toString(), 'partial');
    assert.equal(download.size, 100);
  });

  it('cancels a download while its body flows', async () => {
    const c = await clientFor((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first');
    });
    const controller = new AbortController();
    const download = await c.download('f1', { signal: controller.signal });
    const error = await apiRejection(
      (async () => {
        for await (const _chunk of download.body) controller.abort();
      })(),
    );
    assert.equal(error.code, 'cancelled');
  });

  it('turns an answer that is not JSON into a clear error', async () => {
    const c = await clientFor((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login page</html>');
    });
    const error = await apiRejection(c.currentUser());
    assert.equal(error.code, 'invalid_response');
    assert.match(error.message, /could not be read \(not JSON\)/);
  });

  it('uses a sentence from the status when an error body has no message', async () => {
    const c = await clientFor((_req, res) => answerJson(res, 401, { detail: 'nope' }));
    const error = await apiRejection(c.currentUser());
    assert.equal(error.status, 401);
    assert.equal(error.code, 'http_401');
    assert.equal(error.message, 'You are not signed in or your token expired. Sign in again.');
  });

  it('asks for the authorization header before every attempt', async () => {
    const seen: (string | undefined)[] = [];
    server = await startMisbehavingServer((req, res, attempt) => {
      seen.push(req.headers.authorization);
      return attempt === 1 ? answerJson(res, 502, {}) : answerJson(res, 200, USER);
    });
    let calls = 0;
    client = new RecordsClient({
      baseUrl: `${server.url}/prefix/`,
      authorization: () => Promise.resolve(`Bearer token-${++calls}`),
      retryDelaysMs: [5],
    });
    await client.currentUser();
    assert.deepEqual(seen, ['Bearer token-1', 'Bearer token-2']);
  });

  it('keeps a path prefix of the base URL and encodes aliases', async () => {
    const urls: (string | undefined)[] = [];
    server = await startMisbehavingServer((req, res) => {
      urls.push(req.url);
      answerJson(res, 200, {});
    });
    client = new RecordsClient({ baseUrl: `${server.url}/records/`, authorization: () => Promise.resolve(undefined) });
    await client.getSchema({ workspace: 'A/B', app: 'C D' });
    await client.getWorkspace('x?y');
    assert.deepEqual(urls, ['/records/api/schema/A%2FB!C%20D', '/records/api/projects/x%3Fy']);
  });
});

describe('RecordsClient dispatchers', () => {
  it('gives every client its own agent and leaves the global dispatcher alone', async () => {
    const globalBefore = getGlobalDispatcher();
    const server = await startMisbehavingServer((_req, res) => answerJson(res, 200, USER));
    const options = { baseUrl: server.url, authorization: () => Promise.resolve(undefined) };
    const first = new RecordsClient(options);
    const second = new RecordsClient(options);
    try {
      await first.currentUser();
      await second.currentUser();
      assert.ok(first.dispatcher instanceof Agent);
      assert.notEqual(first.dispatcher, second.dispatcher);
      assert.notEqual(first.dispatcher, globalBefore);
      assert.equal(getGlobalDispatcher(), globalBefore);
    } finally {
      await first.dispose();
      await second.dispose();
      await server.close();
    }
  });

  it('routes a remote service through the proxy when one is set, a loopback service straight to a plain agent', async () => {
    const remote = new RecordsClient({
      baseUrl: 'https://records.example.com',
      proxy: 'http://127.0.0.1:3128',
      authorization: () => Promise.resolve(undefined),
    });
    const local = new RecordsClient({
      baseUrl: 'http://127.0.0.1:8770',
      proxy: 'http://127.0.0.1:3128',
      authorization: () => Promise.resolve(undefined),
    });
    try {
      // The remote one is the router of loopback origins around the proxy (network.ts); where each
      // request goes is tested against a real proxy in network.test.ts.
      assert.ok(!(remote.dispatcher instanceof Agent));
      assert.ok(local.dispatcher instanceof Agent);
    } finally {
      await remote.dispose();
      await local.dispose();
    }
  });

  it('rejects an address that is not a URL with a clear sentence', () => {
    assert.throws(
      () => new RecordsClient({ baseUrl: 'records example', authorization: () => Promise.resolve(undefined) }),
      (error: unknown) => error instanceof RecordsApiError && error.code === 'invalid_url' && /not a valid URL/.test(error.message),
    );
  });
});

describe('RecordsClient authorization', () => {
  it('turns a failing token source into a sign-in error without sending anything', async () => {
    const server = await startMisbehavingServer((_req, res) => answerJson(res, 200, USER));
    const client = new RecordsClient({
      baseUrl: server.url,
      authorization: () => Promise.reject(new Error('secret storage is locked')),
      retryDelaysMs: [5, 5, 5],
    });
    try {
      await assert.rejects(client.currentUser(), (error: unknown) => {
        assert.ok(error instanceof RecordsApiError);
        assert.equal(error.code, 'auth_unavailable');
        assert.match(error.message, /secret storage is locked.*Sign in again\.$/);
        return true;
      });
      assert.equal(server.requests, 0);
    } finally {
      await client.dispose();
      await server.close();
    }
  });
});
