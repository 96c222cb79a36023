// Agent tools and the MCP server (`npm run bench:agents`), against the sandbox with 10,000
// records on loopback:
// - what a tool call costs next to the one raw request it makes (same client, alternating
//   runs, medians): records_query vs its list request, records_search vs its search request.
//   Goal: ≤ 1.15× for records_query (issue 38), ≤ 1.2× for records_search.
// - the MCP server (dist/mcp.js): from spawn to the answer of `initialize` (target < 300 ms),
//   and its resident memory after a few tool calls (target < 80 MB).
// Prints the figures and the JSON report line (bench/support/report.ts). --smoke: one run each,
// 500 records, the MCP bundle as built.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type ToolContext, runTool } from '../src/core/agents';
import { RecordsClient } from '../src/core/api';
import { ConnectionCatalog } from '../src/core/catalog/connectionCatalog';
import { startSandbox } from '../src/sandbox/api';
import { lineReader } from '../test/support/lineReader';
import { within } from './support/deadline';
import { Report, SMOKE, numberOption, runBench } from './support/report';

/** As in src/extension/agents/mcpServerDefinitions.ts (which imports vscode, so not imported here). */
const MCP_NODE_FLAGS = ['--max-semi-space-size=2'];

const RUNS = SMOKE ? 1 : numberOption('runs', 200);
const WARM_UP = SMOKE ? 1 : 20;
const RECORDS = SMOKE ? 500 : 10_000;
const MCP_STARTS = SMOKE ? 1 : 5;
/** Deadline of one tool call, one request, or one MCP answer. */
const CALL_MS = 30_000;
const TOKEN = 'sandbox-admin-token';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function alternate(name: string, callTool: () => Promise<unknown>, callRaw: () => Promise<unknown>): Promise<{ toolMs: number; rawMs: number; ratio: number }> {
  const tool = () => within(`the tool ${name}`, CALL_MS, callTool);
  const raw = () => within(`the raw request of ${name}`, CALL_MS, callRaw);
  for (let i = 0; i < WARM_UP; i++) {
    await tool();
    await raw();
  }
  const toolTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await tool();
    toolTimes.push(performance.now() - t);
    t = performance.now();
    await raw();
    rawTimes.push(performance.now() - t);
  }
  const toolMs = median(toolTimes);
  const rawMs = median(rawTimes);
  return { toolMs: Number(toolMs.toFixed(2)), rawMs: Number(rawMs.toFixed(2)), ratio: Number((toolMs / rawMs).toFixed(2)) };
}

async function mcpRun(url: string): Promise<{ initializeMs: number; rssMb: number }> {
  const started = performance.now();
  // With the flags VS Code starts it with (src/extension/agents/mcpServerDefinitions.ts).
  const child = spawn(process.execPath, [...MCP_NODE_FLAGS, join(__dirname, '../dist/mcp.js'), '--url', url], { env: { PATH: process.env.PATH ?? '', RECORDS_TOKEN: TOKEN } });
  const read = lineReader(child);
  let waitingFor = 'its answer to initialize';
  const next = () => within(`the MCP server: ${waitingFor}`, CALL_MS, read());
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  await next();
  const initializeMs = performance.now() - started;
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const calls: [string, Record<string, unknown>][] = [
    ['records_describe_app', { app: 'IT/TASK' }],
    ['records_query', { app: 'IT/TASK', rlx: 'state = "open"', limit: 50, fields: ['description'] }],
    ['records_search', { query: 'printer network', limit: 50 }],
    ['records_aggregate', { app: 'IT/TASK', groupBy: ['state', 'priority'] }],
    ['records_get', { record: 'IT/TASK2' }],
  ];
  let id = 2;
  for (const [name, args] of calls) {
    waitingFor = `its answer to tools/call ${name}`;
    send({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name, arguments: args } });
    await next();
  }
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  child.stdin.end();
  await within('the MCP server to exit once its input ended', CALL_MS, new Promise((resolve) => child.once('exit', resolve)));
  return { initializeMs, rssMb: rssKb / 1024 };
}

async function main(): Promise<void> {
  // Figures are for the production bundle, as users get it; a smoke run takes the one built.
  if (!SMOKE) execFileSync(process.execPath, ['esbuild.mjs', '--production', '--only=mcp'], { cwd: join(__dirname, '..'), stdio: 'inherit' });
  const dataDir = await mkdtemp(join(tmpdir(), 'records-bench-agents-'));
  const sandbox = await within('the sandbox to start', 120_000, startSandbox({ dataDir, port: 0, records: RECORDS }));
  const client = new RecordsClient({ baseUrl: sandbox.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${TOKEN}`) });
  const info = { baseUrl: sandbox.url, authKind: 'authCode' };
  const catalog = new ConnectionCatalog({ get: () => info, client: () => Promise.resolve(client) });
  const ctx: ToolContext = { connectionId: 'bench', connectionName: 'Bench', client, catalog };
  const task = { workspace: 'IT', app: 'TASK' };
  try {
    const query = await alternate(
      'records_query',
      () => runTool('records_query', ctx, { app: 'IT/TASK', rlx: 'state = "open" AND priority = "high"', limit: 20 }),
      () => client.listRecords(task, { rlx: 'state = "open" AND priority = "high"', limitRecords: 20, listOfFields: 'id,number,title,state,project_alias,publishing_alias' }),
    );
    const search = await alternate(
      'records_search',
      () => runTool('records_search', ctx, { query: 'printer', limit: 20 }),
      () => client.search({ ss: 'printer', limitRecords: 20 }),
    );
    const mcp: { initializeMs: number; rssMb: number }[] = [];
    for (let i = 0; i < MCP_STARTS; i++) mcp.push(await mcpRun(sandbox.url));
    console.log(`Agent tools against the sandbox (${RECORDS} records, ${RUNS} alternating runs, medians): records_query ${query.toolMs} ms vs ${query.rawMs} ms raw, records_search ${search.toolMs} ms vs ${search.rawMs} ms raw`);
    const report = new Report('agents');
    report.add('records_query / its list request', query.ratio, '×', { op: '<=', value: 1.15 });
    report.add('records_search / its search request', search.ratio, '×', { op: '<=', value: 1.2 });
    report.add(`MCP initialize from spawn (median of ${MCP_STARTS})`, median(mcp.map((m) => m.initializeMs)), 'ms', { op: '<', value: 300 });
    report.add('MCP memory after 5 tool calls (largest)', Math.max(...mcp.map((m) => m.rssMb)), 'MB', { op: '<', value: 80 });
    report.print();
  } finally {
    await client.dispose();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
