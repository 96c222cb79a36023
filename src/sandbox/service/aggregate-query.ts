import type { AggregationParams, AggregationResult, AggregationRow, AppRef, StatsValues } from '../../core/contract/types';
import type { ServiceDirectory } from '../model/directory';
import type { StoredRecord } from '../store/model';
import type { RecordStore } from '../store/record-store';
import type { UserPermissions } from './access';
import { displayValue } from './display';
import { invalidRequest, unknownField } from './errors';
import type { FieldCatalog } from './field-catalog';
import { compileFilter } from './record-filter';
import { catalogFor, resolveScope, visibleRecords } from './scope';

// ISO-8601 prefix length of each time grouping (decisions.md "Aggregation").
const PIVOT_PREFIX: Record<string, number> = { hour: 13, day: 10, month: 7, year: 4 };

interface Dimension {
  key: string;
  field: string;
  prefix?: number;
}

function parseDimensions(text: unknown, catalog: FieldCatalog): Dimension[] {
  const names = String(text ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  if (!names.length) throw invalidRequest('dimensions4Pivot needs at least one field, e.g. "state" or "creation_date__pivotbymonth".');
  return names.map((key) => {
    const m = /^(.+)__pivotby(hour|day|month|year)$/.exec(key);
    const field = m ? m[1] : key;
    if (!catalog.has(field)) throw unknownField(field);
    const kind = catalog.valueKind(field);
    if (m && kind !== 'datetime') throw invalidRequest(`"${key}": time grouping works only on date fields, and ${field} is not one.`);
    if (kind === 'file' || kind === 'filelist' || kind === 'richtext') throw invalidRequest(`"${field}" cannot be used as a dimension; pick a lookup, person, text, number or date field.`);
    return { key, field, prefix: m ? PIVOT_PREFIX[m[2]] : undefined };
  });
}

function parseStats(text: unknown, catalog: FieldCatalog): string[] {
  const names = String(text ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  for (const name of names) {
    if (!catalog.has(name)) throw unknownField(name);
    if (catalog.rlxKind(name) !== 'number') throw invalidRequest(`statsFields needs numeric fields; "${name}" is not numeric.`);
  }
  return names;
}

function groupValue(record: StoredRecord, d: Dimension): string | number | null {
  const v = record[d.field];
  if (v === null || v === undefined || v === '') return null;
  if (d.prefix !== undefined) return String(v).slice(0, d.prefix);
  return typeof v === 'number' ? v : String(v);
}

interface Group {
  values: (string | number | null)[];
  sample: StoredRecord;
  count: number;
  stats: { sum: number; min: number; max: number; n: number }[];
}

export function aggregateRecords(store: RecordStore, permissions: UserPermissions, scope: AppRef | undefined, params: AggregationParams): AggregationResult {
  const apps = resolveScope(permissions, scope);
  if (!apps.length) return { data: [], filteredRecordsCount: 0, totalRecordsCount: 0 };
  const catalog = catalogFor(permissions, apps);
  const dimensions = parseDimensions(params.dimensions4Pivot, catalog);
  const stats = parseStats(params.statsFields, catalog);
  const matches = compileFilter<StoredRecord>(params.rlx, (n) => catalog.rlxKind(n), (r, f) => r[f]);
  const groups = new Map<string, Group>();
  let total = 0;
  let filtered = 0;
  for (const record of visibleRecords(store, permissions, apps)) {
    total++;
    if (!matches(record)) continue;
    filtered++;
    const values = dimensions.map((d) => groupValue(record, d));
    const key = JSON.stringify(values);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { values, sample: record, count: 0, stats: stats.map(() => ({ sum: 0, min: Infinity, max: -Infinity, n: 0 })) }));
    group.count++;
    stats.forEach((field, i) => {
      const v = record[field];
      if (typeof v !== 'number' || !Number.isFinite(v)) return;
      const s = group.stats[i];
      s.sum += v;
      s.n++;
      if (v < s.min) s.min = v;
      if (v > s.max) s.max = v;
    });
  }
  const rows = [...groups.values()].sort((a, b) => compareGroups(a.values, b.values)).map((g) => toRow(g, dimensions, stats, catalog, store, permissions.directory));
  return { data: rows, filteredRecordsCount: filtered, totalRecordsCount: total };
}

function compareGroups(a: (string | number | null)[], b: (string | number | null)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

function toRow(g: Group, dimensions: Dimension[], stats: string[], catalog: FieldCatalog, store: RecordStore, directory: ServiceDirectory): AggregationRow {
  const row: AggregationRow = { _count: g.count };
  const app = directory.findApp(g.sample.project_alias, g.sample.publishing_alias);
  dimensions.forEach((d, i) => {
    const value = g.values[i];
    row[d.key] = value;
    const def = catalog.get(d.field);
    row[`${d.key}__resolved`] = value === null ? null : d.prefix !== undefined || !def || !app ? String(value) : (displayValue(app, def, value, store, directory) ?? String(value));
  });
  stats.forEach((field, i) => {
    const s = g.stats[i];
    const values: StatsValues = s.n
      ? { sum: round(s.sum), avg: round(s.sum / s.n), min: s.min, max: s.max }
      : { sum: null, avg: null, min: null, max: null };
    row[field] = values;
  });
  return row;
}

// Sums of money-like reals pick up binary noise (0.1 + 0.2); answers read better rounded.
function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
