// A cap on the connections one client address holds open at once. Each slow request is cut by
// the idle timeout and the minimum body rate (request-deadline.ts), but a client opening
// hundreds of them in parallel would still hold a socket and a file descriptor each until then.
// A connection over the cap is closed as it opens; the client's own connections go on.
import type { Server } from 'node:net';

/** Default of `maxConnectionsPerClient`: far above what an editor, a browser or a benchmark opens. */
export const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 256;

export function capConnectionsPerClient(server: Server, max: number, log: (line: string) => void): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  const warned = new Set<string>();
  server.on('connection', (socket) => {
    const client = socket.remoteAddress ?? '';
    const count = (open.get(client) ?? 0) + 1;
    if (count > max) {
      if (!warned.has(client)) {
        warned.add(client);
        log(`${client} opened more than ${max} connections at once; the ones over that are closed.`);
      }
      socket.destroy();
      return;
    }
    open.set(client, count);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else {
        open.delete(client);
        warned.delete(client);
      }
    });
  });
}
