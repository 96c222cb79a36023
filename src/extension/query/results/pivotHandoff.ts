// A `@pivot` block opens in the pivot view (cross-tab, chart, drill-down) with the block's
// dimensions, stats field and filter. The pivot view works on one app; a block scoped to a
// workspace or to all apps shows its groups in the results grid instead.
import type { AggregationParams, AggregationResult } from '../../../core/contract/types';
import type { PivotConfig, PivotDimension, TimeGrouping } from '../../../webview/pivot/protocol';
import type { ResultsColumn, ResultsRow } from '../../../webview/results/protocol';

const GROUPING = /^(.+?)__pivotby(hour|day|month|year)$/;
/** The pivot view handles one to three dimensions. */
const MAX_DIMENSIONS = 3;

function dimensionsOf(params: AggregationParams): PivotDimension[] {
  return params.dimensions4Pivot.split(',').map((item) => item.trim()).filter(Boolean).map((item) => {
    const match = GROUPING.exec(item);
    return match ? { field: match[1]!, grouping: match[2] as TimeGrouping } : { field: item };
  });
}

/** The pivot view's settings for the block, or undefined when it cannot show them. */
export function pivotConfigOfBlock(params: AggregationParams): PivotConfig | undefined {
  const dimensions = dimensionsOf(params);
  if (dimensions.length === 0 || dimensions.length > MAX_DIMENSIONS) return undefined;
  const statsField = params.statsFields?.split(',').map((item) => item.trim()).find(Boolean);
  return {
    dimensions,
    measure: statsField ? 'sum' : 'count',
    chart: 'auto',
    ...(statsField ? { statsField } : {}),
    ...(params.rlx ? { rlx: params.rlx } : {}),
  };
}

/** The groups of an aggregation as grid rows: one column per dimension, the count, the sum. */
export function groupsTable(params: AggregationParams, result: AggregationResult): { columns: ResultsColumn[]; rows: ResultsRow[] } {
  const keys = params.dimensions4Pivot.split(',').map((item) => item.trim()).filter(Boolean);
  const stats = params.statsFields?.split(',').map((item) => item.trim()).find(Boolean);
  const columns: ResultsColumn[] = [
    ...keys.map((key) => ({ field: key, caption: key.replace(GROUPING, '$1 ($2)'), numeric: false, sortable: false })),
    { field: '_count', caption: 'Count', numeric: true, sortable: false },
    ...(stats ? [{ field: stats, caption: `Sum of ${stats}`, numeric: true, sortable: false }] : []),
  ];
  const rows = result.data.map((row) => ({
    cells: [
      ...keys.map((key) => text(row[`${key}__resolved`]) || text(row[key]) || '(none)'),
      String(row._count),
      ...(stats ? [text((row[stats] as { sum?: unknown } | undefined)?.sum)] : []),
    ],
  }));
  return { columns, rows };
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}
