import * as assert from 'node:assert/strict';
import { useSandbox } from '../../support/sandbox';
import { callJson, type ErrorShape } from '../../support/sandboxHttp';

// Input written to stall the sandbox or slip past its checks (issue 17, items 4 to 6).
describe('sandbox HTTP: hostile input', () => {
  const sandbox = useSandbox();
  let recordId: string;
  before(async () => {
    const created = await callJson<{ data: { id: string } }[]>(sandbox.url, '/api/tickets/multi', {
      body: [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'a'.repeat(60) }],
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    recordId = created.body[0].data.id;
  });

  type ProblemsShape = ErrorShape & { error: { problems?: string[] } };
  const list = (rlx: string) => callJson<{ id: string }[] & ErrorShape>(sandbox.url, '/api/w/IT/a/TASK/tickets/list', { body: { rlx, limitRecords: 50 } });

  it('answers 400 invalid_filter, naming the limit, to a filter longer than 65,536 characters', async () => {
    const long = `title != "${'x'.repeat(70_000)}"`;
    const { status, body } = await list(long);
    assert.equal(status, 400);
    assert.equal(body.error.code, 'invalid_filter');
    assert.match(body.error.message, /70,011 characters long; the limit is 65,536/);
    assert.equal((await list(`title != "${'x'.repeat(60_000)}"`)).status, 200, 'a long filter under the limit still runs');
  });

  it('answers a filter of bare words with at most 101 problems in one 400', async () => {
    const { status, body } = await callJson<ProblemsShape>(sandbox.url, '/api/w/IT/a/TASK/tickets/list', { body: { rlx: 'word '.repeat(12_000), limitRecords: 50 } });
    assert.equal(status, 400);
    assert.equal(body.error.code, 'invalid_filter');
    const problems = body.error.problems ?? [];
    assert.equal(problems.length, 101, 'the first 100 problems and one saying more were left out');
    assert.equal(body.error.message, problems[0], 'the message is the first problem');
    for (const [index, problem] of problems.slice(0, 100).entries()) {
      assert.match(problem, /^(missing operator after 'word'|expected AND or OR before 'word') at column \d+/, `problem ${index}`);
    }
    assert.match(problems[100], /^more than 100 problems; the first 100 are shown/);
  });

  it('lists the problems of a filter with a few of them, no more', async () => {
    const { status, body } = await callJson<ProblemsShape>(sandbox.url, '/api/w/IT/a/TASK/tickets/list', { body: { rlx: 'title = open AND state', limitRecords: 50 } });
    assert.equal(status, 400);
    assert.equal(body.error.code, 'invalid_filter');
    assert.equal(body.error.problems?.length, 2, JSON.stringify(body.error.problems));
    assert.match(body.error.problems[0], /must be quoted/);
    assert.match(body.error.problems[1], /missing operator after 'state'/);
  });

  it('answers a like pattern written to backtrack (the record with 60 a\'s in its title)', async () => {
    const none = await list('title like "%a%a%a%a%a%a%a%a%b"');
    assert.equal(none.status, 200);
    assert.deepEqual(none.body, []);
    const found = await list('title like "%a%a%a%a%a%a%a%a%"');
    assert.ok(found.body.some((record) => record.id === recordId), 'the 60 a\'s match when the pattern ends in %');
  });

  for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']) {
    it(`refuses the field name "${name}" in an edit with 400 unknown_field and journals nothing`, async () => {
      // Written by hand: JSON.stringify of an object literal would drop a __proto__ key.
      const body = `[{"transition":"edit","id":"${recordId}","${name}":"x"}]`;
      const { status, body: answer } = await callJson<ErrorShape>(sandbox.url, '/api/tickets/multi', { body });
      assert.equal(status, 400, JSON.stringify(answer));
      assert.equal(answer.error.code, 'unknown_field');
      assert.match(answer.error.message, new RegExp(`"${name}"`));
      const history = await callJson<{ transition: string }[]>(sandbox.url, '/api/tickets/history', { body: { rlx: `id = "${recordId}"` } });
      assert.deepEqual(history.body.map((entry) => entry.transition), ['add'], 'only the add is in the history');
    });

    it(`refuses the field name "${name}" in the sort order of list and history with 400`, async () => {
      const listed = await callJson<ErrorShape>(sandbox.url, '/api/w/IT/a/TASK/tickets/list', { body: { sortBy: `${name} desc` } });
      assert.equal(listed.status, 400, JSON.stringify(listed.body));
      assert.equal(listed.body.error.code, 'unknown_field');
      for (const sortby of [`${name} desc`, name]) {
        const history = await callJson<ErrorShape>(sandbox.url, '/api/tickets/history', { body: { sortby } });
        assert.equal(history.status, 400, `sortby "${sortby}"`);
        assert.equal(history.body.error.code, 'invalid_request');
        assert.match(history.body.error.message, new RegExp(`"${name}"`));
      }
    });

    it(`refuses the field name "${name}" in list and history filters with 400 unknown_field`, async () => {
      const listed = await list(`${name} = "x"`);
      assert.equal(listed.status, 400);
      assert.equal(listed.body.error.code, 'unknown_field');
      const history = await callJson<ErrorShape>(sandbox.url, '/api/tickets/history', { body: { rlx: `${name} = "x"` } });
      assert.equal(history.status, 400);
      assert.equal(history.body.error.code, 'unknown_field');
    });
  }
});
