import * as assert from 'node:assert/strict';
import { parseRlxDocument } from '../../../../../src/core/rlx/document';
import { formatRlx, getRlxFoldingRanges, getRlxHover, getRlxOutline, type RlxSchemaSource, type RlxTextEdit } from '../../../../../src/core/rlx/language';
import { ISSUE_EXAMPLE, TASK_SCHEMA, TEST_SOURCE, cursor } from '../../../../support/rlxLanguageFixtures';

function apply(text: string, edits: RlxTextEdit[]): string {
  // Edits refer to the original text, so build the result left to right.
  let result = '';
  let position = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    result += text.slice(position, edit.start) + edit.newText;
    position = edit.end;
  }
  return result + text.slice(position);
}

function hover(textWithMarker: string, source: RlxSchemaSource = TEST_SOURCE): string | undefined {
  const { text, offset } = cursor(textWithMarker);
  return getRlxHover(parseRlxDocument(text), offset, source)?.contents;
}

describe('rlx hover, formatting, outline, folding', () => {
  it('hovers fields, lookup values, people, operators and directives', () => {
    assert.match(hover('@app IT/TASK\nti|tle = "x"') ?? '', /\*\*Title\*\* `title` — text\n\nShort summary/);
    assert.match(hover('@app IT/TASK\nstate = "in_pro|gress"') ?? '', /In progress/);
    assert.match(hover('@app IT/TASK\nkeeper_id = "2222222|2-2222-2222-2222-222222222222"') ?? '', /Bob Builder/);
    // In any case, as the service compares them (decisions.md): the value, never "not a value".
    assert.match(hover('@app IT/TASK\nstate = "IN_PRO|GRESS"') ?? '', /\*\*In progress\*\* — value `in_progress` of `state`/);
    const withCleo: RlxSchemaSource = { schemaFor: () => ({ ...TASK_SCHEMA, users: [...TASK_SCHEMA.users, { id: 'abcdef01-2345-4678-9abc-def012345678', name: 'Cleo Case', role: 'member' }] }), workspaces: () => undefined };
    assert.match(hover('@app IT/TASK\nkeeper_id = "ABCDEF01-2345-4678-9ABC-DEF0123456|78"', withCleo) ?? '', /\*\*Cleo Case\*\* \(member\) — `abcdef01-2345-4678-9abc-def012345678`/);
    assert.match(hover('@app IT/TASK\nstate in "open,In_Pro|gress":string[]') ?? '', /In progress/);
    assert.match(hover('@app IT/TASK\nstate |!= "open"') ?? '', /Differs/);
    assert.match(hover('@li|mit 5') ?? '', /How many records/);
    assert.match(hover('@app IT/TASK\n@fields title,c_am|ount') ?? '', /Amount/);
  });

  it('formats operators, spacing and keyword case without touching strings or comments', () => {
    const text = '@APP   IT/TASK\n@fields title , state\nstate="a  b"and(priority ="high" OR keeper_id=NULL)  // keep  this\nx in "1,2" :number[]   ';
    const formatted = apply(text, formatRlx(parseRlxDocument(text)));
    assert.equal(formatted, '@app IT/TASK\n@fields title,state\nstate = "a  b" AND (priority = "high" OR keeper_id = null)  // keep  this\nx in "1,2":number[]');
    assert.deepEqual(formatRlx(parseRlxDocument(formatted)), [], 'formatting is idempotent');
  });

  it('outlines blocks with scope and kind, and folds them', () => {
    const document = parseRlxDocument(ISSUE_EXAMPLE);
    assert.deepEqual(getRlxOutline(document).map((item) => `${item.name} | ${item.detail}`), [
      'Open high-priority tasks | IT/TASK · list',
      'Tasks per month | IT/TASK · pivot',
      'Keyword search | IT/TASK · search',
    ]);
    assert.deepEqual(getRlxFoldingRanges(document).filter((range) => range.kind === 'region').map((range) => [range.startLine, range.endLine]), [[3, 7], [9, 12], [14, 16]]);
  });
});
