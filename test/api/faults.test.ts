// The client against the real sandbox behind a fault-injecting relay (issue 16, faults): each
// test is named after the fault it injects and checks what the caller gets, and for writes how
// many times the sandbox saw the request.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RecordsClient } from '../../src/core/api';
import { listWhereIn } from '../../src/core/query/inList';
import { rlxEquals } from '../../src/core/rlx/quote';
import { attachUploads, downloadToFile, uploadFile } from '../../src/core/upload';
import { type Fault, type FaultRelay, isDownload, isList, isWrite, startFaultRelay } from '../support/faultRelay';
import { ADMIN_TOKEN, FAST_RETRIES, type TestSandbox, startTestSandbox } from '../support/sandbox';
import { type TempFolder, tempFolder } from './support/uploadTestKit';
import { apiRejection } from './support/apiRejection';

const TASK = { workspace: 'IT', app: 'TASK' };
const RECORD_ID = '00000000-0000-4000-a000-000000000005';

describe('faults between the client and the sandbox', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  let relay: FaultRelay;
  let client: RecordsClient;
  let files: TempFolder;

  before(async () => {
    sandbox = await startTestSandbox({ records: 120 });
    files = await tempFolder();
  });
  beforeEach(async () => {
    relay = await startFaultRelay(sandbox.url);
    client = new RecordsClient({ baseUrl: relay.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${ADMIN_TOKEN}`), retryDelaysMs: FAST_RETRIES });
  });
  afterEach(async () => {
    await client.dispose();
    await relay.close();
  });
  after(async () => {
    await files.remove();
    await sandbox.dispose();
  });

  const readPage = () => client.listRecords(TASK, { limitRecords: 50 });
  /** The same page read directly from the sandbox, without faults. */
  let expectedIds: string[];
  before(async () => {
    expectedIds = (await sandbox.client().listRecords(TASK, { limitRecords: 50 })).data.map((r) => String(r.id));
    assert.ok(expectedIds.length > 10);
  });
  const assertWholePage = (page: { data: { id?: unknown }[] }): void => assert.deepEqual(page.data.map((r) => String(r.id)), expectedIds);

  it('502, 503 and 504: a read succeeds after transient gateway errors within the retry budget', async () => {
    relay.inject(isList, { kind: 'status', status: 502 }, { kind: 'status', status: 503 }, { kind: 'status', status: 504 });
    assertWholePage(await readPage());
    assert.equal(relay.count('POST', /tickets\/list/), 4);
  });

  it('503 four times: the read fails with a sentence that says what to do', async () => {
    relay.inject(isList, ...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })));
    const error = await apiRejection(readPage());
    assert.equal(error.status, 503);
    assert.match(error.message, /Try again/);
    assert.equal(relay.count('POST', /tickets\/list/), 4, 'three retries, then it stops');
  });

  it('429 with Retry-After: the read waits as told, then succeeds', async () => {
    relay.inject(isList, { kind: 'status', status: 429, retryAfter: '1' });
    const started = Date.now();
    await readPage();
    assert.ok(Date.now() - started >= 950, 'waited for Retry-After');
    assert.equal(relay.count('POST', /tickets\/list/), 2);
  });

  it('429 without Retry-After: the read backs off and succeeds', async () => {
    relay.inject(isList, { kind: 'status', status: 429 }, { kind: 'status', status: 429 });
    await readPage();
    assert.equal(relay.count('POST', /tickets\/list/), 3);
  });

  it('reset mid-body: a read is retried and succeeds', async () => {
    relay.inject(isList, { kind: 'reset-mid-body', afterBytes: 200 });
    assertWholePage(await readPage());
    assert.equal(relay.count('POST', /tickets\/list/), 2);
  });

  it('502 then reset mid-body: schema, search and pivot reads all recover', async () => {
    relay.inject((method, path) => method === 'GET' && path.startsWith('/api/schema/'), { kind: 'status', status: 502 }, { kind: 'reset-mid-body', afterBytes: 10 });
    const schema = await client.getSchema(TASK);
    assert.ok(schema);
    relay.inject((_method, path) => path.startsWith('/api/tickets/search'), { kind: 'status', status: 504 }, { kind: 'reset-mid-body', afterBytes: 10 });
    const found = await client.search({ ss: 'task', limitRecords: 5 });
    assert.ok(Array.isArray(found.data));
    // A pivot is a list request with aggs4Pivot in its body.
    relay.inject(isList, { kind: 'status', status: 503 }, { kind: 'status', status: 429 });
    const pivot = await client.aggregate(TASK, { dimensions4Pivot: 'state' });
    assert.ok(pivot);
    const faulted = relay.seen.filter((r) => r.fault !== 'pass').map((r) => `${r.fault} ${r.path.split('?')[0]}`);
    assert.equal(faulted.length, 6, `every injected fault was met: ${faulted.join(', ')}`);
    // Each read needed one more request than its faults: the reset bodies were retried, not taken as whole.
    assert.equal(relay.count('GET', /^\/api\/schema\//), 3);
    assert.equal(relay.count('POST', /^\/api\/tickets\/search/), 3);
  });

  it('stall before headers: the deadline ends the read with a clear message', async () => {
    relay.inject(isList, { kind: 'stall-before-headers' });
    // A short deadline for this read only: every other read here keeps the default, so a slow
    // save on a busy machine is not mistaken for a stall.
    const error = await apiRejection(client.listRecords(TASK, { limitRecords: 50 }, { timeoutMs: 2_000 }));
    assert.equal(error.code, 'timeout');
    assert.match(error.message, /did not answer within 2 seconds/);
  });

  it('a deadline under a second is reported as it is, not as "0 seconds" (a bulk write of 400 ms)', async () => {
    relay.inject(isWrite, { kind: 'stall-before-headers' });
    const outcome = await client.batch([{ transition: 'edit', id: RECORD_ID, title: `Deadline ${Date.now()}` }], { timeoutMs: 400 });
    assert.equal(outcome.failed.length, 1);
    assert.match(outcome.failed[0].message, /did not answer within 400 ms\./);
    relay.inject(isList, { kind: 'stall-before-headers' });
    const error = await apiRejection(client.listRecords(TASK, { limitRecords: 50 }, { timeoutMs: 1_500 }));
    assert.match(error.message, /did not answer within 1\.5 seconds\./);
  });

  it('trickle: a slow but moving answer is read completely', async () => {
    relay.inject(isList, { kind: 'trickle', bytes: 4096, everyMs: 5 });
    assertWholePage(await readPage());
  });

  it('answer lost after the write was executed: reported as unknown, never sent again; the sandbox saw one write', async () => {
    const title = `Lost answer ${Date.now()}`;
    relay.inject(isWrite, { kind: 'lose-answer' });
    const outcome = await client.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title }]);
    assert.equal(outcome.failed.length, 1);
    assert.equal(outcome.failed[0].state, 'unknown');
    assert.match(outcome.failed[0].message, /refresh|check/i);
    assert.equal(relay.count('POST', /tickets\/multi/), 1, 'the write was not retried blindly');
    const count = await client.countRecords(TASK, rlxEquals('title', title));
    assert.equal(count.filtered, 1, 'exactly one record was created');
  });

  it('connection closed after the request was read, before it reached the service: unknown, nothing written', async () => {
    const title = `Never forwarded ${Date.now()}`;
    relay.inject(isWrite, { kind: 'close-before-forward' });
    const outcome = await client.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title }]);
    assert.equal(outcome.failed[0]?.state, 'unknown');
    assert.equal(relay.count('POST', /tickets\/multi/), 1);
    assert.equal((await client.countRecords(TASK, rlxEquals('title', title))).filtered, 0);
  });

  it('answer lost after an edit was executed: the record is read back and the edit reported as applied; one write', async () => {
    const title = `Edited, answer lost ${Date.now()}`;
    relay.inject(isWrite, { kind: 'lose-answer' });
    const outcome = await client.batch([{ transition: 'edit', id: RECORD_ID, title }]);
    assert.deepEqual(outcome.failed, []);
    assert.equal(outcome.results[0].successful, true);
    assert.match(String(outcome.results[0].message), /was applied/);
    assert.equal(outcome.results[0].confirmedAfterLostAnswer, true);
    assert.equal(relay.count('POST', /tickets\/multi/), 1, 'the edit was not sent again');
    assert.ok(relay.count('POST', /tickets\/list/) >= 1, 'the record was read back');
    const [record] = await listWhereIn(sandbox.client(), undefined, 'id', [RECORD_ID]);
    assert.equal(record.title, title);
  });

  it('edit lost before it reached the service: the record is read back and the edit reported as not applied', async () => {
    const [before] = await listWhereIn(sandbox.client(), undefined, 'id', [RECORD_ID]);
    relay.inject(isWrite, { kind: 'close-before-forward' });
    const outcome = await client.batch([{ transition: 'edit', id: RECORD_ID, title: `Never arrived ${Date.now()}` }]);
    assert.equal(outcome.failed.length, 1);
    assert.equal(outcome.failed[0].state, 'rejected');
    assert.match(outcome.failed[0].message, /was not applied\. Save it again\./);
    assert.equal(relay.count('POST', /tickets\/multi/), 1);
    const [after] = await listWhereIn(sandbox.client(), undefined, 'id', [RECORD_ID]);
    assert.equal(after.title, before.title);
  });

  it('answer lost after a delete was executed: reported as applied, since the record is gone', async () => {
    const created = await sandbox.client().batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `To delete ${Date.now()}` }]);
    const id = String(created.results[0].data?.id);
    relay.inject(isWrite, { kind: 'lose-answer' });
    const outcome = await client.batch([{ transition: 'delete', id }]);
    assert.deepEqual(outcome.failed, []);
    assert.equal(relay.count('POST', /tickets\/multi/), 1);
  });

  /** A 512 KiB file attached to RECORD_ID whose next download meets `fault`: its file_uid. */
  async function attachedWithDownloadFault(name: string, fault: Fault): Promise<string> {
    const file = await files.file(name, 512 * 1024);
    const uploaded = await uploadFile({ baseUrl: sandbox.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${ADMIN_TOKEN}`), retryDelaysMs: FAST_RETRIES, filePath: file.path });
    await attachUploads(sandbox.client(), { recordId: RECORD_ID, field: 'attachments', uploads: [uploaded] });
    relay.inject(isDownload, fault);
    return uploaded.fileUid;
  }

  it('reset mid-body of a download: no partial file is left at the target', async () => {
    const fileUid = await attachedWithDownloadFault('cut.bin', { kind: 'reset-mid-body', afterBytes: 64 * 1024 });
    const target = join(files.path, 'cut-download.bin');
    await apiRejection(downloadToFile(client, fileUid, target));
    assert.equal(existsSync(target), false);
    assert.deepEqual((await readdir(files.path)).filter((name) => name.startsWith('cut-download')), []);
  });

  it('stall mid-body of a download: the idle deadline ends it, and no partial file is left', async () => {
    const fileUid = await attachedWithDownloadFault('stall.bin', { kind: 'stall-mid-body', afterBytes: 64 * 1024 });
    const target = join(files.path, 'stalled-download.bin');
    const error = await apiRejection(downloadToFile(client, fileUid, target, { timeoutMs: 1_000 }));
    assert.equal(error.code, 'timeout');
    assert.deepEqual((await readdir(files.path)).filter((name) => name.startsWith('stalled-download')), []);
  });
});
