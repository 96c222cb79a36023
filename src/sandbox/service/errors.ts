import { SandboxError } from './contract';

export function notFound(message: string): SandboxError {
  return new SandboxError(404, 'not_found', message);
}

export function unknownField(field: string): SandboxError {
  return new SandboxError(400, 'unknown_field', `Unknown field "${field}": it does not exist here or you cannot read it. Check the field's db name in the app schema.`);
}

export function invalidRequest(message: string): SandboxError {
  return new SandboxError(400, 'invalid_request', message);
}
