// Attaching uploads to records and downloading attachments, against the real sandbox: the
// keep-existing rule of contract 4.6, single-file fields, 403 and all-or-nothing attaching,
// and downloads that land on disk whole or not at all.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RecordsClient } from '../../src/core/api';
import { type UploadedFile, attachUploads, downloadToFile, readAttachments, uploadFile } from '../../src/core/upload';
import { ADMIN_TOKEN, FAST_RETRIES, READONLY_TOKEN, useSandbox } from '../support/sandbox';
import { MiB, type TempFolder, tempFolder } from './support/uploadTestKit';
import { apiRejection } from './support/apiRejection';

const PRINTER_TASK = '00000000-0000-4000-a000-000000000002';
const PRINTER_NOTES = '00000000-0000-4000-b000-000000000002';
const PRINTER_SPEC = '00000000-0000-4000-b000-000000000003';
const PARENT_TASK = '00000000-0000-4000-a000-000000000004';
const CHILD_TASK = '00000000-0000-4000-a000-000000000006';
const TASK = { workspace: 'IT', app: 'TASK' };

describe('attaching uploads and downloading (sandbox)', function () {
  this.timeout(60_000);
  const sandbox = useSandbox({ records: 20 });
  let files: TempFolder;
  let admin: RecordsClient;

  async function upload(name: string, size: number, token = ADMIN_TOKEN): Promise<UploadedFile & { bytes: Buffer }> {
    const { path, bytes } = await files.file(name, size);
    const uploaded = await uploadFile({
      baseUrl: sandbox.url,
      authorization: () => Promise.resolve(`SVC_AUTH_CODE ${token}`),
      retryDelaysMs: FAST_RETRIES,
      filePath: path,
      chunkSize: MiB,
    });
    return { ...uploaded, bytes };
  }

  before(async () => {
    files = await tempFolder();
    admin = sandbox.client();
  });
  after(async () => {
    await files?.remove();
  });

  it('adds new files after the existing attachments, which are kept (contract 4.6)', async () => {
    const before = await readAttachments(admin, PRINTER_TASK, 'attachments', { ref: TASK });
    assert.deepEqual(
      before.map((a) => a.file_uid),
      [PRINTER_NOTES],
    );
    const first = await upload('first.pdf', 1000);
    const second = await upload('second.png', 2000);
    const sent = await attachUploads(admin, { recordId: PRINTER_TASK, field: 'attachments', uploads: [first, second], ref: TASK });
    assert.deepEqual(
      sent.map((a) => [a.file_uid, a.title, a.link_data?.size, a.pending]),
      [
        [PRINTER_NOTES, 'printer-notes.txt', 115, undefined],
        [first.fileUid, 'first.pdf', 1000, undefined],
        [second.fileUid, 'second.png', 2000, undefined],
      ],
    );
    const after = await readAttachments(admin, PRINTER_TASK, 'attachments');
    assert.deepEqual(
      after.map((a) => [a.file_uid, a.title, a.link_data?.size, a.link_data?.mime_type]),
      [
        [PRINTER_NOTES, 'printer-notes.txt', 115, 'text/plain'],
        [first.fileUid, 'first.pdf', 1000, 'application/pdf'],
        [second.fileUid, 'second.png', 2000, 'image/png'],
      ],
    );
  });

  it('re-reads the attachments just before the edit, so one attached meanwhile is not lost', async () => {
    const elsewhere = await upload('attached-by-someone-else.txt', 300);
    const mine = await upload('mine.txt', 400);
    // Someone else attaches after we looked at the record; we do not pass what we saw.
    await attachUploads(sandbox.client(), { recordId: PARENT_TASK, field: 'attachments', uploads: [elsewhere] });
    await attachUploads(admin, { recordId: PARENT_TASK, field: 'attachments', uploads: [mine] });
    const now = await readAttachments(admin, PARENT_TASK, 'attachments');
    assert.deepEqual(
      now.map((a) => a.title),
      ['attached-by-someone-else.txt', 'mine.txt'],
    );
  });

  it('replaces the file of a single-file field, and refuses two files for it', async () => {
    const replacement = await upload('new-spec.md', 500);
    await attachUploads(admin, { recordId: PRINTER_TASK, field: 'c_spec_file', uploads: [replacement], single: true });
    const spec = await readAttachments(admin, PRINTER_TASK, 'c_spec_file');
    assert.deepEqual(
      spec.map((a) => a.file_uid),
      [replacement.fileUid],
    );
    assert.ok(!spec.some((a) => a.file_uid === PRINTER_SPEC));

    const two = [await upload('a.md', 10), await upload('b.md', 10)];
    const error = await apiRejection(attachUploads(admin, { recordId: PRINTER_TASK, field: 'c_spec_file', uploads: two, single: true }));
    assert.equal(error.code, 'single_file_field');
    assert.match(error.message, /single file.*Pick one file/);
  });

  it('explains a 403 and leaves the record as it was', async () => {
    const reader = sandbox.client(READONLY_TOKEN);
    const uploaded = await upload('not-allowed.txt', 100, READONLY_TOKEN);
    const before = await readAttachments(admin, CHILD_TASK, 'attachments');
    const error = await apiRejection(attachUploads(reader, { recordId: CHILD_TASK, field: 'attachments', uploads: [uploaded] }));
    assert.match(error.message, /"not-allowed\.txt" could not be attached to the record, and the record was left as it was/);
    assert.equal(error.status, 403);
    assert.equal(error.code, 'forbidden');
    assert.match(error.message, /can only read records/);
    assert.deepEqual(await readAttachments(admin, CHILD_TASK, 'attachments'), before);
  });

  it('attaches all files or none', async () => {
    const good = await upload('good.txt', 100);
    const before = await readAttachments(admin, CHILD_TASK, 'attachments');
    const error = await apiRejection(
      attachUploads(admin, {
        recordId: CHILD_TASK,
        field: 'attachments',
        uploads: [good, { fileUid: '11111111-2222-4333-8444-555555555555', fileName: 'expired.txt', size: 1 }],
      }),
    );
    assert.match(error.message, /"good\.txt", "expired\.txt" could not be attached/);
    assert.deepEqual(await readAttachments(admin, CHILD_TASK, 'attachments'), before);
    // The good upload is still there to attach on its own.
    await attachUploads(admin, { recordId: CHILD_TASK, field: 'attachments', uploads: [good] });
    assert.ok((await readAttachments(admin, CHILD_TASK, 'attachments')).some((a) => a.file_uid === good.fileUid));
  });

  it('says so when the record cannot be read', async () => {
    const error = await apiRejection(readAttachments(admin, '00000000-0000-4000-a000-0000000000ff', 'attachments'));
    assert.equal(error.status, 404);
    assert.match(error.message, /not found.*Refresh/);
  });

  it('downloads an attachment byte for byte, with its type and name', async () => {
    const uploaded = await upload('large-download.bin', 9 * MiB + 17);
    await attachUploads(admin, { recordId: CHILD_TASK, field: 'attachments', uploads: [uploaded] });
    const target = join(files.path, 'copy.bin');
    const progress: (number | undefined)[][] = [];
    const result = await downloadToFile(admin, uploaded.fileUid, target, { onProgress: (received, total) => progress.push([received, total]) });
    assert.equal(result.bytes, uploaded.bytes.length);
    assert.equal(result.contentType, 'application/octet-stream');
    assert.equal(result.fileName, 'large-download.bin');
    assert.deepEqual(await readFile(target), uploaded.bytes);
    assert.deepEqual(progress.at(-1), [uploaded.bytes.length, uploaded.bytes.length]);
    assert.ok(!existsSync(`${target}.part`));

    const notes = join(files.path, 'printer-notes.txt');
    const text = await downloadToFile(admin, PRINTER_NOTES, notes);
    assert.match(text.contentType ?? '', /^text\/plain/);
    assert.match(await readFile(notes, 'utf8'), /duplex unit jams on thick cardboard paper/);
  });

  it('removes the partial file when a download is cancelled or fails', async () => {
    const uploaded = await upload('cancelled-download.bin', 9 * MiB);
    await attachUploads(admin, { recordId: CHILD_TASK, field: 'attachments', uploads: [uploaded] });
    const target = join(files.path, 'cancelled.bin');
    const controller = new AbortController();
    const cancelled = await apiRejection(
      downloadToFile(admin, uploaded.fileUid, target, {
        signal: controller.signal,
        onProgress: (received) => {
          if (received > 0) controller.abort();
        },
      }),
    );
    assert.equal(cancelled.code, 'cancelled');
    assert.ok(!existsSync(`${target}.part`), 'the .part file is removed');
    assert.ok(!existsSync(target));

    const missing = await apiRejection(downloadToFile(admin, '11111111-2222-4333-8444-555555555555', target));
    assert.equal(missing.status, 404);
    assert.ok(!existsSync(`${target}.part`));
    assert.ok(!existsSync(target));
  });
});
