// Resumable uploads (contract 4.8, tus 1.0.0) with tus-js-client's Node build: bytes streamed
// from disk, the connection's own undici agent, the Authorization header on every request to
// the endpoint's own origin (never to a Location elsewhere, never over a downgrade to http),
// retries with backoff, resume across sessions through an UploadResumeStore, and a restart
// from zero when the file changes underneath.
import { basename } from 'node:path';
import type * as MimeTypes from 'mime-types';
import { Upload } from 'tus-js-client';
import type { Dispatcher } from 'undici';
import { DEFAULT_RETRY_DELAYS_MS, DEFAULT_TIMEOUT_MS, RecordsApiError, retryDelayMs } from '../api';
import { signInAuthorization, withoutCredential } from '../api/errors';
import { createNetworkDispatcher, type NetworkSettings } from '../api/network';
import { DiskFileReader } from './diskFileReader';
import { type FileSnapshot, hasChangedSince, takeSnapshot, uploadFingerprint } from './fileSnapshot';
import { type PendingUpload, type UploadResumeStore } from './resumeStore';
import { UndiciHttpStack } from './undiciHttpStack';
import {
  cancelledUploadError,
  classifyUploadFailure,
  fileKeptChangingError,
  unreadableFileError,
} from './uploadErrors';

/**
 * The media type of a file by its name. mime-types carries the whole mime-db table (150 KB of
 * JSON): required here, on the first upload, rather than when the files feature loads (the
 * extension build makes it a bundle of its own, dist/mimeTypes.js).
 */
function mimeTypeOf(fileName: string): string | false {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('mime-types') as typeof MimeTypes).lookup(fileName);
}

/**
 * 1 GiB: each PATCH costs a round trip in which the pipe runs empty, plus a request and a
 * flush and metadata write on the service, so fewer is faster (the contract allows one PATCH
 * for the whole file; over loopback 64 MiB chunks reached 0.78 × curl's single PATCH, 256 MiB
 * 0.89 ×, see bench/upload.ts). An interruption costs little whatever the size: the service
 * keeps the bytes it received and a retry asks for its offset first, so a smaller chunk buys no
 * safety. Where a proxy limits request bodies, `records.files.uploadChunkMiB` lowers it.
 * tus-js-client needs a finite size with streams.
 */
export const DEFAULT_CHUNK_SIZE = 1024 * 1024 * 1024;
/** How often a file that changes during the upload is started again before giving up. */
export const DEFAULT_MAX_RESTARTS = 2;
const PROGRESS_INTERVAL_MS = 100;

export interface UploadConnection {
  /** e.g. http://127.0.0.1:8770 (no trailing /api); a path prefix is kept. */
  baseUrl: string;
  /** Full header value ("SVC_AUTH_CODE x" | "Bearer y"), asked before every request. */
  authorization: () => Promise<string | undefined>;
  /** The connection's agent, e.g. `RecordsClient.dispatcher`; when absent the uploader makes its own. */
  dispatcher?: Dispatcher;
  /** VS Code's http.proxy; ignored for loopback and when a dispatcher is given. */
  proxy?: string;
  /** Proxy and certificate settings (core/api/network.ts); ignored when a dispatcher is given. */
  network?: NetworkSettings;
  /** Longest time a request may go without moving data; default 30000. */
  timeoutMs?: number;
  /** Default [1000, 2000, 4000]; tests pass small values. */
  retryDelaysMs?: readonly number[];
  userAgent?: string;
  /** Remembers upload URLs so an interrupted upload resumes, even in a later session. */
  store?: UploadResumeStore;
}

export interface UploadFileRequest {
  filePath: string;
  /** Name the service stores (metadata `filename`); default the file's base name. */
  fileName?: string;
  chunkSize?: number;
  signal?: AbortSignal;
  /** Bytes the service has (or is receiving) of `total`: after each chunk, in between at most every 100 ms. */
  onProgress?: (sent: number, total: number) => void;
  maxRestarts?: number;
}

export interface UploadedFile {
  fileUid: string;
  size: number;
  fileName: string;
  /** File bytes put on the wire by this call, restarts and retries included. */
  bytesSent: number;
  /** Offset the service already had when this call resumed an earlier upload; 0 for a new one. */
  resumedFromOffset: number;
  /** How often the upload started again from zero because the file changed. */
  restarts: number;
}

export type UploadFileOptions = UploadConnection & UploadFileRequest;

/** Uploads one file; see TusUploader for many files over one connection. */
export async function uploadFile(options: UploadFileOptions): Promise<UploadedFile> {
  const uploader = new TusUploader(options);
  try {
    return await uploader.upload(options);
  } finally {
    await uploader.dispose();
  }
}

type AttemptOutcome = { kind: 'done'; uploadUrl: string } | { kind: 'file-changed' | 'gone'; uploadUrl?: string };

export class TusUploader {
  private readonly endpoint: string;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly connection: UploadConnection) {
    this.endpoint = tusEndpoint(connection.baseUrl);
    this.timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retryDelaysMs = connection.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.ownsDispatcher = connection.dispatcher === undefined;
    this.dispatcher =
      connection.dispatcher ??
      createNetworkDispatcher(this.endpoint, { ...connection.network, ...(connection.proxy ? { proxy: connection.proxy } : {}) }, {
        connectTimeoutMs: this.timeoutMs,
      });
  }

  async upload(request: UploadFileRequest): Promise<UploadedFile> {
    const maxRestarts = request.maxRestarts ?? DEFAULT_MAX_RESTARTS;
    const progress = throttledProgress(request.onProgress);
    let bytesSent = 0;
    let resumedFromOffset: number | undefined;
    for (let restarts = 0; ; restarts++) {
      if (request.signal?.aborted) throw cancelledUploadError(request.fileName ?? basename(request.filePath));
      const snapshot = await takeSnapshot(request.filePath).catch((cause: unknown) => {
        throw unreadableFileError(request.filePath, cause);
      });
      const fileName = request.fileName ?? basename(snapshot.path);
      const fingerprint = uploadFingerprint(snapshot, this.endpoint);
      const previous = await this.forgetOtherVersions(snapshot, fingerprint);
      const outcome = await this.attempt({
        snapshot,
        fileName,
        fingerprint,
        previousUrl: restarts === 0 ? previous?.uploadUrl : undefined,
        chunkSize: request.chunkSize ?? DEFAULT_CHUNK_SIZE,
        signal: request.signal,
        onProgress: progress,
        onBytes: (count) => (bytesSent += count),
        onResumedAt: (offset) => {
          // Only the first answer says what an earlier session left; later ones are our own retries.
          resumedFromOffset ??= offset;
        },
      });
      // A change during the last chunk is only visible now: the bytes on the service may mix versions.
      if (outcome.kind === 'done' && !(await hasChangedSince(snapshot))) {
        await this.connection.store?.remove(fingerprint);
        progress(snapshot.size, snapshot.size, true);
        return { fileUid: fileUidOf(outcome.uploadUrl), size: snapshot.size, fileName, bytesSent, resumedFromOffset: resumedFromOffset ?? 0, restarts };
      }
      await this.connection.store?.remove(fingerprint);
      if (outcome.uploadUrl) void this.terminate(outcome.uploadUrl);
      if (outcome.kind !== 'gone' && restarts >= maxRestarts) throw fileKeptChangingError(fileName, restarts + 1);
      if (outcome.kind === 'gone' && restarts >= maxRestarts + 1) {
        throw new RecordsApiError(`The service keeps losing the upload of "${fileName}". Try again later.`, { code: 'upload_lost' });
      }
    }
  }

  async dispose(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /** Entries for the same file under an older size or time describe bytes that no longer exist. */
  private async forgetOtherVersions(snapshot: FileSnapshot, fingerprint: string): Promise<PendingUpload | undefined> {
    const store = this.connection.store;
    if (!store) return undefined;
    let current: PendingUpload | undefined;
    for (const entry of await store.listPending()) {
      if (entry.fingerprint === fingerprint) current = entry;
      else if (entry.filePath === snapshot.path && entry.endpoint === this.endpoint) {
        await store.remove(entry.fingerprint);
        void this.terminate(entry.uploadUrl);
      }
    }
    return current;
  }

  private attempt(run: {
    snapshot: FileSnapshot;
    fileName: string;
    fingerprint: string;
    previousUrl?: string;
    chunkSize: number;
    signal?: AbortSignal;
    onProgress: (sent: number, total: number, force?: boolean) => void;
    onBytes: (count: number) => void;
    onResumedAt: (offset: number) => void;
  }): Promise<AttemptOutcome> {
    const { snapshot, fileName, signal } = run;
    return new Promise<AttemptOutcome>((resolve, reject) => {
      let retries = 0;
      let lastAuthorization: string | undefined;
      let retryTimer: NodeJS.Timeout | undefined;
      let storing: Promise<void> = Promise.resolve();
      let settled = false;
      const finish = (settle: () => void): void => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        if (retryTimer) clearTimeout(retryTimer);
        // The resume entry must be written before the caller may remove it.
        void storing.then(settle, settle);
      };
      const upload: Upload = new Upload(
        // tus-js-client hands this to the file reader only; ours reads the snapshot's path.
        snapshot as unknown as Buffer,
        {
          endpoint: this.endpoint,
          uploadUrl: run.previousUrl ?? null,
          uploadSize: snapshot.size,
          chunkSize: run.chunkSize,
          metadata: { filename: fileName, filetype: mimeTypeOf(fileName) || 'application/octet-stream' },
          // Retries are ours (below): they honour Retry-After and the shared policy.
          retryDelays: null,
          storeFingerprintForResuming: false,
          fingerprint: () => Promise.resolve(run.fingerprint),
          fileReader: new DiskFileReader(snapshot),
          httpStack: new UndiciHttpStack({
            dispatcher: this.dispatcher,
            idleTimeoutMs: this.timeoutMs,
            userAgent: this.connection.userAgent,
            onBodyBytes: run.onBytes,
          }),
          onBeforeRequest: async (req) => {
            // The upload URL comes from the service's Location: the token goes only to the endpoint's own origin.
            if (!this.isEndpointOrigin(req.getURL())) return;
            const authorization = await this.authorization();
            if (authorization) req.setHeader('Authorization', authorization);
            lastAuthorization = authorization;
          },
          onAfterResponse: (req, res) => {
            const ok = res.getStatus() >= 200 && res.getStatus() < 300;
            if (ok && req.getMethod() === 'POST') run.onResumedAt(0);
            if (ok && req.getMethod() === 'HEAD') {
              const offset = Number(res.getHeader('Upload-Offset'));
              if (Number.isFinite(offset)) run.onResumedAt(offset);
            }
          },
          onUploadUrlAvailable: () => {
            const store = this.connection.store;
            const uploadUrl = upload.url;
            if (!store || !uploadUrl) return;
            const entry: PendingUpload = {
              fingerprint: run.fingerprint,
              uploadUrl,
              endpoint: this.endpoint,
              filePath: snapshot.path,
              fileName,
              size: snapshot.size,
              mtimeMs: snapshot.mtimeMs,
              createdAt: new Date().toISOString(),
            };
            // Losing the entry only costs the ability to resume later; the upload goes on.
            storing = storing.then(() => store.set(entry)).catch(() => undefined);
          },
          onProgress: (sent, total) => run.onProgress(sent, total),
          onChunkComplete: (_chunk, accepted, total) => {
            // Progress was made, so the next failure gets the whole series of delays again.
            retries = 0;
            run.onProgress(accepted, total, true);
          },
          onSuccess: () => finish(() => resolve({ kind: 'done', uploadUrl: upload.url ?? '' })),
          onError: (error) => {
            const failure = classifyUploadFailure(error, fileName);
            if (failure.kind === 'file-changed' || failure.kind === 'gone') {
              void upload.abort(false);
              finish(() => resolve({ kind: failure.kind, uploadUrl: upload.url ?? undefined }));
              return;
            }
            const delay = failure.kind === 'retry' ? retryDelayMs(failure.error, retries, this.retryDelaysMs) : undefined;
            if (delay === undefined) {
              // A service that echoes the token in its error text must not put it on screen.
              const shown = withoutCredential(failure.error, lastAuthorization);
              finish(() => reject(shown));
              return;
            }
            retries += 1;
            // start() again resumes: it asks the service for its offset (HEAD) before the next PATCH.
            retryTimer = setTimeout(() => upload.start(), delay);
          },
        },
      );
      const onAbort = (): void => {
        void upload.abort(false);
        finish(() => reject(cancelledUploadError(fileName)));
      };
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      upload.start();
    });
  }

  private authorization(): Promise<string | undefined> {
    return signInAuthorization(() => this.connection.authorization());
  }

  /**
   * Same scheme, host and port as the endpoint. Another origin, or the same host over plain
   * http when the endpoint is https, is a different origin: it never gets the token.
   */
  private isEndpointOrigin(url: string): boolean {
    try {
      return new URL(url).origin === new URL(this.endpoint).origin;
    } catch {
      return false;
    }
  }

  /** Best effort: tells the service to drop bytes nobody will attach (tus termination). */
  private async terminate(uploadUrl: string): Promise<void> {
    try {
      const target = new URL(uploadUrl);
      const authorization = this.isEndpointOrigin(uploadUrl) ? await this.authorization() : undefined;
      const headers: Record<string, string> = { 'tus-resumable': '1.0.0' };
      if (authorization) headers.authorization = authorization;
      const response = await this.dispatcher.request({
        origin: target.origin,
        path: target.pathname,
        method: 'DELETE',
        headers,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      await response.body.dump();
    } catch {
      // The service discards unattached uploads after a while anyway.
    }
  }
}

export function tusEndpoint(baseUrl: string): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new RecordsApiError(`The service address "${baseUrl}" is not a valid URL. Enter an address such as https://records.example.com.`, {
      code: 'invalid_url',
    });
  }
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}/api/upload-tus`;
}

/** Contract 4.8: the last path segment of the upload URL is the file_uid. */
export function fileUidOf(uploadUrl: string): string {
  return new URL(uploadUrl).pathname.split('/').filter(Boolean).pop() ?? '';
}

function throttledProgress(
  report: ((sent: number, total: number) => void) | undefined,
): (sent: number, total: number, force?: boolean) => void {
  let last = 0;
  return (sent, total, force = false) => {
    if (!report) return;
    const now = Date.now();
    if (!force && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    report(sent, total);
  };
}
