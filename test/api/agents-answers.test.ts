// Answers that cannot be wrong without a word (issue 34, section 1), through the agent tools
// against the real sandbox: values in filters written as people see them (a name, an e-mail, a
// caption, a reference) are resolved to what the service compares, and the result says so; what
// cannot be resolved is refused with the candidates; an empty result names the condition that
// emptied it; rows give {value, caption} that can be fed back; every aggregate group hands back
// the rlx that selects it; rich texts asked for come back as text.
import * as assert from 'node:assert/strict';
import type { RecordsClient, RequestFinished } from '../../src/core/api';
import { type ToolContext, runTool } from '../../src/core/agents';
import { stripTags } from '../../src/core/records/historyView';
import { rlxEquals } from '../../src/core/rlx/quote';
import { contextFor } from './support/agentTools';
import { type Json, jsonOf } from '../support/labelledResult';
import { useSandbox } from '../support/sandbox';

const GRACE = '00000000-0000-4000-8000-000000000005';
const TASK = { workspace: 'IT', app: 'TASK' };

describe('agent tools: values resolved, empty results explained, values that can be fed back', function () {
  this.timeout(60_000);
  const sandbox = useSandbox({ records: 200 });
  let admin: ToolContext;
  let direct: RecordsClient;
  const requests: RequestFinished[] = [];

  async function call(tool: string, input: Record<string, unknown>): Promise<{ text: string; data: Json }> {
    const result = await runTool(tool, admin, input);
    assert.ok(!result.isError, result.text);
    return { text: result.text, data: jsonOf(result.text) };
  }

  before(async () => {
    admin = contextFor(sandbox, 'sandbox-admin-token', { onRequestFinished: (request) => requests.push(request) });
    direct = sandbox.client('sandbox-admin-token');
  });

  it('resolves a person\'s name to the user id in records_query and records_aggregate, and says so', async () => {
    const own = await direct.countRecords(TASK, rlxEquals('keeper_id', GRACE));
    assert.ok(own.filtered > 0);
    const query = await call('records_query', { app: 'IT/TASK', rlx: 'keeper_id = "Grace Hopper"' });
    assert.equal(query.data.total, own.filtered);
    assert.equal(query.data.query.rlx, `keeper_id = "${GRACE}"`);
    assert.deepEqual(query.data.resolved, [{ field: 'keeper_id', written: 'Grace Hopper', value: GRACE, caption: 'Grace Hopper' }]);
    assert.match(query.text, /^IT\/TASK: \d+ records match.*Resolved before sending: keeper_id "Grace Hopper" → "00000000-0000-4000-8000-000000000005" \(Grace Hopper\)/);
    const counts = await call('records_aggregate', { app: 'IT/TASK', groupBy: ['state'], rlx: 'keeper_id = "grace hopper" AND state != "done"' });
    assert.equal(counts.data.matched, (await direct.countRecords(TASK, `keeper_id = "${GRACE}" AND state != "done"`)).filtered);
    assert.equal(counts.data.resolved[0].value, GRACE);
  });

  it('resolves the signed-in user\'s e-mail, a lookup caption and a record reference', async () => {
    const me = await direct.currentUser();
    const byEmail = await call('records_query', { app: 'IT/TASK', rlx: `keeper_id = "${me.email!.toUpperCase()}"` });
    assert.equal(byEmail.data.total, (await direct.countRecords(TASK, rlxEquals('keeper_id', me.id))).filtered);
    assert.equal(byEmail.data.resolved[0].value, me.id);

    const byCaption = await call('records_query', { app: 'IT/TASK', rlx: 'state = "In progress"' });
    assert.equal(byCaption.data.query.rlx, 'state = "in_progress"');
    assert.equal(byCaption.data.total, (await direct.countRecords(TASK, 'state = "in_progress"')).filtered);

    // A db value in another case is the value (the service compares without case): sent as written, not refused.
    for (const rlx of ['state = "IN_PROGRESS"', 'state in "OPEN,In_Progress":string[]']) {
      const anyCase = await call('records_query', { app: 'IT/TASK', rlx });
      assert.equal(anyCase.data.query.rlx, rlx);
      assert.equal(anyCase.data.total, (await direct.countRecords(TASK, rlx)).filtered, rlx);
      assert.ok(anyCase.data.total > 0, rlx);
    }

    const children = await call('records_query', { app: 'IT/TASK', rlx: 'parent_id = "IT/TASK4"' });
    assert.deepEqual(children.data.rows.map((row: { reference: string }) => row.reference), ['IT/TASK5', 'IT/TASK6']);
    assert.deepEqual(children.data.resolved, [{ field: 'parent_id', written: 'IT/TASK4', value: '00000000-0000-4000-a000-000000000004', caption: 'IT/TASK4' }]);
  });

  it('resolves names, e-mails, captions and references inside an "in" list as after "="', async () => {
    const me = await direct.currentUser();
    const people = await call('records_query', { app: 'IT/TASK', rlx: `keeper_id in "Grace Hopper, ${me.email!.toUpperCase()}":string[] AND state in "open,In progress":string[]` });
    const sent = `keeper_id in "${GRACE}, ${me.id}":string[] AND state in "open,in_progress":string[]`;
    assert.equal(people.data.query.rlx, sent);
    assert.equal(people.data.total, (await direct.countRecords(TASK, sent)).filtered);
    assert.ok(people.data.total > 0);
    assert.deepEqual(people.data.resolved.map((r: { written: string; value: string }) => [r.written, r.value]), [['Grace Hopper', GRACE], [me.email!.toUpperCase(), me.id], ['In progress', 'in_progress']]);
    assert.match(people.text, /Resolved before sending: keeper_id "Grace Hopper" → "00000000-0000-4000-8000-000000000005"/);

    const children = await call('records_query', { app: 'IT/TASK', rlx: 'parent_id in "IT/TASK4":string[]' });
    assert.deepEqual(children.data.rows.map((row: { reference: string }) => row.reference), ['IT/TASK5', 'IT/TASK6']);

    const counts = await call('records_aggregate', { app: 'IT/TASK', groupBy: ['state'], rlx: 'keeper_id in "grace hopper":string[]' });
    assert.equal(counts.data.matched, (await direct.countRecords(TASK, rlxEquals('keeper_id', GRACE))).filtered);

    const typo = await runTool('records_query', admin, { app: 'IT/TASK', rlx: `keeper_id in "${GRACE},Grace Hoper":string[]` });
    assert.equal(typo.isError, true);
    assert.match(typo.text, /not sent[\s\S]*"Grace Hoper" in the "in" list of keeper_id: keeper_id takes a user id[\s\S]*Did you mean Grace Hopper \(00000000-0000-4000-8000-000000000005\)/);
    const missing = await runTool('records_query', admin, { app: 'IT/TASK', rlx: 'parent_id in "IT/TASK4,IT/TASK99999":string[]' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /no record IT\/TASK99999/);
  });

  it('refuses a name nobody has and a reference to no record, with the candidates, instead of "0 records"', async () => {
    const typo = await runTool('records_query', admin, { app: 'IT/TASK', rlx: 'keeper_id = "Grace Hoper"' });
    assert.equal(typo.isError, true);
    assert.match(typo.text, /not sent[\s\S]*keeper_id takes a user id[\s\S]*Did you mean Grace Hopper \(00000000-0000-4000-8000-000000000005\)/);
    const missing = await runTool('records_aggregate', admin, { app: 'IT/TASK', groupBy: ['state'], rlx: 'parent_id = "IT/TASK99999"' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /no record IT\/TASK99999/);
  });

  it('says which condition emptied a result, with at most three extra count requests', async () => {
    const alan = '00000000-0000-4000-8000-000000000008';
    const open = (await direct.countRecords(TASK, 'state = "open" AND priority = "high"')).filtered;
    requests.length = 0;
    const empty = await call('records_query', { app: 'IT/TASK', rlx: `state = "open" AND keeper_id = "${alan}" AND priority = "high"` });
    assert.equal(empty.data.total, 0);
    assert.match(empty.text, new RegExp(`It is keeper_id = "${alan}" that leaves nothing: dropping it gives ${open} records`));
    assert.equal(requests.filter((r) => r.path.endsWith('/tickets/list')).length, 1 + 3);

    requests.length = 0;
    const five = await call('records_query', { app: 'IT/TASK', rlx: 'state = "open" AND priority = "high" AND c_amount > 0 AND c_amount < 1 AND title != null' });
    assert.equal(five.data.total, 0);
    assert.match(five.text, /2 more conditions not checked/);
    assert.equal(requests.filter((r) => r.path.endsWith('/tickets/list')).length, 1 + 3);

    const single = await call('records_aggregate', { app: 'IT/TASK', groupBy: ['state'], rlx: 'c_amount > 100000000' });
    assert.match(single.text, /IT\/TASK has \d+ records, and none has c_amount > 100000000/);
  });

  it('gives lookups and people as {value, caption}, and a value read filters as it should', async () => {
    const { data } = await call('records_query', { app: 'IT/TASK', rlx: 'keeper_id != null', fields: ['keeper_id', 'priority'], limit: 1 });
    const row = data.rows[0];
    assert.equal(typeof row.keeper_id.value, 'string');
    assert.equal(typeof row.keeper_id.caption, 'string');
    assert.notEqual(row.keeper_id.caption, row.keeper_id.value);
    assert.deepEqual(Object.keys(row.state), ['value', 'caption']);
    const fedBack = await call('records_query', { app: 'IT/TASK', rlx: `keeper_id = "${row.keeper_id.value}" AND priority = "${row.priority.value}" AND state = "${row.state.value}"`, limit: 50 });
    assert.ok(fedBack.data.rows.some((r: { reference: string }) => r.reference === row.reference));
    assert.equal(fedBack.data.resolved, undefined, 'values read are already what the filter takes');
  });

  it('gives each aggregate group the rlx that selects it: run as a query it gives the group\'s count', async () => {
    for (const [groupBy, rlx] of [[['state', 'keeper_id'], 'priority = "high"'], [['creation_date__pivotbymonth'], undefined]] as const) {
      const { data } = await call('records_aggregate', { app: 'IT/TASK', groupBy, ...(rlx ? { rlx } : {}) });
      assert.ok(data.groups.length > 1);
      for (const group of data.groups.slice(0, 6)) {
        const query = await call('records_query', { app: 'IT/TASK', rlx: group.rlx, limit: 1 });
        assert.equal(query.data.total, group.count, group.rlx);
      }
    }
  });

  it('returns rich texts asked for as bounded plain text, not null', async () => {
    const { data } = await call('records_query', { app: 'IT/TASK', rlx: 'number = 5', fields: ['description', 'c_notes'] });
    const own = await direct.listRecords(TASK, { rlx: 'number = 5', listOfFields: 'description', loadRichTexts: true });
    const description: string = data.rows[0].description;
    assert.equal(typeof description, 'string');
    assert.doesNotMatch(description, /<\/?p>/);
    assert.equal(description.replace(/\s+/g, ' '), stripTags(String(own.data[0]!.description)));
    assert.ok(description.length <= 1_100);
  });
});
