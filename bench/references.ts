// Record references in a 5,000-line file with 5,000 references (`npm run bench:references`).
// Target: links ready < 200 ms once the connection's aliases are known ("catalog warm").
// Measures, against the sandbox over real HTTP (started in this process, temp folder):
//   - links: matching every line with the alias matcher, as the link provider does
//     (median and worst of 15 runs, the matcher built each time);
//   - hover of the first screen: resolving the references of the first 60 lines (one batch);
//   - the whole file resolved block by block (250 lines, as links are resolved without an
//     editor showing them), with the list requests sent, against 5,000 for one per reference.
// Run: npm run bench:references [-- --smoke]
import { performance } from 'node:perf_hooks';
import type { RecordsClient } from '../src/core/api';
import type { AppRef, RecordData } from '../src/core/contract/types';
import { ReferenceMatcher, fetchReferencedRecords, planReferenceLookups, type ReferenceMatch } from '../src/core/references';
import { startTestSandbox } from '../test/support/sandbox';
import { within } from './support/deadline';
import { Report, SMOKE, runBench } from './support/report';

const LINES = SMOKE ? 500 : 5000;
const SCREEN_LINES = 60;
const BLOCK_LINES = 250;
const RUNS = SMOKE ? 1 : 15;
/** Deadline of one request, or one block's requests. */
const REQUEST_MS = 30_000;

async function main(): Promise<void> {
  const sandbox = await within('the sandbox to start', 60_000, startTestSandbox({ records: 2000 }));
  const client = sandbox.client();
  let requests = 0;
  const list = (scope: AppRef, params: Parameters<RecordsClient['listRecords']>[1]) => {
    requests++;
    return within(`POST list of ${scope.workspace}/${scope.app} (${params.rlx ?? 'no filter'})`, REQUEST_MS, client.listRecords(scope, params));
  };
  try {
    // The catalog, warm: aliases of every workspace the user can read.
    const workspaces = await within('the workspaces (discovery)', REQUEST_MS, client.discoverWorkspaces());
    const aliases = new Map(workspaces.map((w) => [w.alias, w.apps.map((a) => a.alias)]));
    const apps = workspaces.flatMap((w) => w.apps.filter((a) => a.count > 0).map((a) => ({ workspace: w.alias, app: a.alias }))).slice(0, 2);
    const records: { scope: AppRef; record: RecordData }[][] = [];
    for (const scope of apps) records.push((await list(scope, { limitRecords: 500, listOfFields: 'id,number' })).data.map((record) => ({ scope, record })));
    const lines = Array.from({ length: LINES }, (_, i) => {
      const pool = records[i % records.length]!;
      const { scope, record } = pool[Math.floor(i / records.length) % pool.length]!;
      return `- ${i}: see ${scope.workspace}/${scope.app}${record.number} (and http://example.com/x/${i})`;
    });

    const linkTimes: number[] = [];
    let matches: { line: number; match: ReferenceMatch }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const matcher = new ReferenceMatcher(aliases);
      matches = [];
      lines.forEach((text, line) => {
        for (const match of matcher.find(text)) matches.push({ line, match });
      });
      linkTimes.push(performance.now() - started);
    }
    linkTimes.sort((a, b) => a - b);

    requests = 0;
    let started = performance.now();
    const screen = await fetchReferencedRecords(list, planReferenceLookups(matches.filter((m) => m.line < SCREEN_LINES).map((m) => m.match)));
    const screenMs = performance.now() - started;
    const screenRequests = requests;

    requests = 0;
    started = performance.now();
    let resolved = 0;
    for (let from = 0; from < LINES; from += BLOCK_LINES) {
      const found = await fetchReferencedRecords(list, planReferenceLookups(matches.filter((m) => m.line >= from && m.line < from + BLOCK_LINES).map((m) => m.match)));
      resolved += [...found.values()].filter((r) => r !== null).length;
    }
    const fileMs = performance.now() - started;

    const median = linkTimes[Math.floor(linkTimes.length / 2)]!;
    const worst = linkTimes[linkTimes.length - 1]!;
    console.log(`references: ${LINES} lines, ${matches.length} references to ${apps.map((a) => `${a.workspace}/${a.app}`).join(', ')}; ${resolved} resolved to records`);
    const report = new Report('references');
    report.add(`links ready, ${LINES} lines (catalog warm), median`, median, 'ms', { op: '<', value: 200 });
    report.add('links ready, worst', worst, 'ms');
    report.add(`first screen (${SCREEN_LINES} lines) resolved: requests`, screenRequests, 'requests');
    report.add('first screen resolved: time', screenMs, 'ms');
    report.add(`whole file by blocks of ${BLOCK_LINES} lines: requests (one per reference: ${matches.length})`, requests, 'requests');
    report.add('whole file resolved: time', fileMs, 'ms');
    if ([...screen.values()].filter(Boolean).length === 0) throw new Error('the first screen resolved no record');
    report.print();
  } finally {
    await sandbox.dispose();
  }
}

runBench(main);
