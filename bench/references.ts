// Record references in a 5,000-line file with 5,000 references (`npm run bench:references`).
// Target: links ready < 200 ms once the connection's aliases are known ("catalog warm").
// Measures, against the sandbox over real HTTP (started in this process, temp folder):
//   - links: matching every line with the alias matcher, as the link provider does
//     (median and worst of 15 runs, the matcher built each time);
//   - hover of the first screen: resolving the references of the first 60 lines (one batch);
//   - the whole file resolved block by block (250 lines, as links are resolved without an
//     editor showing them), with the list requests sent, against 5,000 for one per reference.
// Run: npm run bench:references
import { performance } from 'node:perf_hooks';
import type { RecordsClient } from '../src/core/api';
import type { AppRef, RecordData } from '../src/core/contract/types';
import { ReferenceMatcher, fetchReferencedRecords, planReferenceLookups, type ReferenceMatch } from '../src/core/references';
import { startTestSandbox } from '../test/api/support/sandbox';

const LINES = 5000;
const SCREEN_LINES = 60;
const BLOCK_LINES = 250;
const RUNS = 15;

async function main(): Promise<void> {
  const sandbox = await startTestSandbox();
  const client = sandbox.client();
  let requests = 0;
  const list = (scope: AppRef, params: Parameters<RecordsClient['listRecords']>[1]) => {
    requests++;
    return client.listRecords(scope, params);
  };
  try {
    // The catalog, warm: aliases of every workspace the user can read.
    const workspaces = await client.discoverWorkspaces();
    const aliases = new Map(workspaces.map((w) => [w.alias, w.apps.map((a) => a.alias)]));
    const apps = workspaces.flatMap((w) => w.apps.filter((a) => a.count > 0).map((a) => ({ workspace: w.alias, app: a.alias }))).slice(0, 2);
    const records: { scope: AppRef; record: RecordData }[][] = [];
    for (const scope of apps) records.push((await client.listRecords(scope, { limitRecords: 500, listOfFields: 'id,number' })).data.map((record) => ({ scope, record })));
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
    console.log(`references: ${LINES} lines, ${matches.length} references to ${apps.map((a) => `${a.workspace}/${a.app}`).join(', ')}`);
    console.log(`links ready (catalog warm): median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms (target < 200 ms)`);
    console.log(`first screen (${SCREEN_LINES} lines) resolved: ${screenRequests} requests, ${screenMs.toFixed(0)} ms, ${[...screen.values()].filter(Boolean).length} records`);
    console.log(`whole file resolved by blocks of ${BLOCK_LINES} lines: ${requests} requests (one per reference would be ${matches.length}), ${fileMs.toFixed(0)} ms, ${resolved} references resolved to records`);
    console.log(JSON.stringify({ bench: 'references', lines: LINES, references: matches.length, linksMedianMs: +median.toFixed(2), linksWorstMs: +worst.toFixed(2), screenRequests, screenMs: Math.round(screenMs), fileRequests: requests, fileMs: Math.round(fileMs) }));
    if (median >= 200) process.exitCode = 1;
  } finally {
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
