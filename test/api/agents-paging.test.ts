// Every row reachable (issue 34, section 2), through the agent tools against the real sandbox:
// cursors page records_query and records_search to every record once; records_get pages its
// history and comments; records_list_apps lists what can be read; records_read_attachment reads
// a text attachment in parts and names a binary one.
import * as assert from 'node:assert/strict';
import type { RecordsClient } from '../../src/core/api';
import { type ToolContext, runTool } from '../../src/core/agents';
import { attachUploads, uploadFile } from '../../src/core/upload';
import { rlxEquals } from '../../src/core/rlx/quote';
import { contextFor } from './support/agentTools';
import { type Json, jsonOf } from '../support/labelledResult';
import { ADMIN_TOKEN, FAST_RETRIES, useSandbox } from '../support/sandbox';
import { type TempFolder, tempFolder } from './support/uploadTestKit';

const TASK = { workspace: 'IT', app: 'TASK' };

describe('agent tools: every row reachable', function () {
  this.timeout(60_000);
  const sandbox = useSandbox({ records: 200 });
  let admin: ToolContext;
  let direct: RecordsClient;

  async function call(tool: string, input: Record<string, unknown>, context = admin): Promise<{ text: string; data: Json }> {
    const result = await runTool(tool, context, input);
    assert.ok(!result.isError, result.text);
    return { text: result.text, data: jsonOf(result.text) };
  }

  /** Every page of a tool's answer, following its cursor. */
  async function allPages(tool: string, input: Record<string, unknown>, cursorKey = 'cursor', nextKey = 'nextCursor'): Promise<Json[]> {
    const pages: Json[] = [];
    let cursor: string | undefined;
    do {
      const { data } = await call(tool, { ...input, ...(cursor ? { [cursorKey]: cursor } : {}) });
      pages.push(data);
      cursor = data[nextKey];
      assert.ok(pages.length < 100, 'the cursor ends');
    } while (cursor !== undefined);
    return pages;
  }

  before(async () => {
    admin = contextFor(sandbox, 'sandbox-admin-token');
    direct = sandbox.client('sandbox-admin-token');
  });

  it('pages records_query with a cursor to every matching record once, in the service\'s order', async () => {
    const own = await direct.listRecords(TASK, { rlx: 'state = "open"', sortBy: 'creation_date desc', limitRecords: 500, listOfFields: 'number' });
    assert.ok(own.filteredRecordsCount > 20);
    // Long texts make rows large: a page may show fewer rows than asked, and the next starts after them.
    const pages = await allPages('records_query', { app: 'IT/TASK', rlx: 'state = "open"', sort: 'creation_date desc', fields: ['description', 'c_notes'], limit: 10 });
    const references = pages.flatMap((page) => page.rows.map((row: { reference: string }) => row.reference));
    assert.deepEqual(references, own.data.map((record) => `IT/TASK${record.number}`));
    assert.ok(pages.length >= 4);
    assert.equal(pages[0].nextCursor, (await call('records_query', { app: 'IT/TASK', rlx: 'state = "open"', sort: 'creation_date desc', fields: ['description', 'c_notes'], limit: 10 })).data.nextCursor, 'stable for the same query');
  });

  it('refuses a cursor given with another filter or sort', async () => {
    const { data } = await call('records_query', { app: 'IT/TASK', rlx: 'state = "open"', limit: 5 });
    const other = await runTool('records_query', admin, { app: 'IT/TASK', rlx: 'state = "done"', limit: 5, cursor: data.nextCursor });
    assert.equal(other.isError, true);
    assert.match(other.text, /another query/);
    const bad = await runTool('records_query', admin, { app: 'IT/TASK', cursor: 'not-a-cursor' });
    assert.equal(bad.isError, true);
  });

  it('pages records_search with a cursor to every hit once, best first', async () => {
    const own = await direct.search({ ss: 'printer', limitRecords: 500 });
    assert.ok(own.totalFound > 8);
    const pages = await allPages('records_search', { query: 'printer', limit: 4 });
    const references = pages.flatMap((page) => page.hits.map((hit: { reference: string }) => hit.reference));
    assert.equal(references.length, own.totalFound);
    assert.deepEqual(references, own.data.map((record) => `${record.project_alias}/${record.publishing_alias}${record.number}`));
  });

  it('pages a record\'s history and its comments with records_get', async () => {
    const id = '00000000-0000-4000-a000-000000000002';
    for (const note of ['Zeroth note', 'First note', 'Second note', 'Third note']) assert.ok(!(await runTool('records_comment', admin, { record: 'IT/TASK2', comment: note })).isError);
    const own = await direct.history({ rlx: rlxEquals('id', id), sortby: 'version_timestamp desc', limitRecords: 500 });
    assert.ok(own.length > 5);
    const pages = await allPages('records_get', { record: 'IT/TASK2', historyLimit: 2 }, 'historyCursor', 'historyNextCursor');
    const entries = pages.flatMap((page) => page.latestHistory);
    assert.deepEqual(entries.map((e: { when: string; action: string }) => [e.when, e.action]), own.map((e) => [e.version_timestamp, e.transition]));
    const comments = (await allPages('records_get', { record: 'IT/TASK2', history: 'comments', historyLimit: 2 }, 'historyCursor', 'historyNextCursor')).flatMap((page) => page.latestHistory);
    assert.deepEqual(comments.map((e: { action: string }) => e.action), own.filter((e) => e.transition === 'comment').map(() => 'comment'));
    assert.deepEqual(comments.slice(0, 3).map((e: { comment: string }) => e.comment), ['Third note', 'Second note', 'First note']);
  });

  it('lists workspaces and apps with record counts and the user\'s role', async () => {
    const { data } = await call('records_list_apps', {});
    assert.equal(data.signedInAs.admin, true);
    const it = data.workspaces.find((w: { workspace: string }) => w.workspace === 'IT');
    assert.equal(it.yourRole, 'admin');
    const task = it.apps.find((a: { app: string }) => a.app === 'IT/TASK');
    assert.equal(task.records, (await direct.countRecords(TASK)).filtered);
    assert.ok(it.apps.some((a: { app: string; records: number }) => a.app === 'IT/EMPTY' && a.records === 0), 'an empty app is listed too');

    const member = await call('records_list_apps', {}, contextFor(sandbox, 'sandbox-member-token'));
    assert.deepEqual(member.data.workspaces.map((w: { workspace: string }) => w.workspace).sort(), ['IT', 'SALES']);
    assert.ok(member.data.workspaces.every((w: { yourRole: string }) => w.yourRole === 'member'));
  });

  describe('attachments', () => {
    let files: TempFolder;
    before(async () => (files = await tempFolder()));
    after(async () => files?.remove());

    it('reads a text attachment', async () => {
      const { data } = await call('records_read_attachment', { record: 'IT/TASK2', attachment: 'printer-notes.txt' });
      assert.match(data.text, /duplex unit jams on thick cardboard paper/);
      assert.equal(data.contentType, 'text/plain');
      assert.equal(data.nextCursor, undefined);
    });

    it('reads the first 64 KB of a long text in parts, and names a binary file by type and size', async () => {
      const upload = async (name: string, bytes: Buffer) => {
        const path = (await files.file(name, 0)).path;
        const { writeFile } = await import('node:fs/promises');
        await writeFile(path, bytes);
        return uploadFile({ baseUrl: sandbox.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${ADMIN_TOKEN}`), retryDelaysMs: FAST_RETRIES, filePath: path, chunkSize: 1 << 20 });
      };
      const line = (i: number) => `line ${String(i).padStart(5, '0')}: the "printer" log\n`;
      const text = Array.from({ length: 3000 }, (_, i) => line(i)).join('');
      assert.ok(Buffer.byteLength(text) > 64 * 1024);
      const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, ...Array.from({ length: 500 }, (_, i) => i % 256)]);
      const uploads = [await upload('long.log', Buffer.from(text)), await upload('photo.png', image)];
      await attachUploads(direct, { recordId: '00000000-0000-4000-a000-000000000005', field: 'attachments', uploads, ref: TASK });

      const pages = await allPages('records_read_attachment', { record: 'IT/TASK5', attachment: 'long.log' });
      const read = pages.map((page) => page.text).join('');
      assert.equal(read, text.slice(0, read.length));
      assert.ok(read.length >= 64 * 1024 - 4 && read.length <= 64 * 1024, `${read.length} characters read`);
      assert.ok(pages.length > 5, 'in parts that fit a result');
      assert.ok(pages.every((page) => JSON.stringify(page).length < 8_000));

      const binary = await call('records_read_attachment', { record: 'IT/TASK5', attachment: 'photo.png' });
      assert.deepEqual([binary.data.text, binary.data.contentType, binary.data.size], [null, 'image/png', image.length]);
      assert.match(binary.text, /not text \(image\/png, 512 bytes\)/);

      const missing = await runTool('records_read_attachment', admin, { record: 'IT/TASK5', attachment: 'nope.txt' });
      assert.equal(missing.isError, true);
      assert.match(missing.text, /no attachment "nope.txt".*"long.log", "photo.png"/);
    });
  });
});
