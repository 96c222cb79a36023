import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type {
  AggregationParams, AggregationResult, AppRef, AppSchema, BatchResult, CurrentUser, HistoryEntry, HistoryParams,
  ListPage, ListParams, SearchParams, SearchResult, Workspace,
} from '../../core/contract/types';
import type { ServiceDirectory } from '../model/directory';
import { publicUser } from '../model/users';
import type { BackgroundIndexer } from '../search/background-indexer';
import type { InvertedIndex } from '../search/inverted-index';
import type { SearchSegment } from '../search/searchable-text';
import type { StemFunction } from '../search/stemming';
import type { DurableStore } from '../store/durable-store';
import { JournalWriteError } from '../store/journal';
import type { StoredRecord } from '../store/model';
import { UserPermissions } from './access';
import { aggregateRecords } from './aggregate-query';
import type { AttachmentIndex } from './attachments-index';
import { planBatch } from './batch-planner';
import { type DownloadInfo, SandboxError, type SandboxService, type SandboxUser, type UploadCatalog } from './contract';
import { notFound } from './errors';
import { readHistory } from './history-query';
import { listRecords } from './list-query';
import { describeCurrentUser, describeSchema, describeWorkspace } from './metadata';
import { searchRecords } from './search-query';

/** First pause before a failed move of attachment bytes is tried again. */
const MOVE_RETRY_MS = 1_000;

export interface SandboxServiceParts {
  durable: DurableStore;
  index: InvertedIndex;
  indexer: BackgroundIndexer;
  attachments: AttachmentIndex;
  stem: StemFunction;
  segmentsOf: (record: StoredRecord) => SearchSegment[];
  uploads: UploadCatalog;
  clock: () => Date;
  log: (message: string) => void;
  /** The workspaces, apps and users served. */
  directory: ServiceDirectory;
}

/** The sandbox's domain behind the transport: every SandboxService method with the user's permissions. */
export class DomainSandboxService implements SandboxService {
  readonly users: readonly SandboxUser[];
  // Batches run one at a time: each validates against the state all earlier ones left.
  private writeQueue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private moveRetry: NodeJS.Timeout | undefined;
  private moveRetryDelayMs = MOVE_RETRY_MS;

  constructor(private readonly parts: SandboxServiceParts) {
    this.users = parts.directory.users.map(publicUser);
  }

  private permissionsOf(user: SandboxUser): UserPermissions {
    return new UserPermissions(user, this.parts.directory);
  }

  private get store() {
    return this.parts.durable.memory;
  }

  userByToken(token: string): SandboxUser | undefined {
    return this.users.find((u) => u.token === token);
  }

  userById(id: string): SandboxUser | undefined {
    return this.users.find((u) => u.id === id);
  }

  currentUser(user: SandboxUser): CurrentUser {
    return describeCurrentUser(user);
  }

  workspace(user: SandboxUser, alias: string): Workspace {
    return describeWorkspace(this.permissionsOf(user), alias);
  }

  schema(user: SandboxUser, ref: AppRef): AppSchema {
    return describeSchema(this.permissionsOf(user), ref);
  }

  list(user: SandboxUser, scope: AppRef | undefined, params: ListParams): ListPage {
    return listRecords(this.store, this.permissionsOf(user), scope, params ?? {});
  }

  aggregate(user: SandboxUser, scope: AppRef | undefined, params: AggregationParams): AggregationResult {
    return aggregateRecords(this.store, this.permissionsOf(user), scope, params ?? { dimensions4Pivot: '' });
  }

  search(user: SandboxUser, params: SearchParams): SearchResult {
    const { index, indexer, stem, segmentsOf } = this.parts;
    indexer.complete();
    return searchRecords({ store: this.store, index, stem, segmentsOf }, this.permissionsOf(user), params);
  }

  history(user: SandboxUser, params: HistoryParams): HistoryEntry[] {
    return readHistory(this.store, this.permissionsOf(user), params ?? {});
  }

  batch(user: SandboxUser, operations: unknown): Promise<BatchResult[]> {
    const run = this.writeQueue.then(() => this.runBatch(user, operations));
    this.writeQueue = run.catch(() => undefined);
    return run;
  }

  private async runBatch(user: SandboxUser, operations: unknown): Promise<BatchResult[]> {
    if (this.closed) throw new SandboxError(500, 'internal', 'The sandbox is shutting down; retry once it has restarted.');
    const { durable, uploads, clock, index } = this.parts;
    const plan = await planBatch({ store: this.store, permissions: this.permissionsOf(user), uploads, now: clock().toISOString() }, operations);
    // The bytes are on disk before the save that points at them is.
    for (const uid of plan.uploadsToCommit) {
      try {
        await uploads.persist(uid);
      } catch (error) {
        if (error instanceof SandboxError) throw error;
        this.parts.log(`Could not fsync upload ${uid}: ${(error as Error).message}`);
        throw new SandboxError(503, 'unavailable', 'The sandbox could not make an uploaded file durable, so this save was not stored and nothing changed. Check the disk (the sandbox log names the error), then save again.');
      }
    }
    try {
      await durable.commit(plan.mutations);
    } catch (error) {
      throw this.storageFailure(error);
    }
    for (const uid of plan.uploadsToCommit) {
      try {
        await uploads.commit(uid, path.join(durable.filesDir, uid));
      } catch (err) {
        // The save is durable already: retried while running, and on the next start (`moveLeftBehindUploads`).
        this.parts.log(`Could not move upload ${uid} into the files area (retried while running and on the next start): ${(err as Error).message}`);
        this.retryMovesSoon();
      }
    }
    if (plan.uploadsToCommit.length) {
      for (const m of plan.mutations) {
        const record = m.kind === 'put' ? this.store.get(m.record.id) : undefined;
        if (record) index.refresh(record);
      }
    }
    return plan.results;
  }

  /** A save that did not reach the disk: an error answer without local paths (the log has them), never a 200. */
  private storageFailure(error: unknown): unknown {
    if (!(error instanceof JournalWriteError)) return error;
    this.parts.log(`A save was refused and rolled back: ${error.message}`);
    return error.diskFull
      ? new SandboxError(507, 'insufficient_storage', "The sandbox's disk is full, so this save was not stored and nothing changed. Free some disk space, then save again.")
      : new SandboxError(503, 'unavailable', 'The sandbox could not write to its data folder, so this save was not stored and nothing changed. Check the disk (the sandbox log names the error), then save again.');
  }

  /** Tries the left-behind moves again later, backing off (1 s, 2 s, … 60 s) while they keep failing. */
  private retryMovesSoon(): void {
    if (this.moveRetry || this.closed) return;
    const delay = this.moveRetryDelayMs;
    this.moveRetryDelayMs = Math.min(delay * 2, 60_000);
    this.moveRetry = setTimeout(() => {
      this.moveRetry = undefined;
      const run = this.writeQueue.then(() => this.moveLeftBehindUploads());
      this.writeQueue = run.catch(() => undefined);
    }, delay);
    this.moveRetry.unref();
  }

  /**
   * An attached upload whose bytes never reached the files area (a crash or a failed move after
   * the save was committed) is moved there now. Runs on start, before the upload sweeper.
   */
  async moveLeftBehindUploads(): Promise<void> {
    const { attachments, uploads, durable } = this.parts;
    for (const uid of [...attachments.fileUids()]) {
      const destination = path.join(durable.filesDir, path.basename(uid));
      if (existsSync(destination)) continue;
      const upload = await uploads.describe(uid);
      if (!upload || upload.offset !== upload.size) continue;
      try {
        await uploads.commit(uid, destination);
        this.parts.log(`Moved the bytes of attachment ${uid} into the files area (an earlier save was interrupted before it moved them).`);
        this.moveRetryDelayMs = MOVE_RETRY_MS;
      } catch (err) {
        this.parts.log(`Could not move upload ${uid} into the files area: ${(err as Error).message}`);
        this.retryMovesSoon();
      }
    }
  }

  download(user: SandboxUser, fileUid: string): DownloadInfo {
    const owner = this.parts.attachments.find(fileUid);
    const record = owner && this.store.get(owner.recordId);
    if (!owner || !record || !this.permissionsOf(user).canSeeRecord(record)) {
      throw notFound(`There is no file ${fileUid}, or you cannot read the record it is attached to.`);
    }
    const a = owner.attachment;
    return {
      path: path.join(this.parts.durable.filesDir, path.basename(fileUid)),
      filename: a.title ?? fileUid,
      mimeType: a.link_data?.mime_type ?? 'application/octet-stream',
      size: a.link_data?.size ?? 0,
    };
  }

  startBackgroundWork(): void {
    if (!this.closed) this.parts.indexer.start();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.moveRetry) clearTimeout(this.moveRetry);
    this.parts.indexer.stop();
    await this.writeQueue;
    await this.parts.durable.close();
  }
}
