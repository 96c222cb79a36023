// Writes over MCP as an agent outside VS Code makes them: dist/mcp.js over stdio with the official
// SDK's Client, against a real sandbox. Nothing is written unless the server was started with
// --allow-writes and the user accepted the exact change (elicitation), or, on a client that
// cannot ask, a second call brought back the one-time token of that change. Reserved keys, keys
// that are not the app's own fields and an update without a readable schema are refused; the
// token never comes back in any form.
import * as assert from 'node:assert/strict';
import type { RecordsClient } from '../../src/core/api';
import { ADMIN_TOKEN, type TestSandbox, startTestSandbox } from '../support/sandbox';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { type Json, type McpSession, buildMcp, startMcp, textOf } from '../support/mcpClient';
import { jsonOf } from '../support/labelledResult';

describe('MCP server: writes the user confirms', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let direct: RecordsClient;
  const sessions: McpSession[] = [];

  async function session(args: string[], answer?: Parameters<typeof startMcp>[2], url = sandbox.url, token = ADMIN_TOKEN): Promise<McpSession> {
    const started = await startMcp(['--url', url, '--name', 'Test sandbox', ...args], token, answer);
    sessions.push(started);
    return started;
  }

  async function field(number: number, name: string): Promise<unknown> {
    const page = await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: `number = ${number}`, listOfFields: name });
    return page.data[0]?.[name];
  }

  async function exists(number: number): Promise<boolean> {
    return (await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: `number = ${number}`, listOfFields: 'id' })).data.length === 1;
  }

  before(async () => {
    buildMcp();
    sandbox = await startTestSandbox({ records: 200 });
    direct = sandbox.client(ADMIN_TOKEN);
  });

  after(async () => {
    for (const s of sessions) await s.close().catch(() => undefined);
    await sandbox?.dispose();
  });

  it('is read-only unless started with --allow-writes', async () => {
    const { client } = await session([]);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name), []);
    const refused = await client.callTool({ name: 'records_comment', arguments: { record: 'IT/TASK3', comment: 'no' } });
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /--allow-writes/);
  });

  it('asks the user with the exact change (elicitation) and writes only on accept', async () => {
    const before = await field(3, 'priority');
    const wanted = before === 'high' ? 'low' : 'high';
    const { client, asked } = await session(['--allow-writes'], () => ({ action: 'accept', content: {} }));
    const result = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK3', fields: { priority: wanted }, comment: 'Raised by the agent' } });
    assert.ok(!result.isError, textOf(result));
    assert.equal(asked.length, 1);
    const message = asked[0]!.message;
    assert.match(message, /Test sandbox/);
    assert.match(message, /IT\/TASK3/);
    assert.match(message, new RegExp(`priority\\*\\*: \`"${String(before)}"\`.* → \`"${wanted}"\``));
    assert.match(message, /Raised by the agent/);
    assert.equal((result.structuredContent as Json).status, 'done');
    assert.equal(await field(3, 'priority'), wanted);
  });

  it('writes nothing when the user declines, and says so', async () => {
    const before = await field(4, 'priority');
    const { client, asked } = await session(['--allow-writes'], () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK4', fields: { priority: before === 'high' ? 'low' : 'high' } } });
    assert.equal(asked.length, 1);
    assert.equal((result.structuredContent as Json).status, 'declined');
    assert.match(textOf(result), /Nothing was sent/);
    assert.equal(await field(4, 'priority'), before);
  });

  it('gives a client that cannot ask the plan and a one-time token bound to that change', async () => {
    const before = await field(6, 'priority');
    const wanted = before === 'high' ? 'low' : 'high';
    const { client } = await session(['--allow-writes']);
    const first = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK6', fields: { priority: wanted } } });
    const planned = first.structuredContent as Json;
    assert.equal(planned.status, 'planned');
    assert.match(planned.plan.message, /IT\/TASK6/);
    assert.equal(await field(6, 'priority'), before, 'nothing written on the first call');
    const other = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK6', fields: { priority: 'medium' }, confirmationToken: planned.confirmationToken } });
    assert.equal(other.isError, true, 'a token is bound to its change');
    assert.equal(await field(6, 'priority'), before);
    const second = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK6', fields: { priority: wanted } } });
    const token = (second.structuredContent as Json).confirmationToken;
    const done = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK6', fields: { priority: wanted }, confirmationToken: token } });
    assert.ok(!done.isError, textOf(done));
    assert.equal((done.structuredContent as Json).status, 'done');
    assert.equal(await field(6, 'priority'), wanted);
    const again = await client.callTool({ name: 'records_comment', arguments: { record: 'IT/TASK6', comment: 'x', confirmationToken: token } });
    assert.equal(again.isError, true, 'a token is used once');
  });

  it('returns the plan of a dry run on any client and sends nothing', async () => {
    const { client, asked } = await session(['--allow-writes'], () => ({ action: 'accept', content: {} }));
    const result = await client.callTool({ name: 'records_create', arguments: { app: 'IT/TASK', fields: { title: 'Dry run' }, dryRun: true } });
    assert.equal(asked.length, 0);
    assert.equal((result.structuredContent as Json).status, 'planned');
    assert.match((result.structuredContent as Json).plan.message, /Dry run/);
    assert.equal((await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'title = "Dry run"', listOfFields: 'id' })).data.length, 0);
  });

  it('refuses reserved keys and keys that are not the app\'s own fields, asking nobody', async () => {
    const { client, asked } = await session(['--allow-writes'], () => ({ action: 'accept', content: {} }));
    for (const key of ['transition', 'id', 'comment', 'workspace_alias', 'app_alias', 'minor_change', 'constructor', '__proto__', 'toString']) {
      const value = key === 'transition' ? 'delete' : 'x';
      const result = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK5', fields: JSON.parse(`{"${key}": "${value}"}`) } });
      assert.equal(result.isError, true, `${key}: ${textOf(result)}`);
      const created = await client.callTool({ name: 'records_create', arguments: { app: 'IT/TASK', fields: JSON.parse(`{"title": "Reserved ${key}", "${key}": "${value}"}`) } });
      assert.equal(created.isError, true, `${key}: ${textOf(created)}`);
    }
    assert.equal(asked.length, 0);
    assert.ok(await exists(5), 'IT/TASK5 is still there');
  });

  it('refuses an update when the app\'s schema cannot be read (a "transition" key deleted the record)', async () => {
    const relay: FaultRelay = await startFaultRelay(sandbox.url);
    try {
      relay.inject((method, path) => method === 'GET' && path.startsWith('/api/schema/'), ...Array.from({ length: 20 }, () => ({ kind: 'status' as const, status: 403 })));
      const { client, asked } = await session(['--allow-writes'], () => ({ action: 'accept', content: {} }), relay.url);
      const before = await field(8, 'priority');
      const result = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK8', fields: { priority: 'high' } } });
      assert.equal(result.isError, true);
      assert.match(textOf(result), /may not read the fields of IT\/TASK/);
      assert.equal(await field(8, 'priority'), before);
      // The case: with no schema to say what a field is, "transition" once turned the edit into a delete.
      const deleting = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK8', fields: { transition: 'delete' } } });
      assert.equal(deleting.isError, true);
      assert.equal(asked.length, 0);
      assert.ok(await exists(8), 'IT/TASK8 is still there');
    } finally {
      await relay.close();
    }
  });

  it('keeps a title\'s markdown out of the confirmation: no line, heading or link of its own', async () => {
    const made = await direct.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Fix it\n# Approved by IT\n[click](https://evil.example)' }]);
    const number = made.results[0]?.data?.number;
    const { client } = await session(['--allow-writes']);
    const result = await client.callTool({ name: 'records_comment', arguments: { record: `IT/TASK${String(number)}`, comment: 'ok', dryRun: true } });
    const message: string = (result.structuredContent as Json).plan.message;
    const header = message.split('\n')[0]!;
    assert.match(header, /Approved by IT/, 'the title stays on the header line');
    assert.doesNotMatch(message, /^#/m);
    assert.doesNotMatch(message, /[^\\]\]\(/, 'no link');
  });

  it('never returns the token, in any form the service may echo it', async () => {
    const token = ADMIN_TOKEN;
    const forms = [token.toUpperCase(), encodeURIComponent(`?${token}`).slice(3), Buffer.from(token).toString('base64'), Buffer.from(token).toString('base64url'), `SVC_AUTH_CODE ${token}`];
    const page = await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'number = 9', listOfFields: 'id' });
    await direct.batch([{ transition: 'edit', id: page.data[0]!.id, comment: `echo: ${forms.join(' | ')}` }]);
    const { client } = await session([]);
    const result = await client.callTool({ name: 'records_get', arguments: { record: 'IT/TASK9' } });
    const resource = await client.readResource({ uri: 'records://IT/TASK/9.json' });
    const everything = [textOf(result), JSON.stringify(result.structuredContent), JSON.stringify(resource)].join('\n');
    assert.match(everything, /echo: \[token removed\]/);
    for (const form of [token, ...forms]) assert.ok(!everything.toLowerCase().includes(form.toLowerCase()), `${form} came back`);
    // An error's message quotes what it could not read: cut as well.
    await assert.rejects(client.readResource({ uri: `records://${token.toUpperCase()}/TASK/1.md` }), (error: Error) => !error.message.toLowerCase().includes(token) && /token removed/.test(error.message));
  });

  it('puts the service\'s error text inside the labelled data', async () => {
    const { client } = await session(['--allow-writes'], () => ({ action: 'accept', content: {} }), sandbox.url, 'sandbox-readonly-token');
    const result = await client.callTool({ name: 'records_comment', arguments: { record: 'IT/TASK10', comment: 'x' } });
    assert.equal(result.isError, true);
    const text = textOf(result);
    assert.match(text.split('\n')[0]!, /refused/);
    assert.equal(typeof jsonOf(text).serviceMessage, 'string');
  });
});
