// Uploads several files to one connection, one after another, with per-file progress in ONE
// cancellable notification. Cancelling aborts the running upload; its upload URL stays in the
// resume store, so the next attempt (or "Finish Pending Uploads") continues where it stopped.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { FileUploadResumeStore, TusUploader, type UploadedFile } from '../../../core/upload';
import { toAbortSignal } from '../../shared/util/abort';
import { clampSetting } from '../../shared/settingBounds';
import { transferText } from './byteText';
import type { FilesHost } from './filesHost';

/** The JSON file where upload URLs survive a restart of VS Code (read at start, see pendingUploadsAtStart). */
export const RESUME_STORE_FILE = 'uploads.json';
const PROGRESS_INTERVAL_MS = 150;

export function resumeStore(host: FilesHost): FileUploadResumeStore {
  return new FileUploadResumeStore(vscode.Uri.joinPath(host.storageUri, RESUME_STORE_FILE).fsPath);
}

export interface LocalFile {
  path: string;
  /** Name stored on the service; the file's base name when absent. */
  name?: string;
  size: number;
  mtimeMs?: number;
}

/**
 * Uploads `files` in order, showing "name: 3.2 MB of 10 MB (32%) · 2 of 3" and an overall bar,
 * then runs `afterUpload` (the attach) in the same notification, so one toast tells the whole story.
 * Rejects with the first failure (a RecordsApiError; code `cancelled` when the user cancelled).
 */
export async function uploadWithProgress<T>(
  host: FilesHost,
  connectionId: string,
  files: readonly LocalFile[],
  title: string,
  afterUpload: (uploads: UploadedFile[]) => Promise<T>,
  /** Cancels like the notification's Cancel button (scripts and tests). */
  cancel?: AbortSignal,
): Promise<T> {
  const connection = host.connections.get(connectionId);
  if (!connection) throw new Error(vscode.l10n.t('The connection no longer exists. Refresh the Records view and try again.'));
  const client = await host.connections.client(connectionId);
  // The client's own transport: the same address, agent (proxy, certificates) and credential.
  const uploader = new TusUploader({ ...client.transport, store: resumeStore(host) });
  const total = files.reduce((sum, f) => sum + f.size, 0);
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        const signal = cancel ? AbortSignal.any([toAbortSignal(token), cancel]) : toAbortSignal(token);
        const done: UploadedFile[] = [];
        let finishedBytes = 0;
        let shownPercent = 0;
        let lastReport = 0;
        for (const [index, file] of files.entries()) {
          const name = file.name ?? basename(file.path);
          const report = (sent: number, force = false): void => {
            const now = Date.now();
            if (!force && (sent === 0 || now - lastReport < PROGRESS_INTERVAL_MS)) return;
            lastReport = now;
            const percent = total > 0 ? ((finishedBytes + sent) / total) * 100 : ((index + 1) / files.length) * 100;
            // The title names a single file already; several files each get their name and place.
            const message = files.length > 1 ? `${name}: ${transferText(sent, file.size)} · ${vscode.l10n.t('{0} of {1}', index + 1, files.length)}` : transferText(sent, file.size);
            progress.report({ message, increment: Math.max(0, percent - shownPercent) });
            shownPercent = Math.max(shownPercent, percent);
          };
          // The first file's "0 B" would outlive a quick upload (reports are throttled, the end is not): the title says enough.
          if (index > 0) report(0, true);
          const uploaded = await uploader.upload({ filePath: file.path, fileName: name, signal, chunkSize: uploadChunkBytes(), onProgress: (sent) => report(sent) });
          finishedBytes += file.size;
          report(file.size, true);
          done.push(uploaded);
        }
        progress.report({ message: vscode.l10n.t('Attaching…') });
        return afterUpload(done);
      },
    );
  } finally {
    await uploader.dispose();
  }
}

/** `records.files.uploadChunkMiB`: the most one PATCH carries (lower it behind a proxy that limits request bodies). */
function uploadChunkBytes(): number {
  return clampSetting('records.files.uploadChunkMiB', vscode.workspace.getConfiguration('records.files').get<unknown>('uploadChunkMiB')) * 1024 * 1024;
}
