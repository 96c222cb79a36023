// What we know about a file when its upload starts, so a change while it is sent (another
// program still writing it, an editor saving it) is noticed instead of uploading a mix of
// two versions.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';

export interface FileSnapshot {
  /** Absolute path. */
  path: string;
  size: number;
  mtimeMs: number;
}

export async function takeSnapshot(filePath: string): Promise<FileSnapshot> {
  const path = resolve(filePath);
  const info = await stat(path);
  if (!info.isFile()) {
    throw new Error(`"${path}" is not a file. Pick a file to upload.`);
  }
  return { path, size: info.size, mtimeMs: info.mtimeMs };
}

/** True when size or modification time differ from the snapshot, or the file is gone. */
export async function hasChangedSince(snapshot: FileSnapshot): Promise<boolean> {
  try {
    const info = await stat(snapshot.path);
    return info.size !== snapshot.size || info.mtimeMs !== snapshot.mtimeMs;
  } catch {
    return true;
  }
}

/**
 * Key of a resumable upload: the same file (path, size, modification time) sent to the same
 * upload endpoint. A different endpoint is a different service, where the URL means nothing.
 */
export function uploadFingerprint(snapshot: FileSnapshot, endpoint: string): string {
  return ['records-upload-v1', endpoint, snapshot.path, snapshot.size, Math.round(snapshot.mtimeMs)].join('|');
}

/** Thrown from inside a chunk read when the file no longer matches its snapshot. */
export class FileChangedError extends Error {
  constructor(readonly path: string) {
    super(`"${path}" changed while it was being uploaded.`);
    this.name = 'FileChangedError';
  }
}
