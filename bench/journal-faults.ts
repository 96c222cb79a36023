// Full-disk drill for the sandbox journal (`npm run bench:journal-faults`).
// For each scenario, a sandbox (real HTTP, temp folder) takes 12 one-record saves while its
// journal's file operations simulate a disk that fills up part-way through write N (a short
// write, then ENOSPC once; then space is free again). The sandbox is then restarted on the same
// folder and the acknowledged (200) records are looked up.
// Reports: saves acknowledged, acknowledged saves lost after the restart, restarts that fail,
// and error answers that were not 503/507. Target: 0 lost, 0 failed restarts, 0 wrong answers.
import { rm } from 'node:fs/promises';
import { startTestSandbox } from '../test/support/sandbox';
import { callJson } from '../test/support/sandboxHttp';
import { faultyJournalOps } from '../test/sandbox/http/support/journal-faults';
import { within } from './support/deadline';
import { Report, SMOKE, runBench } from './support/report';

const SAVES = 12;

async function scenario(failWrite: number, bytesBeforeFull: number) {
  const sandbox = await within(`the sandbox to start (write ${failWrite} fails after ${bytesBeforeFull} B)`, 60_000, startTestSandbox({ journalFileOps: faultyJournalOps({ failWrite, bytesBeforeFull }), log: () => undefined }));
  const acknowledged: string[] = [];
  let wrongAnswers = 0;
  try {
    for (let i = 0; i < SAVES; i += 1) {
      const answer = await within(`save ${i} (write ${failWrite} fails after ${bytesBeforeFull} B)`, 30_000, callJson<{ data: { id: string } }[]>(sandbox.url, '/api/tickets/multi', {
        body: [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `save ${i} ${'x'.repeat(1500)}` }],
      }));
      if (answer.status === 200) acknowledged.push(answer.body[0].data.id);
      else if (answer.status !== 507 && answer.status !== 503) wrongAnswers += 1;
    }
  } finally {
    await sandbox.stop();
  }
  let lost = acknowledged.length;
  let restartFailed = false;
  try {
    const restarted = await within('the restart on the same folder', 60_000, startTestSandbox({ dataDir: sandbox.dataDir, log: () => undefined }));
    // The app holds fewer records than the 500 an answer may carry, so one request reads them all.
    const list = await callJson<{ id: string }[]>(restarted.url, '/api/w/IT/a/TASK/tickets/list', { body: { limitRecords: 500 } });
    const ids = new Set(list.body.map((r) => r.id));
    lost = acknowledged.filter((id) => !ids.has(id)).length;
    await restarted.stop();
  } catch {
    restartFailed = true;
  }
  await rm(sandbox.dataDir, { recursive: true, force: true });
  return { acknowledged: acknowledged.length, lost, restartFailed, wrongAnswers };
}

async function main(): Promise<void> {
  const totals = { scenarios: 0, acknowledged: 0, lost: 0, restartFailed: 0, wrongAnswers: 0 };
  for (const failWrite of SMOKE ? [4] : [1, 4, 8, 11]) {
    for (const bytesBeforeFull of SMOKE ? [700] : [1, 700, 1400]) {
      const r = await scenario(failWrite, bytesBeforeFull);
      totals.scenarios += 1;
      totals.acknowledged += r.acknowledged;
      totals.lost += r.lost;
      totals.restartFailed += r.restartFailed ? 1 : 0;
      totals.wrongAnswers += r.wrongAnswers;
    }
  }
  console.log(`journal faults: ${totals.scenarios} scenarios, ${totals.acknowledged} saves acknowledged`);
  const report = new Report('journal-faults');
  report.add('acknowledged saves lost after a restart', totals.lost, 'saves', { op: '<=', value: 0 });
  report.add('restarts that failed', totals.restartFailed, 'restarts', { op: '<=', value: 0 });
  report.add('error answers other than 503/507', totals.wrongAnswers, 'answers', { op: '<=', value: 0 });
  report.print();
}

runBench(main);
