// The upload folder as the service sees it: what an upload is (its name, declared size, bytes so
// far), a commit that takes only complete uploads and forgets them after moving the bytes, and
// the removal of uploads by creation time. Uploads are made over tus by a real sandbox, so the
// folder holds exactly what @tus/file-store writes.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SandboxError } from '../../../../src/sandbox/service/contract';
import { UploadStore } from '../../../../src/sandbox/uploads/upload-store';
import { useSandbox } from '../../../support/sandbox';
import { startUpload } from '../../../support/tusCalls';

describe('sandbox uploads: UploadStore', () => {
  const sandbox = useSandbox({ uploadTtlSeconds: 3600 });
  const store = () => new UploadStore(join(sandbox.dataDir, 'uploads'));

  /** A new upload of `size` bytes with `bytes` sent so far; its file_uid. */
  async function upload(size: number, bytes: string, filename = 'notes.txt'): Promise<string> {
    return (await startUpload(sandbox.url, size, { filename, bytes: Buffer.from(bytes) })).fileUid;
  }

  async function sandboxError(promise: Promise<unknown>): Promise<SandboxError> {
    try {
      await promise;
    } catch (error) {
      assert.ok(error instanceof SandboxError, String(error));
      return error;
    }
    assert.fail('expected a SandboxError');
  }

  it('describes an upload: its file name, declared size and the bytes received so far', async () => {
    const fileUid = await upload(5, 'abc', 'report.txt');
    const info = await store().describe(fileUid);
    assert.deepEqual({ ...info, path: undefined }, { fileUid, filename: 'report.txt', size: 5, offset: 3, path: undefined });
    assert.equal(info?.path, join(sandbox.dataDir, 'uploads', fileUid));
  });

  it('knows nothing of ids that are not GUIDs or not uploads, without touching other files', async () => {
    writeFileSync(join(sandbox.dataDir, 'uploads', 'stray.json'), '{"size":1}');
    for (const id of ['stray', '../meta', '00000000-0000-4000-8000-00000000dead']) {
      assert.equal(await store().describe(id), undefined, id);
      assert.equal(await store().ownerOf(id), undefined, id);
    }
  });

  it('commits a complete upload: the bytes move to the destination and the upload is forgotten', async () => {
    const fileUid = await upload(4, 'done');
    const destination = join(sandbox.dataDir, 'files-under-test', fileUid);
    await store().commit(fileUid, destination);
    assert.equal(readFileSync(destination, 'utf8'), 'done');
    assert.equal(await store().describe(fileUid), undefined);
    assert.ok(!existsSync(join(sandbox.dataDir, 'uploads', `${fileUid}.json`)));
  });

  it('refuses to commit an incomplete upload (400) or one that is gone (404), moving nothing', async () => {
    const partial = await upload(5, 'abc');
    const incomplete = await sandboxError(store().commit(partial, join(sandbox.dataDir, 'never', partial)));
    assert.deepEqual([incomplete.status, incomplete.code], [400, 'invalid_value']);
    assert.match(incomplete.message, /incomplete \(3 of 5 bytes\)/);
    assert.equal((await store().describe(partial))?.offset, 3);
    assert.ok(!existsSync(join(sandbox.dataDir, 'never')));
    const missing = await sandboxError(store().commit('00000000-0000-4000-8000-00000000beef', join(sandbox.dataDir, 'never', 'x')));
    assert.deepEqual([missing.status, missing.code], [404, 'not_found']);
    await sandboxError(store().persist('00000000-0000-4000-8000-00000000beef'));
  });

  it('removes the uploads created before a cutoff, bytes and description, and counts them', async () => {
    const older = await upload(3, 'old');
    const cutoff = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await upload(3, 'new');
    const removed = await store().removeCreatedBefore(cutoff);
    assert.ok(removed >= 1, `removed ${removed}`);
    assert.equal(await store().describe(older), undefined);
    assert.ok(!existsSync(join(sandbox.dataDir, 'uploads', older)));
    assert.equal((await store().describe(newer))?.offset, 3);
    assert.ok(existsSync(join(sandbox.dataDir, 'uploads', 'stray.json')), 'files that are not uploads stay');
  });
});
