import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, callJson } from '../../support/sandboxHttp';
import { startUpload } from '../../support/tusCalls';
import { waitUntil } from '../../support/waitUntil';

async function uploadBytes(sandbox: TestSandbox, bytes: Buffer, filename: string): Promise<string> {
  return (await startUpload(sandbox.url, bytes.length, { filename, bytes })).fileUid;
}

/** Something in the way of the move into files/: a save that attaches the upload is durable, its move fails. */
async function blockMoveOf(sandbox: TestSandbox, fileUid: string): Promise<string> {
  const blocker = join(sandbox.dataDir, 'files', fileUid);
  await mkdir(blocker);
  await writeFile(join(blocker, 'in-the-way'), '');
  return blocker;
}

async function attach(sandbox: TestSandbox, fileUid: string, filename: string): Promise<number> {
  const answer = await callJson(sandbox.url, '/api/tickets/multi', {
    body: [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `with ${filename}`, attachments: [{ file_uid: fileUid, pending: true, title: filename }] }],
  });
  return answer.status;
}

describe('sandbox HTTP: attachment bytes after a save', () => {
  const dirs: string[] = [];
  after(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('a start moves the bytes of an attached upload that a crash (or a failed move) left behind', async () => {
    const logs: string[] = [];
    const first = await startTestSandbox({ log: (line) => logs.push(line) });
    dirs.push(first.dataDir);
    const bytes = randomBytes(20_000);
    const fileUid = await uploadBytes(first, bytes, 'left-behind.bin');
    const blocker = await blockMoveOf(first, fileUid);
    assert.equal(await attach(first, fileUid, 'left-behind.bin'), 200);
    await first.stop();
    await rm(blocker, { recursive: true });

    const second = await startTestSandbox({ dataDir: first.dataDir });
    try {
      const download = await call(second.url, `/api/download/${fileUid}`);
      assert.equal(download.status, 200, 'the attachment is downloadable after the restart');
      assert.deepEqual(Buffer.from(await download.arrayBuffer()), bytes);
    } finally {
      await second.stop();
    }
  });

  it('retries a failed move while running, so the bytes arrive without a restart', async () => {
    const sandbox = await startTestSandbox({ log: () => undefined });
    dirs.push(sandbox.dataDir);
    try {
      const bytes = randomBytes(5_000);
      const fileUid = await uploadBytes(sandbox, bytes, 'retried.bin');
      const blocker = await blockMoveOf(sandbox, fileUid);
      assert.equal(await attach(sandbox, fileUid, 'retried.bin'), 200);
      await rm(blocker, { recursive: true });
      await waitUntil('the retried move: the download answers 200', async () => (await call(sandbox.url, `/api/download/${fileUid}`)).status === 200, 10_000, 100);
    } finally {
      await sandbox.stop();
    }
  });

  it('never serves a short file as complete', async () => {
    const sandbox = await startTestSandbox();
    dirs.push(sandbox.dataDir);
    try {
      const bytes = randomBytes(10_000);
      const fileUid = await uploadBytes(sandbox, bytes, 'short.bin');
      assert.equal(await attach(sandbox, fileUid, 'short.bin'), 200);
      // What a crash before the bytes reached the disk leaves: a shorter file.
      await truncate(join(sandbox.dataDir, 'files', fileUid), 4_000);
      const download = await call(sandbox.url, `/api/download/${fileUid}`);
      assert.notEqual(download.status, 200, 'a short file is not served as the whole attachment');
      assert.ok(download.status >= 500, `status ${download.status}`);
      const body = (await download.json()) as { error: { code: string; message: string } };
      assert.match(body.error.message, /4000 of 10000 bytes/);
    } finally {
      await sandbox.stop();
    }
  });
});
