import * as assert from 'node:assert/strict';
import type { AppSchema, RecordData } from '../../../../src/core/contract/types';
import {
  buildFormFields,
  changedFields,
  controlKindOf,
  defaultValuesOf,
  detectConflict,
  displayValue,
  formValuesOf,
  displayTimeZone,
  formatDateTime,
  fromLocalInputValue,
  historyItems,
  mergeChanges,
  toLocalInputValue,
} from '../../../../src/core/records';

const schema: AppSchema = {
  fields: {
    id: { name: 'id', ed_custom_field_type: 'text', ed_read_only: true },
    title: { name: 'title', ed_caption: { en: 'Title', de: 'Titel' }, ed_custom_field_type: 'text', ed_help_text: 'A short summary.' },
    state: { name: 'state', ed_caption: 'State', ed_custom_field_type: 'lookup' },
    c_amount: { name: 'c_amount', ed_caption: 'Amount', ed_custom_field_type: 'number', field_type: 'real', ed_formatting_pre: '$' },
    c_estimate_hours: { name: 'c_estimate_hours', ed_caption: 'Estimate', ed_custom_field_type: 'number', field_type: 'integer', ed_formatting_post: ' h', ed_default_value_expression: '4' },
    c_due: { name: 'c_due', ed_custom_field_type: 'datetime' },
    keeper_id: { name: 'keeper_id', ed_custom_field_type: 'person' },
    created_by_account_id: { name: 'created_by_account_id', ed_custom_field_type: 'authorinfo', ed_read_only: true },
    attachments: { name: 'attachments', ed_custom_field_type: 'filelist', ed_control_type: 'filelist' },
    c_strange: { name: 'c_strange', ed_custom_field_type: 'geo_polygon' },
  },
  lookups: { state: [{ id: 'open', caption: 'Open' }, { id: 'done', caption: 'Done' }] },
};

describe('editor: form model', () => {
  it('picks a control for every kind, and "unknown" for markers it has never seen', () => {
    const kinds = Object.fromEntries(Object.values(schema.fields!).map((d) => [d.name, controlKindOf(d)]));
    assert.deepEqual(kinds, {
      id: 'text', title: 'text', state: 'lookup', c_amount: 'real', c_estimate_hours: 'integer', c_due: 'datetime',
      keeper_id: 'person', created_by_account_id: 'authorinfo', attachments: 'filelist', c_strange: 'unknown',
    });
  });

  it('builds labels from localized captions, keeps help text, leaves header fields out, and makes unknown kinds read-only', () => {
    const fields = buildFormFields(schema, { locale: 'de-DE' });
    assert.equal(fields.find((f) => f.name === 'id'), undefined);
    const title = fields.find((f) => f.name === 'title')!;
    assert.equal(title.label, 'Titel');
    assert.equal(title.help, 'A short summary.');
    assert.equal(fields.find((f) => f.name === 'c_strange')!.readOnly, true);
    assert.equal(fields.find((f) => f.name === 'c_due')!.label, 'c_due');
    assert.deepEqual(fields.find((f) => f.name === 'state')!.options, [{ id: 'open', caption: 'Open' }, { id: 'done', caption: 'Done' }]);
  });

  it('leaves read-only fields out of a new record and fills defaults typed for the control', () => {
    const fields = buildFormFields(schema, { forNewRecord: true });
    assert.equal(fields.some((f) => f.name === 'created_by_account_id' || f.name === 'c_strange'), false);
    const values = defaultValuesOf(schema, fields);
    assert.equal(values.c_estimate_hours, 4);
    assert.deepEqual(values.attachments, []);
    assert.equal(values.title, null);
  });

  it('reads file fields from __link_lists', () => {
    const fields = buildFormFields(schema);
    const record: RecordData = { id: 'r', title: 'T', __link_lists: { attachments: [{ file_uid: 'f', id: 'f', title: 'a.txt' }] } };
    const values = formValuesOf(record, fields);
    assert.deepEqual(values.attachments, [{ file_uid: 'f', id: 'f', title: 'a.txt' }]);
    assert.equal(values.c_amount, null);
  });
});

describe('editor: changed fields and conflicts', () => {
  it('sends only the fields that changed, ignoring key order and null versus missing', () => {
    const loaded = { title: 'A', c_amount: 1, attachments: [{ id: 'f', title: 'x' }], c_due: null };
    const edited = { title: 'B', c_amount: 1, attachments: [{ title: 'x', id: 'f' }], c_due: undefined };
    assert.deepEqual(changedFields(loaded, edited), { title: 'B' });
  });

  it('reports server changes and the ones that overlap the user\'s edits', () => {
    const loaded = { title: 'A', state: 'open', c_amount: 1 };
    const current = { title: 'A2', state: 'done', c_amount: 1 };
    const report = detectConflict(loaded, current, { title: 'Mine', c_amount: 2 });
    assert.deepEqual(report.changedOnServer, ['title', 'state']);
    assert.deepEqual(report.overlapping, ['title']);
  });

  it('merges the user\'s changes over the server version', () => {
    const merged = mergeChanges({ title: 'A2', state: 'done', c_amount: 1 }, { c_amount: 2, state: 'done' });
    assert.deepEqual(merged.values, { title: 'A2', state: 'done', c_amount: 2 });
    assert.deepEqual(merged.changes, { c_amount: 2 });
  });
});

describe('editor: date-times in the user\'s time zone', () => {
  it('shows UTC in Berlin and sends it back as the same instant', () => {
    assert.equal(toLocalInputValue('2026-03-05T14:30:00Z', 'Europe/Berlin'), '2026-03-05T15:30');
    assert.equal(fromLocalInputValue('2026-03-05T15:30', 'Europe/Berlin'), '2026-03-05T14:30:00Z');
    // Summer time: +2 h.
    assert.equal(fromLocalInputValue('2026-07-01T10:00', 'Europe/Berlin'), '2026-07-01T08:00:00Z');
    assert.equal(toLocalInputValue('2026-07-01T08:00:00Z', 'America/New_York'), '2026-07-01T04:00');
  });

  it('reads a time a DST change skips as after the change, and a repeated time as its first, on both sides of UTC', () => {
    // Spring forward: 02:30 does not exist; it is 03:30 summer time.
    assert.equal(fromLocalInputValue('2026-03-29T02:30', 'Europe/Berlin'), '2026-03-29T01:30:00Z');
    assert.equal(fromLocalInputValue('2026-03-08T02:30', 'America/New_York'), '2026-03-08T07:30:00Z');
    // Fall back: 02:30 (Berlin) and 01:30 (New York) happen twice; the first is still summer time.
    assert.equal(fromLocalInputValue('2026-10-25T02:30', 'Europe/Berlin'), '2026-10-25T00:30:00Z');
    assert.equal(fromLocalInputValue('2026-11-01T01:30', 'America/New_York'), '2026-11-01T05:30:00Z');
    assert.equal(toLocalInputValue('2026-10-25T00:30:00Z', 'Europe/Berlin'), '2026-10-25T02:30');
    assert.equal(toLocalInputValue('2026-10-25T01:30:00Z', 'Europe/Berlin'), '2026-10-25T02:30');
  });

  it('formats for people in the zone, with the zone named', () => {
    const text = formatDateTime('2026-03-05T14:30:00Z', 'Europe/Berlin', 'en');
    assert.match(text, /Mar 5, 2026/);
    assert.match(text, /03:30\sPM/);
    assert.match(text, /GMT\+1/);
    assert.equal(formatDateTime('not a date', 'UTC'), 'not a date');
  });

  it('shows dates in the user\'s zone, else the machine\'s, else UTC, on every surface', () => {
    assert.equal(displayTimeZone('Asia/Tokyo', 'Europe/Berlin'), 'Asia/Tokyo');
    assert.equal(displayTimeZone(undefined, 'Europe/Berlin'), 'Europe/Berlin', 'the user not read yet');
    assert.equal(displayTimeZone('', 'Europe/Berlin'), 'Europe/Berlin');
    assert.equal(displayTimeZone('Mars/Olympus', 'Europe/Berlin'), 'Europe/Berlin', 'a zone the runtime does not know');
    assert.equal(displayTimeZone(undefined, 'Mars/Olympus'), 'UTC');
  });

  it('treats a bad zone as UTC and rejects malformed input', () => {
    assert.equal(toLocalInputValue('2026-03-05T14:30:00Z', 'Mars/Olympus'), '2026-03-05T14:30');
    assert.equal(fromLocalInputValue('yesterday', 'UTC'), undefined);
    assert.equal(fromLocalInputValue('2026-02-30T10:00', 'UTC'), undefined, 'a day the month does not have');
    assert.equal(toLocalInputValue(null, 'UTC'), '');
  });
});

describe('editor: display values and history', () => {
  const fields = buildFormFields(schema);
  const ctx = { timeZone: 'UTC', users: new Map([['u1', 'Ada Admin']]) };
  it('resolves lookups, people and numbers with prefix and suffix', () => {
    const f = (n: string) => fields.find((x) => x.name === n)!;
    assert.equal(displayValue(f('state'), 'done', ctx), 'Done');
    assert.equal(displayValue(f('keeper_id'), 'u1', ctx), 'Ada Admin');
    assert.equal(displayValue(f('c_amount'), 120.5, ctx), '$120.5');
    assert.equal(displayValue(f('c_amount'), 1234567.25, { ...ctx, locale: 'en-US' }), '$1,234,567.25', 'digits grouped');
    assert.equal(displayValue(f('c_amount'), 1234567.25, { ...ctx, locale: 'de-DE' }), '$1.234.567,25', 'the reader\'s separators');
    assert.equal(displayValue(f('c_estimate_hours'), 3, ctx), '3 h');
    assert.equal(displayValue(f('attachments'), [{ title: 'a.txt' }, { file_uid: 'x' }], ctx), 'a.txt, x');
  });

  it('turns history entries into rows with captions and display values, keeping the comment HTML aside', () => {
    const items = historyItems(
      [{ version_timestamp: '2026-03-05T14:30:00Z', version_account_id: 'u1', transition: 'edit', id: 'r', state: 'done', state__resolved: 'Done', c_amount: 3, comment: '<p>hi</p>' }],
      fields,
      ctx,
      new Map([['edit', 'Edit']]),
    );
    assert.equal(items.length, 1);
    assert.equal(items[0]!.who, 'Ada Admin');
    assert.equal(items[0]!.action, 'Edit');
    assert.deepEqual(items[0]!.changes, [{ label: 'State', value: 'Done' }, { label: 'Amount', value: '$3' }]);
    assert.equal(items[0]!.commentHtml, '<p>hi</p>');
  });
});
