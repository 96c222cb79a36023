import { strict as assert } from 'node:assert';
import { type RlxCompletionContext, getRlxCompletionContext } from '../../../../src/core/rlx';

/** The completion context with the cursor at `|`. */
function contextAt(textWithCursor: string): RlxCompletionContext {
  return getRlxCompletionContext(textWithCursor.replace('|', ''), textWithCursor.indexOf('|'));
}

describe('RLX completion context', () => {
  it('offers fields at the start, after AND / OR and after (', () => {
    assert.deepEqual(contextAt('|'), { kind: 'field', replace: { start: 0, end: 0 } });
    assert.deepEqual(contextAt('a = 1 AND |'), { kind: 'field', replace: { start: 10, end: 10 } });
    assert.deepEqual(contextAt('a = 1 or (sta|'), { kind: 'field', replace: { start: 10, end: 13 } });
  });

  it('offers operators after a field, also while one is being typed', () => {
    assert.deepEqual(contextAt('state |'), { kind: 'operator', field: 'state', replace: { start: 6, end: 6 } });
    assert.deepEqual(contextAt('state i|'), { kind: 'operator', field: 'state', replace: { start: 6, end: 7 } });
    assert.deepEqual(contextAt('x = 1 AND state li|'), { kind: 'operator', field: 'state', replace: { start: 16, end: 18 } });
  });

  it('offers values after an operator, in and like', () => {
    assert.deepEqual(contextAt('state=|'), { kind: 'value', field: 'state', operator: '=', replace: { start: 6, end: 6 } });
    assert.deepEqual(contextAt('state != "op|'), { kind: 'value', field: 'state', operator: '!=', replace: { start: 9, end: 12 } });
    assert.deepEqual(contextAt('state in |'), { kind: 'value', field: 'state', operator: 'in', replace: { start: 9, end: 9 } });
    assert.deepEqual(contextAt('title like "pr|" AND x = 1'), { kind: 'value', field: 'title', operator: 'like', replace: { start: 11, end: 15 } });
  });

  it('offers casts after an in list', () => {
    assert.deepEqual(contextAt('state in "a,b"|'), { kind: 'cast', field: 'state', replace: { start: 14, end: 14 } });
    assert.deepEqual(contextAt('state in "a,b":str|'), { kind: 'cast', field: 'state', replace: { start: 14, end: 18 } });
  });

  it('offers AND / OR after a complete condition', () => {
    assert.deepEqual(contextAt('state = "open" |'), { kind: 'connective', replace: { start: 15, end: 15 } });
    assert.deepEqual(contextAt('state = "open"|'), { kind: 'connective', replace: { start: 14, end: 14 } });
    assert.deepEqual(contextAt('(a = 1) A|'), { kind: 'connective', replace: { start: 8, end: 9 } });
    assert.deepEqual(contextAt('s in "a":string[] |'), { kind: 'connective', replace: { start: 18, end: 18 } });
    assert.deepEqual(contextAt('k != null |'), { kind: 'connective', replace: { start: 10, end: 10 } });
  });
});
