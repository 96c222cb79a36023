// The language model tools through VS Code's own `vscode.lm.invokeTool`, against the sandbox
// of this run: results equal the service's answers, a write shows VS Code's confirmation
// (naming the connection, the record and the change) and sends one write after it, a refused
// confirmation sends nothing, a read-only user gets the refusal, and the write setting holds.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { OUTPUT_SCHEMAS } from '../../src/core/agents';
import type { RecordsClient } from '../../src/core/api';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { rlxEquals } from '../../src/core/rlx/quote';
import { answerNextDialog } from './support/dialogs';
import { repositoryRoot, sandboxConnection } from './support/environment';
import { type Json, jsonOf } from '../support/labelledResult';
import { connectSandbox } from '../support/connectSandbox';

const TOOLS = ['records_search', 'records_query', 'records_get', 'records_describe_app', 'records_aggregate', 'records_list_apps', 'records_read_attachment', 'records_comment', 'records_update', 'records_run_action', 'records_create'];

async function invoke(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

describe('agents: language model tools in the extension host', function () {
  this.timeout(90_000);
  let api: RecordsExtensionApi;
  let client: RecordsClient;
  let adminId: string;
  let readerId: string;
  let created: string;

  before(async () => {
    const extension = vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!;
    api = await extension.activate();
    adminId = (await connectSandbox('Agent tests')).id;
    readerId = (await connectSandbox('Agent reader', { token: 'sandbox-readonly-token' })).id;
    await vscode.commands.executeCommand('records.selectConnection', adminId);
    client = await api.connections.client(adminId);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('records.agents').update('writeTools', undefined, vscode.ConfigurationTarget.Global);
    await api.connections.remove(adminId);
    await api.connections.remove(readerId);
  });

  it('registers every tool with VS Code', () => {
    const names = new Set(vscode.lm.tools.map((tool) => tool.name));
    for (const name of TOOLS) assert.ok(names.has(name), name);
    const query = vscode.lm.tools.find((tool) => tool.name === 'records_query')!;
    assert.match(query.description, /RLX filter/);
    assert.ok(query.inputSchema);
  });

  it('searches on the active connection with the service\'s own totals and titles', async () => {
    const data = jsonOf(await invoke('records_search', { query: 'printer', limit: 10 }));
    const own = await client.search({ ss: 'printer', limitRecords: 10 });
    assert.equal(data.totalFound, own.totalFound);
    assert.deepEqual(data.hits.map((h: { title: string }) => h.title), own.data.map((r) => r.title));
  });

  it('queries an app: the count and rows the service gives, at most 50 rows', async () => {
    const data = jsonOf(await invoke('records_query', { app: 'IT/TASK', rlx: 'state != "done"', limit: 50, fields: ['description'] }));
    const own = await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'state != "done"', limitRecords: 50 });
    assert.equal(data.total, own.filteredRecordsCount);
    assert.ok(data.rows.length > 0 && data.rows.length <= 50);
    assert.deepEqual(data.rows.map((r: { title: string }) => r.title), own.data.slice(0, data.rows.length).map((r) => r.title));
  });

  it('resolves a person\'s name in a filter to the id, says so, and lists the apps', async () => {
    const grace = '00000000-0000-4000-8000-000000000005';
    const data = jsonOf(await invoke('records_query', { app: 'IT/TASK', rlx: 'keeper_id = "Grace Hopper"', limit: 5 }));
    const own = await client.countRecords({ workspace: 'IT', app: 'TASK' }, `keeper_id = "${grace}"`);
    assert.ok(own.filtered > 0);
    assert.equal(data.total, own.filtered);
    assert.equal(data.resolved[0].value, grace);
    const apps = jsonOf(await invoke('records_list_apps', {}));
    assert.ok(apps.workspaces.some((w: { workspace: string }) => w.workspace === 'IT'));
  });

  it('gives the MCP server\'s structured data beside the text (valid for its output schema), and never the token in any form', async () => {
    const token = sandboxConnection().adminToken;
    const forms = [token.toUpperCase(), encodeURIComponent(`?${token}`).slice(3), Buffer.from(token).toString('base64'), Buffer.from(token).toString('base64url'), `SVC_AUTH_CODE ${token}`];
    const record = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'number = 31', listOfFields: 'id' })).data[0]!;
    await client.batch([{ transition: 'edit', id: record.id, comment: `echo: ${forms.join(' | ')}` }]);
    for (const [name, input] of [['records_get', { record: 'IT/TASK31' }], ['records_query', { app: 'IT/TASK', rlx: 'keeper_id in "Grace Hopper":string[]', limit: 3 }]] as const) {
      const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
      const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
      // The editor under test has data parts; @types/vscode 1.101 (the declared minimum) does not.
      const DataPart = (vscode as unknown as { LanguageModelDataPart: new (...args: never[]) => { mimeType: string; data: Uint8Array } }).LanguageModelDataPart;
      const parts = result.content.filter((part) => part instanceof DataPart) as InstanceType<typeof DataPart>[];
      assert.equal(parts.length, 1, `${name}: one data part`);
      assert.match(parts[0]!.mimeType, /json$/, 'VS Code\'s own JSON type');
      const data: Json = JSON.parse(new TextDecoder().decode(parts[0]!.data));
      assert.deepEqual(data, jsonOf(text), `${name}: the data is the labelled JSON of the text`);
      const check = new AjvJsonSchemaValidator().getValidator(OUTPUT_SCHEMAS[name] as JsonSchemaType)(data);
      assert.ok(check.valid, `${name}: ${check.errorMessage ?? ''}`);
      if (name === 'records_get') {
        const everything = `${text}\n${JSON.stringify(data)}`;
        assert.match(everything, /echo: \[token removed\]/);
        for (const form of [token, ...forms]) assert.ok(!everything.toLowerCase().includes(form.toLowerCase()), `${form} came back`);
      }
    }
  });

  it('answers a bad filter with its diagnostics, not an HTTP error', async () => {
    const text = await invoke('records_query', { app: 'IT/TASK', rlx: 'priorty = "high"' });
    assert.match(text, /not sent/);
    assert.match(text, /line 1, column 1 \(error\)/);
    assert.match(text, /Suggestions: priority/);
  });

  it('reads a record, describes its app and counts by state', async () => {
    const record = jsonOf(await invoke('records_get', { record: 'IT/TASK2' }));
    assert.equal(record.title, 'Replace printer toner on floor 3');
    const app = jsonOf(await invoke('records_describe_app', { app: 'IT/TASK' }));
    assert.ok(app.fields.some((f: { name: string; kind: string }) => f.name === 'state' && f.kind === 'lookup'));
    const counts = jsonOf(await invoke('records_aggregate', { app: 'IT/TASK', groupBy: ['state'] }));
    const own = await client.countRecords({ workspace: 'IT', app: 'TASK' });
    assert.equal(counts.matched, own.filtered);
  });

  it('names a connection, and says how to sign in to one that is signed out', async () => {
    const reader = jsonOf(await invoke('records_search', { query: 'printer', connection: 'Agent reader' }));
    assert.ok(reader.totalFound > 0);
    const signedOut = await api.connections.add({ name: 'Agent signed out', baseUrl: sandboxConnection().url, authKind: 'authCode' });
    try {
      const text = await invoke('records_search', { query: 'printer', connection: 'Agent signed out' });
      assert.match(text, /"Agent signed out" is not signed in\. Sign in with "Records: Sign In"/);
    } finally {
      await api.connections.remove(signedOut.id);
    }
  });

  it('creates a record only after VS Code\'s confirmation, which names the connection, app and fields', async () => {
    const before = await client.countRecords({ workspace: 'IT', app: 'TASK' });
    const shot = join(repositoryRoot(), 'test-results', 'screenshots', 'agents-confirmation-create.png');
    const [dialog, text] = await Promise.all([answerNextDialog('Yes', { screenshot: shot }), invoke('records_create', { app: 'IT/TASK', fields: { title: 'Filed by an agent', priority: 'high' } })]);
    assert.match(dialog, /Create a record in IT\/TASK\?/);
    assert.match(dialog, /Agent tests/);
    assert.match(dialog, /Filed by an agent/);
    const match = /^Created (IT\/TASK\d+)/.exec(text);
    assert.ok(match, text);
    created = match[1]!;
    const after = await client.countRecords({ workspace: 'IT', app: 'TASK' });
    assert.equal(after.total, before.total + 1);
  });

  it('changes a field after the confirmation shows the value before and after; one write reaches the service', async () => {
    const number = Number(created.replace('IT/TASK', ''));
    const id = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: rlxEquals('number', number), listOfFields: 'id' })).data[0]!.id;
    const historyBefore = await client.history({ rlx: rlxEquals('id', id), limitRecords: 100 });
    const shot = join(repositoryRoot(), 'test-results', 'screenshots', 'agents-confirmation-update.png');
    const [dialog, text] = await Promise.all([answerNextDialog('Yes', { screenshot: shot }), invoke('records_update', { record: created, fields: { priority: 'low' } })]);
    assert.match(dialog, new RegExp(`Change ${created}\\?`));
    assert.match(dialog, /priority.*`"high"` \(High\) → `"low"` \(Low\)/);
    assert.match(text, /changed: priority/);
    const record = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: rlxEquals('id', id), listOfFields: 'priority' })).data[0]!;
    assert.equal(record.priority, 'low');
    const historyAfter = await client.history({ rlx: rlxEquals('id', id), limitRecords: 100 });
    assert.equal(historyAfter.length, historyBefore.length + 1);
  });

  it('sends nothing when the user declines', async () => {
    const number = Number(created.replace('IT/TASK', ''));
    const [dialog, outcome] = await Promise.all([
      answerNextDialog('Cancel'),
      invoke('records_comment', { record: created, comment: 'Should never arrive' }).then(() => 'sent', (error: unknown) => error),
    ]);
    assert.match(dialog, /Comment on IT\/TASK\d+\?/);
    assert.ok(outcome instanceof Error, `the call was cancelled (${String(outcome)})`);
    const id = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: rlxEquals('number', number), listOfFields: 'id' })).data[0]!.id;
    const history = await client.history({ rlx: rlxEquals('id', id), limitRecords: 100 });
    assert.ok(!history.some((entry) => String(entry.comment ?? '').includes('Should never arrive')));
  });

  it('runs an action and comments after confirming each', async () => {
    const [, started] = await Promise.all([answerNextDialog('Yes'), invoke('records_run_action', { record: created, action: 'start' })]);
    assert.match(started, /"start" done/);
    const [, commented] = await Promise.all([answerNextDialog('Yes'), invoke('records_comment', { record: created, comment: 'Started by the agent' })]);
    assert.match(commented, /Comment added/);
  });

  it('gives a read-only user the service\'s refusal as a sentence', async () => {
    const [, text] = await Promise.all([answerNextDialog('Yes'), invoke('records_update', { record: 'IT/TASK2', fields: { priority: 'low' }, connection: 'Agent reader' })]);
    assert.match(text, /The service refused it: you may not do this on IT\/TASK2/);
  });

  it('with write tools turned off, changes nothing and says why', async () => {
    await vscode.workspace.getConfiguration('records.agents').update('writeTools', false, vscode.ConfigurationTarget.Global);
    const outcome = await invoke('records_comment', { record: created, comment: 'Writes are off' }).then((text) => text, (error: unknown) => (error instanceof Error ? error.message : String(error)));
    assert.match(outcome, /Write tools are turned off/);
    const number = Number(created.replace('IT/TASK', ''));
    const id = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: rlxEquals('number', number), listOfFields: 'id' })).data[0]!.id;
    const history = await client.history({ rlx: rlxEquals('id', id), limitRecords: 100 });
    assert.ok(!history.some((entry) => String(entry.comment ?? '').includes('Writes are off')));
    await vscode.workspace.getConfiguration('records.agents').update('writeTools', undefined, vscode.ConfigurationTarget.Global);
  });
});
