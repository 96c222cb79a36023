// The MCP server's stdio transport: the SDK's StdioServerTransport, but a plain request (the
// kind every tool call is) goes to the server without the SDK's schema check of each message,
// which was a fifth of what the server spends on a call of its own. Anything else (a response,
// a notification, a request with `_meta`, a malformed line) is checked by the SDK's own
// `JSONRPCMessageSchema` exactly as before, so a line that is not JSON still fails as a
// SyntaxError and one that is not JSON-RPC as a ZodError (cli.ts answers -32700 and -32600).
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { jsonWith } from '../core/agents/json';
import { structuredJsonOf } from './structured';

/** As the SDK's ReadBuffer: a line longer than this is refused and the transport closes. */
const MAX_BUFFER_BYTES = 10 * 1024 * 1024;
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/** What the SDK's JSONRPCRequestSchema accepts, for the plain case (no `_meta`), with no schema library. */
export function isPlainRequest(message: unknown): message is JSONRPCMessage {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const { jsonrpc, id, method, params } = message as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof method !== 'string') return false;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return false;
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params) || '_meta' in params)) return false;
  for (const key in message) if (!REQUEST_KEYS.has(key)) return false;
  return true;
}

/** One message of a line, as the SDK's `deserializeMessage` reads it. */
export function readMessage(line: string): JSONRPCMessage {
  const message: unknown = JSON.parse(line);
  return isPlainRequest(message) ? message : JSONRPCMessageSchema.parse(message);
}

export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Where a plain request goes when set (plainRequests.ts: the server's own dispatch), instead of onmessage. */
  onrequest?: (request: JSONRPCRequest) => void;
  private buffer: Buffer | undefined;
  private started = false;

  constructor(private readonly stdin: NodeJS.ReadableStream = process.stdin, private readonly stdout: NodeJS.WritableStream = process.stdout) {}

  private readonly ondata = (chunk: Buffer) => {
    const size = (this.buffer?.length ?? 0) + chunk.length;
    if (size > MAX_BUFFER_BYTES) {
      this.buffer = undefined;
      this.onerror?.(new Error(`ReadBuffer exceeded maximum size of ${MAX_BUFFER_BYTES} bytes`));
      void this.close();
      return;
    }
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const at = this.buffer?.indexOf(10) ?? -1;
      if (at < 0) return;
      const line = this.buffer!.toString('utf8', 0, at).replace(/\r$/, '');
      this.buffer = this.buffer!.subarray(at + 1);
      try {
        const message = readMessage(line);
        if (this.onrequest !== undefined && isPlainRequest(message)) this.onrequest(message as JSONRPCRequest);
        else this.onmessage?.(message);
      } catch (error) {
        this.onerror?.(error as Error);
      }
    }
  };

  private readonly onstreamerror = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    if (this.started) throw new Error('The stdio transport is already started.');
    this.started = true;
    this.stdin.on('data', this.ondata);
    this.stdin.on('error', this.onstreamerror);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.ondata);
    this.stdin.off('error', this.onstreamerror);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.buffer = undefined;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${lineOf(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}

/** The message's JSON, a tool result's structuredContent as the tool serialised it (structured.ts). */
export function lineOf(message: JSONRPCMessage): string {
  const result = 'result' in message ? message.result : undefined;
  const structured = result?.structuredContent;
  const json = typeof structured === 'object' && structured !== null ? structuredJsonOf(structured) : undefined;
  if (json === undefined) return JSON.stringify(message);
  return jsonWith(message, { result: jsonWith(result!, { structuredContent: json }) });
}
