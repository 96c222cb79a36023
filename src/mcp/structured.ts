// The one place a tool's data becomes MCP `structuredContent`: checked against the tool's
// declared `outputSchema` (src/core/agents/outputSchemas.ts) before it leaves, so a client that
// validates (the official SDK's does) never gets content that breaks the schema.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { type AgentToolName, OUTPUT_SCHEMAS, type ToolResult } from '../core/agents';
import type { Redactor } from '../core/agents/redact';
import { AjvJsonSchemaValidator } from './lazyAjv';

const validators = new Map<AgentToolName, JsonSchemaValidator<unknown>>();
/**
 * The JSON the tool made of each structuredContent it returned (ToolResult.json), for the
 * transport to send as it is: rows are serialised once, not again for each message. Keyed by
 * the object, so content the redactor copied (a token cut) is serialised anew.
 */
const madeJson = new WeakMap<object, string>();

/** The JSON already made of `structured` (exactly its JSON.stringify), if any. */
export function structuredJsonOf(structured: object): string | undefined {
  return madeJson.get(structured);
}
const ajv = new AjvJsonSchemaValidator();

function validatorOf(name: AgentToolName): JsonSchemaValidator<unknown> {
  let validator = validators.get(name);
  if (validator === undefined) {
    validator = ajv.getValidator<unknown>(OUTPUT_SCHEMAS[name] as JsonSchemaType);
    validators.set(name, validator);
  }
  return validator;
}

/** The MCP result of a tool: its text (the label included), and its data as `structuredContent` once it matches the schema. */
export function callToolResult(name: AgentToolName, result: ToolResult, log: (line: string) => void): CallToolResult {
  const content = [{ type: 'text' as const, text: result.text }];
  const data = result.data;
  if (data === undefined || typeof data !== 'object' || data === null || Array.isArray(data)) {
    // An error may come without data; a success never does (the client would refuse it).
    if (result.isError) return { content, isError: true };
    log(`${name}: a result without data`);
    return { content: [{ type: 'text', text: `${name} returned no data (a fault of this server). Text of the result:\n${result.text}` }], isError: true };
  }
  const check = validatorOf(name)(data);
  if (!check.valid) {
    log(`${name}: structured result does not match its output schema: ${check.errorMessage ?? ''}`);
    if (result.isError) return { content, isError: true };
    return { content: [{ type: 'text', text: `${name}'s result did not match its declared output schema (a fault of this server): ${check.errorMessage ?? ''}\n${result.text}` }], isError: true };
  }
  if (result.json !== undefined) madeJson.set(data, result.json);
  return { content, structuredContent: data as Record<string, unknown>, ...(result.isError ? { isError: true } : {}) };
}

/**
 * The result with the token cut (redact.ts): its structuredContent, when its JSON was made and
 * shows nothing to cut (`isClean`, redact.ts's cleanJsonTest), is handed on without walking each
 * of its strings; its text is always cut as before.
 */
export function redactedToolResult(result: CallToolResult, redact: Redactor, isClean: (json: string) => boolean): CallToolResult {
  const structured = result.structuredContent;
  const json = structured === undefined ? undefined : madeJson.get(structured);
  if (json === undefined || !isClean(json)) return redact(result);
  const content = redact(result.content);
  return content === result.content ? result : { ...result, content };
}
