// Public surface of the Records Service client. Import from here, not from the files.
export { RecordsClient, fileNameFromDisposition } from './client';
export type { RecordsClientOptions, DownloadResult, InListParams } from './client';
export type { CallOptions } from './http';
export type { RequestFinished, RequestObserver } from './requestObserver';
export { DEFAULT_TIMEOUT_MS } from './http';
export { RecordsApiError, messageForStatus } from './errors';
export type { OperationFailure } from './errors';
export { MAX_OPERATIONS_PER_REQUEST, MAX_RICH_TEXT_OPERATIONS_PER_REQUEST, splitBatch } from './batch';
export type { BatchOutcome, BatchFailure, BatchFailureState, BatchOptions, BatchChunk } from './batch';
export { carriesRichText, HTML_MARKER } from './richText';
export { MAX_PAGE_SIZE } from './paging';
export type { PagingParams } from './paging';
export { MAX_IN_LIST_VALUES, inListFilters } from './inList';
export type { DiscoveredWorkspace, DiscoveredApp } from './discovery';
export { DEFAULT_RETRY_DELAYS_MS, MAX_RETRY_AFTER_SECONDS, isRetryable, retryDelayMs, parseRetryAfter } from './retryPolicy';
export type { RetryPolicy } from './retryPolicy';
export * from './types';
