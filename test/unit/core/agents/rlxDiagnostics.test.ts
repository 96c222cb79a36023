import * as assert from 'node:assert/strict';
import type { AppSchema } from '../../../../src/core/contract/types';
import { rlxFilterCheck } from '../../../../src/core/agents/rlxDiagnostics';

const schema = { fields: { state: { ed_type: 'string' }, title: { ed_type: 'string' } } } as unknown as AppSchema;
const scope = { fields: schema.fields!, lookups: {}, users: [] };
const TASK = { workspace: 'IT', app: 'TASK' };

describe('an agent\'s filter checked with the .rlx diagnostics', () => {
  it('places a problem of a one-line filter by its column alone, in its fields and in its message', () => {
    const [problem] = rlxFilterCheck('state = = "open"', TASK, scope, { errorsOnly: true }).problems;
    assert.equal(problem?.line, 1);
    assert.equal(problem?.column, 7);
    // The check puts an `@app` line above the filter: the message once said "line 2" for it.
    assert.match(problem?.message ?? '', /at column 7\b/);
    assert.doesNotMatch(problem?.message ?? '', /line/);
  });

  it('names the filter\'s own line in a longer filter', () => {
    const [problem] = rlxFilterCheck('state = "open" AND\n  title = = "x"', TASK, scope, { errorsOnly: true }).problems;
    assert.equal(problem?.line, 2);
    assert.match(problem?.message ?? '', /at line 2, column 9\b/);
  });
});
