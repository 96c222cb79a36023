// What the Records tree last showed for each connection, kept on disk (global storage) so the
// next window shows it at once and reconciles it with one request (stale-while-revalidate):
// the workspaces with their apps and counts (the catalog's, so completion, search and pivot
// start warm too: it is the catalog's CatalogKeeper), and the first page of each app the user
// opened (the tree's).
//
// - Keyed by connection (its address and account kind) and the signed-in user; signing in or
//   out, or another user answering, drops the connection's entry. Never a token or a secret.
// - Bounded: at most MAX_PAGES pages per connection (the oldest go first) and MAX_BYTES in all.
// - `records.tree.cache` off: nothing is read or written and the file is deleted (for users
//   who must not keep record titles on this machine).
import { rename, writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { DiscoveredWorkspace } from '../../core/api';
import type { CatalogKeeper } from '../../core/catalog/connectionCatalog';
import type { RecordData } from '../../core/contract/types';

export const TREE_CACHE_SETTING = 'records.tree.cache';
const FILE_NAME = 'tree-cache.json';
const VERSION = 1;
/** Apps whose first page is kept, per connection. */
export const MAX_PAGES = 20;
/** The whole file; pages go (oldest first) until it fits. */
export const MAX_BYTES = 4 * 1024 * 1024;
/** Writes wait this long for more changes, so a burst of expansions is one write. */
const WRITE_DELAY_MS = 500;

export interface KeptPage {
  records: RecordData[];
  filtered: number | undefined;
  total: number | undefined;
  /** When it was read (epoch ms). */
  at: number;
}

interface KeptConnection {
  /** The connection's address and account kind when this was kept: another one drops it. */
  key: string;
  userId?: string;
  workspaces?: DiscoveredWorkspace[];
  /** By listing key (the app's node id and its filter/sort). */
  pages: Record<string, KeptPage>;
}

interface CacheFile {
  version: number;
  connections: Record<string, KeptConnection>;
}

export class TreeCache implements CatalogKeeper, vscode.Disposable {
  private data: CacheFile = { version: VERSION, connections: {} };
  private loading: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly file: vscode.Uri | undefined;
  private readonly listener: vscode.Disposable;
  /** Connections forgotten before the file was read: what the file holds for them is stale. */
  private readonly forgottenBeforeRead = new Set<string>();
  private everyConnectionForgotten = false;
  private fileRead = false;
  /** The window closed: what its tree learns afterwards (a read that was under way) is not written. */
  private disposed = false;

  constructor(storage: vscode.Uri | undefined) {
    this.file = storage === undefined ? undefined : vscode.Uri.joinPath(storage, FILE_NAME);
    this.listener = vscode.workspace.onDidChangeConfiguration((event) => {
      // After any write under way: erasing beside it, that write's rename could put the file
      // (record titles) back after the user turned the cache off.
      if (event.affectsConfiguration(TREE_CACHE_SETTING) && !this.enabled) this.writing = this.writing.then(() => this.erase());
    });
  }

  get enabled(): boolean {
    return this.file !== undefined && vscode.workspace.getConfiguration().get<boolean>(TREE_CACHE_SETTING, true);
  }

  /** Reads the file once (an unreadable or foreign file is ignored: the tree reads the service). */
  ready(): Promise<void> {
    return (this.loading ??= this.read());
  }

  workspaces(connectionId: string, key: string): DiscoveredWorkspace[] | undefined {
    return this.entry(connectionId, key)?.workspaces;
  }

  page(connectionId: string, key: string, listingKey: string): KeptPage | undefined {
    return this.entry(connectionId, key)?.pages[listingKey];
  }

  rememberWorkspaces(connectionId: string, key: string, workspaces: readonly DiscoveredWorkspace[]): void {
    if (!this.enabled) return;
    this.entryForWrite(connectionId, key).workspaces = [...workspaces];
    this.scheduleWrite();
  }

  rememberPage(connectionId: string, key: string, listingKey: string, page: KeptPage): void {
    if (!this.enabled) return;
    const entry = this.entryForWrite(connectionId, key);
    entry.pages[listingKey] = page;
    const keys = Object.keys(entry.pages);
    if (keys.length > MAX_PAGES) {
      const oldest = keys.sort((a, b) => (entry.pages[a]?.at ?? 0) - (entry.pages[b]?.at ?? 0)).slice(0, keys.length - MAX_PAGES);
      for (const old of oldest) delete entry.pages[old];
    }
    this.scheduleWrite();
  }

  /** The signed-in user's id, once known: an entry kept for someone else is dropped. */
  noteUser(connectionId: string, key: string, userId: string): void {
    const entry = this.data.connections[connectionId];
    if (entry === undefined || entry.key !== key) return;
    if (entry.userId !== undefined && entry.userId !== userId) {
      this.forget(connectionId);
      return;
    }
    if (entry.userId === undefined && this.enabled) {
      entry.userId = userId;
      this.scheduleWrite();
    }
  }

  /** Drops what was kept for one connection (signed in or out, removed), or for all. */
  forget(connectionId?: string): void {
    if (!this.fileRead) {
      if (connectionId === undefined) this.everyConnectionForgotten = true;
      else this.forgottenBeforeRead.add(connectionId);
    }
    if (connectionId === undefined) this.data.connections = {};
    else if (this.data.connections[connectionId] !== undefined) delete this.data.connections[connectionId];
    else return;
    this.scheduleWrite();
  }

  /** Drops what was kept for connections that no longer exist. */
  retain(connectionIds: readonly string[]): void {
    const gone = Object.keys(this.data.connections).filter((id) => !connectionIds.includes(id));
    // Before the file is read there is nothing to compare with.
    if (!this.fileRead) return;
    for (const id of gone) this.forget(id);
  }

  /** Writes what is pending now, and waits for an erase under way (tests, and the window closing). */
  async flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.writing = this.writing.then(() => this.write());
    }
    await this.writing;
  }

  dispose(): void {
    this.listener.dispose();
    void this.flush();
    this.disposed = true;
  }

  private entry(connectionId: string, key: string): KeptConnection | undefined {
    if (!this.enabled) return undefined;
    const entry = this.data.connections[connectionId];
    return entry !== undefined && entry.key === key ? entry : undefined;
  }

  private entryForWrite(connectionId: string, key: string): KeptConnection {
    const existing = this.entry(connectionId, key);
    if (existing !== undefined) return existing;
    const created: KeptConnection = { key, pages: {} };
    this.data.connections[connectionId] = created;
    return created;
  }

  private scheduleWrite(): void {
    if (this.file === undefined || this.timer !== undefined || this.disposed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writing = this.writing.then(() => this.write());
    }, WRITE_DELAY_MS);
  }

  private async read(): Promise<void> {
    try {
      await this.readFile();
    } finally {
      this.fileRead = true;
    }
  }

  private async readFile(): Promise<void> {
    if (!this.enabled || this.file === undefined) return;
    try {
      const parsed = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(this.file))) as Partial<CacheFile>;
      if (parsed.version === VERSION && typeof parsed.connections === 'object' && parsed.connections !== null) {
        // Changes made before the file was read (a sign-out at startup) win over the file.
        const fromFile: Record<string, KeptConnection> = this.everyConnectionForgotten ? {} : { ...parsed.connections };
        for (const id of this.forgottenBeforeRead) delete fromFile[id];
        this.data = { version: VERSION, connections: mergeKept(fromFile, this.data.connections) };
      }
    } catch {
      // No file yet, or one we cannot read: the tree asks the service.
    }
  }

  /**
   * Replaces the file in one step (a temporary file renamed over it), so a crash never leaves half
   * a file and another window reading it meanwhile sees the old file or the new one, never none.
   * On disk that is the system's rename: `workspace.fs.rename` with `overwrite` deletes the file
   * first, and a window opening in that gap found no kept rows.
   */
  private async write(): Promise<void> {
    if (this.file === undefined) return;
    if (!this.enabled) return this.erase();
    // Never write before the file was read: what it keeps would be lost (see mergeKept).
    await this.ready();
    const text = this.bounded();
    const temporary = this.file.with({ path: `${this.file.path}.tmp` });
    try {
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(this.file, '..'));
      if (this.file.scheme === 'file') {
        await writeFile(temporary.fsPath, text);
        await rename(temporary.fsPath, this.file.fsPath);
      } else {
        await vscode.workspace.fs.writeFile(temporary, new TextEncoder().encode(text));
        await vscode.workspace.fs.rename(temporary, this.file, { overwrite: true });
      }
    } catch {
      // A cache that cannot be written is only slower next time.
    }
  }

  /** The file's text, dropping the oldest pages of all connections until it fits MAX_BYTES. */
  private bounded(): string {
    let text = JSON.stringify(this.data);
    if (text.length <= MAX_BYTES) return text;
    const pages = Object.values(this.data.connections)
      .flatMap((entry) => Object.entries(entry.pages).map(([key, page]) => ({ entry, key, at: page.at })))
      .sort((a, b) => a.at - b.at);
    for (const { entry, key } of pages) {
      delete entry.pages[key];
      text = JSON.stringify(this.data);
      if (text.length <= MAX_BYTES) break;
    }
    return text;
  }

  private async erase(): Promise<void> {
    this.data = { version: VERSION, connections: {} };
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.file === undefined) return;
    await vscode.workspace.fs.delete(this.file).then(undefined, () => undefined);
  }
}

/**
 * What this window learned before the file was read (workspaces discovered while it was being
 * read, say) is added to what the file kept for the same connection and session: it must not
 * replace the file's entry, or the pages kept there would be lost at the next write.
 */
function mergeKept(fromFile: Record<string, KeptConnection>, learned: Record<string, KeptConnection>): Record<string, KeptConnection> {
  const merged = { ...fromFile };
  for (const [id, entry] of Object.entries(learned)) {
    const kept = merged[id];
    const sameSession = kept !== undefined && kept.key === entry.key && (kept.userId === undefined || entry.userId === undefined || kept.userId === entry.userId);
    if (!sameSession) {
      merged[id] = entry;
      continue;
    }
    const together: KeptConnection = { key: entry.key, pages: { ...kept.pages, ...entry.pages } };
    const userId = entry.userId ?? kept.userId;
    const workspaces = entry.workspaces ?? kept.workspaces;
    if (userId !== undefined) together.userId = userId;
    if (workspaces !== undefined) together.workspaces = workspaces;
    merged[id] = together;
  }
  return merged;
}
