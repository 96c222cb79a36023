// The RLX that selects one aggregate group: the filter the counts were made with, AND each
// dimension equal to the group's value (a period for a time grouping, `= null` for no value).
// Run as a query it gives the group's count, so a count can hand back its records.
import { rlxAnd, rlxCompare, rlxEquals } from '../rlx/quote';

const PERIOD = /^(.+)__pivotby(hour|day|month|year)$/;

export function groupFilter(filter: string | undefined, groupBy: readonly string[], row: Record<string, unknown>): string | undefined {
  const conditions: string[] = [];
  for (const dimension of groupBy) {
    const condition = dimensionCondition(dimension, row[dimension]);
    if (condition === undefined) return undefined;
    conditions.push(condition);
  }
  return rlxAnd(filter, ...conditions);
}

function dimensionCondition(dimension: string, value: unknown): string | undefined {
  const period = PERIOD.exec(dimension);
  if (value === null || value === undefined || value === '') return rlxEquals(period ? period[1]! : dimension, null);
  if (period) {
    const bounds = periodBounds(String(value), period[2] as 'hour' | 'day' | 'month' | 'year');
    if (!bounds) return undefined;
    return rlxAnd(rlxCompare(period[1]!, '>=', bounds.from), rlxCompare(period[1]!, '<', bounds.to));
  }
  if (typeof value === 'string' || typeof value === 'number') return rlxEquals(dimension, value);
  if (typeof value === 'boolean') return rlxEquals(dimension, String(value));
  return undefined;
}

/** `2026-03` by month → [2026-03-01T00:00Z, 2026-04-01T00:00Z): group values are UTC ISO prefixes (decisions.md). */
function periodBounds(value: string, unit: 'hour' | 'day' | 'month' | 'year'): { from: Date; to: Date } | undefined {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?(?:T(\d{2}))?/.exec(value);
  if (!match) return undefined;
  const [year, month = 1, day = 1, hour = 0] = [Number(match[1]), match[2] ? Number(match[2]) : undefined, match[3] ? Number(match[3]) : undefined, match[4] ? Number(match[4]) : undefined];
  const from = new Date(Date.UTC(year, month - 1, day, hour));
  const to = new Date(Date.UTC(year + (unit === 'year' ? 1 : 0), month - 1 + (unit === 'month' ? 1 : 0), day + (unit === 'day' ? 1 : 0), hour + (unit === 'hour' ? 1 : 0)));
  return Number.isNaN(from.getTime()) ? undefined : { from, to };
}
