// Agent tools over the MCP server as an agent sees them (`npm run bench:agents`): dist/mcp.js
// (production build) spawned with --url against the sandbox with 10,000 records on loopback,
// spoken to over stdio with JSON-RPC lines.
// - `initialize`: from spawn to its answer, median of 10 spawns. Target < 200 ms.
// - each tool call next to the raw request(s) it makes (the same client library, from this
//   process, alternating runs, medians): records_query, records_search, records_aggregate,
//   records_get. Target ≤ 1.15×.
// - resident memory: the peak (VmHWM) after 1,000 calls of those tools. Target < 80 MB.
// Prints a table and one JSON line {"agents":{…}}.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RecordsClient } from '../src/core/api';
import { startSandbox } from '../src/sandbox/api';
import { lineReader } from '../test/support/lineReader';

/** As in src/extension/agents/mcpServerDefinitions.ts (which imports vscode, so not imported here). */
const MCP_NODE_FLAGS = ['--max-semi-space-size=2'];

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 200;
const SPAWNS = 10;
const MEMORY_CALLS = 1_000;
const TOKEN = 'sandbox-admin-token';
const TASK = { workspace: 'IT', app: 'TASK' };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface McpProcess {
  child: ChildProcessWithoutNullStreams;
  call(name: string, args: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

async function startMcp(url: string): Promise<{ mcp: McpProcess; initializeMs: number }> {
  const started = performance.now();
  // With the flags VS Code starts it with (src/extension/agents/mcpServerDefinitions.ts).
  const child = spawn(process.execPath, [...MCP_NODE_FLAGS, join(__dirname, '../dist/mcp.js'), '--url', url], { env: { PATH: process.env.PATH ?? '', RECORDS_TOKEN: TOKEN } });
  const next = lineReader(child);
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  await next();
  const initializeMs = performance.now() - started;
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  let id = 1;
  const mcp: McpProcess = {
    child,
    async call(name, args) {
      send({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name, arguments: args } });
      const answer = JSON.parse(await next());
      if (answer.error || answer.result?.isError) throw new Error(`${name}: ${JSON.stringify(answer).slice(0, 300)}`);
    },
    async close() {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
  return { mcp, initializeMs };
}

async function alternate(tool: () => Promise<unknown>, raw: () => Promise<unknown>): Promise<{ toolMs: number; rawMs: number; ratio: number }> {
  for (let i = 0; i < 20; i++) {
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

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Number((kb('VmRSS') / 1024).toFixed(1)), peakMb: Number((kb('VmHWM') / 1024).toFixed(1)) };
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['esbuild.mjs', '--production', '--only=mcp'], { cwd: join(__dirname, '..'), stdio: 'inherit' });
  const dataDir = await mkdtemp(join(tmpdir(), 'records-bench-agents-'));
  const sandbox = await startSandbox({ dataDir, port: 0, records: 10_000 });
  const client = new RecordsClient({ baseUrl: sandbox.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${TOKEN}`) });
  try {
    const initializeTimes: number[] = [];
    for (let i = 0; i < SPAWNS; i++) {
      const { mcp, initializeMs } = await startMcp(sandbox.url);
      initializeTimes.push(initializeMs);
      await mcp.close();
    }
    const { mcp } = await startMcp(sandbox.url);
    const filter = 'state = "open" AND priority = "high"';
    // The raw requests are the ones each tool makes (after its first call has filled the catalog).
    const calls: Record<string, [Record<string, unknown>, () => Promise<unknown>]> = {
      records_query: [{ app: 'IT/TASK', rlx: filter, limit: 20 }, () => client.listRecords(TASK, { rlx: filter, limitRecords: 20, listOfFields: 'id,number,title,state,project_alias,publishing_alias' })],
      records_search: [{ query: 'printer', limit: 20 }, () => client.search({ ss: 'printer', limitRecords: 20 })],
      records_aggregate: [{ app: 'IT/TASK', groupBy: ['state', 'priority'] }, () => client.aggregate(TASK, { dimensions4Pivot: 'state,priority' })],
      records_get: [{ record: 'IT/TASK2' }, async () => {
        await client.listRecords(TASK, { rlx: 'number = 2', listOfFields: 'ALL', loadRichTexts: true, limitRecords: 1, skipAncestors: true });
        await client.history({ rlx: 'id = "00000000-0000-4000-a000-000000000002"', sortby: 'version_timestamp desc', limitRecords: 6 });
      }],
    };
    const tools: Record<string, { toolMs: number; rawMs: number; ratio: number }> = {};
    for (const [name, [args, raw]] of Object.entries(calls)) tools[name] = await alternate(() => mcp.call(name, args), raw);
    const names = Object.keys(calls);
    for (let i = 0; i < MEMORY_CALLS; i++) {
      const name = names[i % names.length]!;
      await mcp.call(name, calls[name]![0]);
    }
    const memory = memoryOf(mcp.child.pid!);
    await mcp.close();
    const result = {
      records: 10_000,
      mcpInitializeMs: Number(median(initializeTimes).toFixed(1)),
      tools,
      mcpRssMb: memory.rssMb,
      mcpPeakRssMb: memory.peakMb,
    };
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    console.log(`Agent tools over MCP stdio against the sandbox (${result.records} records, ${RUNS} alternating runs, medians)`);
    console.log(`  MCP initialize     ${result.mcpInitializeMs} ms from spawn (median of ${SPAWNS})  target < 200 ms ${verdict(result.mcpInitializeMs < 200)}`);
    for (const [name, t] of Object.entries(tools)) {
      console.log(`  ${name.padEnd(18)} ${t.toolMs} ms vs its raw request(s) ${t.rawMs} ms: ${t.ratio}×  target ≤ 1.15× ${verdict(t.ratio <= 1.15)}`);
    }
    console.log(`  MCP memory         peak ${result.mcpPeakRssMb} MB resident (now ${result.mcpRssMb} MB) after ${MEMORY_CALLS} more tool calls  target < 80 MB ${verdict(result.mcpPeakRssMb < 80)}`);
    console.log(JSON.stringify({ agents: result }));
  } finally {
    await client.dispose();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

void main();
