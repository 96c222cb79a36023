// The limits the sandbox's tus endpoint enforces, at their edges (contract 4.8): the size cap
// (--max-upload-bytes) on the declared length and on the bytes sent, the filename it requires,
// the methods it serves, and an upload kept to the user who created it. Through a real sandbox,
// since the endpoint answers only behind its transport (authentication, the checked origin).
import * as assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { UploadStore } from '../../../../src/sandbox/uploads/upload-store';
import { ADMIN_ID, ADMIN_TOKEN, MEMBER_TOKEN, useSandbox } from '../../../support/sandbox';
import { type ErrorShape } from '../../../support/sandboxHttp';
import { createUpload, headUpload, patchUpload, startUpload, uploadIdOf } from '../../../support/tusCalls';

const MAX = 10;
const TUS = { 'Tus-Resumable': '1.0.0', Authorization: `SVC_AUTH_CODE ${ADMIN_TOKEN}` };

describe('sandbox uploads: tus endpoint limits', () => {
  const sandbox = useSandbox({ maxUploadBytes: MAX, uploadTtlSeconds: 3600 });
  const uploadFolder = () => join(sandbox.dataDir, 'uploads');

  async function assertTooLarge(response: Response): Promise<void> {
    assert.equal(response.status, 413);
    const { error } = (await response.json()) as ErrorShape;
    assert.equal(error.code, 'payload_too_large');
    assert.equal(error.message, `The file is larger than the ${MAX} bytes this sandbox accepts (--max-upload-bytes). Upload a smaller file.`);
  }

  it('accepts an upload of exactly the maximum and stores all of it', async () => {
    const location = (await startUpload(sandbox.url, MAX)).location;
    assert.equal((await patchUpload(location, 0, Buffer.alloc(MAX, 1))).status, 204);
    const head = await headUpload(location);
    assert.equal(head.headers.get('upload-offset'), String(MAX));
  });

  it('refuses a declared length one byte over the maximum before storing anything', async () => {
    const before = await readdir(uploadFolder()).catch(() => []);
    await assertTooLarge(await createUpload(sandbox.url, MAX + 1, 'big.bin'));
    assert.deepEqual(await readdir(uploadFolder()).catch(() => []), before);
  });

  it('refuses a PATCH that would write past the declared length, keeping the offset', async () => {
    const location = (await startUpload(sandbox.url, 5)).location;
    await assertTooLarge(await patchUpload(location, 0, Buffer.from('123456')));
    assert.equal((await headUpload(location)).headers.get('upload-offset'), '0');
  });

  it('holds a deferred-length upload to the maximum too', async () => {
    const response = await fetch(`${sandbox.url}/api/upload-tus`, {
      method: 'POST',
      headers: { ...TUS, 'Upload-Defer-Length': '1', 'Upload-Metadata': `filename ${Buffer.from('later.txt').toString('base64')}` },
    });
    assert.equal(response.status, 201);
    const location = response.headers.get('location') ?? '';
    await assertTooLarge(await patchUpload(location, 0, Buffer.alloc(MAX + 1, 2)));
  });

  it('requires the base64 filename in Upload-Metadata (400)', async () => {
    const response = await createUpload(sandbox.url, 3, undefined);
    assert.equal(response.status, 400);
    const { error } = (await response.json()) as ErrorShape;
    assert.equal(error.code, 'invalid_request');
    assert.match(error.message, /filename/);
  });

  it('serves the tus methods only: GET of an upload is 405, its bytes are never downloadable before a save', async () => {
    const location = (await startUpload(sandbox.url, 3)).location;
    const response = await fetch(location, { headers: { Authorization: TUS.Authorization } });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST, HEAD, PATCH, DELETE, OPTIONS');
  });

  it('puts the checked origin in Location, whatever forwarding headers the client sends', async () => {
    const response = await fetch(`${sandbox.url}/api/upload-tus`, {
      method: 'POST',
      headers: { ...TUS, 'Upload-Length': '3', 'Upload-Metadata': `filename ${Buffer.from('a.txt').toString('base64')}`, 'X-Forwarded-Host': 'evil.example', 'Forwarded': 'host=evil.example' },
    });
    assert.equal(response.status, 201);
    assert.ok(response.headers.get('location')?.startsWith(`${sandbox.url}/api/upload-tus/`), String(response.headers.get('location')));
  });

  it('records the authenticated creator as the owner, whatever owner header the client sends; others see 404', async () => {
    const response = await fetch(`${sandbox.url}/api/upload-tus`, {
      method: 'POST',
      headers: { ...TUS, 'Upload-Length': '3', 'Upload-Metadata': `filename ${Buffer.from('mine.txt').toString('base64')}`, 'x-records-sandbox-owner': 'someone-else' },
    });
    assert.equal(response.status, 201);
    const location = response.headers.get('location') ?? '';
    const fileUid = uploadIdOf(location);
    assert.equal(await new UploadStore(uploadFolder()).ownerOf(fileUid), ADMIN_ID);
    assert.equal((await headUpload(location, MEMBER_TOKEN)).status, 404);
    assert.equal((await patchUpload(location, 0, Buffer.from('abc'), MEMBER_TOKEN)).status, 404);
    assert.equal((await headUpload(location)).headers.get('upload-offset'), '0', "the other user's PATCH wrote nothing");
  });
});
