import { strict as assert } from 'node:assert';
import { PARENT_TASK_ID, PRINTER_TASK_ID } from '../../../src/sandbox/demoService';
import { ADMIN, rejection, TASK, sandboxForSuite } from './support';

describe('sandbox domain: list', () => {
  const sb = sandboxForSuite();

  it('lists 10 records by default, with counts', () => {
    const page = sb.service.list(ADMIN, TASK, {});
    assert.equal(page.data.length, 10);
    assert.equal(page.unfilteredRecordsCount, 80);
    assert.equal(page.filteredRecordsCount, 80);
    assert.ok(page.data.every((r) => r.project_alias === 'IT' && r.publishing_alias === 'TASK'));
  });

  it('filters with rlx and counts the matches', () => {
    const page = sb.service.list(ADMIN, TASK, { rlx: 'state = "open" AND c_amount >= 100', limitRecords: 500 });
    assert.ok(page.filteredRecordsCount > 0 && page.filteredRecordsCount < 80);
    assert.equal(page.data.length, page.filteredRecordsCount);
    for (const r of page.data) {
      assert.equal(r.state, 'open');
      assert.ok((r.c_amount as number) >= 100);
    }
  });

  it('sorts by a field in both directions, empty values last', () => {
    const asc = sb.service.list(ADMIN, TASK, { sortBy: 'c_amount asc', limitRecords: 500 }).data.map((r) => r.c_amount as number);
    const desc = sb.service.list(ADMIN, TASK, { sortBy: 'c_amount desc', limitRecords: 500 }).data.map((r) => r.c_amount as number);
    assert.deepEqual(asc, [...asc].sort((a, b) => a - b));
    assert.deepEqual(desc, [...asc].reverse());
  });

  it('puts empty values last in both directions', () => {
    for (const dir of ['asc', 'desc']) {
      const dates = sb.service.list(ADMIN, TASK, { sortBy: `c_due_date ${dir}`, limitRecords: 500 }).data.map((r) => r.c_due_date as string | null);
      const firstEmpty = dates.indexOf(null);
      assert.ok(firstEmpty > 0, 'demo data has tasks with and without a due date');
      assert.ok(dates.slice(firstEmpty).every((d) => d === null));
      const filled = dates.slice(0, firstEmpty) as string[];
      assert.deepEqual(filled, [...filled].sort((a, b) => (dir === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
    }
  });

  it('pages with skipRecords/limitRecords without overlaps', () => {
    const all = sb.service.list(ADMIN, TASK, { sortBy: 'number asc', limitRecords: 30 }).data.map((r) => r.id);
    const page2 = sb.service.list(ADMIN, TASK, { sortBy: 'number asc', limitRecords: 10, skipRecords: 10 }).data.map((r) => r.id);
    assert.deepEqual(page2, all.slice(10, 20));
  });

  it('rejects bad filters and unknown fields with 400', async () => {
    const syntax = await rejection(() => sb.service.list(ADMIN, TASK, { rlx: 'state = open' }));
    assert.equal(syntax.status, 400);
    assert.equal(syntax.code, 'invalid_filter');
    const unknown = await rejection(() => sb.service.list(ADMIN, TASK, { rlx: 'c_nope = "x"' }));
    assert.equal(unknown.code, 'unknown_field');
    assert.match(unknown.message, /c_nope/);
    const sort = await rejection(() => sb.service.list(ADMIN, TASK, { sortBy: 'c_nope asc' }));
    assert.equal(sort.code, 'unknown_field');
    const app = await rejection(() => sb.service.list(ADMIN, { workspace: 'IT', app: 'NOPE' }, {}));
    assert.equal(app.status, 404);
  });

  it('lists globally across apps when no scope is given', () => {
    const page = sb.service.list(ADMIN, undefined, { rlx: 'publishing_alias = "DEAL"', limitRecords: 5 });
    assert.equal(page.filteredRecordsCount, 30);
    assert.equal(page.unfilteredRecordsCount, 200);
    assert.ok(page.data.every((r) => r.publishing_alias === 'DEAL'));
  });

  it('shapes records: resolved values, render strings, transitions, counts', () => {
    const [printer] = sb.service.list(ADMIN, TASK, { rlx: `id = "${PRINTER_TASK_ID}"` }).data;
    assert.equal(printer.state, 'open');
    assert.equal((printer.resolved_values as Record<string, unknown>).state, 'Open');
    assert.equal(printer._renderobj?.c_amount__resolved, '$120.5');
    assert.ok(printer._renderobj?.keeper_id__resolved === undefined || typeof printer._renderobj.keeper_id__resolved === 'string');
    assert.deepEqual(printer.transitions, ['start', 'escalate']);
    assert.equal(printer.description, undefined, 'rich text only with loadRichTexts');
    assert.equal(printer.__link_lists, undefined, 'list fields only when asked for');
    const [parent] = sb.service.list(ADMIN, TASK, { rlx: `id = "${PARENT_TASK_ID}"` }).data;
    assert.equal(parent.__children_count, 2);
  });

  it('listOfFields: ALL includes list fields, names select fields, GRID uses grid fields', () => {
    const [all] = sb.service.list(ADMIN, TASK, { rlx: `id = "${PRINTER_TASK_ID}"`, listOfFields: 'ALL', loadRichTexts: true }).data;
    assert.equal((all.__link_lists?.attachments as { title: string }[])[0].title, 'printer-notes.txt');
    assert.match(String(all.description), /floor 3/);
    const [named] = sb.service.list(ADMIN, TASK, { rlx: `id = "${PRINTER_TASK_ID}"`, listOfFields: 'title,attachments' }).data;
    assert.equal(named.title, 'Replace printer toner on floor 3');
    assert.equal(named.c_amount, undefined);
    assert.equal(named.__link_lists?.attachments.length, 1);
    const [grid] = sb.service.list(ADMIN, TASK, { rlx: `id = "${PRINTER_TASK_ID}"`, listOfFields: 'GRID' }).data;
    assert.equal(grid.c_amount, 120.5);
    assert.equal(grid.c_cost, undefined);
  });

  it('expands links and lists ancestors unless skipped', () => {
    const child = sb.service.list(ADMIN, TASK, { rlx: `parent_id = "${PARENT_TASK_ID}"`, expandRecord: true }).data[0];
    assert.equal((child.parent_id as unknown as { id: string }).id, PARENT_TASK_ID);
    assert.equal((child.__ancestors as { id: string }[])[0].id, PARENT_TASK_ID);
    const skipped = sb.service.list(ADMIN, TASK, { rlx: `parent_id = "${PARENT_TASK_ID}"`, skipAncestors: true }).data[0];
    assert.equal(skipped.parent_id, PARENT_TASK_ID);
    assert.equal(skipped.__ancestors, undefined);
  });

  it('describes workspaces and schemas (contract 2.3, 2.4)', async () => {
    const ws = sb.service.workspace(ADMIN, 'IT');
    assert.deepEqual(ws.tabs?.map((t) => t.process_alias), ['TASK', 'INCIDENT', 'EMPTY']);
    assert.ok(ws.workspace_users?.every((u) => typeof u.id === 'string'));
    const schema = sb.service.schema(ADMIN, TASK);
    assert.deepEqual(schema.fields?.c_amount.ed_caption, { en: 'Amount', de: 'Betrag' });
    assert.equal(schema.fields?.c_amount.ed_formatting_pre, '$');
    assert.equal(schema.fields?.attachments.ed_control_type, 'filelist');
    assert.equal(schema.fields?.c_spec_file.ed_control_type, 'file');
    assert.deepEqual(schema.lookups?.state.map((l) => l.id), ['open', 'in_progress', 'done']);
    assert.ok(schema.transitions?.some((t) => t.visible === false));
    assert.equal((await rejection(() => sb.service.workspace(ADMIN, 'NOPE'))).status, 404);
    assert.equal((await rejection(() => sb.service.schema(ADMIN, { workspace: 'IT', app: 'NOPE' }))).status, 404);
    assert.equal(sb.service.list(ADMIN, { workspace: 'IT', app: 'EMPTY' }, {}).unfilteredRecordsCount, 0);
  });
});
