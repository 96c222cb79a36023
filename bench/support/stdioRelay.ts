// The floor under an MCP tool call (bench/agents.ts): a Node process that, for each line on its
// stdin ({"id", "method", "args"}), makes that one request with the same client the MCP server
// uses and writes the answer back as one JSON line. It does nothing an MCP server would not
// have to: what a tool call costs beyond it is MCP's and the tool's; what it costs beyond the
// raw request is one process and two pipes away, which no server over stdio can avoid.
import { RecordsClient } from '../../src/core/api';

const [baseUrl, token] = [process.argv[2]!, process.env.RECORDS_TOKEN ?? ''];
const client = new RecordsClient({ baseUrl, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${token}`) });
const TASK = { workspace: 'IT', app: 'TASK' };

async function answer(line: string): Promise<string> {
  const { id, method, args } = JSON.parse(line) as { id: number; method: 'listRecords' | 'search'; args: Record<string, unknown> };
  const result = method === 'listRecords' ? await client.listRecords(TASK, args) : await client.search(args as { ss: string });
  return `${JSON.stringify({ id, result })}\n`;
}

let buffer = '';
process.stdin.on('data', (chunk: Buffer) => {
  buffer += chunk.toString('utf8');
  let at;
  while ((at = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, at);
    buffer = buffer.slice(at + 1);
    answer(line).then((out) => process.stdout.write(out), (error: unknown) => process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`));
  }
});
process.stdin.on('end', () => void client.dispose().finally(() => process.exit(0)));
