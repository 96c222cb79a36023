import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createDemoSandboxService, DataFolderLockedError, PRINTER_TASK_ID } from '../../../src/sandbox/demoService';
import { waitUntil } from '../../support/waitUntil';
import { ADMIN, FakeUploads, openSandbox, rejection, tempDir, TASK } from './support';

describe('sandbox domain: durability', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const d = tempDir();
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const titleOf = (service: Awaited<ReturnType<typeof openSandbox>>['service'], id: string) =>
    service.list(ADMIN, undefined, { rlx: `id = "${id}"` }).data[0]?.title;

  it('restores records, history, comments and attachments after close and reopen', async () => {
    const dataDir = fresh();
    const uploads = new FakeUploads();
    const first = await openSandbox({ dataDir, records: 50, uploads });
    const uid = uploads.add('kept.txt', 'durable bytes');
    const [added] = await first.service.batch(ADMIN, [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Survives restarts', comment: 'first comment', attachments: [{ file_uid: uid, pending: true }] }]);
    await first.service.batch(ADMIN, [{ transition: 'start', id: PRINTER_TASK_ID }]);
    const before = first.service.list(ADMIN, TASK, { sortBy: 'number asc', limitRecords: 500, listOfFields: 'ALL' });
    await first.service.close();

    const second = await openSandbox({ dataDir, uploads });
    const after = second.service.list(ADMIN, TASK, { sortBy: 'number asc', limitRecords: 500, listOfFields: 'ALL' });
    assert.deepEqual(after, before);
    const id = String(added.data?.id);
    const history = second.service.history(ADMIN, { rlx: `id = "${id}"` });
    assert.equal(history[0].comment, '<p>first comment</p>');
    assert.equal(fs.readFileSync(second.service.download(ADMIN, uid).path, 'utf8'), 'durable bytes');
    assert.equal(second.service.list(ADMIN, TASK, { rlx: `id = "${PRINTER_TASK_ID}"` }).data[0].state, 'in_progress');
    // Numbers keep counting after a restart.
    const [next] = await second.service.batch(ADMIN, [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'next' }]);
    assert.equal(next.data?.number, Number(added.data?.number) + 1);
    await second.service.close();
  });

  it("makes an upload's bytes durable before the save that attaches it is journaled", async () => {
    const dataDir = fresh();
    const uploads = new FakeUploads();
    const sb = await openSandbox({ dataDir, records: 50, uploads });
    const uid = uploads.add('synced.txt', 'bytes first');
    const journalAtPersist: string[] = [];
    uploads.onPersist = (fileUid) => journalAtPersist.push(fs.readFileSync(path.join(dataDir, 'journal.jsonl'), 'utf8').includes(fileUid) ? 'already journaled' : 'not yet journaled');
    await sb.service.batch(ADMIN, [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'attaches', attachments: [{ file_uid: uid, pending: true }] }]);
    assert.deepEqual(journalAtPersist, ['not yet journaled']);
    assert.deepEqual(uploads.committed, [uid]);
    await sb.service.close();
  });

  it('generates the same demo data on every run', async () => {
    const a = await openSandbox({ records: 60 });
    const b = await openSandbox({ records: 60 });
    const params = { limitRecords: 500, listOfFields: 'ALL', loadRichTexts: true, sortBy: 'number asc' };
    assert.deepEqual(b.service.list(ADMIN, undefined, params), a.service.list(ADMIN, undefined, params));
    const history = a.service.history(ADMIN, { limitRecords: 500 });
    assert.ok(history.length < 500, 'every entry, fewer than the 500 an answer holds at most');
    assert.deepEqual(b.service.history(ADMIN, { limitRecords: 500 }), history);
    await a.service.close();
    await b.service.close();
    dirs.push(a.dataDir, b.dataDir);
  });

  it('drops a torn last journal line (logged once), and keeps everything before it', async () => {
    const dataDir = fresh();
    const first = await openSandbox({ dataDir, records: 50 });
    await first.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, title: 'Acknowledged write' }]);
    await first.service.close();
    fs.appendFileSync(path.join(dataDir, 'journal.jsonl'), '0badc0de {"seq":2,"mutations":[{"kind":"pu');
    const logs: string[] = [];
    const second = await openSandbox({ dataDir, log: (m) => logs.push(m) });
    assert.equal(titleOf(second.service, PRINTER_TASK_ID), 'Acknowledged write');
    assert.equal(logs.length, 1);
    assert.match(logs[0], /incomplete write/);
    await second.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, title: 'After the crash' }]);
    await second.service.close();
    const third = await openSandbox({ dataDir, log: (m) => logs.push(m) });
    assert.equal(titleOf(third.service, PRINTER_TASK_ID), 'After the crash');
    assert.equal(logs.length, 1, 'the torn tail was cut off, not logged again');
    await third.service.close();
  });

  it('refuses to start on corruption in the middle of the journal, with a clear message', async () => {
    const dataDir = fresh();
    const first = await openSandbox({ dataDir, records: 50 });
    await first.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, title: 'one' }]);
    await first.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, title: 'two' }]);
    await first.service.close();
    const file = path.join(dataDir, 'journal.jsonl');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"one"', '"uno"'));
    const err = await rejection(() => openSandbox({ dataDir }));
    assert.match(err.message, /corrupt at line 1/);
    assert.ok(err.message.includes(file));
    // The failed start released its lock.
    fs.writeFileSync(file, '');
    const again = await openSandbox({ dataDir });
    await again.service.close();
  });

  it('survives kill -9 right after a write was acknowledged', async function () {
    this.timeout(30000);
    const dataDir = fresh();
    const script = `
      const { createDemoSandboxService, DEMO_USERS } = require(${JSON.stringify(path.resolve('src/sandbox/demoService.ts'))});
      (async () => {
        const s = await createDemoSandboxService({ dataDir: ${JSON.stringify(dataDir)}, records: 50, uploads: { describe: async () => undefined, commit: async () => {} } });
        await s.batch(DEMO_USERS[0], [{ transition: 'edit', id: ${JSON.stringify(PRINTER_TASK_ID)}, title: 'acknowledged before the kill' }]);
        process.stdout.write('ACK\\n');
        setInterval(() => {}, 1000);
      })();`;
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('ACK')) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => reject(new Error('child exited before acknowledging')));
    });
    await new Promise((r) => child.once('exit', r));
    // The dead process left its lock behind: a new sandbox takes it over.
    const reopened = await openSandbox({ dataDir });
    assert.equal(titleOf(reopened.service, PRINTER_TASK_ID), 'acknowledged before the kill');
    await reopened.service.close();
  });

  it('refuses a second sandbox on a locked folder, naming the folder and the pid', async () => {
    const dataDir = fresh();
    const first = await openSandbox({ dataDir, records: 50 });
    const err = await rejection(() => openSandbox({ dataDir }));
    assert.ok(err instanceof DataFolderLockedError);
    assert.equal(err.pid, process.pid);
    assert.ok(err.message.includes(path.resolve(dataDir)), err.message);
    assert.ok(err.message.includes(String(process.pid)), err.message);
    await first.service.close();
    const second = await openSandbox({ dataDir });
    await second.service.close();
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dataDir = fresh();
    fs.writeFileSync(path.join(dataDir, 'sandbox.lock'), '2147483646');
    const sb = await openSandbox({ dataDir, records: 50 });
    assert.equal((JSON.parse(fs.readFileSync(path.join(dataDir, 'sandbox.lock'), 'utf8')) as { pid: number }).pid, process.pid);
    await sb.service.close();
  });

  it('compacts the journal into a snapshot (changes since the seed) and restores from it', async () => {
    const dataDir = fresh();
    const first = await openSandbox({ dataDir, records: 50, compactJournalBytes: 2000 });
    const [added] = await first.service.batch(ADMIN, [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'added before compaction' }]);
    const victim = first.service.list(ADMIN, { workspace: 'SALES', app: 'DEAL' }, {}).data[0].id;
    await first.service.batch(ADMIN, [{ transition: 'delete', id: victim }]);
    for (let i = 0; i < 5; i++) await first.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, title: `compacted ${i}`, comment: 'x'.repeat(400) }]);
    // Compaction runs apart from the save that triggered it.
    const compacted = () => fs.existsSync(path.join(dataDir, 'snapshot.json')) && fs.statSync(path.join(dataDir, 'journal.jsonl')).size < 2000;
    await waitUntil('the compaction', compacted, 10_000, 20);
    assert.ok(fs.existsSync(path.join(dataDir, 'snapshot.json')));
    assert.ok(fs.statSync(path.join(dataDir, 'journal.jsonl')).size < 2000);
    await first.service.batch(ADMIN, [{ transition: 'start', id: String(added.data?.id) }]);
    const everything = { limitRecords: 500, listOfFields: 'ALL', loadRichTexts: true, sortBy: 'number asc' };
    const before = first.service.list(ADMIN, undefined, everything);
    const history = first.service.history(ADMIN, { limitRecords: 500 });
    assert.ok(before.data.length < 500 && history.length < 500, 'every record and entry, fewer than the 500 an answer holds at most');
    await first.service.close();
    const second = await openSandbox({ dataDir });
    assert.equal(titleOf(second.service, PRINTER_TASK_ID), 'compacted 4');
    assert.equal(titleOf(second.service, victim), undefined);
    assert.deepEqual(second.service.list(ADMIN, undefined, everything), before);
    assert.deepEqual(second.service.history(ADMIN, { limitRecords: 500 }), history);
    await second.service.close();
  });

  it('reset discards the data folder and seeds again', async () => {
    const dataDir = fresh();
    const first = await openSandbox({ dataDir, records: 50 });
    await first.service.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, title: 'changed' }]);
    await first.service.close();
    const reset = await createDemoSandboxService({ dataDir, reset: true, records: 50, uploads: new FakeUploads(), log: () => undefined });
    assert.equal(titleOf(reset, PRINTER_TASK_ID), 'Replace printer toner on floor 3');
    await reset.close();
  });
});
