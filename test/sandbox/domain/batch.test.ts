import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PRINTER_NOTES_FILE_UID, PRINTER_SPEC_FILE_UID, PRINTER_TASK_ID } from '../../../src/sandbox/demoService';
import { ADMIN, MEMBER, openSandbox, rejection, type Sandbox, TASK } from './support';

describe('sandbox domain: batch writes', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await openSandbox({ records: 50, clock: () => new Date('2026-11-05T10:00:00.000Z') });
  });
  afterEach(async () => {
    await sb.service.close();
    fs.rmSync(sb.dataDir, { recursive: true, force: true });
  });

  const get = (id: string, extra: object = {}) => sb.service.list(ADMIN, undefined, { rlx: `id = "${id}"`, listOfFields: 'ALL', loadRichTexts: true, ...extra }).data[0];

  it('adds, edits, runs an action and deletes, answering per decisions.md', async () => {
    const [added] = await sb.service.batch(MEMBER, [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'New task', priority: 'high', c_amount: 12.5 }]);
    assert.equal(added.successful, true);
    assert.equal(added.created, true);
    assert.deepEqual(Object.keys(added.data ?? {}).sort(), ['id', 'number', 'project_alias', 'publishing_alias']);
    const id = String(added.data?.id);
    const record = get(id);
    assert.equal(record.state, 'open');
    assert.equal(record.c_category, 'software', 'default value');
    assert.equal(record.created_by_account_id, MEMBER.id);
    assert.equal(record.creation_date, '2026-11-05T10:00:00.000Z');
    const results = await sb.service.batch(MEMBER, [
      { transition: 'edit', id, title: 'Renamed', minor_change: true },
      { transition: 'start', id, comment: 'Starting now' },
      { transition: 'finish', id },
    ]);
    assert.deepEqual(results.map((r) => r.updated), [true, true, true]);
    assert.deepEqual(results.map((r) => r.data?.state), ['open', 'in_progress', 'done']);
    const done = get(id);
    assert.equal(done.title, 'Renamed');
    assert.equal(done.amount_of_comments, 1);
    assert.deepEqual(done.transitions, ['reopen']);
    const history = sb.service.history(ADMIN, { rlx: `id = "${id}"` });
    assert.deepEqual(history.map((h) => h.transition), ['finish', 'start', 'edit', 'add']);
    assert.equal(history[1].comment, '<p>Starting now</p>');
    assert.equal(history[1].state__resolved, 'In progress');
    assert.equal(history[2].minor_change, true);
    assert.equal(history[0].version_account_id__resolved, 'Max Member');
    const [deleted] = await sb.service.batch(MEMBER, [{ transition: 'delete', id }]);
    assert.deepEqual(deleted, { successful: true, deleted: true, data: { id }, warnings: [] });
    assert.equal(get(id), undefined);
  });

  it('records a plain comment as transition "comment"', async () => {
    const before = get(PRINTER_TASK_ID).amount_of_comments as number;
    await sb.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, comment: 'Just a note' }]);
    const [latest] = sb.service.history(ADMIN, { rlx: `id = "${PRINTER_TASK_ID}"`, limitRecords: 1 });
    assert.equal(latest.transition, 'comment');
    assert.equal(get(PRINTER_TASK_ID).amount_of_comments, before + 1);
  });

  it('is all-or-nothing and names every failing operation', async () => {
    const before = sb.service.list(ADMIN, TASK, {}).unfilteredRecordsCount;
    const err = await rejection(() => sb.service.batch(ADMIN, [
      { transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'valid' },
      { transition: 'edit', id: PRINTER_TASK_ID, priority: 'High' },
      { transition: 'edit', id: PRINTER_TASK_ID, c_nope: 1 },
      { transition: 'finish', id: PRINTER_TASK_ID },
      { transition: 'edit', id: '00000000-0000-4000-a000-00000000dead', title: 'x' },
      { id: PRINTER_TASK_ID },
    ]));
    assert.equal(err.status, 400);
    assert.equal(err.code, 'invalid_value');
    assert.deepEqual(err.operations?.map((o) => o.index), [1, 2, 3, 4, 5]);
    assert.match(err.operations![0].message, /caption.*"high"/);
    assert.equal(sb.service.list(ADMIN, TASK, {}).unfilteredRecordsCount, before);
    assert.equal(get(PRINTER_TASK_ID).priority !== 'High', true);
  });

  it('uses the right status for each kind of failure', async () => {
    assert.equal((await rejection(() => sb.service.batch(ADMIN, { not: 'an array' }))).code, 'invalid_request');
    assert.equal((await rejection(() => sb.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, c_nope: 1 }]))).code, 'unknown_field');
    const missing = await rejection(() => sb.service.batch(ADMIN, [{ transition: 'edit', id: '00000000-0000-4000-a000-00000000dead' }]));
    assert.equal(missing.status, 404);
    assert.equal((await rejection(() => sb.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, number: 5 }]))).code, 'invalid_value');
    assert.equal((await rejection(() => sb.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, keeper_id: 'Ada Admin' }]))).code, 'invalid_value');
    assert.equal((await rejection(() => sb.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, c_amount: 'lots' }]))).code, 'invalid_value');
    assert.equal((await rejection(() => sb.service.batch(ADMIN, [{ transition: 'add', workspace_alias: 'IT', app_alias: 'NOPE' }]))).status, 404);
  });

  it('enforces the state machine: an action not valid in the state is 400 invalid_transition', async () => {
    const finish = await rejection(() => sb.service.batch(ADMIN, [{ transition: 'finish', id: PRINTER_TASK_ID }]));
    assert.equal(finish.status, 400);
    assert.equal(finish.code, 'invalid_transition');
    assert.match(finish.message, /in_progress/);
    assert.equal((await rejection(() => sb.service.batch(ADMIN, [{ transition: 'win', id: PRINTER_TASK_ID }]))).code, 'invalid_transition');
    // Later operations see the state earlier ones leave.
    await sb.service.batch(ADMIN, [{ transition: 'start', id: PRINTER_TASK_ID }, { transition: 'finish', id: PRINTER_TASK_ID }]);
    assert.equal(get(PRINTER_TASK_ID).state, 'done');
    const [escalated] = await sb.service.batch(ADMIN, [{ transition: 'reopen', id: PRINTER_TASK_ID }, { transition: 'escalate', id: PRINTER_TASK_ID }]).then((r) => r.slice(1));
    assert.equal(escalated.data?.state, 'open');
    assert.equal(get(PRINTER_TASK_ID).priority, 'high');
  });

  it('converts markdown to HTML, escapes raw HTML, keeps marked HTML as-is', async () => {
    await sb.service.batch(ADMIN, [{
      transition: 'edit', id: PRINTER_TASK_ID,
      description: '**Bold** and *italic* with [a link](https://example.com/?a=1&b=2) and [bad](javascript:alert(1))\n\n<script>alert(1)</script> second',
      c_notes: '<!-- html --><h2>Kept</h2><p>as is</p>',
    }]);
    const r = get(PRINTER_TASK_ID);
    assert.equal(r.description,
      '<p><strong>Bold</strong> and <em>italic</em> with <a href="https://example.com/?a=1&amp;b=2">a link</a> and [bad](javascript:alert(1))</p>' +
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; second</p>');
    assert.equal(r.c_notes, '<h2>Kept</h2><p>as is</p>');
  });

  it('file fields: the array replaces attachments; pending uploads commit after the save', async () => {
    const uid = sb.uploads.add('report.txt', 'quarterly wibblefrotz numbers');
    await sb.service.batch(ADMIN, [{
      transition: 'edit', id: PRINTER_TASK_ID,
      attachments: [{ file_uid: PRINTER_NOTES_FILE_UID, id: PRINTER_NOTES_FILE_UID }, { file_uid: uid, id: uid, pending: true }],
    }]);
    assert.deepEqual(sb.uploads.committed, [uid]);
    assert.ok(fs.existsSync(path.join(sb.dataDir, 'files', uid)));
    const list = get(PRINTER_TASK_ID).__link_lists?.attachments as { file_uid: string; title: string; link_data: { size: number; mime_type: string } }[];
    assert.deepEqual(list.map((a) => a.file_uid), [PRINTER_NOTES_FILE_UID, uid]);
    assert.equal(list[1].title, 'report.txt');
    assert.equal(list[1].link_data.mime_type, 'text/plain');
    assert.equal(sb.service.download(ADMIN, uid).size, 29);
    assert.equal(sb.service.search(ADMIN, { ss: 'wibblefrotz' }).data[0]?.id, PRINTER_TASK_ID);
    // Omitting an attachment removes it.
    await sb.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, attachments: [{ file_uid: uid, id: uid }] }]);
    assert.deepEqual((get(PRINTER_TASK_ID).__link_lists?.attachments as { file_uid: string }[]).map((a) => a.file_uid), [uid]);
    assert.equal((await rejection(() => sb.service.download(ADMIN, PRINTER_NOTES_FILE_UID))).status, 404);
  });

  it('file fields: rejects unknown, incomplete and non-pending foreign uploads, and >1 file in a single-file field', async () => {
    const incomplete = sb.uploads.add('half.txt', 'only half of it', false);
    const one = sb.uploads.add('a.txt', 'a');
    const two = sb.uploads.add('b.txt', 'b');
    const cases: unknown[] = [
      { transition: 'edit', id: PRINTER_TASK_ID, attachments: [{ file_uid: '00000000-0000-4000-b000-00000000beef', pending: true }] },
      { transition: 'edit', id: PRINTER_TASK_ID, attachments: [{ file_uid: incomplete, pending: true }] },
      { transition: 'edit', id: PRINTER_TASK_ID, attachments: [{ file_uid: one }] },
      { transition: 'edit', id: PRINTER_TASK_ID, c_spec_file: [{ file_uid: one, pending: true }, { file_uid: two, pending: true }] },
    ];
    for (const op of cases) {
      const err = await rejection(() => sb.service.batch(ADMIN, [op]));
      assert.equal(err.status, 400, JSON.stringify(op));
      assert.equal(err.code, 'invalid_value');
    }
    assert.deepEqual(sb.uploads.committed, []);
    await sb.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, c_spec_file: [{ file_uid: one, pending: true }] }]);
    assert.deepEqual((get(PRINTER_TASK_ID).__link_lists?.c_spec_file as { file_uid: string }[]).map((a) => a.file_uid), [one]);
    assert.equal((await rejection(() => sb.service.download(ADMIN, PRINTER_SPEC_FILE_UID))).status, 404);
  });
});
