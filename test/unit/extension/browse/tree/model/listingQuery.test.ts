import * as assert from 'node:assert/strict';
import type { AppSchema, RecordData } from '../../../../../../src/core/contract/types';
import { checkFilter, clampPageSize, listOfFieldsFor, listingRlx, pageParams, sortByText } from '../../../../../../src/extension/browse/tree/model/listingQuery';
import { attachmentName, fileFieldNames, formatBytes, recordAttachments } from '../../../../../../src/core/records/recordAttachments';
import { countDescription, learnPeople, recordDescription, recordLabel, resolvedValue } from '../../../../../../src/core/records/recordText';
import { recordReference } from '../../../../../../src/core/contract/reference';
import { escapeMarkdown } from '../../../../../../src/core/rlx/language/markdown';
import { recordTooltipMarkdown } from '../../../../../../src/core/records/recordTooltip';
import { stateCategory, stateStyle } from '../../../../../../src/extension/browse/tree/model/stateStyle';
import { actionChoices } from '../../../../../../src/extension/browse/tree/commands/actionChoices';

const schema: AppSchema = {
  fields: {
    id: { name: 'id' },
    number: { name: 'number', ed_in_grid: true },
    title: { name: 'title', ed_in_grid: true },
    state: { name: 'state', ed_custom_field_type: 'lookup' },
    priority: { name: 'priority', ed_custom_field_type: 'lookup' },
    keeper_id: { name: 'keeper_id', ed_custom_field_type: 'person' },
    parent_id: { name: 'parent_id', ed_custom_field_type: 'lookup_link_to_entity' },
    attachments: { name: 'attachments', ed_custom_field_type: 'filelist', ed_control_type: 'filelist' },
    c_amount: { name: 'c_amount', ed_caption: { en: 'Amount', de: 'Betrag' }, ed_in_grid: true, ed_formatting_pre: '$' },
    c_notes: { name: 'c_notes', ed_custom_field_type: 'richtext' },
    c_spec_file: { name: 'c_spec_file', ed_custom_field_type: 'file', ed_control_type: 'file' },
  },
  lookups: { state: [{ id: 'in_progress', caption: 'In progress' }], priority: [{ id: 'high', caption: 'High' }] },
  transitions: [{ alias: 'start', caption: 'Start work', visible: true }, { alias: 'finish', caption: 'Finish', visible: true }],
};

const record: RecordData = {
  id: 'r1', number: 123, title: 'Printer on fire', project_alias: 'IT', publishing_alias: 'TASK', state: 'in_progress',
  priority: 'high', keeper_id: 'u1', c_amount: 12.5, creation_date: '2026-01-02T03:04:05Z',
  resolved_values: { keeper_id: { name: 'Bea Builder' } },
};

describe('tree model: record text', () => {
  it('builds the WS/APP123 reference and the number · state description', () => {
    assert.equal(recordReference(record), 'IT/TASK123');
    assert.equal(recordDescription(record, schema), '123 · In progress');
    assert.equal(recordLabel({ ...record, title: '  ' }), 'IT/TASK123');
  });

  it('resolves values from _renderobj, resolved_values, lookups and known people, in that order', () => {
    assert.equal(resolvedValue({ ...record, _renderobj: { state__resolved: 'Doing' } }, 'state', schema), 'Doing');
    assert.equal(resolvedValue(record, 'keeper_id'), 'Bea Builder');
    assert.equal(resolvedValue({ id: 'x', keeper_id: 'u9' }, 'keeper_id', schema, new Map([['u9', 'Cy Coder']])), 'Cy Coder');
    const people = new Map<string, string>();
    learnPeople([record], people, ['keeper_id']);
    assert.equal(people.get('u1'), 'Bea Builder');
  });

  it('shows "N of total" only while a filter is active', () => {
    assert.equal(countDescription(7, 42, true), '7 of 42');
    assert.equal(countDescription(7, 42, false), '42');
    assert.equal(countDescription(undefined, undefined, false), '');
  });
});

describe('tree model: tooltip', () => {
  it('escapes everything from the server so links and HTML show as text', () => {
    const hostile: RecordData = { ...record, title: '[click](command:evil) <img src=x> **bold**' };
    const markdown = recordTooltipMarkdown(hostile, { schema });
    assert.ok(!markdown.includes('[click](command:evil)'), markdown);
    assert.ok(markdown.includes('\\[click\\]\\(command\\:evil\\)'), markdown);
    assert.ok(!/(^|[^\\])<img/.test(markdown), markdown);
    assert.equal(escapeMarkdown('a*b_c'), 'a\\*b\\_c');
  });

  it('keeps the reference one inline code span: an alias with a newline renders no image or link', async () => {
    const { marked } = await import('marked');
    const image = '![x](https://evil.example/pixel.png)';
    const link = '[open](https://evil.example/)';
    const hostile: RecordData = { ...record, project_alias: `IT\n\n${image}\n\n`, publishing_alias: `TASK\r\n${link}\n\`\`x`, title: `A\n\n${image}` };
    const html = marked.parse(recordTooltipMarkdown(hostile, { schema }), { async: false });
    assert.doesNotMatch(html, /<img\b|<a\b/, html);
    assert.match(html, /<code>[^<]*pixel\.png[^<]*open[^<]*<\/code>/, `the reference is one code span: ${html}`);
  });

  it('names the assignee and shows key custom fields with their formatting', () => {
    const markdown = recordTooltipMarkdown(record, { schema, formatDate: () => 'Jan 2' });
    assert.match(markdown, /Assignee: Bea Builder/);
    assert.match(markdown, /State: In progress/);
    assert.match(markdown, /Amount: \\\$12\\\.5/);
    assert.match(markdown, /Created: Jan 2/);
    assert.match(markdown, /`IT\/TASK123`/);
  });
});

describe('tree model: listing query', () => {
  it('lists only top-level records when the app has a parent field and no filter', () => {
    assert.equal(listingRlx({ kind: 'app' }, {}, schema), 'parent_id = null');
    assert.equal(listingRlx({ kind: 'app' }, {}, { fields: { title: { name: 'title' } } }), undefined);
    assert.equal(listingRlx({ kind: 'children', parentId: 'a"b' }, {}, schema), 'parent_id = "a\\"b"');
    assert.equal(listingRlx({ kind: 'app' }, { filter: 'state = "open"' }, schema), 'state = "open"');
  });

  it('asks for one page with the grid and file fields, sorted as set', () => {
    const params = pageParams({ kind: 'app' }, { sortBy: 'number desc' }, schema, { skip: 50, size: 50 });
    assert.equal(params.limitRecords, 50);
    assert.equal(params.skipRecords, 50);
    assert.equal(params.sortBy, 'number desc');
    const fields = params.listOfFields!.split(',');
    for (const name of ['id', 'title', 'state', 'c_amount', 'attachments', 'c_spec_file', 'parent_id']) assert.ok(fields.includes(name), name);
    assert.ok(!fields.includes('c_notes'));
    assert.equal(listOfFieldsFor(undefined), 'ALL');
  });

  it('clamps the page size to 1..500 with 50 as default', () => {
    assert.equal(clampPageSize(undefined), 50);
    assert.equal(clampPageSize(10_000), 500);
    assert.equal(clampPageSize(0), 1);
  });

  it('rejects a bad filter before sending it, and builds sortBy from valid names only', () => {
    const bad = checkFilter('state = open');
    assert.equal(bad.ok, false);
    assert.ok(!bad.ok && /quoted/.test(bad.message));
    assert.deepEqual(checkFilter(' state = "open" '), { ok: true, filter: 'state = "open"' });
    assert.equal(sortByText('creation_date', 'desc'), 'creation_date desc');
    assert.throws(() => sortByText('bad name; drop', 'asc'));
  });
});

describe('tree model: attachments, states and actions', () => {
  it('finds attachments in __link_lists and in file fields, once each', () => {
    const withFiles: RecordData = {
      ...record,
      __link_lists: { attachments: [{ file_uid: 'f1', id: 'f1', title: 'log.txt', link_data: { size: 2048 } }] },
      c_spec_file: [{ file_uid: 'f2', id: 'f2' }],
    };
    const found = recordAttachments(withFiles, fileFieldNames(schema));
    assert.deepEqual(found.map((a) => `${a.field}:${a.attachment.file_uid}`).sort(), ['attachments:f1', 'c_spec_file:f2']);
    assert.equal(attachmentName(found.find((a) => a.attachment.file_uid === 'f2')!.attachment), 'f2');
    assert.equal(formatBytes(2048), '2.0 KB');
    assert.equal(formatBytes(undefined), '');
  });

  it('colours done states green and leaves unknown states neutral', () => {
    assert.equal(stateStyle('done').color, 'charts.green');
    assert.equal(stateCategory('In Progress'), 'active');
    assert.equal(stateCategory('lost'), 'failed');
    assert.equal(stateStyle('zzz').color, undefined);
  });

  it('offers app-defined actions with schema captions, not edit or delete', () => {
    assert.deepEqual(actionChoices(['edit', 'start', 'delete', 'mystery'], schema), [
      { alias: 'start', caption: 'Start work' },
      { alias: 'mystery', caption: 'mystery' },
    ]);
  });
});
