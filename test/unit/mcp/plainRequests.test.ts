import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import * as fc from 'fast-check';
import { callToolRequestSchema, isPlainToolCall, requestDispatcher } from '../../../src/mcp/plainRequests';
import { StdioTransport } from '../../../src/mcp/stdioTransport';

describe('MCP plain requests', () => {
  it('takes a tool call without the schema only when CallToolRequestSchema takes it', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }));
    // Mostly a name and arguments, some of them of the wrong kind, some with a key more.
    const call = fc.record({ name: fc.oneof(fc.string(), value), arguments: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }), value) }, { requiredKeys: [] });
    const extra = fc.dictionary(fc.constantFrom('_meta', 'task', 'cursor'), value, { maxKeys: 1 });
    const params = fc.tuple(call, extra, fc.boolean()).map(([base, more, add]) => (add ? { ...base, ...more } : base));
    const request = fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), method: fc.constantFrom('tools/call', 'tools/list'), params: fc.oneof(params, value) }, { requiredKeys: ['jsonrpc', 'id', 'method'] });
    let taken = 0;
    fc.assert(
      fc.property(request.map((r) => JSON.parse(JSON.stringify(r)) as unknown), (candidate) => {
        const parsed = CallToolRequestSchema.safeParse(candidate);
        if (!isPlainToolCall(candidate)) return;
        taken++;
        assert.ok(parsed.success, JSON.stringify(candidate));
        assert.deepEqual(callToolRequestSchema.safeParse(candidate), { success: true, data: candidate });
      }),
      { numRuns: 3000 },
    );
    assert.ok(taken > 80, `${taken} plain calls among 3,000 requests`);
  });

  it('parses any other call with the SDK schema: the same answer for a bad one', () => {
    const bad = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 7 } };
    const ours = callToolRequestSchema.safeParse(bad);
    const sdk = CallToolRequestSchema.safeParse(bad);
    assert.equal(ours.success, false);
    assert.equal(String(ours.success ? '' : ours.error), String(sdk.error));
    const withMeta = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'records_get', arguments: { record: 'IT/TASK1' }, _meta: { progressToken: 3 } } };
    assert.deepEqual(callToolRequestSchema.safeParse(withMeta), CallToolRequestSchema.safeParse(withMeta));
  });

  it("hands a plain request to the SDK server's own dispatch, and anything else to onmessage", async () => {
    const server = new Server({ name: 'test', version: '1' }, { capabilities: {} });
    assert.equal(typeof requestDispatcher(server), 'function', "this SDK's Protocol has _onrequest");
    assert.equal(requestDispatcher({}), undefined);
    const stdin = new PassThrough();
    const transport = new StdioTransport(stdin, new PassThrough());
    const requests: JSONRPCRequest[] = [];
    const messages: unknown[] = [];
    transport.onrequest = (request) => requests.push(request);
    transport.onmessage = (message) => messages.push(message);
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{}}}\n');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(requests, [{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    assert.deepEqual(messages, [{ jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: {} } }]);
    await transport.close();
  });
});
