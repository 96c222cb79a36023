import * as assert from 'node:assert/strict';
import type { AppDescription } from '../../../../src/core/agents';
import { SCHEMA_TOKEN_BUDGET, estimateTokens, extractRlx, queryPrompt, repairPrompt, schemaContext, splitRlxQuery } from '../../../../src/core/agents/chatPrompt';

function bigApp(fields: number, valuesPerLookup: number): AppDescription {
  return {
    app: 'OPS/ASSET',
    fields: Array.from({ length: fields }, (_, i) => ({
      name: `c_field_${i}`,
      caption: `A fairly long caption for custom field number ${i}`,
      kind: i % 4 === 0 ? 'lookup' : 'text',
      ...(i % 4 === 0 ? { values: Array.from({ length: valuesPerLookup }, (_, v) => `value_${v}=Value number ${v}`) } : {}),
    })),
    actions: [],
    people: Array.from({ length: 40 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Person ${i}` })),
  };
}

describe('@records prompts', () => {
  it('keeps the schema of a 200-field app within the token budget', () => {
    const context = schemaContext(bigApp(200, 30));
    assert.ok(estimateTokens(context) <= SCHEMA_TOKEN_BUDGET, `${estimateTokens(context)} tokens`);
    assert.match(context, /^App OPS\/ASSET\. Fields/);
    assert.match(context, /- c_field_0: lookup/);
    assert.match(context, /more fields not listed|Lookup values/);
  });

  it('lists every field, lookup values and people when the app is small', () => {
    const context = schemaContext(bigApp(8, 3));
    for (let i = 0; i < 8; i++) assert.match(context, new RegExp(`- c_field_${i}:`));
    assert.match(context, /- c_field_4: value_0=Value number 0, value_1=Value number 1, value_2=Value number 2/);
    assert.match(context, /People \(user id=name\): 0{8}-0000-4000-8000-0{12}=Person 0/);
  });

  it('a whole prompt with the schema stays small', () => {
    const prompt = queryPrompt('which assets are broken?', schemaContext(bigApp(200, 30)));
    assert.ok(estimateTokens(prompt) < SCHEMA_TOKEN_BUDGET + 400);
  });

  it('puts the diagnostics into the repair prompt', () => {
    const prompt = repairPrompt('stat = "x"', [{ line: 1, column: 1, message: 'Unknown field "stat".', severity: 'error', code: 'unknown_field', suggestions: ['state'] }], 'App X/Y.');
    assert.match(prompt, /line 1, column 1: Unknown field "stat"\. \(suggestions: state\)/);
  });

  it('reads the filter from a model\'s answer', () => {
    assert.equal(extractRlx('Sure:\n```rlx\n@app IT/TASK\n### Open\nstate = "open"\n```\nThat is it.'), 'state = "open"');
    assert.equal(extractRlx('```\npriority = "high"\n```'), 'priority = "high"');
    assert.equal(extractRlx('```sql\nselect 1\n```\n```rlx\nstate = "open"\n```'), 'state = "open"');
    assert.equal(extractRlx('state = "open"'), 'state = "open"');
    assert.equal(extractRlx('I cannot help with that.\nSorry.'), undefined);
  });

  it('splits a query into its app and filter', () => {
    assert.deepEqual(splitRlxQuery('@app IT/TASK\n### Mine\nkeeper_id = @me'), { app: 'IT/TASK', filter: 'keeper_id = @me' });
    assert.deepEqual(splitRlxQuery('state = "open"'), { filter: 'state = "open"' });
  });
});
