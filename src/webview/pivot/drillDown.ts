// The filter of one pivot cell: the pivot's own filter AND one condition per dimension. Built
// only with core/rlx's quoting helpers; a time bucket becomes a half-open date range.
import { rlxAnd, rlxCompare, rlxEquals } from '../../core/rlx';
import type { PivotCellKey, PivotConfig, TimeGrouping } from './protocol';

/** [start, end) in UTC of a time bucket such as `2026-03` (month) or `2026-03-05T14` (hour). */
export function timeBucketRange(grouping: TimeGrouping, bucket: string): { start: Date; end: Date } {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?(?:T(\d{2}))?/.exec(bucket);
  if (!match) throw new Error(`"${bucket}" is not a time bucket: expected an ISO prefix such as 2026-03.`);
  const year = Number(match[1]);
  const month = Number(match[2] ?? '1') - 1;
  const day = Number(match[3] ?? '1');
  const hour = Number(match[4] ?? '0');
  switch (grouping) {
    case 'year':
      return { start: new Date(Date.UTC(year, 0, 1)), end: new Date(Date.UTC(year + 1, 0, 1)) };
    case 'month':
      return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
    case 'day':
      return { start: new Date(Date.UTC(year, month, day)), end: new Date(Date.UTC(year, month, day + 1)) };
    case 'hour':
      return { start: new Date(Date.UTC(year, month, day, hour)), end: new Date(Date.UTC(year, month, day, hour + 1)) };
  }
}

export function drillDownRlx(config: PivotConfig, key: PivotCellKey): string {
  const conditions = config.dimensions.map((dimension, index) => {
    const value = key[index];
    if (value === undefined) return undefined;
    if (value === null) return rlxEquals(dimension.field, null);
    if (dimension.grouping !== undefined) {
      const { start, end } = timeBucketRange(dimension.grouping, String(value));
      return rlxAnd(rlxCompare(dimension.field, '>=', start), rlxCompare(dimension.field, '<', end));
    }
    return rlxEquals(dimension.field, value);
  });
  return rlxAnd(config.rlx, ...conditions);
}
