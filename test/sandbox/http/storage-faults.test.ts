import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { callJson, startTestSandbox, type ErrorShape, type TestSandbox } from './support/test-sandbox';
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

async function idsAfterRestart(dataDir: string): Promise<Set<string>> {
  const restarted = await startTestSandbox({ dataDir });
  try {
    const list = await callJson<{ id: string }[]>(restarted.url, '/api/w/IT/a/TASK/tickets/list', { body: { limitRecords: 1000 } });
    assert.equal(list.status, 200);
    return new Set(list.body.map((r) => r.id));
  } finally {
    await restarted.dispose();
  }
}

async function runWithFaults(plan: FaultPlan, count: number, prefix: string) {
  const ops = faultyJournalOps(plan);
  const sandbox = await startTestSandbox({ journalFileOps: ops, log: () => undefined });
  let outcomes: Outcome[];
  try {
    outcomes = await addRecords(sandbox, count, prefix);
  } finally {
    await sandbox.close();
  }
  const journal = await readFile(join(sandbox.dataDir, 'journal.jsonl'));
  return { outcomes, journal, dataDir: sandbox.dataDir };
}

describe('sandbox HTTP: storage faults never lose an acknowledged write', () => {
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
});
