import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { callJson, type ErrorShape } from '../../support/sandboxHttp';
import { waitUntil } from '../../support/waitUntil';
import { faultyJournalOps, type FaultPlan } from './support/journal-faults';

interface Outcome {
  title: string;
  status: number;
  id?: string;
  error?: ErrorShape['error'];
}

/** Adds `count` records one request at a time, as a user saving edits would. */
async function addRecords(sandbox: TestSandbox, count: number, prefix: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let i = 1; i <= count; i += 1) {
    const title = `${prefix} ${i} ${'x'.repeat(1500)}`;
    const answer = await callJson<{ data: { id: string } }[] | ErrorShape>(sandbox.url, '/api/tickets/multi', {
      body: [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title }],
    });
    const outcome: Outcome = { title, status: answer.status };
    if (answer.status === 200) {
      outcome.id = (answer.body as { data: { id: string } }[])[0].data.id;
    } else {
      outcome.error = (answer.body as ErrorShape | undefined)?.error;
    }
    outcomes.push(outcome);
  }
  return outcomes;
}

async function recordsAfterRestart(dataDir: string): Promise<{ id: string; title: string }[]> {
  const restarted = await startTestSandbox({ dataDir });
  try {
    const list = await callJson<{ id: string; title: string }[]>(restarted.url, '/api/w/IT/a/TASK/tickets/list', { body: { limitRecords: 500 } });
    assert.equal(list.status, 200);
    assert.ok(list.body.length < 500, 'every record of the app: fewer than the 500 an answer holds at most');
    return list.body;
  } finally {
    await restarted.stop();
  }
}

async function idsAfterRestart(dataDir: string): Promise<Set<string>> {
  return new Set((await recordsAfterRestart(dataDir)).map((r) => r.id));
}

async function runWithFaults(plan: FaultPlan, count: number, prefix: string) {
  const ops = faultyJournalOps(plan);
  const sandbox = await startTestSandbox({ journalFileOps: ops, log: () => undefined });
  let outcomes: Outcome[];
  try {
    outcomes = await addRecords(sandbox, count, prefix);
  } finally {
    await sandbox.stop();
  }
  const journal = await readFile(join(sandbox.dataDir, 'journal.jsonl'));
  cleanUp.push(sandbox.dataDir);
  return { outcomes, journal, dataDir: sandbox.dataDir };
}

const cleanUp: string[] = [];

describe('sandbox HTTP: storage faults never lose an acknowledged write', () => {
  after(async () => {
    for (const dir of cleanUp.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('a disk that fills up in the middle of a journal write: the write fails with 507 JSON, every acknowledged record survives a restart', async () => {
    const { outcomes, journal, dataDir } = await runWithFaults({ failWrite: 3, bytesBeforeFull: 700 }, 6, 'disk full');
    const acknowledged = outcomes.filter((o) => o.status === 200);
    const failed = outcomes.filter((o) => o.status !== 200);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      [200, 200, 507, 200, 200, 200],
      'only the write that hit the full disk fails, and it is not acknowledged',
    );
    for (const o of failed) {
      assert.equal(o.error?.code, 'insufficient_storage', JSON.stringify(o));
      assert.doesNotMatch(o.error?.message ?? '', /\/|\\/, 'no local path in the answer');
    }
    assert.equal(journal.indexOf(0), -1, 'no run of NUL bytes in the journal');
    assert.equal(journal.at(-1), 0x0a, 'the journal ends on a complete line');
    const ids = await idsAfterRestart(dataDir);
    const lost = acknowledged.filter((o) => !ids.has(o.id ?? ''));
    assert.deepEqual(lost, [], 'acknowledged writes lost after the restart');
  });

  it('a failing fsync: the write answers 503 JSON, is rolled back, and the next write succeeds', async () => {
    const { outcomes, journal, dataDir } = await runWithFaults({ failSync: 2 }, 4, 'fsync');
    assert.deepEqual(
      outcomes.map((o) => o.status),
      [200, 503, 200, 200],
    );
    assert.equal(outcomes[1].error?.code, 'unavailable');
    assert.equal(journal.at(-1), 0x0a);
    const ids = await idsAfterRestart(dataDir);
    for (const o of outcomes.filter((x) => x.status === 200)) assert.ok(ids.has(o.id ?? ''), `acknowledged ${o.title.slice(0, 10)} survives`);
    const journalText = journal.toString('utf8');
    assert.ok(!journalText.includes(outcomes[1].title), 'the failed write is not in the journal, so it cannot reappear after a restart');
  });

  it('a failing compaction does not fail the save that triggered it: logged, retried later, nothing duplicated', async () => {
    const logs: string[] = [];
    const sandbox = await startTestSandbox({ compactJournalBytes: 4000, log: (line) => logs.push(line) });
    try {
      // A directory where the snapshot's temporary file goes makes every compaction fail.
      const blocker = join(sandbox.dataDir, 'snapshot.json.tmp');
      await mkdir(join(blocker, 'occupied'), { recursive: true });
      const outcomes = await addRecords(sandbox, 4, 'compaction');
      assert.deepEqual(
        outcomes.map((o) => o.status),
        [200, 200, 200, 200],
        'saves that reached the journal are acknowledged even though compaction failed',
      );
      // Compaction runs beside the save that triggered it: its failure is logged a moment later.
      await waitUntil(() => `the compaction failure to be logged: ${logs.join(' | ')}`, () => logs.some((l) => /compact/i.test(l)), 2_000, 20);
      assert.ok(!existsSync(join(sandbox.dataDir, 'snapshot.json')));
      await rm(blocker, { recursive: true });
      // The retry happens on its own, without another request.
      await waitUntil('the compaction retried once the cause was gone', () => existsSync(join(sandbox.dataDir, 'snapshot.json')), 5_000);
      const more = await addRecords(sandbox, 1, 'after compaction');
      assert.equal(more[0].status, 200);
      await sandbox.stop();
      const ids = await idsAfterRestart(sandbox.dataDir);
      for (const o of [...outcomes, ...more]) assert.ok(ids.has(o.id ?? ''));
      const titles = (await recordsAfterRestart(sandbox.dataDir)).map((r) => r.title);
      assert.equal(titles.filter((t) => t.startsWith('compaction ')).length, 4, 'each save exactly once');
    } finally {
      await sandbox.dispose();
    }
  });

  it('a compaction that cannot create the new journal keeps using the old one: nothing lost', async () => {
    const logs: string[] = [];
    const sandbox = await startTestSandbox({ compactJournalBytes: 4000, log: (line) => logs.push(line) });
    cleanUp.push(sandbox.dataDir);
    // The snapshot can be written, the new journal cannot.
    await mkdir(join(sandbox.dataDir, 'journal.jsonl.next', 'occupied'), { recursive: true });
    const outcomes = await addRecords(sandbox, 4, 'swap');
    assert.deepEqual(outcomes.map((o) => o.status), [200, 200, 200, 200]);
    await waitUntil('the failure to be logged', () => logs.some((l) => /compact/i.test(l)), 2_000, 20);
    await sandbox.stop();
    const titles = (await recordsAfterRestart(sandbox.dataDir)).map((r) => r.title);
    for (const o of outcomes) assert.equal(titles.filter((t) => t === o.title).length, 1, 'each save exactly once after the restart');
  });
});
