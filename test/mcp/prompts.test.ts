// Prompts, listed resources and completion of the MCP server, through the official SDK's Client
// over stdio against a real sandbox: the prompts for the everyday jobs, each app's schema as a
// listed resource equal to the service's own, and completion of workspaces, apps and numbers.
import * as assert from 'node:assert/strict';
import type { RecordsClient } from '../../src/core/api';
import { ADMIN_TOKEN, type TestSandbox, startTestSandbox } from '../support/sandbox';
import { type McpSession, buildMcp, startMcp } from '../support/mcpClient';

describe('MCP server: prompts, resources and completion', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let direct: RecordsClient;
  let mcp: McpSession;

  before(async () => {
    buildMcp();
    sandbox = await startTestSandbox({ records: 200 });
    direct = sandbox.client(ADMIN_TOKEN);
    mcp = await startMcp(['--url', sandbox.url, '--name', 'Test sandbox'], ADMIN_TOKEN);
  });

  after(async () => {
    await mcp?.close();
    await sandbox?.dispose();
  });

  it('offers prompts for the everyday jobs, each naming the tools to use', async () => {
    const { prompts } = await mcp.client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name), ['my_open_work', 'summarise_record', 'report_by_state']);
    const report = await mcp.client.getPrompt({ name: 'report_by_state', arguments: { app: 'IT/TASK' } });
    const text = (report.messages[0]!.content as { text: string }).text;
    assert.match(text, /records_aggregate on IT\/TASK/);
    const summary = await mcp.client.getPrompt({ name: 'summarise_record', arguments: { record: 'IT/TASK12' } });
    assert.match((summary.messages[0]!.content as { text: string }).text, /records_get/);
    const open = await mcp.client.getPrompt({ name: 'my_open_work', arguments: {} });
    assert.match((open.messages[0]!.content as { text: string }).text, /keeper_id = @me/);
    await assert.rejects(mcp.client.getPrompt({ name: 'summarise_record', arguments: {} }), /needs "record"/);
  });

  it('lists each app\'s schema as a resource, equal to the service\'s own', async () => {
    const { resources } = await mcp.client.listResources();
    assert.ok(resources.some((r) => r.uri === 'records://IT/TASK/schema.json'), resources.map((r) => r.uri).join(', '));
    assert.ok(resources.some((r) => r.uri === 'records://SALES/DEAL/schema.json'));
    const read = await mcp.client.readResource({ uri: 'records://IT/TASK/schema.json' });
    const described = JSON.parse((read.contents[0] as { text: string }).text);
    const own = await direct.getSchema({ workspace: 'IT', app: 'TASK' });
    assert.deepEqual(described.fields.map((f: { name: string }) => f.name).sort(), Object.keys(own.fields ?? {}).sort());
    const state = described.fields.find((f: { name: string }) => f.name === 'state');
    assert.deepEqual(state.values.map((v: string) => v.split('=')[0]), (own.lookups?.state ?? []).map((v) => v.id));
  });

  it('completes the record template: workspaces, the apps of one, the numbers of an app', async () => {
    const ref = { type: 'ref/resource' as const, uri: 'records://{workspace}/{app}/{number}.md' };
    const workspaces = await mcp.client.complete({ ref, argument: { name: 'workspace', value: 'i' } });
    assert.deepEqual(workspaces.completion.values, ['IT']);
    const apps = await mcp.client.complete({ ref, argument: { name: 'app', value: '' }, context: { arguments: { workspace: 'IT' } } });
    assert.ok(apps.completion.values.includes('TASK') && apps.completion.values.includes('INCIDENT'), apps.completion.values.join(', '));
    assert.ok(!apps.completion.values.includes('DEAL'), 'only the apps of IT');
    const numbers = await mcp.client.complete({ ref, argument: { name: 'number', value: '19' }, context: { arguments: { workspace: 'IT', app: 'TASK' } } });
    const own = await direct.listRecords({ workspace: 'IT', app: 'TASK' }, { listOfFields: 'number', sortBy: 'number desc', limitRecords: 100 });
    assert.deepEqual(numbers.completion.values, own.data.map((r) => String(r.number)).filter((n) => n.startsWith('19')));
    assert.ok(numbers.completion.values.length > 0);
  });

  it('completes a prompt\'s app and record', async () => {
    const app = await mcp.client.complete({ ref: { type: 'ref/prompt', name: 'report_by_state' }, argument: { name: 'app', value: 'sales/' } });
    assert.ok(app.completion.values.includes('SALES/DEAL'), app.completion.values.join(', '));
    assert.ok(app.completion.values.every((v) => v.startsWith('SALES/')));
    const record = await mcp.client.complete({ ref: { type: 'ref/prompt', name: 'summarise_record' }, argument: { name: 'record', value: 'IT/TASK19' } });
    assert.ok(record.completion.values.length > 0 && record.completion.values.every((v) => /^IT\/TASK19\d*$/.test(v)), record.completion.values.join(', '));
  });
});
