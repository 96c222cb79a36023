/**
 * A record as the store keeps it: db field names → db values. Lookups hold db values, persons
 * and links hold GUIDs, rich text holds HTML, file fields hold committed attachment arrays.
 */
export interface StoredRecord {
  id: string;
  number: number;
  project_alias: string;
  publishing_alias: string;
  creation_date: string;
  update_date: string;
  created_by_account_id: string;
  update_account_id: string;
  amount_of_comments: number;
  [field: string]: unknown;
}

/** One applied operation in a record's history (contract 2.5). */
export interface StoredHistoryEntry {
  /** Record id. */
  id: string;
  version_timestamp: string;
  version_account_id: string;
  transition: string;
  project_alias: string;
  publishing_alias: string;
  comment?: string;
  minor_change?: boolean;
  /** Changed fields → new db values. */
  changes: Record<string, unknown>;
}

/** What one journal line replays: records written or removed, and history appended. */
export type Mutation =
  | { kind: 'put'; record: StoredRecord }
  | { kind: 'delete'; id: string }
  | { kind: 'history'; entry: StoredHistoryEntry };

export interface JournalBatch {
  seq: number;
  mutations: Mutation[];
}

/**
 * The records a data folder starts from, made from its size (the demo's: demo/generate.ts),
 * plus the bytes of their attachments (file_uid → text). The store is given a seed source by
 * whoever starts it (demoService.ts); it never imports the demo data set.
 */
export interface SeedData extends StoreState {
  files: Map<string, string>;
}

/**
 * Makes the seed of a data folder: deterministic, the same `records` give the same data. A new
 * folder stores what it made (store/seed-file.ts) and later starts load that; `version` names
 * what the source makes, so a folder seeded by another version makes its seed again.
 */
export interface SeedSource {
  version: string;
  generate(records: number): SeedData;
}

/** Everything the store holds; the snapshot file is this object as JSON. */
export interface StoreState {
  records: StoredRecord[];
  history: StoredHistoryEntry[];
}
