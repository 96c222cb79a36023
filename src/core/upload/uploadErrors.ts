// What a failed tus request means for the upload, and the sentences users see. Retries follow
// ARCHITECTURE.md: tus requests are idempotent (HEAD re-reads the offset before the next PATCH),
// so 429, 5xx and dropped or stalled connections are retried; 409 (offset out of step) and 423
// (locked) are too, because the HEAD before the next attempt puts the offset right.
import type { DetailedError } from 'tus-js-client';
import { RecordsApiError, messageForStatus, parseRetryAfter } from '../api';
import { FileChangedError } from './fileSnapshot';
import { TransferStalledError } from './undiciHttpStack';

export type UploadFailure =
  | { kind: 'retry'; error: RecordsApiError }
  /** The upload URL no longer exists on the service: start a new upload. */
  | { kind: 'gone' }
  | { kind: 'file-changed' }
  | { kind: 'fatal'; error: RecordsApiError };

export function classifyUploadFailure(error: unknown, fileName: string): UploadFailure {
  const detailed = error as Partial<DetailedError>;
  const cause = detailed.causingError ?? (error instanceof Error && !('originalRequest' in error) ? error : undefined);
  if (cause instanceof FileChangedError || error instanceof FileChangedError) return { kind: 'file-changed' };
  if (cause instanceof RecordsApiError) return { kind: 'fatal', error: cause };
  const response = detailed.originalResponse ?? undefined;
  if (response) {
    const status = response.getStatus();
    if (status === 404 || status === 410) return { kind: 'gone' };
    const apiError = errorFromTusResponse(status, response.getBody(), parseRetryAfter(response.getHeader('retry-after')), fileName);
    const retryable = status === 429 || status === 409 || status === 423 || status >= 500;
    return retryable ? { kind: 'retry', error: apiError } : { kind: 'fatal', error: apiError };
  }
  if (detailed.originalRequest) {
    // No answer at all: the connection dropped, was refused, or stalled.
    const message =
      cause instanceof TransferStalledError
        ? `The upload of "${fileName}" stalled (${cause.message}). Check your network; the upload resumes where it stopped.`
        : `Could not reach the Records Service while uploading "${fileName}"${detailOf(cause)}. Check your network and the proxy setting, then try again; the upload resumes where it stopped.`;
    return { kind: 'retry', error: new RecordsApiError(message, { code: 'network', cause }) };
  }
  return {
    kind: 'fatal',
    error: new RecordsApiError(`The upload of "${fileName}" failed${detailOf(cause ?? error)}. Try again.`, { code: 'upload_failed', cause: error }),
  };
}

function errorFromTusResponse(status: number, body: string, retryAfterSeconds: number | undefined, fileName: string): RecordsApiError {
  const server = serverMessage(body);
  const base = server ?? (status === 413 ? `"${fileName}" is larger than the service accepts. Upload a smaller file.` : messageForStatus(status));
  return new RecordsApiError(`Uploading "${fileName}" failed: ${base}`, { status, code: `http_${status}`, retryAfterSeconds });
}

function serverMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    const message = parsed.error?.message;
    return typeof message === 'string' && message.trim() ? message.trim() : undefined;
  } catch {
    return body.trim() && body.length < 300 && !body.includes('<') ? body.trim() : undefined;
  }
}

function detailOf(error: unknown): string {
  return error instanceof Error && error.message ? ` (${error.message})` : '';
}

export function cancelledUploadError(fileName: string): RecordsApiError {
  return new RecordsApiError(`The upload of "${fileName}" was cancelled. Start it again to continue where it stopped.`, { code: 'cancelled' });
}

export function fileKeptChangingError(fileName: string, restarts: number): RecordsApiError {
  return new RecordsApiError(
    `"${fileName}" changed while it was being uploaded, ${restarts} times in a row. Wait until no program is writing the file, then upload it again.`,
    { code: 'file_changed' },
  );
}

export function unreadableFileError(filePath: string, cause: unknown): RecordsApiError {
  return new RecordsApiError(`Could not read "${filePath}"${detailOf(cause)}. Check that the file exists and that you may read it.`, {
    code: 'file_unreadable',
    cause,
  });
}
