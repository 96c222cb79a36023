// Bulk Set Field over 5,000 records against the sandbox (`npm run bench:bulk`): the requests
// the extension sends for "Select all N matching" → Set Field (one count, the ids with their
// old values page by page, batches of 200) and the wall time, next to the same 25 batch
// requests sent bare with fetch in the same run. Target: ≤ 36 requests and < 10 s.
// Prints a table and one JSON line {"bulk":{…}}.
import { performance } from 'node:perf_hooks';
import { RecordsClient } from '../src/core/api';
import { bulkOperations, runBulkWrite } from '../src/core/bulk/bulkWrite';
import { startTestSandbox } from '../test/support/sandbox';
import { within } from './support/deadline';
import { Report, SMOKE, numberOption, runBench } from './support/report';

const RECORDS = SMOKE ? 400 : numberOption('records', 5000);
const REQUEST_MS = 60_000;
const TOKEN = 'sandbox-admin-token';
const TASK = { workspace: 'IT', app: 'TASK' };

async function main(): Promise<void> {
  const sandbox = await within('the sandbox to start', 60_000, startTestSandbox({ records: 10 }));
  const post = (path: string, body: unknown): Promise<unknown> => within(`POST ${path}`, REQUEST_MS, async () => {
    const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { authorization: `SVC_AUTH_CODE ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  });
  try {
    const tag = `bench${Date.now().toString(36)}`;
    for (let start = 0; start < RECORDS; start += 200) {
      await post('/api/tickets/multi', Array.from({ length: Math.min(200, RECORDS - start) }, (_, i) => ({ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `${tag} ${start + i}`, c_external_ref: `old-${start + i}` })));
    }
    const rlx = `title like "${tag}%"`;

    let requests = 0;
    const client = new RecordsClient({ baseUrl: sandbox.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${TOKEN}`), onRequestFinished: () => void (requests += 1) });
    const started = performance.now();
    const counts = await within('the count request', REQUEST_MS, client.countRecords(TASK, rlx));
    const targets: { id: string; previous: unknown }[] = [];
    await within('the pages of ids with old values', REQUEST_MS * 3, async () => {
      for await (const page of client.listPages(TASK, { rlx, listOfFields: 'id,number,state,c_external_ref' })) {
        targets.push(...page.data.map((record) => ({ id: record.id, previous: record.c_external_ref ?? null })));
      }
    });
    const readRequests = requests;
    const report = await runBulkWrite((batch) => within(`a batch of ${batch.length} edits`, REQUEST_MS, client.batch(batch)), bulkOperations(targets, { kind: 'setField', field: 'c_external_ref', value: 'new' }));
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
    console.log(`Bulk Set Field over ${result.records} records: ${result.changed} changed, ${result.failed} failed; ${result.readRequests} reads + ${result.writeRequests} batches`);
    if (result.changed !== RECORDS) throw new Error(`${result.changed} of ${RECORDS} records changed`);
    const figures = new Report('bulk');
    const batches = Math.ceil(RECORDS / 200);
    // One count, the ids with old values (a page per 500), the batches of 200.
    figures.add(`requests for ${RECORDS} records`, result.requests, 'requests', SMOKE ? undefined : { op: '<=', value: 1 + Math.ceil(RECORDS / 500) + batches });
    figures.add('wall time', result.wallMs / 1000, 's', { op: '<', value: 10 });
    figures.add(`ours / the same ${batches} batch requests sent bare`, result.ratioToBareWrites, '×');
    figures.print();
  } finally {
    await sandbox.dispose();
  }
}

runBench(main);
