// The lines a child process writes on stdout, one per call, as they come: a line that arrives
// before anyone asks is kept, not dropped. For speaking a line protocol (MCP over stdio) with a
// process in tests and benchmarks.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

export function lineReader(child: ChildProcessWithoutNullStreams): () => Promise<string> {
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  const lines: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  return () => (lines.length > 0 ? Promise.resolve(lines.shift()!) : new Promise((resolve) => waiting.push(resolve)));
}
