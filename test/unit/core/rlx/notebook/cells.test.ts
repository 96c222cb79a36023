import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseRlxDocument } from '../../../../../src/core/rlx/document';
import { type RlxNotebookCellData, cellKindOf, parseRlxNotebook, rlxCellDocument, serializeRlxNotebook } from '../../../../../src/core/rlx/notebook';

/** What VS Code hands back on save for a notebook nobody edited. */
function unedited(text: string): RlxNotebookCellData[] {
  return parseRlxNotebook(text).cells.map((cell) => ({ kind: cellKindOf(cell.role), value: cell.value, ...(cell.raw !== undefined ? { raw: cell.raw } : {}) }));
}

function roundTrip(text: string): string {
  return serializeRlxNotebook(unedited(text), parseRlxNotebook(text).eol);
}

/** The queries a text editor reads: each block's title, filter and directives. */
function queries(text: string): unknown {
  const document = parseRlxDocument(text);
  return {
    file: document.fileDirectives.map((d) => `${d.name}=${d.value}`),
    blocks: document.blocks.map((b) => ({ title: b.title, filter: b.filterText.replace(/\s+/g, ' ').trim(), directives: b.directives.map((d) => `${d.name}=${d.value}`) })),
  };
}

const SAMPLE = [
  '// Open work in IT',
  '// (checked every Monday)',
  '@app IT/TASK',
  '@connection "Sandbox"',
  '',
  '### Open tasks',
  '@fields title, state',
  'state = "open" // not closed',
  '',
  '// Now only the urgent ones:',
  '//',
  '// - priority 1',
  '',
  '### Urgent',
  '@limit 0',
  'priority = 1',
  '',
].join('\n');

describe('RLX notebook cells', () => {
  it('reads comments, the header and each ### block as cells', () => {
    const { cells, eol } = parseRlxNotebook(SAMPLE);
    assert.equal(eol, '\n');
    assert.deepEqual(cells.map((c) => [c.role, c.value]), [
      ['comment', 'Open work in IT\n(checked every Monday)'],
      ['header', '@app IT/TASK\n@connection "Sandbox"'],
      ['block', '### Open tasks\n@fields title, state\nstate = "open" // not closed'],
      ['comment', 'Now only the urgent ones:\n\n- priority 1'],
      ['block', '### Urgent\n@limit 0\npriority = 1'],
    ]);
  });

  it('writes an unedited notebook back byte for byte (LF, CRLF, no final newline)', () => {
    for (const text of [SAMPLE, SAMPLE.replace(/\n/g, '\r\n'), SAMPLE.trimEnd(), '', '\n\n', '@app IT/TASK\n', '@app IT/TASK', 'state = "open"', '// only a comment', '### A', '### A\r\n// c\r\n', '\n\n### A\nx = 1\n\n\n']) {
      assert.equal(roundTrip(text), text, JSON.stringify(text));
    }
  });

  it('a file with no blocks is one header cell; a file with only a header too', () => {
    assert.deepEqual(parseRlxNotebook('@app IT/TASK\nstate = "open"\n').cells.map((c) => c.role), ['header']);
    assert.deepEqual(parseRlxNotebook('@app IT/TASK\n@connection "X"').cells.map((c) => [c.role, c.value]), [['header', '@app IT/TASK\n@connection "X"']]);
  });

  it('writes an added markdown cell as // lines that read back as the same cell', () => {
    const cells = unedited(SAMPLE);
    cells.splice(3, 0, { kind: 'markdown', value: 'A new note\n\nwith two paragraphs' });
    const text = serializeRlxNotebook(cells, '\n');
    assert.match(text, /\n\/\/ A new note\n\/\/\n\/\/ with two paragraphs\n/);
    assert.deepEqual(parseRlxNotebook(text).cells.map((c) => c.value), cells.map((c) => c.value));
    assert.deepEqual(queries(text), queries(SAMPLE));
  });

  it('gives a code cell without ### a title after a block, and keeps CRLF', () => {
    const cells = unedited(SAMPLE.replace(/\n/g, '\r\n'));
    cells.push({ kind: 'code', value: 'state = "closed"' });
    const text = serializeRlxNotebook(cells, '\r\n');
    assert.ok(text.endsWith('### Query\r\nstate = "closed"\r\n\r\n'), JSON.stringify(text.slice(-40)));
    assert.equal(text.replace(/\r\n/g, '').includes('\n'), false);
    assert.equal(parseRlxDocument(text).blocks.at(-1)?.title, 'Query');
  });

  it('a cell moved from the end of a file without a final newline stays a line of its own', () => {
    const cells = unedited('### A\nx = 1\n### B\ny = 2');
    const text = serializeRlxNotebook([cells[1] as RlxNotebookCellData, cells[0] as RlxNotebookCellData], '\n');
    assert.equal(text, '### B\ny = 2\n### A\nx = 1\n');
  });

  it('reads a cell with the header directives as the block inherits them in the file', () => {
    const document = rlxCellDocument('### Urgent\npriority = 1', '@app IT/TASK\n@connection "Sandbox"');
    assert.deepEqual(document.fileDirectives.map((d) => d.value), ['IT/TASK', '"Sandbox"']);
    assert.ok(document.fileDirectives.every((d) => d.start < 0));
    assert.equal(document.blocks[0]?.title, 'Urgent');
  });

  describe('properties on generated files', () => {
    const blank = fc.constantFrom('', ' ', '\t');
    const comment = fc.string({ maxLength: 12 }).map((s) => `// ${s.replace(/[\r\n]/g, '')}`);
    const directive = fc.constantFrom('@app IT/TASK', '@connection "Sandbox"', '@fields title, state', '@limit 0', '@pivot state', '@search "disk"');
    const filter = fc.constantFrom('state = "open"', 'priority > 1 and title like "a%"', 'url = "http://x" // c', '(a = 1', '"//" = x');
    const title = fc.string({ maxLength: 10 }).map((s) => `### ${s.replace(/[\r\n]/g, '')}`);
    const line = fc.oneof(blank, comment, directive, filter, title);
    const file = fc.tuple(fc.array(line, { maxLength: 30 }), fc.constantFrom('\n', '\r\n'), fc.boolean()).map(([lines, eol, final]) => lines.join(eol) + (final && lines.length > 0 ? eol : ''));

    it('unedited: byte-identical', () => {
      fc.assert(fc.property(file, (text) => roundTrip(text) === text), { numRuns: 500 });
    });

    it('edited: every cell rewritten as new reads back as the same cells and the same queries', () => {
      fc.assert(
        fc.property(file, (text) => {
          const { cells, eol } = parseRlxNotebook(text);
          const fresh = cells.map((cell) => ({ kind: cellKindOf(cell.role), value: cell.value }));
          const written = serializeRlxNotebook(fresh, eol);
          const reread = parseRlxNotebook(written).cells;
          assert.deepEqual(reread.map((c) => [cellKindOf(c.role), c.value]).filter(([, v]) => v !== ''), fresh.map((c) => [c.kind, c.value]).filter(([, v]) => v !== ''));
          assert.deepEqual(queries(written), queries(text));
        }),
        { numRuns: 300 },
      );
    });
  });
});
