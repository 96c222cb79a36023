// Batch writes: split into requests the service accepts (≤ 200 operations, ≤ 50 with rich
// text), send them in order, and report every operation that did not apply, per record.
import { RecordsApiError, cancelledError } from './errors';
import { type CallOptions } from './http';
import { toBatchResults } from './normalize';
import { type RichTextFieldTest, carriesRichText } from './richText';
import { type BatchOperation, type BatchResult } from '../contract/types';

export const MAX_OPERATIONS_PER_REQUEST = 200;
export const MAX_RICH_TEXT_OPERATIONS_PER_REQUEST = 50;

/**
 * - `rejected`: the service refused it; nothing of it was applied.
 * - `unknown`: the request failed in a way that leaves open whether it was applied (5xx,
 *   timeout, dropped connection): re-read the records to see.
 * - `not_sent`: an earlier request failed in a way that stopped the batch.
 */
export type BatchFailureState = 'rejected' | 'unknown' | 'not_sent';

export interface BatchFailure {
  /** Index in the operations passed to `batch`. */
  index: number;
  message: string;
  state: BatchFailureState;
  /** HTTP status of the answer that rejected it (e.g. 403), when a whole request was refused. */
  status?: number;
  /**
   * Why a rejected operation was not applied: `own` — the service named it; `collateral` —
   * another operation of the same request was named, so this one is fine to send again alone;
   * `request` — the request was refused without naming any operation.
   */
  cause?: 'own' | 'collateral' | 'request';
}

export interface BatchOutcome {
  /** One per operation, in order; failed ones have `successful: false` and a `message`. */
  results: BatchResult[];
  failed: BatchFailure[];
  /** The error that stopped the batch early (sign-in, rate limit, server, network, cancel). */
  stoppedBy?: RecordsApiError;
}

export interface BatchOptions extends CallOptions {
  onProgress?: (done: number, total: number) => void;
  /** Fields holding rich text besides `description` (e.g. from the schema's `richtext` marker). */
  isRichTextField?: RichTextFieldTest;
}

export interface BatchChunk {
  /** Index of the chunk's first operation in the whole batch. */
  offset: number;
  operations: BatchOperation[];
}

export function splitBatch(operations: readonly BatchOperation[], isRichTextField?: RichTextFieldTest): BatchChunk[] {
  const chunks: BatchChunk[] = [];
  let current: BatchChunk = { offset: 0, operations: [] };
  let currentHasRichText = false;
  operations.forEach((operation, index) => {
    const richText = carriesRichText(operation, isRichTextField);
    const limit = currentHasRichText || richText ? MAX_RICH_TEXT_OPERATIONS_PER_REQUEST : MAX_OPERATIONS_PER_REQUEST;
    if (current.operations.length >= limit) {
      chunks.push(current);
      current = { offset: index, operations: [] };
      currentHasRichText = false;
    }
    current.operations.push(operation);
    currentHasRichText ||= richText;
  });
  if (current.operations.length > 0) chunks.push(current);
  return chunks;
}

export type ChunkSender = (operations: BatchOperation[]) => Promise<unknown>;

export async function runBatch(
  send: ChunkSender,
  operations: readonly BatchOperation[],
  options: BatchOptions = {},
): Promise<BatchOutcome> {
  const results: BatchResult[] = new Array<BatchResult>(operations.length);
  const failed: BatchFailure[] = [];
  const fail = (index: number, message: string, state: BatchFailureState, status?: number, cause?: BatchFailure['cause']): void => {
    results[index] = { successful: false, message };
    failed.push({ index, message, state, ...(status === undefined ? {} : { status }), ...(cause === undefined ? {} : { cause }) });
  };
  const chunks = splitBatch(operations, options.isRichTextField);
  const notSent = (from: number, reason: RecordsApiError): void => {
    for (let index = from; index < operations.length; index++) {
      fail(index, `Not sent, because the batch stopped: ${reason.message}`, 'not_sent');
    }
  };
  let done = 0;
  for (const chunk of chunks) {
    if (options.signal?.aborted) {
      const cancelled = cancelledError();
      notSent(chunk.offset, cancelled);
      return { results, failed, stoppedBy: cancelled };
    }
    try {
      const chunkResults = toBatchResults(await send(chunk.operations), chunk.operations.length);
      chunkResults.forEach((result, i) => {
        if (result.successful) {
          results[chunk.offset + i] = result;
        } else {
          fail(chunk.offset + i, describeUnsuccessful(result), 'rejected', undefined, 'own');
        }
      });
    } catch (error) {
      if (!(error instanceof RecordsApiError)) throw error;
      if (!isRejectionOfOperations(error)) {
        const state: BatchFailureState = appliedNothing(error) ? 'rejected' : 'unknown';
        const message =
          state === 'rejected' ? error.message : `${error.message} This change may or may not have been applied; refresh to check.`;
        chunk.operations.forEach((_, i) => fail(chunk.offset + i, message, state, error.status));
        notSent(chunk.offset + chunk.operations.length, error);
        return { results, failed, stoppedBy: error };
      }
      reportRejectedChunk(chunk, error, fail);
    }
    done += chunk.operations.length;
    options.onProgress?.(done, operations.length);
  }
  return { results, failed };
}

/** 4xx answers about the operations themselves; later requests may still succeed. */
function isRejectionOfOperations(error: RecordsApiError): boolean {
  const status = error.status;
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 429 && status !== 408;
}

/** Failures that happen before the service executes anything (sign-in, rate limit). */
function appliedNothing(error: RecordsApiError): boolean {
  return error.status === 401 || error.status === 429;
}

function reportRejectedChunk(
  chunk: BatchChunk,
  error: RecordsApiError,
  fail: (index: number, message: string, state: BatchFailureState, status?: number, cause?: BatchFailure['cause']) => void,
): void {
  const named = new Map<number, string>();
  for (const operation of error.operations ?? []) {
    if (operation.index >= 0 && operation.index < chunk.operations.length) named.set(operation.index, operation.message);
  }
  chunk.operations.forEach((_, i) => {
    const own = named.get(i);
    const message =
      own ??
      (named.size > 0
        ? 'Not applied, because another change sent in the same request was rejected. Fix that change and save again.'
        : error.message);
    fail(chunk.offset + i, message, 'rejected', error.status, own !== undefined ? 'own' : named.size > 0 ? 'collateral' : 'request');
  });
}

function describeUnsuccessful(result: BatchResult): string {
  if (typeof result.message === 'string' && result.message.trim()) return result.message.trim();
  const firstWarning = result.warnings?.find((warning) => typeof warning === 'string' && warning.trim());
  if (typeof firstWarning === 'string') return firstWarning.trim();
  return 'The service did not apply this change. Refresh the record and try again.';
}
