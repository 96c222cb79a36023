// The SDK's JSON Schema validator (Ajv) made and loaded when a schema is first checked (the first
// tool result, an elicitation's answer), not at every start: evaluating Ajv and building its
// instances was a tenth of the time to `initialize`. esbuild.mjs hands this module to the SDK's
// server in place of its own `ajv-provider.js`, and structured.ts uses it too, so one Ajv serves both.
import type * as AjvProvider from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

let shared: AjvProvider.AjvJsonSchemaValidator | undefined;

function realValidator(): AjvProvider.AjvJsonSchemaValidator {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (shared ??= new (require('@modelcontextprotocol/sdk/validation/ajv') as typeof AjvProvider).AjvJsonSchemaValidator());
}

export class AjvJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    return realValidator().getValidator<T>(schema);
  }
}
