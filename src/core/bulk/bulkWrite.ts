// Bulk changes to many records: the operations for a change, writing them in batches of at most
// 200 with Cancel between batches, finding the records that fail without ever sending a change
// twice, and the undo of an edit from the values read before it.
//
// The service applies a request all or nothing (decisions.md "Batch write"). When it refuses a
// request and names the operations at fault, the others were not applied and go again without
// them; when it names none, the request is split in halves until the culprits are alone. An
// operation whose outcome is unknown (an answer lost; the client has already read the records
// back, see core/api/unknownWrites.ts) is reported, never sent again.
import type { BatchFailure, BatchOutcome } from '../api/batch';
import type { BatchOperation } from '../contract/types';

export const BULK_BATCH_SIZE = 200;

export type BulkChange =
  | { kind: 'setField'; field: string; value: unknown }
  | { kind: 'action'; action: string }
  | { kind: 'delete' };

export interface BulkTarget {
  id: string;
  /** The value of the changed field before the change (for Undo of a Set Field). */
  previous?: unknown;
}

export interface BulkFailure {
  id: string;
  message: string;
  /** 403, 404, 400… when the service said. */
  status?: number;
  /** `unknown`: the answer was lost and reading the record back could not tell. */
  state: 'rejected' | 'unknown';
}

export interface BulkReport {
  succeeded: string[];
  failed: BulkFailure[];
  /** Not sent: cancelled, or stopped by an error that concerns every request (sign-in, network). */
  notSent: string[];
  cancelled: boolean;
  /** What stopped the run early, when something did. */
  stoppedBy?: string;
  /** Write requests sent. */
  requests: number;
}

export function bulkOperations(targets: readonly BulkTarget[], change: BulkChange): BatchOperation[] {
  return targets.map((target) => {
    switch (change.kind) {
      case 'setField':
        return { transition: 'edit', id: target.id, [change.field]: change.value };
      case 'action':
        return { transition: change.action, id: target.id };
      case 'delete':
        return { transition: 'delete', id: target.id };
    }
  });
}

/** Puts back the values read before a Set Field, for the records it changed. */
export function undoOperations(targets: readonly BulkTarget[], field: string, changedIds: readonly string[]): BatchOperation[] {
  const changed = new Set(changedIds);
  return targets.filter((target) => changed.has(target.id)).map((target) => ({ transition: 'edit', id: target.id, [field]: target.previous ?? null }));
}

/** The actions every record allows (from each record's `transitions`), in the order of the first. */
export function commonActions(records: readonly { transitions?: readonly string[] }[]): string[] {
  const [first, ...rest] = records;
  if (first === undefined) return [];
  return (first.transitions ?? []).filter((action) => action !== 'edit' && action !== 'delete' && rest.every((record) => record.transitions?.includes(action)));
}

export interface BulkWriteOptions {
  signal?: AbortSignal;
  /** After each request: operations settled so far, of all. */
  onProgress?: (done: number, total: number) => void;
  batchSize?: number;
}

/** Sends operations (each with an `id`) in batches; `write` is one batch request (RecordsClient.batch). */
export async function runBulkWrite(
  write: (operations: BatchOperation[]) => Promise<BatchOutcome>,
  operations: readonly BatchOperation[],
  options: BulkWriteOptions = {},
): Promise<BulkReport> {
  const report: BulkReport = { succeeded: [], failed: [], notSent: [], cancelled: false, requests: 0 };
  const size = options.batchSize ?? BULK_BATCH_SIZE;
  let settled = 0;
  let stopped = false;
  const idOf = (operation: BatchOperation): string => String(operation.id);

  const send = async (batch: BatchOperation[]): Promise<void> => {
    if (stopped || batch.length === 0) {
      report.notSent.push(...batch.map(idOf));
      return;
    }
    report.requests += 1;
    const outcome = await write(batch);
    const failures = new Map<number, BatchFailure>(outcome.failed.map((failure) => [failure.index, failure]));
    const again: BatchOperation[] = [];
    let refusedWhole = false;
    batch.forEach((operation, index) => {
      const failure = failures.get(index);
      if (failure === undefined) {
        report.succeeded.push(idOf(operation));
        settled += 1;
      } else if (failure.state === 'not_sent') {
        report.notSent.push(idOf(operation));
      } else if (failure.state === 'unknown') {
        report.failed.push({ id: idOf(operation), message: failure.message, state: 'unknown', ...(failure.status === undefined ? {} : { status: failure.status }) });
        settled += 1;
      } else if (failure.cause === 'collateral') {
        again.push(operation);
      } else if (failure.cause === 'request' && batch.length > 1) {
        refusedWhole = true;
      } else {
        report.failed.push({ id: idOf(operation), message: failure.message, state: 'rejected', ...(failure.status === undefined ? {} : { status: failure.status }) });
        settled += 1;
      }
    });
    if (outcome.stoppedBy !== undefined) {
      stopped = true;
      report.stoppedBy = outcome.stoppedBy.message;
      if (outcome.stoppedBy.code === 'cancelled') report.cancelled = true;
    }
    options.onProgress?.(settled, operations.length);
    if (refusedWhole) {
      // Nothing of it was applied and nothing says which: halve it until the culprits are alone.
      const half = Math.ceil(batch.length / 2);
      await send(batch.slice(0, half));
      await send(batch.slice(half));
    } else if (again.length > 0) {
      await send(again);
    }
  };

  for (let start = 0; start < operations.length; start += size) {
    if (options.signal?.aborted) {
      report.cancelled = true;
      stopped = true;
    }
    await send(operations.slice(start, start + size));
  }
  return report;
}

/** The report as text for the clipboard: counts, then one line per failed record. */
export function describeBulkReport(report: BulkReport, label: (id: string) => string = (id) => id): string {
  const lines = [`${report.succeeded.length} succeeded, ${report.failed.length} failed${report.notSent.length > 0 ? `, ${report.notSent.length} not sent` : ''}.`];
  if (report.cancelled) lines.push('Cancelled: the records not sent were not changed.');
  else if (report.stoppedBy !== undefined) lines.push(`Stopped: ${report.stoppedBy}`);
  for (const failure of report.failed) lines.push(`${label(failure.id)}\t${failure.status ?? ''}\t${failure.message}`);
  return lines.join('\n');
}
