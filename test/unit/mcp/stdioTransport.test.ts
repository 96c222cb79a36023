import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import * as fc from 'fast-check';
import { labelledResult } from '../../../src/core/agents/labelling';
import { cleanJsonTest, redactor } from '../../../src/core/agents/redact';
import { StdioTransport, isPlainRequest, lineOf, readMessage } from '../../../src/mcp/stdioTransport';
import { callToolResult, redactedToolResult } from '../../../src/mcp/structured';

describe('MCP stdio transport', () => {
  it('takes a plain request without the schema only when the SDK schema takes it as it is', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.dictionary(fc.constantFrom('name', 'arguments', '_meta', 'cursor'), fc.jsonValue(), { maxKeys: 3 }));
    // As they arrive (parsed JSON): mostly requests, some of them a little off: a wrong version, id or params, or a key too many.
    const request = fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.string(), fc.integer()), method: fc.string(), params: fc.dictionary(fc.constantFrom('name', 'arguments', 'cursor', '_meta'), fc.jsonValue(), { maxKeys: 3 }) }, { requiredKeys: ['jsonrpc', 'id', 'method'] });
    const off = fc.dictionary(fc.constantFrom('jsonrpc', 'id', 'method', 'params', 'result', 'error', 'extra'), value, { maxKeys: 2 });
    const message = fc.tuple(request, off, fc.boolean()).map(([base, changes, change]) => JSON.parse(JSON.stringify(change ? { ...base, ...changes } : base)) as unknown);
    let taken = 0;
    fc.assert(
      fc.property(message, (candidate) => {
        if (!isPlainRequest(candidate)) return;
        taken++;
        const parsed = JSONRPCMessageSchema.safeParse(candidate);
        assert.ok(parsed.success, JSON.stringify(candidate));
        assert.deepEqual(parsed.data, candidate);
      }),
      { numRuns: 2000 },
    );
    assert.ok(taken > 500, `${taken} plain requests among 2,000 messages`);
  });

  it('reads a tool call as a plain request, and anything else through the SDK schema (same errors as before)', () => {
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'records_query', arguments: { app: 'IT/TASK' } } };
    assert.ok(isPlainRequest(call));
    assert.deepEqual(readMessage(JSON.stringify(call)), call);
    assert.ok(!isPlainRequest({ ...call, params: { ...call.params, _meta: { progressToken: 1 } } }), '_meta goes through the schema');
    assert.ok(!isPlainRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }), 'a notification goes through the schema');
    assert.ok(!isPlainRequest({ ...call, id: 1.5 }));
    assert.throws(() => readMessage('{not json'), SyntaxError);
    assert.throws(() => readMessage('{"hello":1}'), (error: Error) => error.name === 'ZodError');
  });

  it('splits lines across chunks, reports a bad line and goes on, and writes one line per message', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = new StdioTransport(stdin, stdout);
    const messages: unknown[] = [];
    const errors: string[] = [];
    transport.onmessage = (message) => messages.push(message);
    transport.onerror = (error) => errors.push(error.name);
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n{"jsonrpc":"2.0",');
    stdin.write('"method":"notifications/initialized"}\nnope\n{"jsonrpc":"2.0","id":"a","method":"tools/list"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(messages, [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
    ]);
    assert.deepEqual(errors, ['SyntaxError']);
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    assert.equal(stdout.read()?.toString(), '{"jsonrpc":"2.0","id":1,"result":{}}\n');
    await transport.close();
  });

  it('sends a tool result as JSON.stringify would, its structuredContent as the tool serialised it', () => {
    const rows = [{ reference: 'IT/TASK1', title: 'Printer "3rd floor"\nbroken: sandbox-secret-token', state: { value: 'open', caption: 'Open' } }];
    const data = { total: 1, shown: 1, query: { app: 'IT/TASK', rlx: 'state = "open"', sort: null, limit: 20 }, rows };
    const result = callToolResult('records_query', labelledResult('Sandbox', 'IT/TASK: 1 record matches.', data, undefined, { rows: JSON.stringify(rows) }), () => undefined);
    assert.ok(result.structuredContent);
    const response = { result, jsonrpc: '2.0' as const, id: 7 };
    assert.equal(lineOf(response), JSON.stringify(response));
    // The redactor copies what it cuts: the copy is serialised anew, without the token.
    const redacted = redactor(['sandbox-secret-token'])(response);
    assert.notEqual(redacted.result.structuredContent, result.structuredContent);
    assert.equal(lineOf(redacted), JSON.stringify(redacted));
    assert.doesNotMatch(lineOf(redacted), /sandbox-secret-token/);
    assert.equal(lineOf({ jsonrpc: '2.0', id: 1, result: { content: [] } }), '{"jsonrpc":"2.0","id":1,"result":{"content":[]}}');
  });

  it('cuts a tool result as the redactor does, handing on structuredContent whose JSON shows nothing to cut', () => {
    const secrets = ['sandbox-secret-token'];
    const [redact, isClean] = [redactor(secrets), cleanJsonTest(secrets)];
    const resultOf = (title: string) => {
      const rows = [{ reference: 'IT/TASK1', title, state: { value: 'open', caption: 'Open' } }];
      const data = { total: 1, shown: 1, query: { app: 'IT/TASK', rlx: null, sort: null, limit: 20 }, rows };
      return callToolResult('records_query', labelledResult('Sandbox', 'IT/TASK: 1 record matches.', data, undefined, { rows: JSON.stringify(rows) }), () => undefined);
    };
    const clean = resultOf('Printer "3rd floor"');
    assert.equal(redactedToolResult(clean, redact, isClean), clean);
    const dirty = resultOf('broken: SANDBOX-SECRET-TOKEN');
    const cut = redactedToolResult(dirty, redact, isClean);
    assert.deepEqual(cut, redact(dirty));
    assert.doesNotMatch(lineOf({ jsonrpc: '2.0', id: 1, result: cut }), /sandbox-secret-token/i);
    const noJson = { content: [{ type: 'text' as const, text: 'sandbox-secret-token' }], structuredContent: { note: 'sandbox-secret-token' } };
    assert.deepEqual(redactedToolResult(noJson, redact, isClean), redact(noJson));
  });
});
