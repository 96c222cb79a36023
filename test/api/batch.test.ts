// Batch writes against the real sandbox: splitting, per-operation failures, downloads of
// attached files.
import assert from 'node:assert/strict';
import { type BatchOperation, type RecordsClient } from '../../src/core/api';
import { rlxEquals, rlxLike } from '../../src/core/rlx/quote';
import { fileNameFromDisposition } from '../../src/core/upload/contentDisposition';
import { ADMIN_TOKEN, useSandbox } from '../support/sandbox';
import { uploadWithTus } from './support/upload';

const TASK = { workspace: 'IT', app: 'TASK' };
const addTask = (title: string, extra: Record<string, unknown> = {}): BatchOperation => ({
  transition: 'add',
  workspace_alias: 'IT',
  app_alias: 'TASK',
  title,
  ...extra,
});

describe('RecordsClient batch writes (sandbox)', function () {
  this.timeout(120_000);
  const sandbox = useSandbox({ records: 200 });
  let client: RecordsClient;

  before(async () => {
    client = sandbox.client();
  });

  async function titled(prefix: string): Promise<number> {
    return (await client.countRecords(TASK, rlxLike('title', prefix))).filtered;
  }

  it('creates 450 records in three requests, reporting progress after each', async () => {
    const before = await client.countRecords(TASK);
    const progress: number[] = [];
    const outcome = await client.batch(
      Array.from({ length: 450 }, (_, i) => addTask(`Bulk ${i}`)),
      { onProgress: (done, total) => progress.push(done / total) },
    );
    assert.deepEqual(progress, [200 / 450, 400 / 450, 1]);
    assert.deepEqual(outcome.failed, []);
    assert.equal(outcome.results.length, 450);
    assert.ok(outcome.results.every((r) => r.successful && r.created && typeof r.data?.id === 'string'));
    assert.equal(new Set(outcome.results.map((r) => r.data?.id)).size, 450);
    const after = await client.countRecords(TASK);
    assert.equal(after.total, before.total + 450);

    const deletes = outcome.results.map((r) => ({ transition: 'delete', id: String(r.data?.id) }));
    const removed = await client.batch(deletes);
    assert.deepEqual(removed.failed, []);
    assert.ok(removed.results.every((r) => r.successful && r.deleted));
    assert.equal((await client.countRecords(TASK)).total, before.total);
  });

  it('keeps rich-text batches at 50 operations a request', async () => {
    const created = await client.batch(Array.from({ length: 60 }, (_, i) => addTask(`Rich ${i}`)));
    assert.deepEqual(created.failed, []);
    const progress: number[] = [];
    const edited = await client.batch(
      created.results.map((r, i) => ({ transition: 'edit', id: String(r.data?.id), description: `**Bold** note ${i}` })),
      { onProgress: (done) => progress.push(done) },
    );
    assert.deepEqual(progress, [50, 60]);
    assert.deepEqual(edited.failed, []);
    const [record] = (
      await client.listRecords(TASK, { rlx: rlxEquals('id', String(created.results[0].data?.id)), loadRichTexts: true, listOfFields: 'ALL' })
    ).data;
    assert.match(String(record.description), /<strong>Bold<\/strong>/);
  });

  it('reports the operation the service rejected, and applies nothing of that request', async () => {
    const [first] = (await client.batch([addTask('Keep me')])).results;
    const id = String(first.data?.id);
    const outcome = await client.batch([
      { transition: 'edit', id, title: 'Changed' },
      { transition: 'edit', id, state: 'not_a_state' },
      { transition: 'edit', id, priority: 'high' },
    ]);
    assert.equal(outcome.stoppedBy, undefined);
    assert.deepEqual(outcome.failed.map((f) => [f.index, f.state]), [[0, 'rejected'], [1, 'rejected'], [2, 'rejected']]);
    assert.match(outcome.failed[0].message, /another change/);
    assert.doesNotMatch(outcome.failed[1].message, /another change/);
    assert.equal(outcome.results[1].successful, false);
    const [record] = (await client.listRecords(TASK, { rlx: rlxEquals('id', id) })).data;
    assert.equal(record.title, 'Keep me');
  });

  it('applies the requests before a rejected one and continues after it', async () => {
    const operations = Array.from({ length: 450 }, (_, i) => addTask(`Mixed ${i}`));
    operations[220] = { transition: 'edit', id: '00000000-0000-4000-a000-00000000dead', title: 'nobody' };
    const outcome = await client.batch(operations);
    assert.equal(outcome.stoppedBy, undefined);
    assert.deepEqual(outcome.failed.map((f) => f.index), Array.from({ length: 200 }, (_, i) => 200 + i));
    assert.ok(outcome.failed.find((f) => f.index === 220)?.message);
    assert.equal(await titled('Mixed '), 250);
  });

  it('stops at a 401 and says nothing was applied', async () => {
    const outcome = await sandbox.client('expired-token').batch(Array.from({ length: 250 }, (_, i) => addTask(`Denied ${i}`)));
    assert.equal(outcome.stoppedBy?.status, 401);
    assert.ok(outcome.failed.slice(0, 200).every((f) => f.state === 'rejected'));
    assert.ok(outcome.failed.slice(200).every((f) => f.state === 'not_sent'));
    assert.equal(await titled('Denied '), 0);
  });

  it('downloads an attached file with its name, type and size', async () => {
    const bytes = new TextEncoder().encode('hello from a spec file\n'.repeat(100));
    const fileUid = await uploadWithTus(sandbox.url, ADMIN_TOKEN, 'spec notes.txt', bytes);
    const outcome = await client.batch([
      addTask('With attachment', {
        c_spec_file: [{ file_uid: fileUid, id: fileUid, title: 'spec notes.txt', pending: true, link_data: { size: bytes.byteLength } }],
      }),
    ]);
    assert.deepEqual(outcome.failed, []);
    const download = await client.download(fileUid);
    const chunks: Uint8Array[] = [];
    for await (const chunk of download.body) chunks.push(chunk);
    assert.deepEqual(new Uint8Array(Buffer.concat(chunks)), bytes);
    assert.equal(fileNameFromDisposition(download.contentDisposition), 'spec notes.txt');
    assert.match(download.contentType ?? '', /^text\/plain/);
    assert.equal(download.size, bytes.byteLength);
  });

  it('answers 404 for a file that does not exist', async () => {
    await assert.rejects(client.download('00000000-0000-4000-a000-000000000404'), { status: 404 });
  });
});
