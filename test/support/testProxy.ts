// A small forward proxy for tests, the way a corporate proxy behaves: CONNECT tunnels (https
// and http targets) and absolute-form requests (plain http), optional Proxy-Authorization, and
// a count of everything that passed through it. Every target host is sent to one address
// (`upstream`), so a made-up host name like records.localhost reaches the local sandbox.
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from 'node:http';
import { type AddressInfo, type Socket, connect } from 'node:net';

export interface TestProxy {
  url: string;
  /** `host:port` of every CONNECT tunnel opened (refused ones excluded). */
  readonly tunnels: readonly string[];
  /** Absolute URLs of plain http requests forwarded. */
  readonly forwarded: readonly string[];
  /** Requests refused with 407. */
  readonly refused: number;
  /** Tunnels plus forwarded requests. */
  readonly passed: number;
  close(): Promise<void>;
}

export interface TestProxyOptions {
  /** Where every request goes, e.g. the sandbox's `127.0.0.1:port`. */
  upstream: { host: string; port: number };
  /** The loopback port to listen on (0, the default, picks a free one). */
  port?: number;
  /** When set, requests without exactly this `Proxy-Authorization` get 407. */
  requireAuthorization?: string;
}

export async function startTestProxy(options: TestProxyOptions): Promise<TestProxy> {
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<Socket>();
  let refused = 0;
  const authorized = (request: IncomingMessage): boolean =>
    options.requireAuthorization === undefined || request.headers['proxy-authorization'] === options.requireAuthorization;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!authorized(request)) {
      refused += 1;
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test proxy"' }).end();
      return;
    }
    forwarded.push(String(request.url));
    const target = new URL(String(request.url));
    const headers = { ...request.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      { host: options.upstream.host, port: options.upstream.port, method: request.method, path: `${target.pathname}${target.search}`, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });

  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    if (!authorized(request)) {
      refused += 1;
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test proxy"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    tunnels.push(String(request.url));
    const upstream = connect(options.upstream.port, options.upstream.host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    forwarded,
    get refused() {
      return refused;
    },
    get passed() {
      return tunnels.length + forwarded.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
