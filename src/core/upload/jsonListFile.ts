// A small JSON file holding a list (the resume store, the extension's upload targets). Writes go
// to a temporary file that is then renamed, so a crash never leaves half a file; `serialized`
// runs read-modify-write steps one at a time, so two uploads finishing together do not
// overwrite each other's entries. A damaged file reads as empty: it only costs the ability to
// resume, and must not block new uploads.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface JsonListFileOptions {
  /** Rethrow read errors other than a missing file (default: every read error reads as empty). */
  rethrowReadErrors?: boolean;
}

export class JsonListFile<T> {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly isEntry: (value: unknown) => value is T,
    private readonly options: JsonListFileOptions = {},
  ) {}

  serialized<R>(work: () => Promise<R>): Promise<R> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The entries that pass the guard; call inside `serialized` when a write follows. */
  async read(): Promise<T[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (this.options.rethrowReadErrors && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return [];
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      return Array.isArray(parsed) ? parsed.filter(this.isEntry) : [];
    } catch {
      return [];
    }
  }

  async write(entries: readonly T[]): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(entries, null, 2), 'utf8');
    await rename(temporary, this.path);
  }
}
