// Names of pivot dimensions on the wire: a date field grouped by time carries a suffix
// (`creation_date__pivotbymonth`), and the aggregation rows are keyed by that full name.
import type { PivotConfig, PivotDimension, TimeGrouping } from './protocol';

export const TIME_GROUPINGS: readonly TimeGrouping[] = ['hour', 'day', 'month', 'year'];

export function dimensionKey(dimension: PivotDimension): string {
  return dimension.grouping ? `${dimension.field}__pivotby${dimension.grouping}` : dimension.field;
}

export function dimensionsParameter(config: PivotConfig): string {
  return config.dimensions.map(dimensionKey).join(',');
}

export function isTimeDimension(dimension: PivotDimension | undefined): boolean {
  return dimension?.grouping !== undefined;
}
