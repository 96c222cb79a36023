// The seam between the sandbox's transport (src/sandbox/http: routing, auth, tus, CLI) and
// its domain (src/sandbox/service + store: records, permissions, search, journal). The
// transport authenticates a request, then calls one method here with the signed-in user.
import type {
  AggregationParams,
  AggregationResult,
  AppRef,
  AppSchema,
  BatchResult,
  CurrentUser,
  HistoryEntry,
  HistoryParams,
  ListPage,
  ListParams,
  RecordData,
  SearchParams,
  SearchResult,
  Workspace,
} from '../../core/contract/types';

// The user is the domain model's (../model/users.ts); the contract names it for the HTTP side.
import type { SandboxUser } from '../model/users';

export type { SandboxRole, SandboxUser } from '../model/users';

export type SandboxErrorCode =
  | 'invalid_json'
  | 'invalid_filter'
  | 'invalid_request'
  | 'invalid_transition'
  | 'invalid_value'
  | 'unknown_field'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'payload_too_large'
  | 'rate_limited'
  | 'insufficient_storage'
  | 'unavailable'
  | 'internal';

/** Thrown by the domain; the transport turns it into the JSON error body of decisions.md. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: SandboxErrorCode,
    message: string,
    readonly operations?: { index: number; message: string }[],
    /** Every problem of an invalid filter (the parser reports at most 101), the first being `message`. */
    readonly problems?: string[],
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

/** What the domain needs to know about a tus upload when a record save attaches it. */
export interface UploadInfo {
  fileUid: string;
  /** Original file name from Upload-Metadata `filename`. */
  filename: string;
  /** Declared Upload-Length. */
  size: number;
  /** Bytes received so far; equal to size when complete. */
  offset: number;
  /** Where the bytes are on disk. */
  path: string;
}

/** Implemented by the transport's tus layer; used by the domain on batch writes. */
export interface UploadCatalog {
  describe(fileUid: string): Promise<UploadInfo | undefined>;
  /** Makes the upload's bytes durable (fsync of the file and its folder); called before the save that attaches it is committed. */
  persist(fileUid: string): Promise<void>;
  /**
   * Called once the save that attached it is durable: moves the bytes to `destinationPath`
   * (fsyncing both folders) and forgets the upload. Also called on start for an attached
   * upload a crash left behind.
   */
  commit(fileUid: string, destinationPath: string): Promise<void>;
}

export interface DownloadInfo {
  path: string;
  filename: string;
  mimeType: string;
  size: number;
}

export interface SandboxService {
  readonly users: readonly SandboxUser[];
  userByToken(token: string): SandboxUser | undefined;
  userById(id: string): SandboxUser | undefined;
  currentUser(user: SandboxUser): CurrentUser;
  workspace(user: SandboxUser, alias: string): Workspace;
  schema(user: SandboxUser, ref: AppRef): AppSchema;
  /** `scope` undefined → the global list. */
  list(user: SandboxUser, scope: AppRef | undefined, params: ListParams): ListPage;
  aggregate(user: SandboxUser, scope: AppRef | undefined, params: AggregationParams): AggregationResult;
  search(user: SandboxUser, params: SearchParams): SearchResult;
  history(user: SandboxUser, params: HistoryParams): HistoryEntry[];
  /** Resolves only once the applied batch is durable (journal fsynced). */
  batch(user: SandboxUser, operations: unknown): Promise<BatchResult[]>;
  download(user: SandboxUser, fileUid: string): DownloadInfo;
  /**
   * Starts indexing the records found at start for search, in the background; called once the
   * sandbox serves (a search before the index is done finishes it first).
   */
  startBackgroundWork(): void;
  /** Flushes and releases the data folder. */
  close(): Promise<void>;
}

export type { RecordData };
