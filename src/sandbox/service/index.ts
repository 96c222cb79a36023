import * as path from 'node:path';
import type { ServiceDirectory } from '../model/directory';
import { BackgroundIndexer } from '../search/background-indexer';
import { InvertedIndex } from '../search/inverted-index';
import { loadStemmer } from '../search/stemming';
import { DurableStore } from '../store/durable-store';
import type { JournalFileOps } from '../store/journal';
import type { SeedSource } from '../store/model';
import { RecordStore } from '../store/record-store';
import { AttachmentIndex } from './attachments-index';
import type { SandboxService, UploadCatalog } from './contract';
import { DomainSandboxService } from './sandbox-service';
import { searchSegmentsOf } from './search-segments';

export { DataFolderLockedError } from '../store/data-folder-lock';

export interface SandboxServiceOptions {
  dataDir: string;
  /** The workspaces, apps and users served (the demo's: ../demo/directory.ts). */
  directory: ServiceDirectory;
  /** Makes the seed records of a new data folder (the demo's: ../demo/generate.ts); later starts load what it made. */
  seed: SeedSource;
  /** Demo records on first start (or reset); default 2,000. */
  records?: number;
  /** Discard the data folder's content and seed fresh demo data. */
  reset?: boolean;
  uploads: UploadCatalog;
  clock?: () => Date;
  /** Journal size that triggers a snapshot; default 32 MiB. */
  compactJournalBytes?: number;
  /** Where recoverable problems (a torn journal tail) are reported; default console.warn. */
  log?: (message: string) => void;
  /** The journal's file operations; only fault-injection tests set them. */
  journalFileOps?: JournalFileOps;
}

export const DEFAULT_DEMO_RECORDS = 2000;

export async function createSandboxService(options: SandboxServiceOptions): Promise<SandboxService> {
  const log = options.log ?? ((m: string) => console.warn(m));
  const stem = await loadStemmer();
  const dataDir = path.resolve(options.dataDir);
  const segmentsOf = searchSegmentsOf(path.join(dataDir, 'files'), options.directory);
  const memory = new RecordStore();
  const index = new InvertedIndex(stem, segmentsOf);
  const attachments = new AttachmentIndex();
  memory.addListener(attachments);
  const durable = await DurableStore.open({
    dataDir,
    seedRecords: options.records ?? DEFAULT_DEMO_RECORDS,
    seed: options.seed,
    reset: options.reset ?? false,
    compactAfterBytes: options.compactJournalBytes ?? 32 * 1024 * 1024,
    log,
    memory,
    journalFileOps: options.journalFileOps,
  });
  // Startup data is indexed in the background once the sandbox serves (startBackgroundWork);
  // writes from now on are indexed as they happen.
  memory.addListener(index);
  const indexer = new BackgroundIndexer(index, [...memory.all()].map((r) => r.id), (id) => memory.get(id));
  const service = new DomainSandboxService({ durable, index, indexer, attachments, stem, segmentsOf, uploads: options.uploads, clock: options.clock ?? (() => new Date()), log, directory: options.directory });
  await service.moveLeftBehindUploads();
  return service;
}
