// Hostile RLX input: how long the shared core takes on text written to stall it (and, for
// scale, a compiled filter over 100,000 records, the sandbox's everyday work). The parser
// and the `like` matcher run in the sandbox (every list, pivot and search request) and in the
// extension host (diagnostics of every open `.rlx`), so a slow path here freezes both.
// Prints one line per case and, last, the JSON report line (bench/support/report.ts).
// Run: npx tsx bench/rlx-hostile.ts [--sizes 60000,100000,1000000] [--smoke]
import { performance } from 'node:perf_hooks';
import type { FieldDefinition } from '../src/core/contract/types';
import { compileRlxFilter, parseRlx } from '../src/core/rlx';
import { compileLikePattern } from '../src/core/rlx/likePattern';
import { parseRlxDocument } from '../src/core/rlx/document';
import { type RlxSchemaSource, type RlxScopeSchema, getRlxDiagnostics } from '../src/core/rlx/language';
import { COMPOUND_FILTER, fixtureRecords } from '../test/support/filterFixture';
import { Report, SMOKE, option, runBench } from './support/report';

const SIZES = option('sizes', SMOKE ? '60000' : '60000,100000,1000000').split(',').map(Number);
const report = new Report('rlx-hostile');

/** Best of a few runs: the machine is shared, the best run is the code's own cost. */
function time(name: string, run: () => unknown, target?: number, runs = 3): void {
  let best = Infinity;
  for (let i = 0; i < (SMOKE ? 1 : runs); i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  report.add(name, best, 'ms', target === undefined ? undefined : { op: '<', value: target });
}

function bareWords(bytes: number): string {
  return 'word '.repeat(Math.ceil(bytes / 5)).slice(0, bytes);
}

/** Deterministic junk drawn from every token kind, so each scanner rule and error path runs. */
function garbage(bytes: number): string {
  const pieces = ['a', 'b1', ' ', '(', ')', '=', '!=', 'AND', 'OR', 'in', 'like', '"x', '"', "'", ':', ':zz[]', '-', '1.5', '#', '\n', 'null', 'é'];
  let seed = 42;
  let text = '';
  while (text.length < bytes) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    text += pieces[seed % pieces.length];
  }
  return text.slice(0, bytes);
}

function schema(): RlxScopeSchema {
  const fields: Record<string, FieldDefinition> = { title: { name: 'title', ed_caption: 'Title' } };
  for (let i = 0; i < 200; i++) fields[`c_field_${i}`] = { name: `c_field_${i}`, ed_caption: `Field ${i}` };
  return { fields, lookups: {}, users: [] };
}
const cached = schema();
const source: RlxSchemaSource = { schemaFor: () => cached, workspaces: () => [{ alias: 'IT', apps: [{ alias: 'TASK' }] }] };

runBench(async () => {
  for (const size of SIZES) {
    const text = bareWords(size);
    time(`parseRlx, ${size / 1000} KB of bare words`, () => parseRlx(text), size >= 1_000_000 ? 200 : undefined);
  }
  const junk = garbage(SMOKE ? 10_000 : 1_000_000);
  time(SMOKE ? 'parseRlx, 10 KB of mixed garbage' : 'parseRlx, 1 MB of mixed garbage', () => parseRlx(junk), 200);

  const rlxFile = `@app IT/TASK\n### Hostile\n${bareWords(100_000)}\n`;
  time('.rlx diagnostics, 100 KB of bare words', () => getRlxDiagnostics(parseRlxDocument(rlxFile), source), 200);

  const like = compileLikePattern('%a%a%a%a%a%a%a%a%b');
  const title = 'a'.repeat(60);
  time('like "%a%a%a%a%a%a%a%a%b" against 60 a\'s', () => like(title), 5, 1);

  const records = fixtureRecords();
  const kinds: Record<string, 'string' | 'number' | 'datetime'> = { state: 'string', total: 'number', title: 'string', creation_date: 'datetime', keeper_id: 'string' };
  const filter = compileRlxFilter(COMPOUND_FILTER, { fieldKind: (name) => kinds[name] });
  time('compiled filter over 100,000 records', () => records.filter(filter), 20);

  report.print();
});
