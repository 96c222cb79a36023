// A write whose answer was lost (5xx, timeout, dropped connection) is never sent again blindly.
// Instead the records are read back: an edit whose fields all show the sent values, or a
// delete whose record is gone, was applied; otherwise it was not, and the user can save
// again knowing it. Adds and actions cannot be told apart from other changes, so they stay
// "unknown" with the advice to refresh.
import type { BatchFailure, BatchOutcome } from './batch';
import type { BatchOperation, RecordData } from '../contract/types';

/** Keys of an operation that are not field values. */
const NOT_FIELDS = new Set(['transition', 'id', 'app_alias', 'workspace_alias', 'comment', 'minor_change']);

export type RecordsReader = (ids: string[]) => Promise<RecordData[]>;

export async function settleUnknownWrites(operations: readonly BatchOperation[], outcome: BatchOutcome, read: RecordsReader): Promise<BatchOutcome> {
  const checkable = outcome.failed.filter((f) => f.state === 'unknown' && isCheckable(operations[f.index]));
  if (checkable.length === 0) return outcome;
  let records: Map<string, RecordData>;
  try {
    const ids = [...new Set(checkable.map((f) => String(operations[f.index].id)))];
    records = new Map((await read(ids)).map((r) => [String(r.id), r]));
  } catch {
    // The service is still unreachable: the outcome stays unknown, with its advice to refresh.
    return outcome;
  }
  const results = [...outcome.results];
  const failed: BatchFailure[] = [];
  for (const failure of outcome.failed) {
    const operation = operations[failure.index];
    if (!checkable.includes(failure)) {
      failed.push(failure);
      continue;
    }
    const record = records.get(String(operation.id));
    if (wasApplied(operation, record)) {
      results[failure.index] = { successful: true, confirmedAfterLostAnswer: true, message: 'The answer was lost, but the record shows the change: it was applied.' };
    } else {
      const message = `${failure.message.replace(/ This change may or may not have been applied; refresh to check\.$/, '')} The record read back does not show the change: it was not applied. Save it again.`;
      results[failure.index] = { successful: false, message };
      failed.push({ ...failure, state: 'rejected', message });
    }
  }
  return { ...outcome, results, failed };
}

function isCheckable(operation: BatchOperation | undefined): boolean {
  if (!operation || typeof operation.id !== 'string') return false;
  if (operation.transition === 'delete') return true;
  return operation.transition === 'edit' && Object.keys(operation).some((key) => !NOT_FIELDS.has(key));
}

function wasApplied(operation: BatchOperation, record: RecordData | undefined): boolean {
  if (operation.transition === 'delete') return record === undefined;
  if (!record) return false;
  const fields = record as unknown as Record<string, unknown>;
  return Object.entries(operation).every(([key, sent]) => NOT_FIELDS.has(key) || sameValue(sent, fields[key]));
}

/** Sent and stored values, tolerant of the service's richer shapes (`{id, …}` for a sent id). */
function sameValue(sent: unknown, stored: unknown): boolean {
  if (sent === stored) return true;
  if ((sent === null || sent === '') && (stored === null || stored === undefined || stored === '')) return true;
  if (typeof sent === 'string' && stored && typeof stored === 'object' && 'id' in stored) return (stored as { id: unknown }).id === sent;
  if (Array.isArray(sent) && Array.isArray(stored)) return sent.length === stored.length && sent.every((item, i) => sameValue(item, stored[i]));
  if (sent && stored && typeof sent === 'object' && typeof stored === 'object') {
    return Object.entries(sent as Record<string, unknown>).every(([key, value]) => key === 'pending' || sameValue(value, (stored as Record<string, unknown>)[key]));
  }
  return typeof sent === 'number' && typeof stored === 'string' ? String(sent) === stored : false;
}
