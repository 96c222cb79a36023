// Turns answers into the wire types while tolerating what a real service might send
// instead (decisions.md: "the sandbox is strict and predictable; the client is tolerant").
import { invalidResponseError, isObject } from './errors';
import {
  type AggregationResult,
  type AggregationRow,
  type BatchResult,
  type HistoryEntry,
  type ListPage,
  type RecordData,
  type SearchResult,
} from '../contract/types';

/** The service's default page size when limitRecords is omitted (contract 4.1). */
const SERVICE_DEFAULT_LIMIT = 10;

/**
 * A list answer, asked with withTechnicalData=true. A plain array (or missing counts) still
 * works: the counts are then derived from what was seen, and marked as estimates when the
 * page was full, because more records may follow.
 */
export function toListPage(raw: unknown, skip: number, limit: number | undefined): ListPage {
  const records = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.data) ? raw.data : undefined;
  if (!records) throw invalidResponseError('expected a list of records');
  const data = records.filter(isObject) as RecordData[];
  const filtered = isObject(raw) ? countField(raw.filteredRecordsCount) : undefined;
  const unfiltered = isObject(raw) ? countField(raw.unfilteredRecordsCount) : undefined;
  if (filtered !== undefined && unfiltered !== undefined) {
    return { data, filteredRecordsCount: filtered, unfilteredRecordsCount: unfiltered };
  }
  const pageWasFull = data.length >= (limit ?? SERVICE_DEFAULT_LIMIT);
  const seen = skip + data.length;
  const derivedFiltered = filtered ?? seen;
  return {
    data,
    filteredRecordsCount: derivedFiltered,
    unfilteredRecordsCount: unfiltered ?? derivedFiltered,
    countsEstimated: filtered === undefined ? pageWasFull || unfiltered === undefined : true,
  };
}

export function toAggregationResult(raw: unknown): AggregationResult {
  const rows = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.data) ? raw.data : undefined;
  if (!rows) throw invalidResponseError('expected aggregation rows');
  const data = rows.filter(isObject).map((row) => ({ ...row, _count: countField(row._count) ?? 0 }) as AggregationRow);
  const sum = data.reduce((total, row) => total + row._count, 0);
  const filtered = isObject(raw) ? countField(raw.filteredRecordsCount) : undefined;
  const total = isObject(raw) ? countField(raw.totalRecordsCount) : undefined;
  return { data, filteredRecordsCount: filtered ?? sum, totalRecordsCount: total ?? filtered ?? sum };
}

export function toSearchResult(raw: unknown): SearchResult {
  const records = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.data) ? raw.data : undefined;
  if (!records) throw invalidResponseError('expected search results');
  const data = records.filter(isObject) as RecordData[];
  const totalFound = isObject(raw) ? countField(raw.totalFound) : undefined;
  return { data, totalFound: totalFound ?? data.length };
}

export function toHistoryEntries(raw: unknown): HistoryEntry[] {
  const entries = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.data) ? raw.data : undefined;
  if (!entries) throw invalidResponseError('expected a list of history entries');
  return entries.filter(isObject) as HistoryEntry[];
}

/** One result per operation; a missing or odd result counts as not applied. */
export function toBatchResults(raw: unknown, operationCount: number): BatchResult[] {
  const results = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.data) ? raw.data : undefined;
  if (!results) throw invalidResponseError('expected one result per operation');
  const out: BatchResult[] = [];
  for (let i = 0; i < operationCount; i++) {
    const result: unknown = results[i];
    if (isObject(result)) {
      out.push({ ...result, successful: result.successful !== false } as BatchResult);
    } else {
      out.push({ successful: false, message: 'The service returned no result for this operation. Refresh to see whether it was applied.' });
    }
  }
  return out;
}

function countField(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}
