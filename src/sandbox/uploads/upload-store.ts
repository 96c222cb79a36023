// The folder where tus uploads land (`<dataDir>/uploads`: `<file_uid>` holds the bytes,
// `<file_uid>.json` the tus metadata), seen as the domain's UploadCatalog: a record save
// describes an upload, then commits it, which moves the bytes out and forgets the upload.
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SandboxError, type UploadCatalog, type UploadInfo } from '../service/contract';
import { syncDirectory } from '../store/atomic-file';
import { isUploadId } from './upload-id';

interface StoredUploadInfo {
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

export class UploadStore implements UploadCatalog {
  constructor(readonly directory: string) {}

  async describe(fileUid: string): Promise<UploadInfo | undefined> {
    if (!isUploadId(fileUid)) {
      return undefined;
    }
    const info = await this.readInfo(fileUid);
    const path = this.bytesPath(fileUid);
    const bytes = await stat(path).catch(() => undefined);
    if (!info || !bytes) {
      return undefined;
    }
    return {
      fileUid,
      filename: info.metadata?.filename ?? fileUid,
      size: info.size ?? bytes.size,
      offset: bytes.size,
      path,
    };
  }

  async commit(fileUid: string, destinationPath: string): Promise<void> {
    const upload = await this.describe(fileUid);
    if (!upload) {
      throw new SandboxError(404, 'not_found', `Upload ${fileUid} does not exist or has expired. Upload the file again.`);
    }
    if (upload.offset !== upload.size) {
      throw new SandboxError(400, 'invalid_value', `Upload ${fileUid} is incomplete (${upload.offset} of ${upload.size} bytes). Finish the upload, then save again.`);
    }
    await mkdir(dirname(destinationPath), { recursive: true });
    await moveFile(upload.path, destinationPath);
    // The new name must survive a power loss before the upload's record of it goes.
    await syncDirectory(dirname(destinationPath));
    await syncDirectory(this.directory);
    await rm(this.infoPath(fileUid), { force: true });
  }

  async persist(fileUid: string): Promise<void> {
    const upload = await this.describe(fileUid);
    if (!upload) {
      throw new SandboxError(404, 'not_found', `Upload ${fileUid} does not exist or has expired. Upload the file again.`);
    }
    await syncFile(upload.path);
    await syncDirectory(this.directory);
  }

  /** The user who created the upload (metadata `owner_id`, set by the tus endpoint); undefined if unknown. */
  async ownerOf(fileUid: string): Promise<string | undefined> {
    if (!isUploadId(fileUid)) {
      return undefined;
    }
    return (await this.readInfo(fileUid))?.metadata?.owner_id ?? undefined;
  }

  /** Removes uploads created before `cutoff` (ms since epoch); returns how many. */
  async removeCreatedBefore(cutoff: number): Promise<number> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const fileUid = name.endsWith('.json') ? name.slice(0, -'.json'.length) : undefined;
      if (fileUid === undefined || !isUploadId(fileUid)) {
        continue;
      }
      const info = await this.readInfo(fileUid);
      const created = info?.creation_date ? Date.parse(info.creation_date) : Number.NaN;
      if (Number.isFinite(created) && created < cutoff) {
        await rm(this.bytesPath(fileUid), { force: true });
        await rm(this.infoPath(fileUid), { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private async readInfo(fileUid: string): Promise<StoredUploadInfo | undefined> {
    try {
      return JSON.parse(await readFile(this.infoPath(fileUid), 'utf8')) as StoredUploadInfo;
    } catch {
      return undefined;
    }
  }

  private bytesPath(fileUid: string): string {
    return join(this.directory, fileUid);
  }

  private infoPath(fileUid: string): string {
    return join(this.directory, `${fileUid}.json`);
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    // A data folder spread over two file systems cannot rename across them.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') {
      throw error;
    }
    await copyFile(from, to);
    await syncFile(to);
    await unlink(from);
  }
}
