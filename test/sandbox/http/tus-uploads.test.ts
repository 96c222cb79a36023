import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { ADMIN_ID, ADMIN_TOKEN, MEMBER_TOKEN, startTestSandbox, useSandbox } from '../../support/sandbox';
import { call, callJson, type ErrorShape } from '../../support/sandboxHttp';
import { createUpload, deleteUpload, headUpload, patchUpload, startUpload, uploadIdOf } from '../../support/tusCalls';
import { waitUntil } from '../../support/waitUntil';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('sandbox HTTP: tus uploads and downloads', () => {
  const sandbox = useSandbox({ uploadTtlSeconds: 3600 });

  async function newUpload(size: number, filename = 'notes.txt'): Promise<string> {
    const created = await createUpload(sandbox.url, size, filename);
    assert.equal(created.status, 201);
    const location = created.headers.get('location') ?? '';
    assert.ok(location.startsWith(`${sandbox.url}/api/upload-tus/`), `absolute Location: ${location}`);
    return location;
  }

  async function offsetOf(location: string): Promise<number> {
    const head = await headUpload(location);
    assert.equal(head.status, 200);
    return Number(head.headers.get('upload-offset'));
  }

  it('creates an upload: 201 with an absolute Location whose last segment is a GUID', async () => {
    const location = await newUpload(10);
    assert.match(uploadIdOf(location), GUID);
    const head = await headUpload(location);
    assert.equal(head.headers.get('upload-offset'), '0');
    assert.equal(head.headers.get('upload-length'), '10');
  });

  it('refuses an absurd Upload-Length with 413 under the default maximum (10 GiB)', async () => {
    const huge = await createUpload(sandbox.url, 99_999_999_999_999, 'huge.bin');
    assert.equal(huge.status, 413);
    assert.equal(((await huge.json()) as ErrorShape).error.code, 'payload_too_large');
  });

  it('requires the filename metadata and authentication', async () => {
    const noName = await createUpload(sandbox.url, 10, undefined);
    assert.equal(noName.status, 400);
    const badToken = await createUpload(sandbox.url, 10, 'a.txt', 'wrong-token');
    assert.equal(badToken.status, 401);
    assert.equal(((await badToken.json()) as ErrorShape).error.code, 'unauthorized');
    const location = await newUpload(4);
    assert.equal((await headUpload(location, 'wrong-token')).status, 401);
    assert.equal((await patchUpload(location, 0, Buffer.from('abcd'), 'wrong-token')).status, 401);
    assert.equal(await offsetOf(location), 0, 'the refused PATCH wrote nothing');
  });

  it('takes chunked PATCHes, refuses a wrong offset with 409, and reports progress on HEAD', async () => {
    const bytes = randomBytes(3000);
    const location = await newUpload(bytes.length, 'data.bin');
    const first = await patchUpload(location, 0, bytes.subarray(0, 1000));
    assert.equal(first.status, 204);
    assert.equal(first.headers.get('upload-offset'), '1000');
    const wrong = await patchUpload(location, 500, bytes.subarray(500, 1500));
    assert.equal(wrong.status, 409);
    assert.equal(((await wrong.json()) as ErrorShape).error.status, 409, 'tus errors use the JSON error body too');
    assert.equal(await offsetOf(location), 1000, 'a 409 leaves the upload unchanged');
    assert.equal((await patchUpload(location, 1000, bytes.subarray(1000, 2000))).status, 204);
    assert.equal((await patchUpload(location, 2000, bytes.subarray(2000))).status, 204);
    assert.equal(await offsetOf(location), 3000);
  });

  it('resumes after a PATCH that broke off midway', async () => {
    const bytes = randomBytes(256 * 1024);
    const half = bytes.length / 2;
    const location = await newUpload(bytes.length, 'resume.bin');
    const fileUid = uploadIdOf(location);
    const onDisk = join(sandbox.dataDir, 'uploads', fileUid);

    const broken = request(location, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        Authorization: `SVC_AUTH_CODE ${ADMIN_TOKEN}`,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(bytes.length),
      },
    });
    broken.on('error', () => undefined);
    broken.write(bytes.subarray(0, half));
    await waitUntil('half of the bytes on disk', async () => (await stat(onDisk)).size >= half, 10_000, 20);
    broken.destroy();

    const offset = await offsetOf(location);
    assert.ok(offset > 0 && offset < bytes.length, `partial offset ${offset}`);
    const rest = await patchUpload(location, offset, bytes.subarray(offset));
    assert.equal(rest.status, 204);
    assert.equal(await offsetOf(location), bytes.length);
  });

  it("keeps an upload to its creator: another user's HEAD, PATCH and DELETE see 404", async () => {
    const location = await newUpload(4);
    assert.equal((await headUpload(location, MEMBER_TOKEN)).status, 404);
    assert.equal((await patchUpload(location, 0, Buffer.from('evil'), MEMBER_TOKEN)).status, 404);
    assert.equal((await deleteUpload(location, MEMBER_TOKEN)).status, 404);
    assert.equal(await offsetOf(location), 0);
    const metadata = (await headUpload(location)).headers.get('upload-metadata') ?? '';
    assert.match(metadata, /owner_id /, 'the creator is recorded with the upload');
    assert.equal((await patchUpload(location, 0, Buffer.from('mine'))).status, 204);

    const spoofed = await fetch(`${sandbox.url}/api/upload-tus`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        Authorization: `SVC_AUTH_CODE ${MEMBER_TOKEN}`,
        'Upload-Length': '1',
        'Upload-Metadata': `filename ${Buffer.from('x.txt').toString('base64')}`,
        'X-Records-Sandbox-Owner': ADMIN_ID,
      },
    });
    assert.equal(spoofed.status, 201);
    assert.equal((await headUpload(spoofed.headers.get('location') ?? '')).status, 404, 'a client cannot pick the owner');
  });

  it('terminates an upload with DELETE; it is gone afterwards', async () => {
    const location = await newUpload(5);
    assert.equal((await deleteUpload(location)).status, 204);
    assert.equal((await headUpload(location)).status, 404);
    assert.equal((await patchUpload(location, 0, Buffer.from('hello'))).status, 404);
  });

  it('does not serve upload bytes over GET before they are attached', async () => {
    const location = await newUpload(2);
    await patchUpload(location, 0, Buffer.from('hi'));
    const response = await fetch(location, { headers: { Authorization: `SVC_AUTH_CODE ${ADMIN_TOKEN}` } });
    assert.equal(response.status, 405);
  });

  it('attaches an upload with pending:true, then downloads it byte for byte with the right headers', async () => {
    const bytes = randomBytes(100_000);
    const filename = 'Prüfbericht 2026.pdf';
    const location = await newUpload(bytes.length, filename);
    const fileUid = uploadIdOf(location);
    assert.equal((await patchUpload(location, 0, bytes.subarray(0, 60_000))).status, 204);
    assert.equal((await patchUpload(location, 60_000, bytes.subarray(60_000))).status, 204);

    const unattached = await call(sandbox.url, `/api/download/${fileUid}`);
    assert.equal(unattached.status, 404, 'bytes are downloadable only once attached');

    const created = await callJson<{ data: { id: string } }[]>(sandbox.url, '/api/tickets/multi', {
      body: [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Has an attachment' }],
    });
    assert.equal(created.status, 200);
    const recordId = created.body[0].data.id;
    const attached = await callJson<{ successful: boolean }[]>(sandbox.url, '/api/tickets/multi', {
      body: [
        {
          transition: 'edit',
          id: recordId,
          attachments: [{ file_uid: fileUid, id: fileUid, pending: true, title: filename, link_data: { size: bytes.length } }],
        },
      ],
    });
    assert.equal(attached.status, 200, JSON.stringify(attached.body));
    assert.equal(attached.body[0].successful, true);
    assert.equal((await headUpload(location)).status, 404, 'the committed upload left the tus store');

    const download = await call(sandbox.url, `/api/download/${fileUid}`);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/pdf');
    assert.equal(download.headers.get('content-length'), String(bytes.length));
    const disposition = download.headers.get('content-disposition') ?? '';
    assert.match(disposition, /^attachment; filename="Pr_fbericht 2026.pdf"; filename\*=UTF-8''Pr%C3%BCfbericht%202026\.pdf$/);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), bytes);

    const ranged = await call(sandbox.url, `/api/download/${fileUid}`, { headers: { Range: 'bytes=10-19' } });
    assert.equal(ranged.status, 206);
    assert.equal(ranged.headers.get('content-range'), `bytes 10-19/${bytes.length}`);
    assert.deepEqual(Buffer.from(await ranged.arrayBuffer()), bytes.subarray(10, 20));

    const outside = await callJson<ErrorShape>(sandbox.url, `/api/download/${fileUid}`, { headers: { Range: `bytes=${bytes.length}-` } });
    assert.equal(outside.status, 416);
  });
});

describe('sandbox HTTP: upload time-to-live', () => {
  const sandbox = useSandbox({ uploadTtlSeconds: 1 });

  it('discards an upload never attached once its time-to-live has passed', async () => {
    const { location } = await startUpload(sandbox.url, 3, { filename: 'old.txt', bytes: Buffer.from('old') });
    await waitUntil('the expired upload to answer 404', async () => (await headUpload(location)).status === 404, 4_000, 100);
  });
});

describe('sandbox HTTP: --reset', () => {
  it('discards pending uploads together with the records', async () => {
    const first = await startTestSandbox();
    const location = (await createUpload(first.url, 3, 'gone.txt')).headers.get('location') ?? '';
    const fileUid = uploadIdOf(location);
    await first.stop();
    const second = await startTestSandbox({ dataDir: first.dataDir, reset: true });
    try {
      assert.equal((await headUpload(`${second.url}/api/upload-tus/${fileUid}`)).status, 404);
    } finally {
      await second.dispose();
    }
  });
});
