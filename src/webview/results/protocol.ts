// Messages between the RLX results grid (webview) and its host. The host reduces records to
// display strings before they cross over, so the page never sees raw server fields and only
// ever sets text.
import type { RlxBlockQuery } from '../../core/rlx/document';

export type SortDirection = 'asc' | 'desc';

export interface ResultsSort {
  field: string;
  direction: SortDirection;
}

export interface ResultsColumn {
  /** Db field name (`number` for the reference column). */
  field: string;
  /** Schema caption, or the field name when the schema has none. */
  caption: string;
  /** Numbers line up on the right. */
  numeric: boolean;
  /** False when clicking the header cannot sort (search hits not all loaded, groups). */
  sortable: boolean;
}

/** One row as shown: display text per column; `id` is absent for pivot groups (nothing to open). */
export interface ResultsRow {
  id?: string;
  cells: string[];
}

export interface ResultsCounts {
  loaded: number;
  /** Matches of the query (for a search: hits found). */
  total: number;
  canLoadMore: boolean;
}

export interface ResultsTable extends ResultsCounts {
  kind: RlxBlockQuery['kind'] | 'groups';
  title: string;
  /** `IT/TASK`, `workspace IT`… */
  scope: string;
  columns: ResultsColumn[];
  rows: ResultsRow[];
  sort?: ResultsSort;
  /** Why sorting is limited, shown under the header when set. */
  note?: string;
  /** Rows can be selected for bulk changes (records of one app). */
  bulk?: boolean;
}

export type BulkAction = 'setField' | 'runAction' | 'delete';

/** Host → page. */
export type ResultsHostToView =
  | { type: 'loading'; title: string; message: string }
  | { type: 'table'; table: ResultsTable; state: ResultsPanelState }
  | { type: 'append'; rows: ResultsRow[]; counts: ResultsCounts }
  | { type: 'error'; title: string; message: string; retry: boolean };

/** Page → host (all posts). `row` is an index into the rows the page was sent. */
export type ResultsViewToHost =
  | { type: 'loadMore' }
  | { type: 'sort'; field: string }
  | { type: 'open'; row: number }
  /** `rows`: indexes of the selected rows, or `all` for every record the query matches. */
  | { type: 'bulk'; action: BulkAction; rows: number[] | 'all' }
  | { type: 'copy'; text: string }
  | { type: 'export'; format: ExportFormat }
  | { type: 'retry' };

export type ExportFormat = 'csv' | 'json';

/** What the page keeps with setState; the panel serializer runs the query again from it. */
export interface ResultsPanelState {
  /** One panel per block: the document's URI and the block's title. */
  key: string;
  connectionId: string;
  title: string;
  query: RlxBlockQuery;
  sort?: ResultsSort;
}

/** The context VS Code passes to `webview/context` menu commands from `data-vscode-context`. */
export interface ResultsCellContext {
  webviewSection: 'cell';
  cellText: string;
  row: number;
  preventDefaultContextMenuItems: true;
}
