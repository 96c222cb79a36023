// Agent tools as an agent sees them: through the MCP server (dist/mcp.js) over stdio, against the
// sandbox with 10,000 records on loopback (`npm run bench:agents`). Side by side in one run:
// - `initialize`: from spawn to its answer, with `--url` as VS Code starts it (median; goal < 200 ms),
//   beside a bare Node process's start on the same machine at the same moments (the floor);
// - a tool call over MCP stdio next to the one raw HTTP request it makes and that request made by
//   a bare relay (bench/support/stdioRelay.ts: a Node process that makes it with the same client
//   and writes the answer back as one line), the floor of any server one process and two pipes
//   away (same service, alternating runs, medians). The goals are over that floor, what our code
//   owns: records_query ≤ 1.15×, records_search ≤ 1.2×. They were once over the raw request, but
//   the bare relay alone is 1.2–1.6× it here, so no server over stdio could meet them: the
//   call over the raw request is still printed, beside the relay's, as context;
// - records_query in this process against its raw request (goal ≤ 1.15×): the tool's own share,
//   without MCP and stdio, with the tools built as they ship (bench/support/shippedTools.ts);
// - the CPU the MCP server and the relay spend per call, and the server's until `initialize` is
//   answered (/proc schedstat, all threads): on a busy machine wall times stretch, CPU far less;
// - the server's resident memory after 1,000 tool calls of every read tool, and its peak (< 80 MB).
// Every wait has a deadline. Prints the figures and the JSON report line (bench/support/report.ts).
// --smoke: one start, one run each, 20 calls, 500 records, the MCP bundle as built.
// --against DIR: another checkout (say, `git worktree add --detach DIR main`, with its
// node_modules; its MCP bundle and tools are built here) whose MCP server and tools run as a
// fourth contender in the same alternation, so a change's before and after come from one run.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ToolContext } from '../src/core/agents';
import { RecordsClient } from '../src/core/api';
import { MCP_NODE_FLAGS } from '../src/mcp/nodeFlags';
import { startSandbox } from '../src/sandbox/api';
import { lineReader } from '../test/support/lineReader';
import { watchdog, within } from './support/deadline';
import { processCpuMs } from './support/processCpu';
import { Report, SMOKE, numberOption, option, runBench } from './support/report';
import { shippedTools } from './support/shippedTools';

const RUNS = SMOKE ? 1 : numberOption('runs', 200);
const WARM_UP = SMOKE ? 1 : 20;
const RECORDS = SMOKE ? 500 : 10_000;
const MCP_STARTS = SMOKE ? 1 : numberOption('starts', 9);
const MEMORY_CALLS = SMOKE ? 20 : numberOption('calls', 1000);
/** Deadline of one tool call, one request, or one MCP answer. */
const CALL_MS = 30_000;
const TOKEN = 'sandbox-admin-token';
const TASK = { workspace: 'IT', app: 'TASK' };
const AGAINST = option('against');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One MCP server over stdio: requests by id, each answer awaited with a deadline. */
class McpProcess {
  private readonly read: () => Promise<string>;
  private nextId = 1;
  /** The last line it logged, for a failure's message. */
  lastLog = '';

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    this.read = lineReader(child);
  }

  /** Spawned as VS Code spawns it; `initializeMs` is from spawn to the answer of initialize. */
  /** `initializeCpuMs`: the CPU the server used until it answered (all threads), steadier than the wall time on a busy machine. */
  static async start(url: string, bundle = join(__dirname, '../dist/mcp.js')): Promise<{ server: McpProcess; initializeMs: number; initializeCpuMs?: number }> {
    const started = performance.now();
    const child = spawn(process.execPath, [...MCP_NODE_FLAGS, bundle, '--url', url], { env: { PATH: process.env.PATH ?? '', RECORDS_TOKEN: TOKEN } });
    const server = new McpProcess(child);
    // Its log (a line a call) must be read: a full stderr pipe would stop the server mid-run.
    child.stderr.on('data', (chunk: Buffer) => void (server.lastLog = chunk.toString().trim().split('\n').pop() ?? server.lastLog));
    await server.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    const initializeMs = performance.now() - started;
    const initializeCpuMs = processCpuMs(child.pid);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    return { server, initializeMs, ...(initializeCpuMs !== undefined ? { initializeCpuMs } : {}) };
  }

  async request(method: string, params: Record<string, unknown>): Promise<{ result?: { isError?: boolean; content?: { text: string }[] }; error?: unknown }> {
    const id = this.nextId++;
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    for (;;) {
      const line = await within(`the MCP server's answer to ${method} ${String(params.name ?? '')}`, CALL_MS, this.read());
      const message = JSON.parse(line) as { id?: number; result?: { isError?: boolean; content?: { text: string }[] }; error?: unknown };
      if (message.id === id) return message;
    }
  }

  /** A tool call whose answer must be a success: a failure would time nothing worth timing. */
  async call(name: string, args: Record<string, unknown>): Promise<void> {
    const answer = await this.request('tools/call', { name, arguments: args });
    if (answer.error !== undefined || answer.result?.isError) throw new Error(`${name} failed: ${JSON.stringify(answer.error ?? answer.result?.content?.[0]?.text)} (server log: ${this.lastLog})`);
  }

  /** Resident memory now and its peak so far, in MB. */
  memory(): { rssMb: number; peakMb: number } {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    await within('the MCP server to exit once its input ended', CALL_MS, exited);
  }
}

/** The bare relay (bench/support/stdioRelay.ts), started as the MCP server is. */
class StdioRelay {
  private readonly read: () => Promise<string>;
  private nextId = 1;

  constructor(url: string) {
    this.child = spawn(process.execPath, [...MCP_NODE_FLAGS, '--import', 'tsx', join(__dirname, 'support/stdioRelay.ts'), url], { cwd: join(__dirname, '..'), env: { PATH: process.env.PATH ?? '', RECORDS_TOKEN: TOKEN } });
    this.child.stderr.resume();
    this.read = lineReader(this.child);
  }

  readonly child: ChildProcessWithoutNullStreams;

  async call(method: 'listRecords' | 'search', args: Record<string, unknown>): Promise<void> {
    const id = this.nextId++;
    this.child.stdin.write(`${JSON.stringify({ id, method, args })}\n`);
    const answer = JSON.parse(await within(`the relay's answer to ${method}`, CALL_MS, this.read())) as { id?: number; error?: string };
    if (answer.id !== id) throw new Error(`the relay failed: ${answer.error ?? 'an answer out of turn'}`);
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => (this.child.exitCode === null ? this.child.once('exit', resolve) : resolve(undefined)));
    this.child.stdin.end();
    await within('the relay to exit once its input ended', CALL_MS, exited);
  }
}

/** The floor under `initialize` on this machine now: spawn to the first line of a Node process that only prints one. */
async function nodeStartMs(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...MCP_NODE_FLAGS, '-e', 'process.stdout.write("up\\n")'], { env: { PATH: process.env.PATH ?? '' } });
  await within('a bare Node process to start', CALL_MS, lineReader(child)());
  const ms = performance.now() - started;
  await within('a bare Node process to exit', CALL_MS, new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined))));
  return ms;
}

interface Timed {
  /** Median ms of each contender. */
  ms: Record<string, number>;
  /** The tool over its raw request, and over the relay's. */
  ratio: number;
  relayRatio?: number;
  overRelay?: number;
  /** CPU ms per call of the MCP server and of the relay process, where /proc tells. */
  cpuMs?: { tool: number; relay: number };
  /** The same figures of the other checkout's tool (--against). */
  before?: { ratio: number; overRelay?: number; cpuMs?: number };
}

type Contenders = { tool: () => Promise<unknown>; before?: () => Promise<unknown>; relay?: () => Promise<unknown>; raw: () => Promise<unknown> };

/**
 * Contenders called in turn (so a busy moment weighs on all alike), medians compared with the
 * raw request's; with `pids`, also the CPU the server and the relay spent per call meanwhile.
 */
async function alternate(name: string, contenders: Contenders, pids?: { tool: number | undefined; relay: number | undefined; before?: number | undefined }): Promise<Timed> {
  const entries = Object.entries(contenders).filter((entry): entry is [string, () => Promise<unknown>] => entry[1] !== undefined);
  const times = new Map<string, number[]>(entries.map(([key]) => [key, []]));
  let cpuAtStart: (number | undefined)[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    if (i === WARM_UP) cpuAtStart = [processCpuMs(pids?.tool), processCpuMs(pids?.relay), processCpuMs(pids?.before)];
    for (const [key, call] of entries) {
      const t = performance.now();
      await within(`${key} of ${name}`, CALL_MS, call);
      if (i >= WARM_UP) times.get(key)!.push(performance.now() - t);
    }
  }
  const [toolCpu, relayCpu, beforeCpu] = [processCpuMs(pids?.tool), processCpuMs(pids?.relay), processCpuMs(pids?.before)];
  const ms = Object.fromEntries(entries.map(([key]) => [key, Number(median(times.get(key)!).toFixed(2))]));
  const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
  const perCall = (end: number | undefined, start: number | undefined) => (end === undefined || start === undefined ? undefined : Number(((end - start) / RUNS).toFixed(3)));
  const cpu = { tool: perCall(toolCpu, cpuAtStart[0]), relay: perCall(relayCpu, cpuAtStart[1]), before: perCall(beforeCpu, cpuAtStart[2]) };
  const before = ms.before === undefined ? undefined : {
    ratio: ratio(ms.before, ms.raw!),
    ...(ms.relay !== undefined ? { overRelay: ratio(ms.before, ms.relay) } : {}),
    ...(cpu.before !== undefined ? { cpuMs: cpu.before } : {}),
  };
  return {
    ...(before ? { before } : {}),
    ms,
    ratio: ratio(ms.tool!, ms.raw!),
    ...(ms.relay !== undefined ? { relayRatio: ratio(ms.relay, ms.raw!), overRelay: ratio(ms.tool!, ms.relay) } : {}),
    ...(cpu.tool !== undefined && cpu.relay !== undefined ? { cpuMs: { tool: cpu.tool, relay: cpu.relay } } : {}),
  };
}

/** The calls of an agent's session, in turn: every read tool, with paging, names to resolve and an empty result. */
const SESSION_CALLS: [string, Record<string, unknown>][] = [
  ['records_list_apps', {}],
  ['records_describe_app', { app: 'IT/TASK' }],
  ['records_query', { app: 'IT/TASK', rlx: 'state = "open"', limit: 50, fields: ['description', 'keeper_id'] }],
  ['records_query', { app: 'IT/TASK', rlx: 'keeper_id in "Grace Hopper,Linus Torvalds":string[] AND state != "done"', limit: 20 }],
  ['records_query', { app: 'IT/TASK', rlx: 'state = "open" AND c_amount > 100000000', limit: 20 }],
  ['records_search', { query: 'printer network', limit: 50 }],
  ['records_aggregate', { app: 'IT/TASK', groupBy: ['state', 'keeper_id'] }],
  ['records_get', { record: 'IT/TASK2' }],
];

/**
 * A checkout's tools in this process, as they ship (bench/support/shippedTools.ts), with their own
 * catalog and the same client as the raw request, so only the tools' code differs.
 */
async function toolsOf(dir: string, info: { baseUrl: string; authKind: string }, client: RecordsClient): Promise<(name: string, input: Record<string, unknown>) => Promise<unknown>> {
  const tools = await shippedTools(dir);
  const ctx: ToolContext = { connectionId: 'bench', connectionName: 'Bench', client, catalog: new tools.ConnectionCatalog({ get: () => info, client: () => Promise.resolve(client) }) };
  return async (name, input) => {
    const result = await tools.runTool(name, ctx, input);
    if (result.isError) throw new Error(`${dir}: ${name} failed: ${result.text}`);
    return result;
  };
}

const ratioOf = (cpu: { tool: number; relay: number }) => Number((cpu.tool / cpu.relay).toFixed(2));

let doing = 'starting';

async function main(): Promise<void> {
  watchdog('bench:agents', SMOKE ? 85_000 : 590_000, () => doing);
  // Figures are for the production bundle, as users get it; a smoke run takes the one built.
  if (!SMOKE) execFileSync(process.execPath, ['esbuild.mjs', '--production', '--only=mcp'], { cwd: join(__dirname, '..'), stdio: 'inherit' });
  if (AGAINST !== undefined && !SMOKE) execFileSync(process.execPath, ['esbuild.mjs', '--production', '--only=mcp'], { cwd: AGAINST, stdio: 'inherit' });
  const dataDir = await mkdtemp(join(tmpdir(), 'records-bench-agents-'));
  doing = 'starting the sandbox';
  const sandbox = await within('the sandbox to start', 120_000, startSandbox({ dataDir, port: 0, records: RECORDS }));
  const client = new RecordsClient({ baseUrl: sandbox.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${TOKEN}`) });
  const servers: McpProcess[] = [];
  const relays: StdioRelay[] = [];
  try {
    doing = 'timing initialize';
    const starts: number[] = [];
    const startCpus: number[] = [];
    const floors: number[] = [];
    for (let i = 0; i < MCP_STARTS; i++) {
      // Alternating with a bare Node start, so a busy moment weighs on both alike.
      floors.push(await nodeStartMs());
      const { server, initializeMs, initializeCpuMs } = await McpProcess.start(sandbox.url);
      starts.push(initializeMs);
      if (initializeCpuMs !== undefined) startCpus.push(initializeCpuMs);
      // The last one serves the rest of the run; the others end now, so they do not share the machine.
      if (i < MCP_STARTS - 1) await server.stop();
      else servers.push(server);
    }
    const mcp = servers[0]!;
    const afterStart = mcp.memory();
    // The other checkout's server, started once (its initialize is not compared here).
    const against = AGAINST === undefined ? undefined : (await McpProcess.start(sandbox.url, join(AGAINST, 'dist/mcp.js'))).server;
    if (against) servers.push(against);

    doing = 'starting the bare relay';
    const relay = new StdioRelay(sandbox.url);
    relays.push(relay);
    doing = 'timing records_query over MCP, through the relay and raw';
    const rlx = 'state = "open" AND priority = "high"';
    // The request records_query makes (src/core/agents/query.ts).
    const queryRequest = { rlx, limitRecords: 20, listOfFields: 'id,number,title,state,project_alias,publishing_alias' };
    const query = await alternate('records_query', {
      tool: () => mcp.call('records_query', { app: 'IT/TASK', rlx, limit: 20 }),
      ...(against ? { before: () => against.call('records_query', { app: 'IT/TASK', rlx, limit: 20 }) } : {}),
      relay: () => relay.call('listRecords', queryRequest),
      raw: () => client.listRecords(TASK, queryRequest),
    }, { tool: mcp.child.pid, relay: relay.child.pid, before: against?.child.pid });
    // The same call in this process, without MCP and stdio: what the tool itself adds.
    const info = { baseUrl: sandbox.url, authKind: 'authCode' };
    doing = 'building the tools as they ship';
    const tools = await toolsOf(join(__dirname, '..'), info, client);
    const before = AGAINST === undefined ? undefined : await toolsOf(AGAINST, info, client);
    doing = 'timing records_query in process and its raw request';
    const inProcess = await alternate('records_query in process', {
      tool: () => tools('records_query', { app: 'IT/TASK', rlx, limit: 20 }),
      ...(before ? { before: () => before('records_query', { app: 'IT/TASK', rlx, limit: 20 }) } : {}),
      raw: () => client.listRecords(TASK, queryRequest),
    });
    doing = 'timing records_search over MCP, through the relay and raw';
    const searchRequest = { ss: 'printer', limitRecords: 20 };
    const search = await alternate('records_search', {
      tool: () => mcp.call('records_search', { query: 'printer', limit: 20 }),
      ...(against ? { before: () => against.call('records_search', { query: 'printer', limit: 20 }) } : {}),
      relay: () => relay.call('search', searchRequest),
      raw: () => client.search(searchRequest),
    }, { tool: mcp.child.pid, relay: relay.child.pid, before: against?.child.pid });
    doing = 'stopping the relay';
    await relay.stop();
    relays.length = 0;

    if (against) {
      doing = 'stopping the other checkout\'s MCP server';
      await against.stop();
      servers.splice(servers.indexOf(against), 1);
    }

    doing = `making ${MEMORY_CALLS} tool calls`;
    for (let i = 0; i < MEMORY_CALLS; i++) {
      const [name, args] = SESSION_CALLS[i % SESSION_CALLS.length]!;
      doing = `tool call ${i + 1} of ${MEMORY_CALLS} (${name})`;
      await mcp.call(name, args);
    }
    const memory = mcp.memory();

    const times = (timed: Timed) => `${timed.ms.tool} ms, relay ${timed.ms.relay} ms, raw ${timed.ms.raw} ms`;
    if (AGAINST !== undefined) console.log(`${AGAINST}, in the same alternation: records_query ${query.ms.before} ms (in process ${inProcess.ms.before} ms), records_search ${search.ms.before} ms`);
    console.log(`MCP server over stdio against the sandbox (${RECORDS} records, ${RUNS} alternating runs, medians): records_query ${times(query)} (in process ${inProcess.ms.tool} ms vs ${inProcess.ms.raw} ms raw), records_search ${times(search)}; initialize ${starts.map((ms) => ms.toFixed(0)).join(', ')} ms (a bare Node process: ${floors.map((ms) => ms.toFixed(0)).join(', ')} ms); after initialize ${afterStart.rssMb.toFixed(1)} MB resident (peak ${afterStart.peakMb.toFixed(1)} MB), after ${MEMORY_CALLS} calls ${memory.rssMb.toFixed(1)} MB resident, peak ${memory.peakMb.toFixed(1)} MB`);
    const report = new Report('agents');
    report.add(`MCP initialize from spawn, --url (median of ${MCP_STARTS})`, Number(median(starts).toFixed(1)), 'ms', { op: '<', value: 200 });
    if (startCpus.length > 0) report.add(`MCP initialize: CPU the server used until its answer (median of ${startCpus.length})`, Number(median(startCpus).toFixed(1)), 'ms');
    report.add(`a bare Node process, spawn to its first line (median of ${MCP_STARTS}): the floor under initialize`, Number(median(floors).toFixed(1)), 'ms');
    // The goals are over the relay, the floor of any server over stdio (see the header); over
    // the raw request is context, next to that floor's own ratio.
    report.add('records_query over MCP stdio / through the bare relay (what MCP and the tool add)', query.overRelay!, '×', { op: '<=', value: 1.15 });
    report.add('records_query in process, tools as shipped / its raw request (what the tool adds)', inProcess.ratio, '×', { op: '<=', value: 1.15 });
    report.add('records_query over MCP stdio / its raw HTTP request (context)', query.ratio, '×');
    report.add('records_query\'s request through the bare stdio relay / raw: the floor of a process hop', query.relayRatio!, '×');
    if (query.cpuMs) report.add(`records_query: CPU of the MCP server per call (${query.cpuMs.tool} ms) / of the relay per request (${query.cpuMs.relay} ms)`, ratioOf(query.cpuMs), '×');
    report.add('records_search over MCP stdio / through the bare relay (what MCP and the tool add)', search.overRelay!, '×', { op: '<=', value: 1.2 });
    report.add('records_search over MCP stdio / its raw HTTP request (context)', search.ratio, '×');
    report.add('records_search\'s request through the bare stdio relay / raw: the floor of a process hop', search.relayRatio!, '×');
    if (search.cpuMs) report.add(`records_search: CPU of the MCP server per call (${search.cpuMs.tool} ms) / of the relay per request (${search.cpuMs.relay} ms)`, ratioOf(search.cpuMs), '×');
    if (AGAINST !== undefined) {
      // The other checkout's figures, from the same alternation as those above.
      const beforeOf = (timed: Timed) => timed.before!;
      report.add(`${AGAINST}: records_query over MCP stdio / through the bare relay`, beforeOf(query).overRelay!, '×');
      report.add(`${AGAINST}: records_query in process, tools as shipped / its raw request`, beforeOf(inProcess).ratio, '×');
      report.add(`${AGAINST}: records_query over MCP stdio / its raw HTTP request`, beforeOf(query).ratio, '×');
      if (beforeOf(query).cpuMs !== undefined && query.cpuMs) report.add(`${AGAINST}: records_query: CPU of its MCP server per call (${beforeOf(query).cpuMs} ms) / of the relay per request`, Number((beforeOf(query).cpuMs! / query.cpuMs.relay).toFixed(2)), '×');
      report.add(`${AGAINST}: records_search over MCP stdio / through the bare relay`, beforeOf(search).overRelay!, '×');
      report.add(`${AGAINST}: records_search over MCP stdio / its raw HTTP request`, beforeOf(search).ratio, '×');
    }
    report.add(`MCP memory peak after ${MEMORY_CALLS} tool calls`, Number(memory.peakMb.toFixed(1)), 'MB', { op: '<', value: 80 });
    report.print();
    doing = 'stopping the MCP server';
    await mcp.stop();
    servers.length = 0;
  } finally {
    for (const server of servers) server.child.kill();
    for (const relay of relays) relay.child.kill();
    await client.dispose();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
