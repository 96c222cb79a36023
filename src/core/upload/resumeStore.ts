// Where upload URLs are remembered between sessions, so an upload interrupted by a crash or a
// restart of VS Code continues where it stopped instead of starting over.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface PendingUpload {
  fingerprint: string;
  /** The tus upload URL (its last path segment is the file_uid). */
  uploadUrl: string;
  /** The endpoint it was created at (`<base>/api/upload-tus`). */
  endpoint: string;
  filePath: string;
  fileName: string;
  size: number;
  mtimeMs: number;
  /** ISO-8601 instant of creation. */
  createdAt: string;
}

export interface UploadResumeStore {
  get(fingerprint: string): Promise<PendingUpload | undefined>;
  set(entry: PendingUpload): Promise<void>;
  remove(fingerprint: string): Promise<void>;
  /** Every upload started and not finished, oldest first. */
  listPending(): Promise<PendingUpload[]>;
}

export class MemoryUploadResumeStore implements UploadResumeStore {
  private readonly entries = new Map<string, PendingUpload>();

  get(fingerprint: string): Promise<PendingUpload | undefined> {
    return Promise.resolve(this.entries.get(fingerprint));
  }

  set(entry: PendingUpload): Promise<void> {
    this.entries.set(entry.fingerprint, { ...entry });
    return Promise.resolve();
  }

  remove(fingerprint: string): Promise<void> {
    this.entries.delete(fingerprint);
    return Promise.resolve();
  }

  listPending(): Promise<PendingUpload[]> {
    return Promise.resolve(sortByAge([...this.entries.values()]));
  }
}

/**
 * A JSON file (the extension keeps it in its global storage). Writes go to a temporary file
 * that is then renamed, so a crash never leaves half a file; calls are serialized so two
 * uploads finishing together do not overwrite each other's entries.
 */
export class FileUploadResumeStore implements UploadResumeStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly jsonPath: string) {}

  get(fingerprint: string): Promise<PendingUpload | undefined> {
    return this.serialized(async () => (await this.read()).find((e) => e.fingerprint === fingerprint));
  }

  set(entry: PendingUpload): Promise<void> {
    return this.serialized(async () => {
      const entries = (await this.read()).filter((e) => e.fingerprint !== entry.fingerprint);
      entries.push({ ...entry });
      await this.write(entries);
    });
  }

  remove(fingerprint: string): Promise<void> {
    return this.serialized(async () => {
      const entries = await this.read();
      const kept = entries.filter((e) => e.fingerprint !== fingerprint);
      if (kept.length !== entries.length) await this.write(kept);
    });
  }

  listPending(): Promise<PendingUpload[]> {
    return this.serialized(async () => sortByAge(await this.read()));
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async read(): Promise<PendingUpload[]> {
    let text: string;
    try {
      text = await readFile(this.jsonPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      // A damaged file only costs the ability to resume; it must not block new uploads.
      return Array.isArray(parsed) ? parsed.filter(isPendingUpload) : [];
    } catch {
      return [];
    }
  }

  private async write(entries: PendingUpload[]): Promise<void> {
    await mkdir(dirname(this.jsonPath), { recursive: true });
    const temporary = `${this.jsonPath}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(entries, null, 2), 'utf8');
    await rename(temporary, this.jsonPath);
  }
}

function sortByAge(entries: PendingUpload[]): PendingUpload[] {
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function isPendingUpload(value: unknown): value is PendingUpload {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.fingerprint === 'string' &&
    typeof e.uploadUrl === 'string' &&
    typeof e.endpoint === 'string' &&
    typeof e.filePath === 'string' &&
    typeof e.fileName === 'string' &&
    typeof e.size === 'number' &&
    typeof e.mtimeMs === 'number' &&
    typeof e.createdAt === 'string'
  );
}
