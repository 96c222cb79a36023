// Completion latency of the pure `.rlx` core on a 2,000-line file with a cached schema
// (target: p95 < 10 ms). Each sample parses the document model from scratch, as an edit
// would, then computes completions at a cursor spread over the file.
// Run: npx tsx bench/rlx-completion.ts [--iterations N] [--smoke]
import { performance } from 'node:perf_hooks';
import type { FieldDefinition, LookupValue } from '../src/core/contract/types';
import { parseRlxDocument } from '../src/core/rlx/document';
import { type RlxSchemaSource, type RlxScopeSchema, getRlxCompletions, getRlxDiagnostics } from '../src/core/rlx/language';
import { Report, SMOKE, numberOption, runBench } from './support/report';
import { quantile } from './support/stats';

const ITERATIONS = SMOKE ? 1 : numberOption('iterations', 300);
const WARM_UP = SMOKE ? 0 : 50;

function schema(): RlxScopeSchema {
  const fields: Record<string, FieldDefinition> = {
    state: { name: 'state', ed_caption: 'State', ed_custom_field_type: 'lookup' },
    keeper_id: { name: 'keeper_id', ed_caption: 'Keeper', ed_custom_field_type: 'person' },
    creation_date: { name: 'creation_date', ed_caption: 'Created', ed_custom_field_type: 'datetime' },
  };
  const lookups: Record<string, LookupValue[]> = { state: Array.from({ length: 40 }, (_, i) => ({ id: `state_${i}`, caption: `State ${i}` })) };
  for (let i = 0; i < 200; i++) {
    fields[`c_field_${i}`] = { name: `c_field_${i}`, ed_caption: `Field ${i}`, ed_custom_field_type: i % 3 === 0 ? 'number' : 'text', ed_help_text: 'Help text' };
  }
  const users = Array.from({ length: 300 }, (_, i) => ({ id: `0000000${i}`.slice(-8) + '-0000-0000-0000-000000000000', name: `User ${i}`, role: 'member' }));
  return { fields, lookups, users };
}

const cached = schema();
const source: RlxSchemaSource = { schemaFor: () => cached, workspaces: () => [{ alias: 'IT', apps: [{ alias: 'TASK' }] }] };

// 250 blocks of 8 lines = 2,000 lines.
const lines: string[] = ['@app IT/TASK'];
for (let block = 0; lines.length < 2000; block++) {
  lines.push(`### Block ${block}`, '@fields title,state,c_field_1', '@sort creation_date desc', '// a comment', `state in "state_1,state_2":string[] AND c_field_3 > ${block}`, '  AND (creation_date >= "2026-01-01" OR keeper_id != null)', `  AND c_field_${block % 200} = "x"`, '');
}
const text = lines.slice(0, 2000).join('\n');
const cursors = [
  (t: string) => t.lastIndexOf('AND c_field_3') + 4,
  (t: string) => t.lastIndexOf('state_2') + 3,
  (t: string) => t.indexOf('@sort', t.length / 2) + 3,
  (t: string) => t.indexOf('c_field_3 >', t.length / 3) + 10,
];

function measure(run: () => void): { p50: number; p95: number; max: number } {
  // Warm-up runs let the JIT compile the hot paths, as it has in an editor that has been open a while.
  for (let i = 0; i < WARM_UP; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), max: quantile(samples, 1) };
}

runBench(async () => {
  let index = 0;
  const completion = measure(() => {
    const offset = (cursors[index++ % cursors.length] as (t: string) => number)(text);
    const items = getRlxCompletions(parseRlxDocument(text), offset, source);
    if (items.length === 0) throw new Error('the benchmark cursor found no completions');
  });
  const diagnostics = measure(() => getRlxDiagnostics(parseRlxDocument(text), source));
  const report = new Report('rlx');
  report.add('completion p95 (2,000 lines)', completion.p95, 'ms', { op: '<', value: 10 });
  report.add('completion p50', completion.p50, 'ms');
  report.add('completion max', completion.max, 'ms');
  report.add('diagnostics p95 (whole file)', diagnostics.p95, 'ms', { op: '<', value: 50 });
  report.add('diagnostics p50 (whole file)', diagnostics.p50, 'ms');
  report.print();
});
