// A tus-js-client file reader that never holds the file in memory: each chunk is a byte range
// that the HTTP stack streams straight from disk when it sends the PATCH. Before handing out
// a chunk it checks that the file is still the one the upload started with.
import type { FileReader, FileSource, SliceResult } from 'tus-js-client';
import { type FileSnapshot, FileChangedError, hasChangedSince } from './fileSnapshot';

/** The body of one PATCH: bytes [start, end) of the file at `path`. */
export interface DiskSlice {
  readonly kind: 'disk-slice';
  readonly path: string;
  readonly start: number;
  readonly end: number;
  /** tus-js-client reads `size` to learn how many bytes the chunk holds. */
  readonly size: number;
}

export function isDiskSlice(value: unknown): value is DiskSlice {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'disk-slice';
}

/** Reads only the snapshot it was built for, whatever tus-js-client passes as its "file". */
export class DiskFileReader implements FileReader {
  constructor(private readonly snapshot: FileSnapshot) {}

  openFile(): Promise<FileSource> {
    return Promise.resolve(new DiskFileSource(this.snapshot));
  }
}

class DiskFileSource implements FileSource {
  readonly size: number;

  constructor(private readonly snapshot: FileSnapshot) {
    this.size = snapshot.size;
  }

  async slice(start: number, end: number): Promise<SliceResult> {
    if (await hasChangedSince(this.snapshot)) throw new FileChangedError(this.snapshot.path);
    const last = Math.min(end, this.size);
    const value: DiskSlice = { kind: 'disk-slice', path: this.snapshot.path, start, end: last, size: last - start };
    return { value, done: last >= this.size };
  }

  close(): void {
    // Nothing stays open between chunks: each PATCH opens and closes its own read stream.
  }
}
