// Bulk Set Field over 5,000 records against the sandbox (`npm run bench:bulk`): the requests
// the extension sends for "Select all N matching" → Set Field (one count, the ids with their
// old values page by page, batches of 200) and the wall time, next to the same 25 batch
// requests sent bare with fetch in the same run. Target: ≤ 36 requests and < 10 s.
// Prints a table and one JSON line {"bulk":{…}}.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RecordsClient } from '../src/core/api';
import { bulkOperations, runBulkWrite } from '../src/core/bulk/bulkWrite';
import { startSandbox } from '../src/sandbox/api';

const RECORDS = Number(process.argv[process.argv.indexOf('--records') + 1]) || 5000;
const TOKEN = 'sandbox-admin-token';
const TASK = { workspace: 'IT', app: 'TASK' };

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'records-bench-bulk-'));
  const sandbox = await startSandbox({ dataDir, port: 0, records: 10 });
  const post = async (path: string, body: unknown): Promise<unknown> => {
    const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { authorization: `SVC_AUTH_CODE ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  try {
    const tag = `bench${Date.now().toString(36)}`;
    for (let start = 0; start < RECORDS; start += 200) {
      await post('/api/tickets/multi', Array.from({ length: Math.min(200, RECORDS - start) }, (_, i) => ({ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `${tag} ${start + i}`, c_external_ref: `old-${start + i}` })));
    }
    const rlx = `title like "${tag}%"`;

    let requests = 0;
    const client = new RecordsClient({ baseUrl: sandbox.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${TOKEN}`), onRequestFinished: () => void (requests += 1) });
    const started = performance.now();
    const counts = await client.countRecords(TASK, rlx);
    const targets: { id: string; previous: unknown }[] = [];
    for await (const page of client.listPages(TASK, { rlx, listOfFields: 'id,number,state,c_external_ref' })) {
      targets.push(...page.data.map((record) => ({ id: record.id, previous: record.c_external_ref ?? null })));
    }
    const readRequests = requests;
    const report = await runBulkWrite((batch) => client.batch(batch), bulkOperations(targets, { kind: 'setField', field: 'c_external_ref', value: 'new' }));
    const oursMs = performance.now() - started;
    await client.dispose();

    // The same writes, bare: 25 POSTs of 200 operations with fetch, no reading, no report.
    const bareStarted = performance.now();
    for (let start = 0; start < targets.length; start += 200) {
      await post('/api/tickets/multi', targets.slice(start, start + 200).map((target) => ({ transition: 'edit', id: target.id, c_external_ref: 'bare' })));
    }
    const bareMs = performance.now() - bareStarted;

    const result = {
      records: counts.filtered,
      changed: report.succeeded.length,
      failed: report.failed.length,
      requests,
      readRequests,
      writeRequests: report.requests,
      wallMs: Math.round(oursMs),
      bareWritesMs: Math.round(bareMs),
      ratioToBareWrites: Number((oursMs / bareMs).toFixed(2)),
    };
    console.log(`Bulk Set Field over ${result.records} records`);
    console.log(`  requests            ${result.requests} (count + ${result.readRequests - 1} pages of ids with old values + ${result.writeRequests} batches)  target ≤ 36 ${result.requests <= 36 ? 'ok' : 'MISSED'}`);
    console.log(`  wall time           ${(result.wallMs / 1000).toFixed(2)} s  target < 10 s ${result.wallMs < 10_000 ? 'ok' : 'MISSED'}`);
    console.log(`  bare 25 batch POSTs ${(result.bareWritesMs / 1000).toFixed(2)} s  (ours / bare: ${result.ratioToBareWrites}×)`);
    console.log(`  changed / failed    ${result.changed} / ${result.failed}`);
    console.log(JSON.stringify({ bulk: result }));
  } finally {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

void main();
