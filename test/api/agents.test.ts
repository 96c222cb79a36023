// The agent tools (src/core/agents) against the real sandbox over HTTP: the same functions the
// language model tools and the MCP server call. Results are compared with the service's own
// answers; writes reach the sandbox once; a read-only user gets the refusal.
import * as assert from 'node:assert/strict';
import type { RecordsClient } from '../../src/core/api';
import { type ToolContext, MAX_RESULT_CHARS, planWriteTool, runTool, runWritePlan, serviceContentLabel } from '../../src/core/agents';
import { rlxEquals } from '../../src/core/rlx/quote';
import { HOSTILE_TASK_ID } from '../../src/sandbox/demoService';
import { contextFor } from './support/agentTools';
import { jsonOf } from '../support/labelledResult';
import { useSandbox } from '../support/sandbox';

describe('agent tools against the sandbox', function () {
  this.timeout(60_000);
  const sandbox = useSandbox({ records: 200 });
  let admin: ToolContext;
  let direct: RecordsClient;

  before(async () => {
    admin = contextFor(sandbox, 'sandbox-admin-token');
    direct = sandbox.client('sandbox-admin-token');
  });

  it('searches with the service\'s totals, labelled as content from the service', async () => {
    const result = await runTool('records_search', admin, { query: '"office printers" -floor', limit: 5 });
    assert.ok(!result.isError, result.text);
    assert.ok(result.text.includes(serviceContentLabel('Test "sandbox"')));
    const data = jsonOf(result.text);
    const own = await direct.search({ ss: '"office printers" -floor', limitRecords: 5 });
    assert.equal(data.totalFound, own.totalFound);
    assert.deepEqual(data.hits.map((h: { title: string }) => h.title), own.data.map((r) => r.title));
    for (const hit of data.hits) assert.match(hit.reference, /^[A-Z]+\/[A-Z]+\d+$/);
  });

  it('queries one app: the rows and count the service gives, and the query sent', async () => {
    const result = await runTool('records_query', admin, { app: 'IT/TASK', rlx: 'state = "open"', fields: ['priority'], sort: 'number asc', limit: 5 });
    assert.ok(!result.isError, result.text);
    const data = jsonOf(result.text);
    const own = await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'state = "open"', sortBy: 'number asc', limitRecords: 5 });
    assert.equal(data.total, own.filteredRecordsCount);
    assert.deepEqual(data.rows.map((r: { title: string }) => r.title), own.data.map((r) => r.title));
    assert.deepEqual(data.query, { app: 'IT/TASK', rlx: 'state = "open"', sort: 'number asc', limit: 5 });
    assert.ok(data.rows.every((r: { state: string; priority: unknown }) => r.state !== undefined && 'priority' in r));
    assert.match(result.text, /30 more: call records_query again with the same app, rlx and sort and "cursor": "[\w-]+"/);
  });

  it('returns the diagnostics of a bad filter instead of sending it', async () => {
    const result = await runTool('records_query', admin, { app: 'IT/TASK', rlx: 'stat = "open" AND priority = ' });
    assert.equal(result.isError, true);
    assert.match(result.text, /not sent/);
    assert.match(result.text, /line 1, column 1 \(error\): .*stat/);
    assert.match(result.text, /Suggestions: state/);
  });

  it('reads a record with display values, description as text, attachments and history', async () => {
    const result = await runTool('records_get', admin, { record: 'IT/TASK2' });
    assert.ok(!result.isError, result.text);
    const data = jsonOf(result.text);
    assert.equal(data.reference, 'IT/TASK2');
    assert.equal(data.title, 'Replace printer toner on floor 3');
    assert.ok(data.attachments.some((a: { name: string }) => a.name === 'printer-notes.txt'));
    assert.ok(data.actions.some((a: { action: string }) => a.action === 'start'));
    assert.ok(data.latestHistory.length > 0);
    const byId = await runTool('records_get', admin, { record: data.id });
    assert.equal(jsonOf(byId.text).reference, 'IT/TASK2');
  });

  it('keeps hostile record text inside JSON strings, never as markup', async () => {
    const result = await runTool('records_get', admin, { record: HOSTILE_TASK_ID });
    const data = jsonOf(result.text);
    assert.match(String(data.title), /^Hostile markup test/, 'the hostile demo record');
    assert.doesNotMatch(String(data.description), /<script/i);
    // Everything the service wrote is inside the JSON line: the text outside it is ours.
    const outside = result.text.split('\n').filter((line) => !line.startsWith('{')).join('\n');
    assert.doesNotMatch(outside, /script|onerror/i);
  });

  it('describes an app: fields with kinds, lookup values, people, actions', async () => {
    const result = await runTool('records_describe_app', admin, { app: 'IT/TASK' });
    const data = jsonOf(result.text);
    const state = data.fields.find((f: { name: string }) => f.name === 'state');
    assert.equal(state.kind, 'lookup');
    assert.ok(state.values.some((v: string) => v.startsWith('open')));
    assert.ok(data.fields.some((f: { name: string; kind: string }) => f.name === 'c_reviewer_id' && f.kind === 'person'));
    assert.ok(data.actions.some((a: { action: string }) => a.action === 'finish'));
    assert.ok(data.people.some((p: { name: string }) => p.name === 'Ada Admin'));
  });

  it('counts by state with the pivot endpoint\'s numbers', async () => {
    const result = await runTool('records_aggregate', admin, { app: 'IT/TASK', groupBy: ['state'] });
    assert.ok(!result.isError, result.text);
    const data = jsonOf(result.text);
    const own = await direct.aggregate({ workspace: 'IT', app: 'TASK' }, { dimensions4Pivot: 'state' });
    assert.equal(data.matched, own.filteredRecordsCount);
    assert.equal(data.groups.reduce((sum: number, g: { count: number }) => sum + g.count, 0), own.data.reduce((sum, r) => sum + r._count, 0));
  });

  it('plans a comment naming the connection, the record and the text, and sends it once', async () => {
    const plan = await planWriteTool('records_comment', admin, { record: 'IT/TASK2', comment: 'Checked by the agent' });
    // The name as markdown shows it (its quotes escaped by escapeMarkdown).
    assert.match(plan.message, /Test \\"sandbox\\"/);
    assert.match(plan.message, /IT\/TASK2/);
    assert.match(plan.message, /Checked by the agent/);
    const before = await direct.history({ rlx: rlxEquals('id', '00000000-0000-4000-a000-000000000002'), limitRecords: 200 });
    const result = await runWritePlan(admin, plan);
    assert.ok(!result.isError, result.text);
    const after = await direct.history({ rlx: rlxEquals('id', '00000000-0000-4000-a000-000000000002'), limitRecords: 200 });
    assert.equal(after.length, before.length + 1);
    assert.equal(after.filter((e) => String(e.comment ?? '').includes('Checked by the agent')).length, 1);
  });

  it('updates a field, shows the value before and after, and refuses unknown fields', async () => {
    const plan = await planWriteTool('records_update', admin, { record: 'IT/TASK2', fields: { priority: 'high' } });
    assert.match(plan.message, /priority/);
    assert.match(plan.message, /→ `"high"` \(High\)/);
    const result = await runWritePlan(admin, plan);
    assert.ok(!result.isError, result.text);
    const page = await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'number = 2', listOfFields: 'priority' });
    assert.equal(page.data[0]?.priority, 'high');
    const unknown = await runTool('records_update', admin, { record: 'IT/TASK2', fields: { nope: 1 } });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /not a field you can set/);
  });

  it('answers a person\'s name in a person field with their id, and sends nothing', async () => {
    const before = await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'number = 2', listOfFields: 'keeper_id' });
    const result = await runTool('records_update', admin, { record: 'IT/TASK2', fields: { keeper_id: 'Grace Hopper' } });
    assert.equal(result.isError, true);
    assert.match(result.text, /keeper_id takes a user id, not a name: Grace Hopper is "00000000-0000-4000-8000-000000000005"/);
    const after = await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'number = 2', listOfFields: 'keeper_id' });
    assert.equal(after.data[0]?.keeper_id, before.data[0]?.keeper_id);
  });

  it('runs an action the record allows, and explains one it does not', async () => {
    const result = await runTool('records_run_action', admin, { record: 'IT/TASK2', action: 'start' });
    assert.ok(!result.isError, result.text);
    const page = await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'number = 2', listOfFields: 'state' });
    assert.equal(page.data[0]?.state, 'in_progress');
    const again = await runTool('records_run_action', admin, { record: 'IT/TASK2', action: 'start' });
    assert.equal(again.isError, true);
    assert.match(again.text, /not possible on IT\/TASK2 now/);
  });

  it('creates a record and names it', async () => {
    const before = await direct.countRecords({ workspace: 'IT', app: 'TASK' });
    const result = await runTool('records_create', admin, { app: 'IT/TASK', fields: { title: 'Made by an agent' } });
    assert.ok(!result.isError, result.text);
    assert.match(result.text, /^Created IT\/TASK\d+/);
    const after = await direct.countRecords({ workspace: 'IT', app: 'TASK' });
    assert.equal(after.total, before.total + 1);
  });

  it('gives a read-only user the service\'s refusal as a sentence, and changes nothing', async () => {
    const reader = contextFor(sandbox, 'sandbox-readonly-token');
    const result = await runTool('records_update', reader, { record: 'IT/TASK2', fields: { priority: 'low' } });
    assert.equal(result.isError, true);
    assert.match(result.text, /refused/);
    const page = await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'number = 2', listOfFields: 'priority' });
    assert.equal(page.data[0]?.priority, 'high');
  });

  it('takes only an app\'s own fields: constructor or toString are not fields', async () => {
    for (const field of ['constructor', 'toString', 'hasOwnProperty']) {
      const query = await runTool('records_query', admin, { app: 'IT/TASK', fields: [field] });
      assert.equal(query.isError, true, `${field}: ${query.text}`);
      assert.match(query.text, /has no field/);
      const counts = await runTool('records_aggregate', admin, { app: 'IT/TASK', groupBy: [field] });
      assert.equal(counts.isError, true, `${field}: ${counts.text}`);
    }
  });

  it('says which apps exist when asked for one that does not', async () => {
    const result = await runTool('records_query', admin, { app: 'IT/NOPE' });
    assert.equal(result.isError, true);
    assert.match(result.text, /No app IT\/NOPE.*IT\/TASK/);
  });
});

describe('agent tools: bounds on a 10,000-record sandbox', function () {
  this.timeout(120_000);
  const sandbox = useSandbox({ records: 10_000 });
  let admin: ToolContext;

  before(async () => {
    admin = contextFor(sandbox, 'sandbox-admin-token');
  });

  for (const [tool, input] of [
    ['records_query', { app: 'IT/TASK', fields: ['description', 'c_notes', 'priority', 'keeper_id'], limit: 50 }],
    ['records_search', { query: 'printer network server', limit: 50 }],
    ['records_aggregate', { app: 'IT/TASK', groupBy: ['creation_date__pivotbyday', 'state'] }],
  ] as const) {
    it(`${tool} answers at most 50 rows and about 8,000 characters, and says how many more`, async () => {
      const result = await runTool(tool, admin, input);
      assert.ok(!result.isError, result.text);
      assert.ok(result.text.length <= MAX_RESULT_CHARS + 500, `${result.text.length} characters`);
      const data = jsonOf(result.text);
      const rows = data.rows ?? data.hits ?? data.groups;
      assert.ok(rows.length <= 50 && rows.length > 0);
      assert.match(result.text, tool === 'records_aggregate' ? /\d+ more; narrow the query with / : /\d+ more[^:]*: call records_\w+ again with .*"cursor": "[\w-]+"/);
    });
  }
});
