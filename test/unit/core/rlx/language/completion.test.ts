import * as assert from 'node:assert/strict';
import { parseRlxDocument } from '../../../../../src/core/rlx/document';
import { getRlxCompletions } from '../../../../../src/core/rlx/language';
import { TEST_SOURCE, cursor } from '../../../../support/rlxLanguageFixtures';

function complete(textWithMarker: string): ReturnType<typeof getRlxCompletions> {
  const { text, offset } = cursor(textWithMarker);
  return getRlxCompletions(parseRlxDocument(text), offset, TEST_SOURCE);
}

function labels(textWithMarker: string): string[] {
  return complete(textWithMarker).map((item) => item.label);
}

describe('rlx completion', () => {
  it('offers directives after @, replacing the typed name', () => {
    const items = complete('@app IT/TASK\n@so|');
    assert.ok(items.some((item) => item.label === '@sort'));
    assert.deepEqual(items[0]?.replace, { start: 13, end: 16 });
  });

  it('offers workspace and app aliases after @app', () => {
    assert.deepEqual(labels('@app |').sort(), ['IT', 'IT/BUG', 'IT/TASK']);
  });

  it('offers fields with caption and type at the start of a filter and after AND', () => {
    const items = complete('@app IT/TASK\n|');
    const state = items.find((item) => item.label === 'state');
    assert.equal(state?.detail, 'State · lookup');
    assert.match(state?.documentation ?? '', /in_progress/);
    assert.ok(labels('@app IT/TASK\nstate="open" AND |').includes('c_amount'));
  });

  it('offers operators that fit the field type', () => {
    assert.ok(!labels('@app IT/TASK\nstate |').includes('>'));
    assert.ok(labels('@app IT/TASK\nc_amount |').includes('>='));
    assert.ok(labels('@app IT/TASK\ntitle |').includes('like'));
  });

  it('offers lookup values with captions inside quotes after =', () => {
    const { text, offset } = cursor('@app IT/TASK\nstate="|"');
    const items = getRlxCompletions(parseRlxDocument(text), offset, TEST_SOURCE);
    const open = items.find((item) => item.label === 'open');
    assert.equal(open?.detail, 'Open');
    assert.equal(open?.insertText, '"open"');
    assert.deepEqual(open?.replace, { start: text.indexOf('"'), end: text.length });
  });

  it('replaces only up to the cursor inside an unclosed string', () => {
    const { text, offset } = cursor('@app IT/TASK\n### A\nstate = "op|\n### B\nx = 1');
    const open = getRlxCompletions(parseRlxDocument(text), offset, TEST_SOURCE).find((item) => item.label === 'open');
    assert.deepEqual(open?.replace, { start: text.indexOf('"op'), end: offset });
  });

  it('completes the item under the cursor inside an in-list', () => {
    const { text, offset } = cursor('@app IT/TASK\nstate in "open,in_|,done":string[]');
    const item = getRlxCompletions(parseRlxDocument(text), offset, TEST_SOURCE).find((candidate) => candidate.label === 'in_progress');
    assert.equal(item?.insertText, 'in_progress');
    assert.equal(text.slice(item!.replace.start, item!.replace.end), 'in_');
  });

  it('offers people by name and inserts their GUID', () => {
    const ada = complete('@app IT/TASK\nkeeper_id = |').find((item) => item.label === 'Ada Admin');
    assert.equal(ada?.insertText, '"11111111-1111-1111-1111-111111111111"');
    assert.equal(ada?.kind, 'person');
  });

  it('offers AND / OR after a complete condition and casts after an in-list', () => {
    assert.deepEqual(labels('@app IT/TASK\nstate = "open" |'), ['AND', 'OR']);
    assert.deepEqual(labels('@app IT/TASK\nstate in "open"|'), [':string[]', ':number[]']);
  });

  it('offers fields in @fields and time-grouping suffixes in @pivot', () => {
    const fields = complete('@app IT/TASK\n@fields title,st|');
    assert.ok(fields.some((item) => item.label === 'state'));
    assert.equal(fields[0]?.replace.start, '@app IT/TASK\n@fields title,'.length);
    assert.ok(labels('@app IT/TASK\n@pivot creation_date|').includes('creation_date__pivotbymonth'));
    assert.deepEqual(labels('@app IT/TASK\n@stats |'), ['c_amount']);
    assert.deepEqual(labels('@app IT/TASK\n@sort creation_date d|'), ['asc', 'desc']);
  });

  it('offers nothing in comments and titles, and no fields without a known schema', () => {
    assert.deepEqual(labels('@app IT/TASK\nstate = "open" // st|'), []);
    assert.deepEqual(labels('### Ti|tle'), []);
    assert.deepEqual(labels('@app XX/YY\n|'), []);
  });

  it('uses the block directive over the file directive', () => {
    assert.ok(labels('@app XX/YY\n### A\n@app IT/TASK\n|').includes('state'));
  });
});
