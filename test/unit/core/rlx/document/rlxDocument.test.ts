import * as assert from 'node:assert/strict';
import { blockAt, blockFilterSource, blockQuery, effectiveDirective, parseBlockFilter, parseRlxDocument } from '../../../../../src/core/rlx/document';
import { ISSUE_EXAMPLE } from '../../../../support/rlxLanguageFixtures';

describe('rlx document model', () => {
  const document = parseRlxDocument(ISSUE_EXAMPLE);

  it('splits the issue example into three titled blocks with file-level @app', () => {
    assert.deepEqual(document.blocks.map((block) => block.title), ['Open high-priority tasks', 'Tasks per month', 'Keyword search']);
    assert.deepEqual(document.fileDirectives.map((directive) => [directive.name, directive.value]), [['app', 'IT/TASK']]);
    assert.equal(document.strayFilter, undefined);
  });

  it('lets blocks inherit file directives and keeps their own', () => {
    const [first, second] = document.blocks;
    assert.equal(effectiveDirective(document, first!, 'app')?.value, 'IT/TASK');
    assert.equal(effectiveDirective(document, first!, 'sort')?.value, 'creation_date desc');
    assert.equal(effectiveDirective(document, second!, 'sort'), undefined);
  });

  it('keeps filter offsets equal to document offsets', () => {
    const block = document.blocks[0]!;
    const parsed = parseBlockFilter(block);
    assert.deepEqual(parsed.errors, []);
    const offset = ISSUE_EXAMPLE.indexOf('priority="high"');
    assert.equal(block.filterText.slice(offset - block.start, offset - block.start + 8), 'priority');
    assert.equal(blockFilterSource(block), 'state in "open,in_progress":string[] AND priority="high"');
  });

  it('builds list, pivot and search queries from the blocks', () => {
    const [list, pivot, search] = document.blocks.map((block) => blockQuery(document, block));
    assert.deepEqual(list, {
      kind: 'list',
      scope: { kind: 'app', ref: { workspace: 'IT', app: 'TASK' } },
      params: { limitRecords: 100, rlx: 'state in "open,in_progress":string[] AND priority="high"', listOfFields: 'title,state,keeper_id,c_amount', sortBy: 'creation_date desc' },
    });
    assert.deepEqual(pivot?.params, { dimensions4Pivot: 'creation_date__pivotbymonth,state', statsFields: 'c_amount', rlx: 'creation_date>="2026-01-01"' });
    assert.deepEqual(search?.params, { ss: '"network outage" -printer', limitRecords: 100, rlx: 'state!="done"' });
  });

  it('gives a block without @limit the default limit of the settings, and its own @limit wins', () => {
    const text = '@app IT/TASK\n### Plain\nstate = "open"\n### Own limit\n@limit 7\nstate = "open"\n### Search\n@search outage\n';
    const parsed = parseRlxDocument(text);
    const [plain, own, search] = parsed.blocks.map((block) => blockQuery(parsed, block, { limit: 250 }).params);
    assert.equal((plain as { limitRecords?: number }).limitRecords, 250);
    assert.equal((own as { limitRecords?: number }).limitRecords, 7);
    assert.equal((search as { limitRecords?: number }).limitRecords, 250);
    // A nonsensical setting falls back to the built-in default rather than asking for 0 records.
    assert.equal((blockQuery(parsed, parsed.blocks[0]!, { limit: 0 }).params as { limitRecords?: number }).limitRecords, 100);
  });

  it('treats a file without ### as one block whose directives are the file directives', () => {
    const single = parseRlxDocument('@app IT\n// note\nstate = "open" // trailing\n');
    assert.equal(single.blocks.length, 1);
    assert.equal(single.blocks[0]!.title, undefined);
    assert.equal(blockQuery(single, single.blocks[0]!).scope.kind, 'workspace');
    assert.equal(blockFilterSource(single.blocks[0]!), 'state = "open"');
  });

  it('reads the directives of a single block titled on the first line (a new query) as the file\'s, and of one of several as the block\'s', () => {
    const titled = parseRlxDocument('### Open tasks in IT/TASK\n@connection "Local Sandbox"\n@app IT/TASK\n@limit 100\nstate = "open"\n');
    assert.equal(titled.blocks[0]!.title, 'Open tasks in IT/TASK');
    assert.deepEqual(titled.fileDirectives.map((directive) => directive.name), ['connection', 'app', 'limit']);
    assert.deepEqual(blockQuery(titled, titled.blocks[0]!).scope, { kind: 'app', ref: { workspace: 'IT', app: 'TASK' } });
    assert.deepEqual(parseRlxDocument('// Open work\n### Open tasks\n@app IT/TASK\n').fileDirectives.map((directive) => directive.name), ['app'], 'a comment above the title changes nothing');
    assert.deepEqual(parseRlxDocument('@app HR/HIRING\n### Open tasks\n@app IT/TASK\n').fileDirectives.map((directive) => directive.value), ['HR/HIRING'], 'a header keeps its own');
    const two = parseRlxDocument('### A\n@app IT/TASK\n@limit 5\n### B\nstate = "open"\n');
    assert.deepEqual(two.fileDirectives, []);
    assert.equal(effectiveDirective(two, two.blocks[1]!, 'limit'), undefined, 'B keeps no @limit of A');
  });

  it('keeps // inside strings and joins multi-line filters', () => {
    const single = parseRlxDocument('url = "http://x"\n  AND state = "open"');
    assert.equal(blockFilterSource(single.blocks[0]!), 'url = "http://x" AND state = "open"');
    assert.deepEqual(parseBlockFilter(single.blocks[0]!).errors, []);
  });

  it('reports conditions before the first block and finds the block at an offset', () => {
    const doc = parseRlxDocument('state="open"\n### A\nx=1\n### B\ny=2');
    assert.deepEqual(doc.strayFilter, { start: 0, end: 12 });
    assert.equal(blockAt(doc, doc.text.indexOf('y=2'))?.title, 'B');
    assert.equal(blockAt(doc, 0)?.title, 'A');
  });
});
