import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class PortInUseError extends Error {
  readonly code = 'EADDRINUSE';
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`Port ${port} on ${host} is already in use by another program. Stop that program, or start the sandbox with another --port (0 picks a free one).`);
    this.name = 'PortInUseError';
  }
}

/** Listens and resolves with the actual port (useful with port 0). */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** The address clients use: a wildcard bind is reached through loopback. */
export function baseUrlFor(host: string, port: number, scheme: 'http' | 'https' = 'http'): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `${scheme}://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
