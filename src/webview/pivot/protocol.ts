// Messages between the pivot panel (webview) and its host, and the pivot's configuration.

export type TimeGrouping = 'hour' | 'day' | 'month' | 'year';
export type StatsMeasure = 'sum' | 'avg' | 'min' | 'max';

export interface PivotDimension {
  field: string;
  /** Only for date fields. */
  grouping?: TimeGrouping;
}

export interface PivotConfig {
  /** One to three. */
  dimensions: PivotDimension[];
  /** A number field; without it the table counts records. */
  statsField?: string;
  measure: StatsMeasure | 'count';
  rlx?: string;
  chart: 'bar' | 'stacked' | 'line' | 'auto';
}

export interface PivotFieldChoice {
  name: string;
  caption: string;
  kind: 'date' | 'number' | 'other';
}

/** One aggregation row as the service sends it (contract 2.6). */
export type PivotRow = Record<string, unknown> & { _count: number };

export interface PivotResult {
  rows: PivotRow[];
  filteredRecordsCount: number;
  totalRecordsCount: number;
}

export interface PivotTarget {
  connectionId: string;
  workspace: string;
  app: string;
}

/**
 * A bucket of each dimension, in dimension order: `null` is the "no value" bucket and
 * `undefined` means any value (a total row or column).
 */
export type PivotCellKey = (string | number | null | undefined)[];

export type PivotViewToHost =
  | { type: 'run'; config: PivotConfig }
  /** `rlx` is the filter of the clicked cell (built with core/rlx's quoting helpers). */
  | { type: 'drillDown'; rlx: string; label: string }
  | { type: 'exportCsv'; csv: string; suggestedName: string }
  /** The equivalent `.rlx` block, written into a new untitled document. */
  | { type: 'openAsRlx'; text: string }
  | { type: 'stateChanged'; config: PivotConfig };

export type PivotHostToView = { type: 'init'; target: PivotTarget; title: string; fields: PivotFieldChoice[]; config: PivotConfig; run: boolean };

/** Reply to `run`. */
export type PivotRunReply = { ok: true; result: PivotResult } | { ok: false; message: string };

/** What the page keeps with setState, and what the panel serializer restores. */
export interface PivotViewState {
  target: PivotTarget;
  title: string;
  config: PivotConfig;
}
