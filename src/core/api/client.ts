// The typed client: one method per endpoint of the contract, plus paging, batching and
// workspace discovery built on them (`in`-list reads, which need RLX, are in core/query).
import { type BatchOptions, type BatchOutcome, runBatch } from './batch';
import { DISCOVERY_DIMENSIONS, type DiscoveredWorkspace, discoverWorkspaces } from './discovery';
import { invalidResponseError, isObject } from './errors';
import { settleUnknownWrites } from './unknownWrites';
import { idsFilter } from '../contract/filterLiterals';
import { type CallOptions, type ConnectionTransport, type DescribedRequest, HttpTransport, type HttpRequest, type TransportOptions } from './http';
import {
  toAggregationResult,
  toHistoryEntries,
  toListPage,
  toSearchResult,
} from './normalize';
import { type PagingParams, iteratePages } from './paging';
import {
  BATCH_PATH,
  CURRENT_USER_PATH,
  HISTORY_PATH,
  SEARCH_PATH,
  downloadPath,
  listPath,
  schemaPath,
  workspacePath,
} from './paths';
import {
  type AggregationParams,
  type AggregationResult,
  type AppRef,
  type AppSchema,
  type BatchOperation,
  type CurrentUser,
  type HistoryEntry,
  type HistoryParams,
  type ListPage,
  type ListParams,
  type RecordData,
  type SearchParams,
  type SearchResult,
  type Workspace,
} from '../contract/types';

export type RecordsClientOptions = TransportOptions;

export interface DownloadResult {
  body: AsyncIterable<Uint8Array>;
  contentType?: string;
  /** The raw header; core/upload's downloadToFile reads the file name from it. */
  contentDisposition?: string;
  size?: number;
}

const TECHNICAL_DATA = { withTechnicalData: 'true' };

/** A read a user may want to repeat outside the editor ("Copy as curl"): see `describeRequest`. */
export type DescribableCall =
  | { kind: 'list'; scope: AppRef | undefined; params: ListParams }
  | { kind: 'aggregate'; scope: AppRef | undefined; params: AggregationParams }
  | { kind: 'search'; params: SearchParams };

/** The one place each of these calls becomes a request, for sending and for describing alike. */
function httpRequestOf(call: DescribableCall): Omit<HttpRequest, 'retry'> {
  switch (call.kind) {
    case 'list':
      return { method: 'POST', path: listPath(call.scope), query: TECHNICAL_DATA, body: call.params };
    case 'aggregate':
      return { method: 'POST', path: listPath(call.scope), query: TECHNICAL_DATA, body: { ...call.params, aggs4Pivot: true } };
    case 'search':
      return { method: 'POST', path: SEARCH_PATH, body: call.params };
  }
}

export class RecordsClient {
  private readonly http: HttpTransport;

  constructor(options: RecordsClientOptions) {
    this.http = new HttpTransport(options);
  }

  /** This client's own undici dispatcher (exposed so tests can check it is not shared). */
  get dispatcher(): HttpTransport['dispatcher'] {
    return this.http.dispatcher;
  }

  /** The connection's transport (address, agent, credential, user agent) for uploads, which use it as is. */
  get transport(): ConnectionTransport {
    return this.http.connection;
  }

  async currentUser(o?: CallOptions): Promise<CurrentUser> {
    const raw = await this.read({ method: 'GET', path: CURRENT_USER_PATH }, o);
    if (!isObject(raw)) throw invalidResponseError('expected the current user');
    return raw as CurrentUser;
  }

  /** `{}` when the user cannot read the workspace (decisions.md "Access"). */
  async getWorkspace(alias: string, o?: CallOptions): Promise<Workspace> {
    const raw = await this.read({ method: 'GET', path: workspacePath(alias) }, o);
    if (!isObject(raw)) throw invalidResponseError('expected a workspace');
    return raw as Workspace;
  }

  /** `{}` when the user cannot read the app. */
  async getSchema(ref: AppRef, o?: CallOptions): Promise<AppSchema> {
    const raw = await this.read({ method: 'GET', path: schemaPath(ref) }, o);
    if (!isObject(raw)) throw invalidResponseError('expected an app schema');
    return raw as AppSchema;
  }

  /** One page; `scope` undefined lists across every workspace the user can read. */
  async listRecords(scope: AppRef | undefined, params: ListParams, o?: CallOptions): Promise<ListPage> {
    const raw = await this.read(httpRequestOf({ kind: 'list', scope, params }), o);
    return toListPage(raw, params.skipRecords ?? 0, params.limitRecords);
  }

  /** Every page of a list, ≤ 500 records each; `limitRecords` caps the total. */
  listPages(scope: AppRef | undefined, params: PagingParams, o?: CallOptions): AsyncIterable<ListPage> {
    return iteratePages((page) => this.listRecords(scope, page, o), params);
  }

  /** Counts with one tiny request; falls back to counting ids when the service sends no counts. */
  async countRecords(scope: AppRef | undefined, rlx?: string, o?: CallOptions): Promise<{ filtered: number; total: number }> {
    const probe = await this.listRecords(scope, { rlx, limitRecords: 1, listOfFields: 'id' }, o);
    if (!probe.countsEstimated) return { filtered: probe.filteredRecordsCount, total: probe.unfilteredRecordsCount };
    let filtered = 0;
    for await (const page of this.listPages(scope, { rlx, listOfFields: 'id' }, o)) filtered += page.data.length;
    let total = filtered;
    if (rlx) {
      total = 0;
      for await (const page of this.listPages(scope, { listOfFields: 'id' }, o)) total += page.data.length;
    }
    return { filtered, total };
  }

  async aggregate(scope: AppRef | undefined, params: AggregationParams, o?: CallOptions): Promise<AggregationResult> {
    return toAggregationResult(await this.read(httpRequestOf({ kind: 'aggregate', scope, params }), o));
  }

  async search(params: SearchParams, o?: CallOptions): Promise<SearchResult> {
    return toSearchResult(await this.read(httpRequestOf({ kind: 'search', params }), o));
  }

  async history(params: HistoryParams, o?: CallOptions): Promise<HistoryEntry[]> {
    return toHistoryEntries(await this.read({ method: 'POST', path: HISTORY_PATH, body: params }, o));
  }

  /**
   * Writes in requests of ≤ 200 operations (≤ 50 with rich text). Never throws for a failed
   * request: the outcome says, per operation, what was rejected, what is uncertain and what
   * was not sent. Only 429 is retried (the service rejects those before executing). When an
   * answer is lost, edits and deletes are checked by reading the records back (unknownWrites.ts).
   */
  async batch(operations: BatchOperation[], o: BatchOptions = {}): Promise<BatchOutcome> {
    const send = async (chunk: BatchOperation[]): Promise<unknown> => {
      return this.http.json({ method: 'POST', path: BATCH_PATH, body: chunk, retry: 'write', signal: o.signal, timeoutMs: o.timeoutMs });
    };
    const outcome = await runBatch(send, operations, o);
    // Answers lost mid-write: read the records back rather than guess or send again.
    return settleUnknownWrites(operations, outcome, (ids) => this.readByIds(ids, o.signal));
  }

  /**
   * The records with these ids, every page of them, in one filter: a batch stops at the first
   * chunk whose answer is lost, so these are one chunk's ids at most (≤ 200, under the contract's
   * "a few hundred values" for an `in` list).
   */
  private async readByIds(ids: string[], signal: AbortSignal | undefined): Promise<RecordData[]> {
    const records: RecordData[] = [];
    for await (const page of this.listPages(undefined, { rlx: idsFilter(ids) }, { signal })) records.push(...page.data);
    return records;
  }

  async download(fileUid: string, o?: CallOptions): Promise<DownloadResult> {
    const response = await this.http.stream({ method: 'GET', path: downloadPath(fileUid), retry: 'read', ...o });
    const header = (name: string): string | undefined => {
      const value = response.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const length = Number(header('content-length'));
    return {
      body: response.body,
      contentType: header('content-type'),
      contentDisposition: header('content-disposition'),
      size: Number.isFinite(length) && header('content-length') !== undefined ? length : undefined,
    };
  }

  async discoverWorkspaces(o: CallOptions & { pinned?: string[] } = {}): Promise<DiscoveredWorkspace[]> {
    const { pinned, ...call } = o;
    return discoverWorkspaces(
      {
        aggregateAll: () => this.aggregate(undefined, { dimensions4Pivot: DISCOVERY_DIMENSIONS }, call),
        getWorkspace: (alias) => this.getWorkspace(alias, call),
      },
      pinned,
    );
  }

  /**
   * The request a call sends, as it goes on the wire, without sending it. Without
   * `withCredential` the Authorization header is left out (its scheme is named instead).
   */
  describeRequest(call: DescribableCall, withCredential = false): Promise<DescribedRequest> {
    return this.http.describe(httpRequestOf(call), withCredential);
  }

  async dispose(): Promise<void> {
    await this.http.close();
  }

  private read(request: Omit<HttpRequest, 'retry'>, o?: CallOptions): Promise<unknown> {
    return this.http.json({ ...request, retry: 'read', signal: o?.signal, timeoutMs: o?.timeoutMs });
  }
}

