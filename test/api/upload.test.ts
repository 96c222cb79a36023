// Resumable uploads against the real sandbox over HTTP: chunks, progress, cancel and resume
// (also after a dropped connection), and a file that changes while it is sent.
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { appendFile, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import {
  FileUploadResumeStore,
  MemoryUploadResumeStore,
  type UploadFileOptions,
  attachUploads,
  downloadToFile,
  uploadFile,
} from '../../src/core/upload';
import { ADMIN_TOKEN, FAST_RETRIES, type TestSandbox, startTestSandbox } from '../support/sandbox';
import { MiB, type TempFolder, startCountingRelay, tempFolder } from './support/uploadTestKit';
import { apiRejection } from './support/apiRejection';

const RECORD_ID = '00000000-0000-4000-a000-000000000005';

/** The offset the service reports for an upload (tus HEAD). */
async function serverOffset(uploadUrl: string): Promise<number> {
  const dispatcher = new Agent();
  try {
    const response = await request(uploadUrl, {
      dispatcher,
      method: 'HEAD',
      headers: { authorization: `SVC_AUTH_CODE ${ADMIN_TOKEN}`, 'tus-resumable': '1.0.0' },
    });
    await response.body.dump();
    assert.equal(response.statusCode, 200);
    return Number(response.headers['upload-offset']);
  } finally {
    await dispatcher.close();
  }
}

describe('uploads (tus, sandbox)', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let files: TempFolder;

  const connection = (extra: Partial<UploadFileOptions> = {}): Omit<UploadFileOptions, 'filePath'> => ({
    baseUrl: sandbox.url,
    authorization: () => Promise.resolve(`SVC_AUTH_CODE ${ADMIN_TOKEN}`),
    retryDelaysMs: FAST_RETRIES,
    ...extra,
  });

  /** Attaches and downloads again: the only way to see the bytes the service stored. */
  async function storedBytes(fileUid: string, fileName: string, size: number): Promise<Buffer> {
    const client = sandbox.client();
    await attachUploads(client, { recordId: RECORD_ID, field: 'attachments', uploads: [{ fileUid, fileName, size }] });
    const target = join(files.path, `downloaded-${fileUid}`);
    await downloadToFile(client, fileUid, target);
    return readFile(target);
  }

  before(async () => {
    sandbox = await startTestSandbox({ records: 20 });
    files = await tempFolder();
  });
  after(async () => {
    await sandbox?.dispose();
    await files?.remove();
  });

  it('uploads a file in chunks with progress, streamed from disk', async () => {
    const { path, bytes } = await files.file('chunked.bin', 5 * MiB + 321);
    const seen: number[] = [];
    const uploaded = await uploadFile({ ...connection(), filePath: path, chunkSize: MiB, onProgress: (sent) => seen.push(sent) });
    assert.equal(uploaded.size, bytes.length);
    assert.equal(uploaded.fileName, 'chunked.bin');
    assert.match(uploaded.fileUid, /^[0-9a-f-]{36}$/);
    assert.equal(uploaded.bytesSent, bytes.length);
    assert.equal(uploaded.restarts, 0);
    // One report per accepted chunk at least, never going backwards, ending at the size.
    for (const chunkEnd of [MiB, 2 * MiB, 3 * MiB, 4 * MiB, 5 * MiB]) assert.ok(seen.includes(chunkEnd), `no progress at ${chunkEnd}`);
    assert.deepEqual(seen, [...seen].sort((a, b) => a - b));
    assert.equal(seen.at(-1), bytes.length);
    assert.deepEqual(await storedBytes(uploaded.fileUid, uploaded.fileName, uploaded.size), bytes);
  });

  it('sends only the missing bytes when an interrupted upload is started again with the same store', async () => {
    const { path, bytes } = await files.file('resumed.bin', 6 * MiB + 7);
    const store = new FileUploadResumeStore(join(files.path, 'state', 'uploads.json'));
    const controller = new AbortController();
    const cancelled = await apiRejection(
      uploadFile({
        ...connection({ store }),
        filePath: path,
        chunkSize: MiB,
        signal: controller.signal,
        onProgress: (sent) => {
          if (sent >= 3 * MiB) controller.abort();
        },
      }),
    );
    assert.equal(cancelled.code, 'cancelled');
    assert.match(cancelled.message, /cancelled/);

    // The entry survives the cancel (and a new store object reading the same file sees it).
    const pending = await new FileUploadResumeStore(store.jsonPath).listPending();
    assert.equal(pending.length, 1);
    assert.equal(pending[0]?.filePath, path);
    assert.equal(pending[0]?.size, bytes.length);
    const offset = await serverOffset(pending[0]?.uploadUrl ?? '');
    assert.ok(offset >= 3 * MiB && offset < bytes.length, `offset ${offset}`);

    const resumed = await uploadFile({ ...connection({ store }), filePath: path, chunkSize: MiB });
    assert.equal(resumed.resumedFromOffset, offset);
    assert.equal(resumed.bytesSent, bytes.length - offset);
    assert.equal(resumed.fileUid, pending[0]?.uploadUrl.split('/').pop());
    assert.deepEqual(await store.listPending(), [], 'a finished upload leaves no resume entry');
    assert.deepEqual(await storedBytes(resumed.fileUid, resumed.fileName, resumed.size), bytes);
  });

  it('resumes by itself after a dropped connection, re-sending less than one chunk', async () => {
    const { path, bytes } = await files.file('dropped.bin', 4 * MiB + 99);
    const relay = await startCountingRelay(sandbox.url);
    try {
      relay.dropOnceAfter(MiB + MiB / 2);
      const uploaded = await uploadFile({ ...connection({ baseUrl: relay.url }), filePath: path, chunkSize: MiB });
      assert.equal(relay.drops, 1);
      assert.equal(uploaded.restarts, 0);
      const resent = uploaded.bytesSent - bytes.length;
      assert.ok(resent >= 0 && resent <= MiB, `re-sent ${resent} bytes`);
      // Everything that crossed the wire, headers included, stays under size + one chunk.
      assert.ok(relay.bytesFromClients < bytes.length + MiB + 64 * 1024, `wire bytes ${relay.bytesFromClients}`);
      assert.deepEqual(await storedBytes(uploaded.fileUid, uploaded.fileName, uploaded.size), bytes);
    } finally {
      await relay.close();
    }
  });

  it('starts again from zero when the file changes during the upload', async () => {
    const { path, bytes } = await files.file('changing.log', 4 * MiB);
    const extra = Buffer.from('one more line\n');
    let changed = false;
    const uploaded = await uploadFile({
      ...connection(),
      filePath: path,
      chunkSize: MiB,
      onProgress: (sent) => {
        if (!changed && sent >= MiB) {
          changed = true;
          appendFileSync(path, extra);
        }
      },
    });
    assert.equal(uploaded.restarts, 1);
    assert.equal(uploaded.size, bytes.length + extra.length);
    assert.ok(uploaded.bytesSent >= uploaded.size + MiB, 'the first attempt was abandoned after at least a chunk');
    assert.deepEqual(await storedBytes(uploaded.fileUid, uploaded.fileName, uploaded.size), Buffer.concat([bytes, extra]));
  });

  it('gives up with a clear error when the file keeps changing', async () => {
    const { path } = await files.file('busy.log', 3 * MiB);
    const error = await apiRejection(
      uploadFile({
        ...connection(),
        filePath: path,
        chunkSize: MiB,
        maxRestarts: 1,
        onProgress: (sent) => {
          if (sent > 0 && sent % MiB === 0) appendFileSync(path, 'x');
        },
      }),
    );
    assert.equal(error.code, 'file_changed');
    assert.match(error.message, /busy\.log.*changed while it was being uploaded.*2 times/);
  });

  it('detects a change made after the last chunk was accepted', async () => {
    const { path, bytes } = await files.file('last-chunk.txt', 2 * MiB);
    let changed = false;
    const uploaded = await uploadFile({
      ...connection(),
      filePath: path,
      chunkSize: 4 * MiB,
      onProgress: (sent, total) => {
        // The only chunk is accepted already: just the end-of-upload check can notice this.
        if (sent === total && !changed) {
          changed = true;
          appendFileSync(path, 'tail');
        }
      },
    });
    assert.equal(uploaded.restarts, 1);
    assert.equal(uploaded.size, bytes.length + 4);
    assert.deepEqual(await storedBytes(uploaded.fileUid, uploaded.fileName, uploaded.size), Buffer.concat([bytes, Buffer.from('tail')]));
  });

  it('uploads an empty file', async () => {
    const { path } = await files.file('empty.txt', 0);
    const uploaded = await uploadFile({ ...connection(), filePath: path });
    assert.equal(uploaded.size, 0);
    assert.equal(uploaded.bytesSent, 0);
    assert.equal((await storedBytes(uploaded.fileUid, uploaded.fileName, uploaded.size)).length, 0);
  });

  it('cancels before anything is sent when the signal is already aborted', async () => {
    const { path } = await files.file('never.bin', 1024);
    const controller = new AbortController();
    controller.abort();
    const error = await apiRejection(uploadFile({ ...connection(), filePath: path, signal: controller.signal }));
    assert.equal(error.code, 'cancelled');
  });

  it('explains a missing file and a rejected sign-in', async () => {
    const missing = await apiRejection(uploadFile({ ...connection(), filePath: join(files.path, 'nope.bin') }));
    assert.equal(missing.code, 'file_unreadable');
    assert.match(missing.message, /nope\.bin.*Check that the file exists/);

    const { path } = await files.file('signed-out.bin', 1000);
    const unauthorized = await apiRejection(
      uploadFile({ ...connection({ authorization: () => Promise.resolve('SVC_AUTH_CODE wrong-token') }), filePath: path }),
    );
    assert.equal(unauthorized.status, 401);
    assert.match(unauthorized.message, /signed-out\.bin/);
  });

  it('keeps the store file readable across instances and ignores a damaged one', async () => {
    const jsonPath = join(files.path, 'damaged', 'uploads.json');
    const store = new FileUploadResumeStore(jsonPath);
    await store.set({
      fingerprint: 'a',
      uploadUrl: 'http://127.0.0.1:1/api/upload-tus/x',
      endpoint: 'e',
      filePath: '/x',
      fileName: 'x',
      size: 1,
      mtimeMs: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await Promise.all([store.remove('missing'), store.get('a')]);
    assert.equal((await new FileUploadResumeStore(jsonPath).get('a'))?.fileName, 'x');
    await appendFile(jsonPath, '{{{');
    assert.deepEqual(await new FileUploadResumeStore(jsonPath).listPending(), []);
    assert.ok((await stat(jsonPath)).size > 0);
    const memory = new MemoryUploadResumeStore();
    assert.deepEqual(await memory.listPending(), []);
  });
});

describe('uploads under a rate limit (sandbox)', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let files: TempFolder;

  before(async () => {
    sandbox = await startTestSandbox({ records: 20, rateLimit: 4 });
    files = await tempFolder();
  });
  after(async () => {
    await sandbox?.dispose();
    await files?.remove();
  });

  it('waits as long as Retry-After says on 429 and then finishes the upload', async () => {
    const { path, bytes } = await files.file('throttled.bin', 2 * MiB);
    const started = Date.now();
    const uploaded = await uploadFile({
      baseUrl: sandbox.url,
      authorization: () => Promise.resolve(`SVC_AUTH_CODE ${ADMIN_TOKEN}`),
      retryDelaysMs: FAST_RETRIES,
      filePath: path,
      chunkSize: 256 * 1024,
    });
    // Nine requests at four a second: at least one 429, whose Retry-After (≥ 1 s) beats the 10 ms test delay.
    assert.ok(Date.now() - started >= 1000, `finished after ${Date.now() - started} ms`);
    // A PATCH refused with 429 still carried its chunk, which the service threw away.
    assert.ok(uploaded.bytesSent >= bytes.length);
    const client = sandbox.client(ADMIN_TOKEN, { retryDelaysMs: [1000, 1000, 1000] });
    await attachUploads(client, { recordId: RECORD_ID, field: 'attachments', uploads: [uploaded] });
    const target = join(files.path, 'throttled-copy.bin');
    await downloadToFile(client, uploaded.fileUid, target);
    assert.deepEqual(await readFile(target), bytes);
  });
});
