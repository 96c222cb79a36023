// @tus/server and @tus/file-store are ESM-only; their types are imported in ESM resolution mode
// and the modules themselves are loaded with dynamic import().
import type { Server } from '@tus/server' with { 'resolution-mode': 'import' };
import type { FileStore } from '@tus/file-store' with { 'resolution-mode': 'import' };

export type TusServer = Server;

export async function loadTusModules(): Promise<{ Server: typeof Server; FileStore: typeof FileStore }> {
  const [tusServer, tusFileStore] = await Promise.all([import('@tus/server'), import('@tus/file-store')]);
  return { Server: tusServer.Server, FileStore: tusFileStore.FileStore };
}
