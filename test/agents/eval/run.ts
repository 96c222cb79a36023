// `npm run test:agents-eval`: the scripted agent tasks (tasks.ts) through the official MCP SDK
// client over stdio against a sandbox, each checked against the service's own numbers and held
// to its budget of calls and bytes. Prints a table and `agents-eval: N passed, N failed`; exits 1
// when a task fails or goes over its budget.
import { ADMIN_ID, ADMIN_TOKEN, type TestSandbox, startTestSandbox } from '../../support/sandbox';
import { type McpSession, buildMcp, startMcp } from '../../support/mcpClient';
import { CountedTools, type SessionKind } from './agent';
import { EVAL_TASKS } from './tasks';

const DEFAULT_CALLS = 4;
const DEFAULT_BYTES = 16 * 1024;

interface Row {
  task: string;
  calls: number;
  bytes: number;
  budget: string;
  outcome: string;
}

async function main(): Promise<number> {
  buildMcp();
  const started = Date.now();
  const sandbox: TestSandbox = await startTestSandbox({ records: 400 });
  const sessions = new Map<SessionKind, McpSession>();
  try {
    const args = ['--url', sandbox.url, '--name', 'Eval sandbox', '--allow-writes'];
    sessions.set('accepting', await startMcp(args, ADMIN_TOKEN, () => ({ action: 'accept', content: {} })));
    sessions.set('declining', await startMcp(args, ADMIN_TOKEN, () => ({ action: 'decline' })));
    sessions.set('noElicitation', await startMcp(args, ADMIN_TOKEN));
    const service = sandbox.client(ADMIN_TOKEN);
    const rows: Row[] = [];
    for (const task of EVAL_TASKS) {
      const tools = new CountedTools(sessions.get(task.session)!);
      const maxCalls = task.budget?.calls ?? DEFAULT_CALLS;
      const maxBytes = task.budget?.bytes ?? DEFAULT_BYTES;
      let outcome = 'pass';
      try {
        await task.run(tools, { service, adminId: ADMIN_ID });
        if (tools.calls > maxCalls) outcome = `FAIL: ${tools.calls} calls, budget ${maxCalls}`;
        else if (tools.bytes > maxBytes) outcome = `FAIL: ${tools.bytes} bytes, budget ${maxBytes}`;
      } catch (error) {
        outcome = `FAIL: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 160)}`;
      }
      rows.push({ task: task.name, calls: tools.calls, bytes: tools.bytes, budget: `${maxCalls} / ${Math.round(maxBytes / 1024)} KB`, outcome });
    }
    printTable(rows);
    const failed = rows.filter((row) => row.outcome !== 'pass').length;
    process.stdout.write(`agents-eval: ${rows.length - failed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    return failed === 0 ? 0 : 1;
  } finally {
    for (const session of sessions.values()) await session.close().catch(() => undefined);
    await sandbox.dispose();
  }
}

function printTable(rows: Row[]): void {
  const header: Row = { task: 'task', calls: 0, bytes: 0, budget: 'budget', outcome: 'result' };
  const width = Math.max(...rows.map((row) => row.task.length), 4);
  const line = (row: Row, calls: string, bytes: string) => `${row.task.padEnd(width)}  ${calls.padStart(5)}  ${bytes.padStart(8)}  ${row.budget.padEnd(11)}  ${row.outcome}`;
  process.stdout.write(`${line(header, 'calls', 'bytes')}\n`);
  for (const row of rows) process.stdout.write(`${line(row, String(row.calls), String(row.bytes))}\n`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`agents-eval: could not run: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.stdout.write('agents-eval: 0 passed, 1 failed\n');
    process.exit(1);
  },
);
