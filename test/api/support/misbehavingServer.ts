// A tiny node:http server for transport failures the sandbox cannot produce on demand
// (5xx, dropped connections, slow or malformed answers). It knows nothing of the API.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

export type Behaviour = (request: IncomingMessage, response: ServerResponse, attempt: number) => void;

export interface MisbehavingServer {
  url: string;
  /** Requests received so far. */
  readonly requests: number;
  close(): Promise<void>;
}

export async function startMisbehavingServer(behaviour: Behaviour): Promise<MisbehavingServer> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    request.resume();
    request.on('end', () => behaviour(request, response, requests));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function answerJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export function dropConnection(response: ServerResponse): void {
  response.socket?.destroy();
}

/** Never answers; the client's deadline or cancellation has to end the request. */
export function hang(): void {}
