// Downloads an attachment to disk without holding it in memory. The bytes go to `<dest>.part`
// and are renamed into place only when complete, so a cancelled or failed download never
// leaves a truncated file under the real name.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type RecordsClient, RecordsApiError } from '../api';
import { fileNameFromDisposition } from './contentDisposition';

export interface DownloadToFileOptions {
  signal?: AbortSignal;
  /** `total` is undefined when the service sent no length. */
  onProgress?: (received: number, total: number | undefined) => void;
  timeoutMs?: number;
}

export interface DownloadedFile {
  path: string;
  bytes: number;
  contentType?: string;
  /** The name the service gave (Content-Disposition). */
  fileName?: string;
}

export async function downloadToFile(
  client: RecordsClient,
  fileUid: string,
  destPath: string,
  options: DownloadToFileOptions = {},
): Promise<DownloadedFile> {
  const partPath = `${destPath}.part`;
  const { signal } = options;
  try {
    const download = await client.download(fileUid, { signal, timeoutMs: options.timeoutMs });
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        options.onProgress?.(bytes, download.size);
        callback(null, chunk);
      },
    });
    await pipeline(Readable.from(download.body, { objectMode: false }), counter, createWriteStream(partPath), { signal });
    if (download.size !== undefined && bytes !== download.size) {
      throw new RecordsApiError(`The download ended after ${bytes} of ${download.size} bytes. Try again.`, { code: 'network' });
    }
    await rename(partPath, destPath);
    return { path: destPath, bytes, contentType: download.contentType, fileName: fileNameFromDisposition(download.contentDisposition) };
  } catch (error) {
    await rm(partPath, { force: true });
    if (error instanceof RecordsApiError) throw error;
    if (signal?.aborted) throw new RecordsApiError('The download was cancelled.', { code: 'cancelled' });
    const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
    throw new RecordsApiError(`Could not save the download to "${destPath}"${detail}. Check the folder and the free disk space.`, {
      code: 'write_failed',
      cause: error,
    });
  }
}
