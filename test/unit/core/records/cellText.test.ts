import { strict as assert } from 'node:assert';
import type { RecordData } from '../../../../src/core/contract/types';
import type { DisplayContext } from '../../../../src/core/records';
import type { RlxScopeSchema } from '../../../../src/core/rlx/language';
import { cellText, compareRecords, exportCells, rowCells } from '../../../../src/core/records/cellText';
import { groupsTable, pivotConfigOfBlock } from '../../../../src/extension/query/results/pivotHandoff';
import { resultFields } from '../../../../src/core/records/resultColumns';

const schema: RlxScopeSchema = {
  fields: {
    title: { name: 'title', ed_caption: { en: 'Title', de: 'Titel' }, ed_custom_field_type: 'text', ed_in_grid: true },
    state: { name: 'state', ed_caption: 'State', ed_custom_field_type: 'lookup' },
    keeper_id: { name: 'keeper_id', ed_caption: 'Assignee', ed_custom_field_type: 'person', ed_in_grid: true },
    update_date: { name: 'update_date', ed_caption: 'Updated', ed_custom_field_type: 'datetime', field_type: 'datetime' },
    c_amount: { name: 'c_amount', ed_caption: 'Amount', ed_custom_field_type: 'number', field_type: 'real', ed_formatting_pre: '$' },
    description: { name: 'description', ed_caption: 'Description', ed_custom_field_type: 'richtext' },
  },
  lookups: { state: [{ id: 'open', caption: 'Open' }, { id: 'in_progress', caption: 'In progress' }] },
  users: [{ id: 'u1', name: 'Ada Admin', role: 'admin' }],
};
const ctx: DisplayContext = { timeZone: 'UTC', locale: 'en', users: new Map([['u1', 'Ada Admin']]) };
const record: RecordData = { id: 'g1', number: 12, project_alias: 'IT', publishing_alias: 'TASK', title: 'Printer', state: 'in_progress', keeper_id: 'u1', update_date: '2026-03-05T14:30:00Z', c_amount: 1250.5, priority: 'high' };

describe('results columns and cells', () => {
  it('defaults to the reference, the title and the key fields the app has, with schema captions', () => {
    const fields = resultFields(undefined, schema, new Set(Object.keys(record)));
    assert.deepEqual(fields.map((f) => f.caption), ['Reference', 'Title', 'State', 'Priority', 'Assignee', 'Updated']);
  });

  it('follows @fields in order, without repeating identity fields, and knows numbers', () => {
    const fields = resultFields('c_amount, title,number,id,title', schema, new Set());
    assert.deepEqual(fields.map((f) => f.name), ['number', 'c_amount', 'title']);
    assert.equal(fields[1]?.numeric, true);
  });

  it('expands ALL to readable schema fields and GRID to the grid fields', () => {
    assert.deepEqual(resultFields('ALL', schema, new Set()).map((f) => f.name), ['number', 'title', 'state', 'keeper_id', 'update_date', 'c_amount']);
    assert.deepEqual(resultFields('grid', schema, new Set()).map((f) => f.name), ['number', 'title', 'keeper_id']);
  });

  it('without a schema uses system captions and whatever the records carry', () => {
    const fields = resultFields(undefined, undefined, new Set(['title', 'state']));
    assert.deepEqual(fields.map((f) => f.caption), ['Reference', 'Title', 'State']);
  });

  it('shows lookup captions, people by name, dates in the zone, numbers with their prefix', () => {
    const fields = resultFields('title,state,keeper_id,update_date,c_amount', schema, new Set());
    assert.deepEqual(rowCells(record, fields, ctx), ['IT/TASK12', 'Printer', 'In progress', 'Ada Admin', 'Mar 5, 2026, 02:30 PM UTC', '$1,250.5']);
    assert.deepEqual(exportCells(record, fields, ctx).slice(-2), [record.update_date, '1250.5'], 'exports keep dates ISO and numbers bare');
  });

  it('falls back to what the service resolved for fields the schema does not know', () => {
    const [, other] = resultFields('c_other', undefined, new Set());
    assert.equal(cellText({ id: 'x', c_other: 'k1', _renderobj: { c_other__resolved: 'Kitchen' } }, other!, ctx), 'Kitchen');
    assert.equal(cellText({ id: 'x', c_other: { a: 1 } }, other!, ctx), '{"a":1}');
    assert.equal(cellText({ id: 'x' }, other!, ctx), '');
  });

  it('adds the text around the first match for search hits, without its markup', () => {
    const fields = resultFields(undefined, schema, new Set(['title']), true);
    assert.equal(fields.at(-1)?.caption, 'Match');
    assert.equal(cellText({ id: 'h', __highlights: ['the <em>office printers</em> on &amp; off', 'second'] }, fields.at(-1)!, ctx), 'the office printers on & off');
    assert.equal(cellText({ id: 'h' }, fields.at(-1)!, ctx), '');
  });

  it('sorts complete results by raw value, missing values last', () => {
    const records: RecordData[] = [{ id: 'a', n: 10 }, { id: 'b' }, { id: 'c', n: 9 }, { id: 'd', n: 100 }];
    assert.deepEqual([...records].sort(compareRecords('n', 'asc')).map((r) => r.id), ['c', 'a', 'd', 'b']);
    assert.deepEqual([...records].sort(compareRecords('n', 'desc')).map((r) => r.id), ['d', 'a', 'c', 'b']);
    const texts: RecordData[] = [{ id: 'a', t: 'item 10' }, { id: 'b', t: 'Item 9' }];
    assert.deepEqual(texts.sort(compareRecords('t', 'asc')).map((r) => r.id), ['b', 'a'], 'natural, case-insensitive order');
  });

  it('turns a @pivot block into the pivot view settings, and its groups into grid rows', () => {
    assert.deepEqual(pivotConfigOfBlock({ dimensions4Pivot: 'state,creation_date__pivotbymonth', statsFields: 'c_amount', rlx: 'priority = "high"' }), {
      dimensions: [{ field: 'state' }, { field: 'creation_date', grouping: 'month' }], measure: 'sum', chart: 'auto', statsField: 'c_amount', rlx: 'priority = "high"',
    });
    assert.equal(pivotConfigOfBlock({ dimensions4Pivot: 'a,b,c,d' }), undefined, 'more dimensions than the pivot view takes');
    const table = groupsTable({ dimensions4Pivot: 'state', statsFields: 'c_amount' }, {
      data: [{ state: 'open', state__resolved: 'Open', _count: 3, c_amount: { sum: 12, avg: 4, min: 1, max: 6 } }, { state: null, _count: 1, c_amount: { sum: null, avg: null, min: null, max: null } }],
      filteredRecordsCount: 4, totalRecordsCount: 10,
    });
    assert.deepEqual(table.columns.map((c) => c.caption), ['state', 'Count', 'Sum of c_amount']);
    assert.deepEqual(table.rows.map((r) => r.cells), [['Open', '3', '12'], ['(none)', '1', '']]);
  });
});
