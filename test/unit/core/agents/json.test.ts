import * as assert from 'node:assert/strict';
import { jsonWith } from '../../../../src/core/agents/json';
import { labelledResult } from '../../../../src/core/agents/labelling';

describe('agent results: JSON made once', () => {
  it('gives what JSON.stringify gives, with the JSON of some values already made', () => {
    const rows = [{ reference: 'IT/TASK1', title: 'a "b"\n\u2028', state: { value: 'open', caption: 'Open' } }];
    const data = { total: 3, shown: 1, query: { app: 'IT/TASK', rlx: null, sort: null, limit: 20 }, rows, nextCursor: 'abc', absent: undefined, 10: 'integer-like keys come first' };
    assert.equal(jsonWith(data, { rows: JSON.stringify(rows) }), JSON.stringify(data));
    assert.equal(jsonWith(data, {}), JSON.stringify(data));
    assert.equal(jsonWith({}, { rows: '[]' }), '{}');
    // A made value stands for its key only when the object has that key.
    assert.equal(jsonWith({ a: 1 }, { b: '[2]' }), '{"a":1}');
  });

  it('makes the same result text when the rows\' JSON is handed in', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ reference: `IT/TASK${i}`, title: `Task "${i}"` }));
    const data = { total: 30, shown: 30, rows };
    const plain = labelledResult('Sandbox', 'IT/TASK: 30 records.', data, '2 more.');
    const made = labelledResult('Sandbox', 'IT/TASK: 30 records.', data, '2 more.', { rows: JSON.stringify(rows) });
    assert.deepEqual(made, plain);
    assert.equal(made.json, JSON.stringify(data));
  });
});
