// The scripted agent tasks: each the calls a good agent makes for an everyday request, then its
// final answer checked against the service's own numbers (an assertion that throws when wrong).
import * as assert from 'node:assert/strict';
import type { RecordsClient } from '../../../src/core/api';
import type { EvalTask, Json } from './agent';

const TASK = { workspace: 'IT', app: 'TASK' };
const OPEN = 'state != "done"';

async function count(service: RecordsClient, app: { workspace: string; app: string }, rlx: string): Promise<number> {
  return (await service.listRecords(app, { rlx, listOfFields: 'id', limitRecords: 1 })).filteredRecordsCount;
}

function referencesOf(rows: Json[]): string[] {
  return rows.map((row) => String(row.reference)).sort();
}

export const EVAL_TASKS: EvalTask[] = [
  {
    name: 'my open tasks',
    session: 'accepting',
    async run(tools, { service, adminId }) {
      const answer = await tools.call('records_query', { app: 'IT/TASK', rlx: `keeper_id = @me AND ${OPEN}`, limit: 50 });
      assert.ok(!answer.isError, answer.text);
      const own = await service.listRecords(TASK, { rlx: `keeper_id = "${adminId}" AND ${OPEN}`, listOfFields: 'number,project_alias,publishing_alias', limitRecords: 500 });
      assert.equal(answer.data.total, own.filteredRecordsCount);
      assert.deepEqual(referencesOf(answer.data.rows), own.data.map((r) => `IT/TASK${String(r.number)}`).sort());
    },
  },
  {
    name: "a person's open tasks, named by name",
    session: 'accepting',
    async run(tools, { service }) {
      // The agent writes the name it was given; the tool resolves it to the id and says so.
      const answer = await tools.call('records_query', { app: 'IT/TASK', rlx: `keeper_id = "Grace Hopper" AND ${OPEN}`, limit: 50 });
      assert.ok(!answer.isError, answer.text);
      assert.equal((answer.data.resolved as Json[])[0]?.value, '00000000-0000-4000-8000-000000000005');
      assert.equal(answer.data.total, await count(service, TASK, `keeper_id = "00000000-0000-4000-8000-000000000005" AND ${OPEN}`));
    },
  },
  {
    name: "two people's open tasks, named in a list",
    session: 'accepting',
    async run(tools, { service }) {
      // Names and a lookup caption inside an "in" list are resolved as after "=", and said so.
      const grace = '00000000-0000-4000-8000-000000000005';
      const linus = '00000000-0000-4000-8000-000000000006';
      const answer = await tools.call('records_query', { app: 'IT/TASK', rlx: 'keeper_id in "Grace Hopper,linus torvalds":string[] AND state in "open,In progress":string[]', limit: 50 });
      assert.ok(!answer.isError, answer.text);
      assert.deepEqual((answer.data.resolved as Json[]).map((r) => r.value), [grace, linus, 'in_progress']);
      const own = await count(service, TASK, `keeper_id in "${grace},${linus}":string[] AND state in "open,in_progress":string[]`);
      assert.ok(own > 0);
      assert.equal(answer.data.total, own);
    },
  },
  {
    name: 'why nothing matches',
    session: 'accepting',
    async run(tools, { service }) {
      // A count of 0 names the condition that emptied it, with the counts the service gives without each.
      const answer = await tools.call('records_query', { app: 'IT/TASK', rlx: 'state = "open" AND priority = "high" AND c_amount > 100000000' });
      assert.ok(!answer.isError, answer.text);
      assert.equal(answer.data.total, 0);
      const openHigh = await count(service, TASK, 'state = "open" AND priority = "high"');
      assert.ok(openHigh > 0);
      assert.match(answer.text, new RegExp(`It is c_amount > 100000000 that leaves nothing: dropping it gives ${openHigh} records?\\.`));
      assert.match(answer.text, new RegExp(`without state = "open": ${await count(service, TASK, 'priority = "high" AND c_amount > 100000000')};`));
    },
  },
  {
    name: 'all open IT tasks (paging)',
    session: 'accepting',
    budget: { calls: 12, bytes: 160 * 1024 },
    async run(tools, { service }) {
      const seen = new Set<string>();
      let page = await tools.call('records_query', { app: 'IT/TASK', rlx: OPEN, limit: 50, fields: ['state'] });
      for (;;) {
        for (const row of page.data.rows as Json[]) seen.add(String(row.reference));
        if (page.data.nextCursor === undefined) break;
        page = await tools.call('records_query', { app: 'IT/TASK', rlx: OPEN, limit: 50, fields: ['state'], cursor: page.data.nextCursor });
      }
      assert.equal(seen.size, await count(service, TASK, OPEN), 'every open task reached once');
    },
  },
  {
    name: 'the records behind the largest group',
    session: 'accepting',
    async run(tools, { service }) {
      const groups = await tools.call('records_aggregate', { app: 'IT/INCIDENT', groupBy: ['c_severity'] });
      const largest = groups.data.groups[0];
      // Each group carries the filter that selects it.
      const rows = await tools.call('records_query', { app: 'IT/INCIDENT', rlx: largest.rlx, limit: 50 });
      assert.equal(rows.data.total, largest.count);
      const own = await service.aggregate({ workspace: 'IT', app: 'INCIDENT' }, { dimensions4Pivot: 'c_severity' });
      assert.equal(largest.count, Math.max(...own.data.map((g) => g._count)));
    },
  },
  {
    name: 'summarise a record with its comments',
    session: 'accepting',
    async run(tools, { service }) {
      const record = await tools.call('records_get', { record: 'IT/TASK2' });
      const own = await service.history({ rlx: `id = "${String(record.data.id)}"`, limitRecords: 200 });
      const comments = own.filter((e) => e.comment).length;
      const shown = (record.data.latestHistory as Json[]).filter((e) => e.comment).length;
      assert.equal(shown, comments, 'every comment of the record is in the answer');
      assert.equal(record.data.title, (await service.listRecords(TASK, { rlx: 'number = 2', listOfFields: 'title' })).data[0]?.title);
    },
  },
  {
    name: 'tasks per state per keeper',
    session: 'accepting',
    async run(tools, { service }) {
      const answer = await tools.call('records_aggregate', { app: 'IT/TASK', groupBy: ['state', 'keeper_id'] });
      const own = await service.aggregate(TASK, { dimensions4Pivot: 'state,keeper_id' });
      assert.equal(answer.data.groups.length, own.data.length);
      assert.equal(answer.data.groups.reduce((sum: number, g: Json) => sum + g.count, 0), own.data.reduce((sum, g) => sum + g._count, 0));
      assert.deepEqual(answer.data.groups.map((g: Json) => g.count).sort(), own.data.map((g) => g._count).sort());
    },
  },
  {
    name: 'create a task, accept, then move it to done',
    session: 'accepting',
    async run(tools, { service }) {
      const asked = tools.asked;
      const created = await tools.call('records_create', { app: 'IT/TASK', fields: { title: 'Eval: replace the badge reader', priority: 'high' } });
      assert.equal(created.data.status, 'done', created.text);
      const reference = `IT/TASK${String(created.data.record.number)}`;
      assert.equal((await tools.call('records_run_action', { record: reference, action: 'start' })).data.status, 'done');
      assert.equal((await tools.call('records_run_action', { record: reference, action: 'finish' })).data.status, 'done');
      assert.equal(tools.asked - asked, 3, 'the user was asked for each write');
      const own = await service.listRecords(TASK, { rlx: `number = ${String(created.data.record.number)}`, listOfFields: 'state,title' });
      assert.equal(own.data[0]?.state, 'done');
    },
  },
  {
    name: 'a declined write changes nothing',
    session: 'declining',
    async run(tools, { service }) {
      const before = (await service.listRecords(TASK, { rlx: 'number = 3', listOfFields: 'priority,update_date' })).data[0]!;
      const answer = await tools.call('records_update', { record: 'IT/TASK3', fields: { priority: before.priority === 'low' ? 'high' : 'low' } });
      assert.equal(answer.data.status, 'declined');
      const after = (await service.listRecords(TASK, { rlx: 'number = 3', listOfFields: 'priority,update_date' })).data[0]!;
      assert.deepEqual(after, before);
    },
  },
  {
    name: 'what values state takes',
    session: 'accepting',
    async run(tools, { service }) {
      const app = await tools.call('records_describe_app', { app: 'IT/TASK' });
      const state = app.data.fields.find((f: Json) => f.name === 'state');
      const own = await service.getSchema(TASK);
      assert.deepEqual(state.values.map((v: string) => v.split('=')[0]), (own.lookups?.state ?? []).map((v) => v.id));
    },
  },
  {
    name: 'find a record by words',
    session: 'accepting',
    async run(tools, { service }) {
      const answer = await tools.call('records_search', { query: 'printer toner', limit: 5 });
      const own = await service.search({ ss: 'printer toner', limitRecords: 5 });
      assert.equal(answer.data.totalFound, own.totalFound);
      assert.equal(answer.data.hits[0]?.title, own.data[0]?.title);
    },
  },
  {
    name: 'value of won deals',
    session: 'accepting',
    async run(tools, { service }) {
      const answer = await tools.call('records_aggregate', { app: 'SALES/DEAL', groupBy: ['state'], sum: 'c_deal_value', rlx: 'state = "won"' });
      const own = await service.aggregate({ workspace: 'SALES', app: 'DEAL' }, { dimensions4Pivot: 'state', statsFields: 'c_deal_value', rlx: 'state = "won"' });
      assert.equal(answer.data.matched, own.filteredRecordsCount);
      assert.deepEqual(answer.data.groups[0]?.c_deal_value, own.data[0]?.c_deal_value);
    },
  },
  {
    name: 'comment from a client that cannot ask (token)',
    session: 'noElicitation',
    async run(tools, { service }) {
      const planned = await tools.call('records_comment', { record: 'IT/TASK7', comment: 'Eval: checked on site' });
      assert.equal(planned.data.status, 'planned');
      const record = (await service.listRecords(TASK, { rlx: 'number = 7', listOfFields: 'id' })).data[0]!;
      const comments = async () => (await service.history({ rlx: `id = "${record.id}"`, limitRecords: 200 })).filter((e) => String(e.comment ?? '').includes('Eval: checked on site')).length;
      assert.equal(await comments(), 0, 'nothing sent on the first call');
      const done = await tools.call('records_comment', { record: 'IT/TASK7', comment: 'Eval: checked on site', confirmationToken: planned.data.confirmationToken });
      assert.equal(done.data.status, 'done', done.text);
      assert.equal(await comments(), 1);
    },
  },
  {
    name: 'dry run shows the value now and the new one',
    session: 'accepting',
    async run(tools, { service }) {
      const now = (await service.listRecords(TASK, { rlx: 'number = 11', listOfFields: 'priority' })).data[0]?.priority;
      const wanted = now === 'low' ? 'high' : 'low';
      const plan = await tools.call('records_update', { record: 'IT/TASK11', fields: { priority: wanted }, dryRun: true });
      assert.equal(plan.data.status, 'planned');
      assert.match(plan.data.plan.message, new RegExp(`\`"${String(now)}"\`.* → \`"${wanted}"\``));
      assert.equal((await service.listRecords(TASK, { rlx: 'number = 11', listOfFields: 'priority' })).data[0]?.priority, now);
    },
  },
];
