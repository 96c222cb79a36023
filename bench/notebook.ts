// RLX notebook figures. Run: `npm run bench:notebook` (builds the renderer first) [-- --smoke].
//  - Opening a 200-block `.rlx` file as a notebook (goal < 200 ms): the serializer's share,
//    bytes → cells (what VS Code waits for before it draws the cells), and cells → bytes on save.
//  - A 10,000-row result in the output renderer (goal < 300 ms after the response): from the
//    moment the renderer is handed the output item (JSON parsed inside, as VS Code's item.json()
//    does) until the first rows are in the DOM and a frame has been painted.
// (No import of performance: the page functions use the page's own.)
import { join } from 'node:path';
import { cellKindOf, parseRlxNotebook, serializeRlxNotebook } from '../src/core/rlx/notebook/cells';
import { openRendererHarness } from './notebook-renderer-harness';
import { within } from './support/deadline';
import { Report, SMOKE, runBench } from './support/report';
import { stats } from './support/stats';

const root = join(__dirname, '..');
const FILE_RUNS = SMOKE ? 1 : 30;
const FILE_WARM_UP = SMOKE ? 0 : 5;
const RENDER_RUNS = SMOKE ? 1 : 8;
const RENDER_WARM_UP = SMOKE ? 0 : 2;

async function main(): Promise<void> {
  const report = new Report('notebook');
  // A 200-block file: a header, a comment before every fourth block, blocks of 4–6 lines.
  const parts = ['// Weekly review of IT work', '@app IT/TASK', '@connection "Production"', ''];
  for (let index = 0; index < 200; index++) {
    if (index % 4 === 0) parts.push(`// Step ${index / 4 + 1}: narrow it down`, '// (see the notes above)', '');
    parts.push(`### Query ${index + 1}`, '@fields title, state, priority, keeper_id', `@sort number ${index % 2 ? 'asc' : 'desc'}`, `state = "open" and priority >= ${index % 3} // step ${index}`, `  and title like "%printer ${index}%"`, '');
  }
  const text = parts.join('\n');
  const open: number[] = [];
  const save: number[] = [];
  for (let run = 0; run < FILE_WARM_UP + FILE_RUNS; run++) {
    let started = performance.now();
    const { cells, eol } = parseRlxNotebook(text);
    const data = cells.map((cell) => ({ kind: cellKindOf(cell.role), value: cell.value, raw: cell.raw }));
    open.push(performance.now() - started);
    started = performance.now();
    const written = serializeRlxNotebook(data, eol);
    save.push(performance.now() - started);
    if (written !== text) throw new Error('the round trip changed the file');
  }
  report.add('200-block file → cells, median', stats(open.slice(FILE_WARM_UP)).median, 'ms', { op: '<', value: 200 });
  report.add('cells → the same bytes on save, median', stats(save.slice(FILE_WARM_UP)).median, 'ms');

  const columns = ['Reference', 'Title', 'State', 'Priority', 'Assignee', 'Updated'].map((caption, index) => ({ field: `f${index}`, caption, numeric: false, sortable: false }));
  const rows = Array.from({ length: 10_000 }, (_, index) => ({ id: String(index), cells: [`IT/TASK${index + 1}`, `Replace printer toner on floor ${index % 9}`, index % 3 ? 'Open' : 'Done', 'Normal', 'Ada Admin', '2026-11-24 09:00'] }));
  const output = JSON.stringify({ kind: 'list', outputId: 'bench', title: 'All', scope: 'IT/TASK', columns, rows, total: 10_000, canLoadMore: false });
  const harness = await openRendererHarness({ root, width: 1200, height: 900 });
  try {
    const times: number[] = [];
    for (let run = 0; run < RENDER_WARM_UP + RENDER_RUNS; run++) {
      times.push(await within(`the renderer to draw 10,000 rows (run ${run + 1})`, 30_000, harness.page.evaluate(async (json) => {
        document.body.replaceChildren();
        const started = performance.now();
        const element = (window as unknown as { rlxRender(output: unknown): HTMLElement }).rlxRender({ __json: json });
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const drawn = element.querySelectorAll('.grid-row').length;
        if (drawn === 0 || drawn > 200) throw new Error(`${drawn} rows in the DOM`);
        return performance.now() - started;
      }, output)));
    }
    report.add('10,000-row output: first rows painted, median', stats(times.slice(RENDER_WARM_UP)).median, 'ms', { op: '<', value: 300 });
  } finally {
    await harness.close();
  }
  report.print();
}

runBench(main);
