// What the bulk buttons of a results grid and of a notebook table hand to the bulk commands:
// the records of the picked rows, or every match of the query (`all`), which only a list of
// one app can name.
import type { RecordTable } from '../../../core/records/recordTable';
import type { BulkAction } from '../../../webview/results/protocol';
import type { BulkSelection } from '../../records/bulk/bulkCommands';

/** The records the picked rows (or `all` the matches) of `table` stand for; undefined unless it lists one app. */
export function bulkSelectionOf(connectionId: string, table: RecordTable, rows: number[] | 'all'): BulkSelection | undefined {
  const { query } = table;
  if (query.kind !== 'list' || query.scope.kind !== 'app') return undefined;
  const scope = query.scope.ref;
  return rows === 'all'
    ? { connectionId, scope, all: true, ...(query.params.rlx ? { rlx: query.params.rlx } : {}) }
    : { connectionId, scope, ids: rows.map((row) => table.records[row]?.id).filter((id): id is string => typeof id === 'string') };
}

/** The command that does `action` to a selection. */
export function bulkCommandOf(action: BulkAction): string {
  return action === 'setField' ? 'records.bulk.setField' : action === 'runAction' ? 'records.bulk.runAction' : 'records.bulk.delete';
}
