// The MCP server as an agent outside VS Code runs it: dist/mcp.js (built here) driven over
// stdio by the official SDK's Client, against a real sandbox. Results equal the service's own
// answers; a malformed line gets a JSON-RPC error and the server stays up; stderr holds no
// secret; closing its input ends it.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { RecordsClient } from '../../src/core/api';
import { MAX_RESULT_CHARS } from '../../src/core/agents';
import { attachUploads, uploadFile } from '../../src/core/upload';
import { ADMIN_TOKEN, type TestSandbox, startTestSandbox } from '../support/sandbox';
import { lineReader } from '../support/lineReader';
import { buildMcp, mcpArgs, textOf } from '../support/mcpClient';
import { jsonOf } from '../support/labelledResult';

describe('MCP server over stdio', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let direct: RecordsClient;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';

  before(async () => {
    buildMcp();
    sandbox = await startTestSandbox({ records: 200 });
    direct = sandbox.client(ADMIN_TOKEN);
    transport = new StdioClientTransport({ command: process.execPath, args: mcpArgs(['--url', sandbox.url, '--name', 'Test sandbox', '--allow-writes']), env: { PATH: process.env.PATH ?? '', RECORDS_TOKEN: ADMIN_TOKEN }, stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    client = new Client({ name: 'records-mcp-test', version: '1.0.0' });
    await client.connect(transport);
  });

  after(async () => {
    await client?.close();
    await sandbox?.dispose();
  });

  it('introduces itself and lists the tools with annotations', async () => {
    assert.equal(client.getServerVersion()?.name, 'records-service');
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['records_search', 'records_query', 'records_get', 'records_describe_app', 'records_aggregate', 'records_list_apps', 'records_read_attachment', 'records_comment', 'records_update', 'records_run_action', 'records_create']);
    const search = tools.find((t) => t.name === 'records_search')!;
    assert.equal(search.annotations?.readOnlyHint, true);
    const update = tools.find((t) => t.name === 'records_update')!;
    assert.equal(update.annotations?.readOnlyHint, false);
    assert.equal(update.annotations?.destructiveHint, true);
    assert.deepEqual(search.inputSchema.required, ['query']);
  });

  it('searches, queries, reads and describes with the service\'s own answers', async () => {
    const search = jsonOf(textOf(await client.callTool({ name: 'records_search', arguments: { query: 'printer', limit: 5 } })));
    const ownSearch = await direct.search({ ss: 'printer', limitRecords: 5 });
    assert.equal(search.totalFound, ownSearch.totalFound);
    assert.deepEqual(search.hits.map((h: { title: string }) => h.title), ownSearch.data.map((r) => r.title));

    const query = jsonOf(textOf(await client.callTool({ name: 'records_query', arguments: { app: 'IT/INCIDENT', rlx: 'state = "new"', limit: 5 } })));
    const ownQuery = await direct.listRecords({ workspace: 'IT', app: 'INCIDENT' }, { rlx: 'state = "new"', limitRecords: 5 });
    assert.equal(query.total, ownQuery.filteredRecordsCount);
    assert.deepEqual(query.rows.map((r: { title: string }) => r.title), ownQuery.data.map((r) => r.title));

    const record = jsonOf(textOf(await client.callTool({ name: 'records_get', arguments: { record: 'IT/TASK2' } })));
    assert.equal(record.title, 'Replace printer toner on floor 3');

    const app = jsonOf(textOf(await client.callTool({ name: 'records_describe_app', arguments: { app: 'SALES/DEAL' } })));
    assert.ok(app.fields.some((f: { name: string; kind: string }) => f.name === 'c_deal_value' && f.kind === 'real'));
  });

  it('resolves a name in a filter to the id, lists the apps, and pages to the end, as an agent outside VS Code sees it', async () => {
    const grace = '00000000-0000-4000-8000-000000000005';
    const query = jsonOf(textOf(await client.callTool({ name: 'records_query', arguments: { app: 'IT/TASK', rlx: 'keeper_id = "Grace Hopper"', limit: 50 } })));
    const own = await direct.countRecords({ workspace: 'IT', app: 'TASK' }, `keeper_id = "${grace}"`);
    assert.ok(own.filtered > 0);
    assert.equal(query.total, own.filtered);
    assert.equal(query.resolved[0].value, grace);
    let rows = query.rows.length;
    for (let cursor = query.nextCursor; cursor !== undefined;) {
      const page = jsonOf(textOf(await client.callTool({ name: 'records_query', arguments: { app: 'IT/TASK', rlx: 'keeper_id = "Grace Hopper"', limit: 50, cursor } })));
      rows += page.rows.length;
      cursor = page.nextCursor;
    }
    assert.equal(rows, own.filtered);
    const apps = jsonOf(textOf(await client.callTool({ name: 'records_list_apps', arguments: {} })));
    assert.ok(apps.workspaces.some((w: { apps: { app: string }[] }) => w.apps.some((a) => a.app === 'IT/TASK')));
  });

  it('declares an output schema for every tool and returns structured content that matches it and the labelled text', async () => {
    const { tools } = await client.listTools();
    const validator = new AjvJsonSchemaValidator();
    for (const tool of tools) assert.equal(tool.outputSchema?.type, 'object', `${tool.name} declares an outputSchema`);
    // A text attachment for records_read_attachment to read.
    const folder = mkdtempSync(join(tmpdir(), 'records-mcp-'));
    try {
      const path = join(folder, 'notes.txt');
      writeFileSync(path, 'A note attached for the agent to read.\n');
      const upload = await uploadFile({ baseUrl: sandbox.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${ADMIN_TOKEN}`), filePath: path, chunkSize: 1 << 20 });
      // IT/TASK2's id in the demo data.
      await attachUploads(direct, { recordId: '00000000-0000-4000-a000-000000000002', field: 'attachments', uploads: [upload], ref: { workspace: 'IT', app: 'TASK' } });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const calls: [string, Record<string, unknown>][] = [
      ['records_search', { query: 'printer', limit: 3 }],
      ['records_query', { app: 'IT/TASK', rlx: 'state = "open"', fields: ['priority'], limit: 3 }],
      ['records_get', { record: 'IT/TASK2' }],
      ['records_describe_app', { app: 'IT/TASK' }],
      ['records_aggregate', { app: 'IT/TASK', groupBy: ['state'] }],
      ['records_comment', { record: 'IT/TASK2', comment: 'x', dryRun: true }],
      ['records_update', { record: 'IT/TASK2', fields: { priority: 'low' }, dryRun: true }],
      ['records_run_action', { record: 'IT/TASK2', action: 'start', dryRun: true }],
      ['records_create', { app: 'IT/TASK', fields: { title: 'x' }, dryRun: true }],
      ['records_list_apps', {}],
      ['records_read_attachment', { record: 'IT/TASK2', attachment: 'notes.txt' }],
    ];
    assert.deepEqual(calls.map(([name]) => name).sort(), tools.map((t) => t.name).sort(), 'every tool is called here');
    for (const [name, args] of calls) {
      const result = await client.callTool({ name, arguments: args });
      assert.ok(!result.isError, `${name}: ${textOf(result)}`);
      const schema = tools.find((t) => t.name === name)!.outputSchema!;
      const check = validator.getValidator(schema as Parameters<typeof validator.getValidator>[0])(result.structuredContent);
      assert.ok(check.valid, `${name}: ${check.errorMessage}`);
      assert.deepEqual(result.structuredContent, jsonOf(textOf(result)), `${name}: the text carries the same data under its label`);
    }
  });

  it('says what to do next when a tool cannot answer', async () => {
    const unknownValue = await client.callTool({ name: 'records_update', arguments: { record: 'IT/TASK2', fields: { priority: 'urgent-ish' }, dryRun: true } });
    assert.equal(unknownValue.isError, true);
    assert.match(textOf(unknownValue), /Use one of: .*high/);
    const unknownField = await client.callTool({ name: 'records_query', arguments: { app: 'IT/TASK', fields: ['nope'] } });
    assert.match(textOf(unknownField), /records_describe_app lists its fields/);
  });

  it('returns a bad filter\'s diagnostics as a tool error', async () => {
    const result = await client.callTool({ name: 'records_query', arguments: { app: 'IT/TASK', rlx: 'state = open' } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /line 1, column \d+ \(error\)/);
  });

  it('reads a record as a resource, in markdown and JSON', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.ok(resourceTemplates.some((t) => t.uriTemplate === 'records://{workspace}/{app}/{number}.md'));
    const markdown = await client.readResource({ uri: 'records://IT/TASK/2.md' });
    const text = (markdown.contents[0] as { text: string }).text;
    assert.match(text, /^# IT\/TASK2/);
    assert.match(text, /never as instructions/);
    const json = await client.readResource({ uri: 'records://IT/TASK/2.json' });
    assert.equal(JSON.parse((json.contents[0] as { text: string }).text).title, 'Replace printer toner on floor 3');
  });

  it('keeps a resource within the size bound of a tool result, markdown and JSON', async () => {
    const long = (c: string) => c.repeat(20_000);
    const made = await direct.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: long('T'), description: long('d'), c_notes: long('n'), c_external_ref: long('e') }]);
    const id = String(made.results[0]?.data?.id);
    for (let i = 0; i < 5; i++) await direct.batch([{ transition: 'edit', id, comment: long(String(i)) }]);
    const number = String(made.results[0]?.data?.number);
    for (const format of ['md', 'json']) {
      const text = ((await client.readResource({ uri: `records://IT/TASK/${number}.${format}` })).contents[0] as { text: string }).text;
      assert.ok(text.length <= MAX_RESULT_CHARS, `${format}: ${text.length} characters`);
      if (format === 'json') assert.equal(JSON.parse(text).reference, `IT/TASK${number}`);
    }
  });

  it('writes nothing secret to stderr', () => {
    assert.match(stderr, /serving Test sandbox/);
    assert.doesNotMatch(stderr, new RegExp(ADMIN_TOKEN));
  });

  it('answers a malformed line with a JSON-RPC error, stays up, and ends when its input closes', async () => {
    const child = spawn(process.execPath, mcpArgs(['--url', sandbox.url]), { env: { PATH: process.env.PATH ?? '', RECORDS_TOKEN: ADMIN_TOKEN } });
    let childErr = '';
    child.stderr.on('data', (chunk: Buffer) => (childErr += chunk.toString('utf8')));
    const next = lineReader(child);
    child.stdin.write('{"jsonrpc": "2.0", "method": \n');
    const parseError = JSON.parse(await next());
    assert.equal(parseError.error.code, -32700);
    assert.equal(parseError.id, null);
    child.stdin.write('{"hello": "world"}\n');
    assert.equal(JSON.parse(await next()).error.code, -32600);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`);
    const initialized = JSON.parse(await next());
    assert.equal(initialized.id, 1);
    assert.equal(initialized.result.serverInfo.name, 'records-service');
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'no/such/method' })}\n`);
    assert.equal(JSON.parse(await next()).error.code, -32601);
    child.stdin.end();
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
    assert.doesNotMatch(childErr, new RegExp(ADMIN_TOKEN));
    // The next start skips compiling the bundle: what V8 compiled was kept as the process ended.
    assert.ok(readdirSync(join(__dirname, '../..', 'dist/mcp-code-cache')).some((name) => name.startsWith('mcp-server.js.')), 'a code cache beside the bundle');
  });

  it('serves the local sandbox on its own with --sandbox', async () => {
    const own = new StdioClientTransport({ command: process.execPath, args: mcpArgs(['--sandbox', '--read-only']), env: { PATH: process.env.PATH ?? '' }, stderr: 'pipe' });
    const sandboxClient = new Client({ name: 'records-mcp-test', version: '1.0.0' });
    await sandboxClient.connect(own);
    try {
      const { tools } = await sandboxClient.listTools();
      assert.ok(tools.every((t) => t.annotations?.readOnlyHint === true), 'read-only: no write tool listed');
      const counts = jsonOf(textOf(await sandboxClient.callTool({ name: 'records_aggregate', arguments: { app: 'IT/TASK', groupBy: ['state'] } })));
      assert.ok(counts.matched > 0);
      const refused = await sandboxClient.callTool({ name: 'records_comment', arguments: { record: 'IT/TASK2', comment: 'x' } });
      assert.equal(refused.isError, true);
      assert.match(textOf(refused), /read-only/);
    } finally {
      await sandboxClient.close();
    }
  });
});
