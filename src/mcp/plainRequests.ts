// The plain case of a request, without schema checks the SDK would make again. Every message
// the SDK's Protocol receives is classified by up to three zod parses (a response? an error? a
// request?) before its _onrequest sees it, and a handler's request is parsed once more against
// its schema: four parses of each tool call, about 5% of the server's CPU per call in a profile
// (the line itself is not checked again: stdioTransport.ts). A request that is plain
// (isPlainRequest: what the SDK's request schema takes as it is) is a request, so the transport
// hands it to _onrequest directly; a tool call whose params are plain is what CallToolRequestSchema
// takes. Anything else goes the SDK's way, with the same errors as before.
import type { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolRequestSchema, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

type AnyProtocol = Protocol<never, never, never>;

/**
 * What the server does with a request once classified (Protocol's _onrequest, which the SDK does
 * not export); undefined where an SDK version has none, so requests go through its onmessage.
 */
export function requestDispatcher(server: object): ((request: JSONRPCRequest) => void) | undefined {
  const onrequest = (server as { _onrequest?: unknown })._onrequest;
  if (typeof onrequest !== 'function') return undefined;
  return (request) => (onrequest as (this: AnyProtocol, request: JSONRPCRequest, extra: undefined) => void).call(server as AnyProtocol, request, undefined);
}

/** Params CallToolRequestSchema takes as they are: a name, maybe arguments, nothing else. */
export function isPlainToolCall(request: unknown): boolean {
  if (typeof request !== 'object' || request === null) return false;
  const { method, params } = request as { method?: unknown; params?: unknown };
  if (method !== 'tools/call' || typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  for (const key in params) if (key !== 'name' && key !== 'arguments') return false;
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  return typeof name === 'string' && (args === undefined || (typeof args === 'object' && args !== null && !Array.isArray(args)));
}

/**
 * CallToolRequestSchema as Protocol.setRequestHandler reads a schema (the method from a zod 3
 * shape, then `safeParse`): a plain call is taken as it is, anything else is parsed by the SDK's
 * schema, which answers a bad one as before.
 */
export const callToolRequestSchema = {
  shape: { method: { _def: { value: 'tools/call' } } },
  safeParse: (request: unknown) => (isPlainToolCall(request) ? { success: true as const, data: request } : CallToolRequestSchema.safeParse(request)),
};
