import { strict as assert } from 'node:assert';
import type { RecordData } from '../../../../src/core/contract/types';
import { formatDateTime } from '../../../../src/core/records/dateFormat';
import { type RecordsQuery, RecordTable, recordLocation } from '../../../../src/core/records/recordTable';
import type { RlxScopeSchema } from '../../../../src/core/rlx/language';

const schema: RlxScopeSchema = {
  fields: {
    title: { name: 'title', ed_caption: 'Title', ed_custom_field_type: 'text' },
    state: { name: 'state', ed_caption: 'State', ed_custom_field_type: 'lookup' },
    keeper_id: { name: 'keeper_id', ed_caption: 'Assignee', ed_custom_field_type: 'person' },
    c_amount: { name: 'c_amount', ed_caption: 'Amount', ed_custom_field_type: 'number', field_type: 'real', ed_formatting_pre: '$' },
    description: { name: 'description', ed_caption: 'Description', ed_custom_field_type: 'richtext' },
  },
  lookups: { state: [{ id: 'open', caption: 'Open' }] },
  users: [{ id: 'u1', name: 'Ada Admin', role: 'admin' }],
};
const app = { kind: 'app', ref: { workspace: 'IT', app: 'TASK' } } as const;
const list = (listOfFields?: string): RecordsQuery => ({ kind: 'list', scope: app, params: listOfFields === undefined ? {} : { listOfFields } });
const task = (number: number, extra: Partial<RecordData> = {}): RecordData => ({ id: `r${number}`, number, project_alias: 'IT', publishing_alias: 'TASK', title: `Task ${number}`, ...extra });

function tableOf(query: RecordsQuery, records: RecordData[], total: number, known: 'schema' | 'no schema' = 'schema'): RecordTable {
  const table = new RecordTable(query, () => 'en');
  table.prepare(known === 'schema' ? schema : undefined, records);
  table.reset(records, total);
  return table;
}

describe('RecordTable', () => {
  it('has the columns of @fields with captions, and rows of display text', () => {
    const table = tableOf(list('title,state,keeper_id,c_amount'), [task(1, { state: 'open', keeper_id: 'u1', c_amount: 1250.5 })], 1);
    assert.deepEqual(table.headers(), ['Reference', 'Title', 'State', 'Assignee', 'Amount']);
    assert.deepEqual(table.rows(), [{ id: 'r1', cells: ['IT/TASK1', 'Task 1', 'Open', 'Ada Admin', '$1,250.5'] }]);
    assert.deepEqual(table.cellRows(), [['IT/TASK1', 'Task 1', 'Open', 'Ada Admin', '$1,250.5']]);
  });

  it('says which columns a person may sort by, and none unless asked', () => {
    const table = tableOf({ kind: 'search', scope: app, params: { ss: 'printer' } }, [task(1)], 1);
    assert.ok(table.columns().every((column) => !column.sortable));
    const sortable = table.columns(true).filter((column) => column.sortable).map((column) => column.field);
    assert.ok(!sortable.includes('__highlights'), 'the match text is not sortable');
    assert.ok(sortable.includes('number'));
    const rich = tableOf(list('title,description'), [task(1)], 1).columns(true);
    assert.deepEqual(rich.map((column) => [column.field, column.sortable]), [['number', true], ['title', true], ['description', false]]);
  });

  it('names people the records resolve, for the rows added after', () => {
    const named = task(1, { keeper_id: 'u9', _renderobj: { keeper_id__resolved: 'Grace Hopper' } });
    const table = tableOf(list('keeper_id'), [named], 3, 'no schema');
    const fresh = table.append([task(2, { keeper_id: 'u9' })], 3);
    assert.equal(fresh.length, 1);
    assert.deepEqual(table.rows(1), [{ id: 'r2', cells: ['IT/TASK2', 'u9'] }], 'without a schema the field is not known to name a person');
    const withSchema = tableOf(list('keeper_id'), [named], 3);
    withSchema.append([task(2, { keeper_id: 'u9' })], 3);
    assert.deepEqual(withSchema.rows(1)[0]?.cells, ['IT/TASK2', 'Grace Hopper']);
  });

  it('pages: counts, never a row twice, a short page ends the table', () => {
    const table = tableOf(list(), [task(1), task(2)], 5);
    assert.deepEqual(table.counts(), { loaded: 2, total: 5, canLoadMore: true });
    const fresh = table.append([task(2), task(3)], 5);
    assert.deepEqual(fresh.map((record) => record.id), ['r3'], 'a record seen on the page before is not shown again');
    assert.deepEqual(table.rows(table.records.length - fresh.length).map((row) => row.id), ['r3']);
    assert.deepEqual(table.counts(), { loaded: 3, total: 5, canLoadMore: true });
    assert.deepEqual(table.append([], 5), []);
    assert.deepEqual(table.counts(), { loaded: 3, total: 3, canLoadMore: false }, 'an empty page means the end whatever the count said');
    assert.ok(table.isComplete());
  });

  it('never counts fewer than it has, and starts again on reset', () => {
    const table = tableOf(list(), [task(1), task(2)], 1);
    assert.equal(table.total, 2);
    table.reset([task(7)], 4);
    assert.deepEqual(table.records.map((record) => record.id), ['r7']);
    assert.deepEqual(table.counts(), { loaded: 1, total: 4, canLoadMore: true });
  });

  it('sorts the loaded rows with their display text', () => {
    const table = tableOf(list('c_amount'), [task(1, { c_amount: 30 }), task(2), task(3, { c_amount: 4 })], 3);
    table.sortLoaded('c_amount', 'asc');
    assert.deepEqual(table.cellRows(), [['IT/TASK3', '$4'], ['IT/TASK1', '$30'], ['IT/TASK2', '']], 'missing values go last');
    table.sortLoaded('c_amount', 'desc');
    assert.deepEqual(table.rows().map((row) => row.id), ['r1', 'r3', 'r2']);
  });

  it('exports bare numbers with the columns of when the export started', () => {
    const table = tableOf(list('title,c_amount'), [task(1, { c_amount: 1250.5 })], 1);
    const columns = table.exportColumns();
    // A rerun meanwhile finds the schema gone: the file being written keeps its columns.
    table.prepare(undefined, []);
    assert.deepEqual(table.exportColumns().headers, ['Reference', 'Title', 'c_amount']);
    assert.deepEqual(columns.headers, ['Reference', 'Title', 'Amount']);
    assert.deepEqual(columns.cells(task(1, { c_amount: 1250.5 })), ['IT/TASK1', 'Task 1', '1250.5']);
  });

  it('gives search hits their highlights and lists none', () => {
    const hits = [task(1, { __highlights: ['the <em>printer</em>'] }), task(2)];
    const table = tableOf({ kind: 'search', scope: app, params: { ss: 'printer' } }, hits, 2);
    assert.deepEqual(table.highlights(), ['the <em>printer</em>', '']);
    assert.deepEqual(table.highlights(1), ['']);
    assert.equal(tableOf(list(), hits, 2).highlights(), undefined);
  });

  it('locates a row: its own aliases, else the scope of the block', () => {
    const table = tableOf(list(), [task(1)], 1);
    assert.deepEqual(table.locationOf(0), { workspace: 'IT', app: 'TASK', recordId: 'r1' });
    assert.equal(table.locationOf(5), undefined);
    assert.deepEqual(recordLocation({ id: 'x' }, app), { workspace: 'IT', app: 'TASK', recordId: 'x' });
    assert.deepEqual(recordLocation({ id: 'x', publishing_alias: 'BUG' }, { kind: 'workspace', workspace: 'IT' }), { workspace: 'IT', app: 'BUG', recordId: 'x' });
    assert.equal(recordLocation({ id: 'x' }, { kind: 'workspace', workspace: 'IT' }), undefined, 'a workspace scope does not say the app');
  });

  it('shows dates in the signed-in user\'s time zone, as the record form does, not in the machine\'s', () => {
    const record = task(1, { update_date: '2026-03-05T23:30:00Z' });
    const zones = { tokyo: 'Asia/Tokyo', angeles: 'America/Los_Angeles' };
    const cellOf = (zone: string | undefined): string | undefined => {
      const table = new RecordTable(list('update_date'), () => 'en', new Map(), () => zone);
      table.prepare({ ...schema, fields: { ...schema.fields, update_date: { name: 'update_date', ed_caption: 'Updated', ed_custom_field_type: 'datetime', field_type: 'datetime' } } }, [record]);
      table.reset([record], 1);
      return table.rows()[0]?.cells[1];
    };
    // The record form formats with the user's zone (records/editor/recordLoader.ts): the same text.
    assert.equal(cellOf(zones.tokyo), formatDateTime('2026-03-05T23:30:00Z', zones.tokyo, 'en'));
    assert.match(cellOf(zones.tokyo) ?? '', /Mar 6, 2026/, 'the next day in Tokyo');
    assert.match(cellOf(zones.angeles) ?? '', /Mar 5, 2026, 03:30\sPM/);
    // Not known yet (or not a zone): the machine's, as before the user was read.
    const machine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    assert.equal(cellOf(undefined), formatDateTime('2026-03-05T23:30:00Z', machine, 'en'));
    assert.equal(cellOf('Mars/Olympus'), formatDateTime('2026-03-05T23:30:00Z', machine, 'en'));
  });
});
