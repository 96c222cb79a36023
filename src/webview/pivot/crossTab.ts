// Aggregation rows → a cross-tab: rows are the combinations of every dimension but the last,
// columns are the buckets of the last one (a single value column for one dimension), with row,
// column and grand totals computed the way each measure combines.
import { dimensionKey, isTimeDimension } from './dimensions';
import type { PivotCellKey, PivotConfig, PivotRow } from './protocol';

export interface PivotBucket {
  /** The group value of each dimension on this axis. */
  values: (string | number | null)[];
  label: string;
}

export interface PivotCell {
  value: number | null;
  /** Records in the cell (always known, whatever the measure). */
  count: number;
}

export interface CrossTab {
  rowDimensions: string[];
  columnDimension?: string;
  rows: PivotBucket[];
  /** One column per bucket of the last dimension; one `value` column with a single dimension. */
  columns: PivotBucket[];
  /** cells[rowIndex][columnIndex]; undefined where no record falls. */
  cells: (PivotCell | undefined)[][];
  rowTotals: PivotCell[];
  columnTotals: PivotCell[];
  grandTotal: PivotCell;
  /** Number of non-empty cells. */
  cellCount: number;
}

/** The caption of the "no value" bucket. */
export const NO_VALUE_LABEL = '(no value)';

/** Partial aggregate of a measure; `numeric` estimates how many records had a number. */
interface Accumulator {
  count: number;
  sum: number;
  numeric: number;
  min: number | null;
  max: number | null;
  any: boolean;
}

function emptyAccumulator(): Accumulator {
  return { count: 0, sum: 0, numeric: 0, min: null, max: null, any: false };
}

function stats(row: PivotRow, field: string | undefined): { sum: number | null; avg: number | null; min: number | null; max: number | null } | undefined {
  if (field === undefined) return undefined;
  const value = row[field];
  if (typeof value !== 'object' || value === null) return undefined;
  const read = (key: string): number | null => {
    const n = (value as Record<string, unknown>)[key];
    return typeof n === 'number' && Number.isFinite(n) ? n : null;
  };
  return { sum: read('sum'), avg: read('avg'), min: read('min'), max: read('max') };
}

function add(target: Accumulator, row: PivotRow, config: PivotConfig): void {
  target.count += row._count;
  const s = stats(row, config.statsField);
  if (!s || s.sum === null) return;
  target.any = true;
  target.sum += s.sum;
  // The service gives no count of records with a number; sum / avg recovers it when avg ≠ 0.
  target.numeric += s.avg !== null && s.avg !== 0 ? Math.round(s.sum / s.avg) : row._count;
  if (s.min !== null) target.min = target.min === null ? s.min : Math.min(target.min, s.min);
  if (s.max !== null) target.max = target.max === null ? s.max : Math.max(target.max, s.max);
}

function finish(accumulator: Accumulator, config: PivotConfig): PivotCell {
  const { count } = accumulator;
  switch (config.measure) {
    case 'count':
      return { value: count, count };
    case 'sum':
      return { value: accumulator.any ? accumulator.sum : null, count };
    case 'avg':
      return { value: accumulator.any && accumulator.numeric > 0 ? accumulator.sum / accumulator.numeric : null, count };
    case 'min':
      return { value: accumulator.min, count };
    case 'max':
      return { value: accumulator.max, count };
  }
}

function groupValue(row: PivotRow, key: string): string | number | null {
  const value = row[key];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

function groupLabel(row: PivotRow, key: string): string {
  const resolved = row[`${key}__resolved`];
  if (typeof resolved === 'string' && resolved !== '') return resolved;
  const value = groupValue(row, key);
  return value === null ? NO_VALUE_LABEL : String(value);
}

function keyOf(values: readonly (string | number | null)[]): string {
  return JSON.stringify(values);
}

function compareBuckets(timeAxes: readonly boolean[]) {
  return (a: PivotBucket, b: PivotBucket): number => {
    for (let i = 0; i < a.values.length; i++) {
      const x = a.values[i] ?? null;
      const y = b.values[i] ?? null;
      if (x === y) continue;
      // "No value" goes last on every axis.
      if (x === null) return 1;
      if (y === null) return -1;
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      // Time buckets are ISO prefixes, so text order is time order; others sort by caption.
      const order = timeAxes[i] ? String(x).localeCompare(String(y)) : a.label.localeCompare(b.label, undefined, { numeric: true, sensitivity: 'base' });
      if (order !== 0) return order;
      return String(x).localeCompare(String(y));
    }
    return 0;
  };
}

export function buildCrossTab(rows: readonly PivotRow[], config: PivotConfig): CrossTab {
  const keys = config.dimensions.map(dimensionKey);
  const split = keys.length > 1 ? keys.length - 1 : keys.length;
  const rowDimensions = keys.slice(0, split);
  const columnDimension = keys.length > 1 ? keys[keys.length - 1] : undefined;
  const rowTime = config.dimensions.slice(0, split).map(isTimeDimension);
  const columnTime = [isTimeDimension(config.dimensions[keys.length - 1])];

  const rowBuckets = new Map<string, PivotBucket>();
  const columnBuckets = new Map<string, PivotBucket>();
  const cellAccumulators = new Map<string, Accumulator>();
  const rowAccumulators = new Map<string, Accumulator>();
  const columnAccumulators = new Map<string, Accumulator>();
  const grand = emptyAccumulator();

  for (const row of rows) {
    const rowValues = rowDimensions.map((key) => groupValue(row, key));
    const rowKey = keyOf(rowValues);
    if (!rowBuckets.has(rowKey)) rowBuckets.set(rowKey, { values: rowValues, label: rowDimensions.map((key) => groupLabel(row, key)).join(' · ') });
    const columnValues = columnDimension === undefined ? [] : [groupValue(row, columnDimension)];
    const columnKey = keyOf(columnValues);
    if (!columnBuckets.has(columnKey)) columnBuckets.set(columnKey, { values: columnValues, label: columnDimension === undefined ? '' : groupLabel(row, columnDimension) });
    const cellKey = `${rowKey}\u0000${columnKey}`;
    for (const [map, key] of [[cellAccumulators, cellKey], [rowAccumulators, rowKey], [columnAccumulators, columnKey]] as const) {
      let accumulator = map.get(key);
      if (!accumulator) map.set(key, (accumulator = emptyAccumulator()));
      add(accumulator, row, config);
    }
    add(grand, row, config);
  }

  const sortedRows = [...rowBuckets.values()].sort(compareBuckets(rowTime));
  const sortedColumns = [...columnBuckets.values()].sort(compareBuckets(columnTime));
  let cellCount = 0;
  const cells = sortedRows.map((rowBucket) =>
    sortedColumns.map((columnBucket) => {
      const accumulator = cellAccumulators.get(`${keyOf(rowBucket.values)}\u0000${keyOf(columnBucket.values)}`);
      if (!accumulator) return undefined;
      cellCount++;
      return finish(accumulator, config);
    }),
  );
  return {
    rowDimensions,
    columnDimension,
    rows: sortedRows,
    columns: sortedColumns,
    cells,
    rowTotals: sortedRows.map((bucket) => finish(rowAccumulators.get(keyOf(bucket.values)) ?? emptyAccumulator(), config)),
    columnTotals: sortedColumns.map((bucket) => finish(columnAccumulators.get(keyOf(bucket.values)) ?? emptyAccumulator(), config)),
    grandTotal: finish(grand, config),
    cellCount,
  };
}

/** The full dimension values of a cell (row values, then the column value). */
export function cellKey(table: CrossTab, rowIndex: number | undefined, columnIndex: number | undefined): PivotCellKey {
  const rowValues = rowIndex === undefined ? table.rowDimensions.map(() => undefined) : table.rows[rowIndex]?.values ?? [];
  const columnValues = table.columnDimension === undefined ? [] : columnIndex === undefined ? [undefined] : table.columns[columnIndex]?.values ?? [];
  // `undefined` (a total) means "any value"; the drill-down leaves that dimension out.
  return [...rowValues, ...columnValues];
}

/** Numbers as people read them: integers as is, others with at most two decimals. */
export function formatMeasure(value: number | null): string {
  if (value === null) return '';
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');
}
