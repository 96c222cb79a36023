// Where upload URLs are remembered between sessions, so an upload interrupted by a crash or a
// restart of VS Code continues where it stopped instead of starting over.
import { JsonListFile } from './jsonListFile';

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
 * A JSON file (the extension keeps it in its global storage), written atomically and one
 * change at a time (see JsonListFile).
 */
export class FileUploadResumeStore implements UploadResumeStore {
  private readonly file: JsonListFile<PendingUpload>;

  constructor(readonly jsonPath: string) {
    this.file = new JsonListFile(jsonPath, isPendingUpload, { rethrowReadErrors: true });
  }

  get(fingerprint: string): Promise<PendingUpload | undefined> {
    return this.file.serialized(async () => (await this.file.read()).find((e) => e.fingerprint === fingerprint));
  }

  set(entry: PendingUpload): Promise<void> {
    return this.file.serialized(async () => {
      const entries = (await this.file.read()).filter((e) => e.fingerprint !== entry.fingerprint);
      entries.push({ ...entry });
      await this.file.write(entries);
    });
  }

  remove(fingerprint: string): Promise<void> {
    return this.file.serialized(async () => {
      const entries = await this.file.read();
      const kept = entries.filter((e) => e.fingerprint !== fingerprint);
      if (kept.length !== entries.length) await this.file.write(kept);
    });
  }

  listPending(): Promise<PendingUpload[]> {
    return this.file.serialized(async () => sortByAge(await this.file.read()));
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
