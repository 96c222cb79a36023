// Helpers of the upload tests: temporary files with random content, and a TCP relay in front
// of the sandbox that counts what the client sends and can cut a connection mid-transfer.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, type Socket, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MiB = 1024 * 1024;

export interface TempFolder {
  path: string;
  /** Writes `size` random bytes to `name` and returns the path and the bytes. */
  file(name: string, size: number): Promise<{ path: string; bytes: Buffer }>;
  remove(): Promise<void>;
}

export async function tempFolder(): Promise<TempFolder> {
  const path = await mkdtemp(join(tmpdir(), 'records-upload-test-'));
  return {
    path,
    async file(name, size) {
      const bytes = randomBytes(size);
      const filePath = join(path, name);
      await writeFile(filePath, bytes);
      return { path: filePath, bytes };
    },
    remove: () => rm(path, { recursive: true, force: true }),
  };
}

export interface CountingRelay {
  url: string;
  /** Bytes received from clients (request lines, headers and bodies). */
  readonly bytesFromClients: number;
  /** Cuts the connection carrying the request once this many more client bytes went through. */
  dropOnceAfter(bytes: number): void;
  readonly drops: number;
  close(): Promise<void>;
}

export async function startCountingRelay(targetUrl: string): Promise<CountingRelay> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let bytesFromClients = 0;
  let dropAt: number | undefined;
  let drops = 0;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (data: Buffer) => {
      bytesFromClients += data.length;
      if (dropAt !== undefined && bytesFromClients >= dropAt) {
        dropAt = undefined;
        drops += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      if (!upstream.write(data)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.pipe(client);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get bytesFromClients() {
      return bytesFromClients;
    },
    get drops() {
      return drops;
    },
    dropOnceAfter(bytes) {
      dropAt = bytesFromClients + bytes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
