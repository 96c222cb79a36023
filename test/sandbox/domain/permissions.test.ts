import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { CONFIDENTIAL_TASK_ID, DEMO_USERS, PRINTER_NOTES_FILE_UID, PRINTER_TASK_ID } from '../../../src/sandbox/demoService';
import { ADMIN, MEMBER, READER, rejection, RESTRICTED, TASK, sandboxForSuite } from './support';

describe('sandbox domain: permissions of each demo user', () => {
  const sb = sandboxForSuite();

  it('Ada (admin) reads every workspace, every field, and is admin', () => {
    assert.equal(sb.service.list(ADMIN, undefined, {}).unfilteredRecordsCount, 200);
    assert.equal(sb.service.currentUser(ADMIN).is_admin, true);
    assert.ok('c_cost' in (sb.service.schema(ADMIN, TASK).fields ?? {}));
    assert.equal(sb.service.list(ADMIN, TASK, { rlx: `id = "${CONFIDENTIAL_TASK_ID}"` }).data.length, 1);
  });

  it('Max (member) sees IT and SALES only: HR is empty, its schema and workspace are {}', () => {
    const rows = sb.service.aggregate(MEMBER, undefined, { dimensions4Pivot: 'project_alias' }).data.map((r) => r.project_alias);
    assert.deepEqual(rows, ['IT', 'SALES']);
    assert.equal(sb.service.list(MEMBER, { workspace: 'HR', app: 'HIRING' }, {}).unfilteredRecordsCount, 0);
    // Filters and dimensions on an unreadable app give empty answers, not unknown_field.
    assert.deepEqual(sb.service.list(MEMBER, { workspace: 'HR', app: 'HIRING' }, { rlx: 'c_position = "x"', listOfFields: 'c_position' }), { data: [], filteredRecordsCount: 0, unfilteredRecordsCount: 0 });
    assert.equal(sb.service.aggregate(MEMBER, { workspace: 'HR', app: 'HIRING' }, { dimensions4Pivot: 'c_position' }).data.length, 0);
    assert.deepEqual(sb.service.workspace(MEMBER, 'HR'), {});
    assert.deepEqual(sb.service.schema(MEMBER, { workspace: 'HR', app: 'HIRING' }), {});
    assert.equal(sb.service.history(MEMBER, { rlx: 'project_alias = "HR"' }).length, 0);
    assert.equal(sb.service.currentUser(MEMBER).is_admin, false);
  });

  it('Rita (restricted) never sees c_cost of IT/TASK, and using it is unknown_field', async () => {
    const schema = sb.service.schema(RESTRICTED, TASK);
    assert.ok(schema.fields && !('c_cost' in schema.fields));
    const page = sb.service.list(RESTRICTED, TASK, { listOfFields: 'ALL', limitRecords: 50 });
    assert.ok(page.data.every((r) => !('c_cost' in r)));
    assert.equal((await rejection(() => sb.service.list(RESTRICTED, TASK, { rlx: 'c_cost > 1' }))).code, 'unknown_field');
    assert.equal((await rejection(() => sb.service.aggregate(RESTRICTED, TASK, { dimensions4Pivot: 'state', statsFields: 'c_cost' }))).code, 'unknown_field');
    assert.equal((await rejection(() => sb.service.list(RESTRICTED, TASK, { listOfFields: 'title,c_cost' }))).code, 'unknown_field');
    // Every entry of IT/TASK: fewer than the 500 an answer holds at most.
    const history = sb.service.history(RESTRICTED, { rlx: 'project_alias = "IT" AND publishing_alias = "TASK"', limitRecords: 500 });
    assert.ok(history.length > 0 && history.length < 500, `${history.length} entries`);
    assert.ok(history.every((h) => !('c_cost' in h)));
  });

  it('Rita does not see confidential records anywhere', async () => {
    const all = sb.service.list(RESTRICTED, undefined, { rlx: 'c_confidential = "yes"' });
    assert.equal(all.filteredRecordsCount, 0);
    assert.ok(sb.service.list(ADMIN, undefined, { rlx: 'c_confidential = "yes"' }).filteredRecordsCount > 0);
    assert.equal(sb.service.history(RESTRICTED, { rlx: `id = "${CONFIDENTIAL_TASK_ID}"` }).length, 0);
    assert.equal(sb.service.search(RESTRICTED, { ss: 'salary auditors' }).data.some((r) => r.id === CONFIDENTIAL_TASK_ID), false);
    const edit = await rejection(() => sb.service.batch(RESTRICTED, [{ transition: 'edit', id: CONFIDENTIAL_TASK_ID, title: 'x' }]));
    assert.equal(edit.status, 404);
  });

  it('Rob (readonly) reads IT and SALES, gets no actions, and every write is 403', async () => {
    const [printer] = sb.service.list(READER, TASK, { rlx: `id = "${PRINTER_TASK_ID}"` }).data;
    assert.deepEqual(printer.transitions, []);
    const add = await rejection(() => sb.service.batch(READER, [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'x' }]));
    assert.equal(add.status, 403);
    assert.equal(add.code, 'forbidden');
    const start = await rejection(() => sb.service.batch(READER, [{ transition: 'start', id: PRINTER_TASK_ID }]));
    assert.equal(start.status, 403);
  });

  it('a member cannot write into a workspace they do not belong to', async () => {
    const add = await rejection(() => sb.service.batch(MEMBER, [{ transition: 'add', workspace_alias: 'HR', app_alias: 'HIRING', title: 'x' }]));
    assert.equal(add.status, 403);
  });

  it('downloads committed attachments only for users who can read the record', async () => {
    const info = sb.service.download(ADMIN, PRINTER_NOTES_FILE_UID);
    assert.equal(info.filename, 'printer-notes.txt');
    assert.match(fs.readFileSync(info.path, 'utf8'), /duplex unit jams/);
    assert.equal(info.mimeType, 'text/plain');
    assert.equal((await rejection(() => sb.service.download(ADMIN, '00000000-0000-4000-b000-00000000ffff'))).status, 404);
    const alan = DEMO_USERS.find((u) => u.name === 'Alan Turing')!;
    assert.equal((await rejection(() => sb.service.download(alan, PRINTER_NOTES_FILE_UID))).status, 404);
  });

  it('finds users by token and id', () => {
    assert.equal(sb.service.userByToken('sandbox-restricted-token')?.name, 'Rita Restricted');
    assert.equal(sb.service.userById('00000000-0000-4000-8000-000000000004')?.role, 'readonly');
    assert.equal(sb.service.userByToken('nope'), undefined);
  });
});
