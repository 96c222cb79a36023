// RLX notebook figures. Run: `npm run bench:notebook` (builds the renderer first).
//  - Opening a 200-block `.rlx` file as a notebook (target < 200 ms): the serializer's share,
//    bytes → cells (what VS Code waits for before it draws the cells), and cells → bytes on save.
//  - A 10,000-row result in the output renderer (target < 300 ms after the response): from the
//    moment the renderer is handed the output item (JSON parsed inside, as VS Code's item.json()
//    does) until the first rows are in the DOM and a frame has been painted.
import { join } from 'node:path';
import { parseRlxNotebook, serializeRlxNotebook, cellKindOf } from '../src/core/rlx/notebook/cells.ts';
import { stats } from './webview-harness.mjs';
import { openRendererHarness } from './notebook-renderer-harness.mjs';

const root = join(import.meta.dirname, '..');

// A 200-block file: a header, a comment before every fourth block, blocks of 4–6 lines.
const parts = ['// Weekly review of IT work', '@app IT/TASK', '@connection "Production"', ''];
for (let index = 0; index < 200; index++) {
  if (index % 4 === 0) parts.push(`// Step ${index / 4 + 1}: narrow it down`, '// (see the notes above)', '');
  parts.push(`### Query ${index + 1}`, '@fields title, state, priority, keeper_id', `@sort number ${index % 2 ? 'asc' : 'desc'}`, `state = "open" and priority >= ${index % 3} // step ${index}`, `  and title like "%printer ${index}%"`, '');
}
const text = parts.join('\n');
const open = [];
const save = [];
for (let run = 0; run < 30; run++) {
  let started = performance.now();
  const { cells, eol } = parseRlxNotebook(text);
  const data = cells.map((cell) => ({ kind: cellKindOf(cell.role), value: cell.value, raw: cell.raw }));
  open.push(performance.now() - started);
  started = performance.now();
  const written = serializeRlxNotebook(data, eol);
  save.push(performance.now() - started);
  if (written !== text) throw new Error('the round trip changed the file');
}
const openStats = stats(open.slice(5));
const saveStats = stats(save.slice(5));
console.log(`notebook: 200-block file (${(text.length / 1024).toFixed(0)} KB) → ${parseRlxNotebook(text).cells.length} cells in median ${openStats.median.toFixed(2)} ms (max ${openStats.max.toFixed(2)} ms; target < 200 ms)`);
console.log(`notebook: saved back byte for byte in median ${saveStats.median.toFixed(2)} ms`);

const columns = ['Reference', 'Title', 'State', 'Priority', 'Assignee', 'Updated'].map((caption, index) => ({ field: `f${index}`, caption, numeric: false, sortable: false }));
const rows = Array.from({ length: 10_000 }, (_, index) => ({ id: String(index), cells: [`IT/TASK${index + 1}`, `Replace printer toner on floor ${index % 9}`, index % 3 ? 'Open' : 'Done', 'Normal', 'Ada Admin', '2026-11-24 09:00'] }));
const output = JSON.stringify({ kind: 'list', outputId: 'bench', title: 'All', scope: 'IT/TASK', columns, rows, total: 10_000, canLoadMore: false });
const harness = await openRendererHarness({ root, width: 1200, height: 900 });
try {
  const times = [];
  for (let run = 0; run < 8; run++) {
    times.push(await harness.page.evaluate(async (json) => {
      document.body.replaceChildren();
      const started = performance.now();
      const element = window.rlxRender({ __json: json });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const drawn = element.querySelectorAll('.grid-row').length;
      if (drawn === 0 || drawn > 200) throw new Error(`${drawn} rows in the DOM`);
      return performance.now() - started;
    }, output));
  }
  const s = stats(times.slice(2));
  console.log(`notebook: 10,000-row output: first rows painted in median ${s.median.toFixed(1)} ms (max ${s.max.toFixed(1)} ms; target < 300 ms)`);
} finally {
  await harness.close();
}
