// Every error answer of the sandbox has the JSON body of decisions.md "Errors", whatever
// layer (routing, auth, body parsing, domain) raised it.
import type { ServerResponse } from 'node:http';
import type { ErrorBody } from '../../core/contract/types';
import { SandboxError, type SandboxErrorCode } from '../service/contract';

/** Codes of the domain plus the transport-only ones (decisions.md allows more; clients must not depend on them). */
export type TransportErrorCode = SandboxErrorCode | 'method_not_allowed' | 'range_not_satisfiable' | 'timeout' | 'headers_too_large';

/** An error raised by the transport itself; carries extra response headers (e.g. Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: TransportErrorCode,
    message: string,
    readonly headers: Record<string, string | string[]> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** decisions.md "Errors", plus `problems` (sandbox only): every problem of an invalid filter. */
export type SandboxErrorBody = ErrorBody & { error: { problems?: string[] } };

export function errorBody(
  status: number,
  code: string,
  message: string,
  operations?: { index: number; message: string }[],
  problems?: string[],
): SandboxErrorBody {
  return { error: { status, code, message, ...(operations ? { operations } : {}), ...(problems ? { problems } : {}) } };
}

/**
 * Writes an error answer. Unknown exceptions become 500 `internal` without details: the stack goes
 * to `logInternal`, never to the client.
 */
export function sendError(res: ServerResponse, error: unknown, logInternal: (line: string) => void): void {
  if (res.headersSent || res.writableEnded) {
    // Too late for an error body (a stream broke midway, or the deadline already answered).
    if (!res.writableEnded) {
      res.destroy();
    }
    return;
  }
  if (error instanceof HttpError) {
    writeJsonError(res, errorBody(error.status, error.code, error.message), error.headers);
  } else if (error instanceof SandboxError) {
    writeJsonError(res, errorBody(error.status, error.code, error.message, error.operations, error.problems));
  } else {
    logInternal(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    writeJsonError(res, errorBody(500, 'internal', 'The sandbox failed to handle the request; see its log for details.'));
  }
}

function writeJsonError(res: ServerResponse, body: SandboxErrorBody, headers: Record<string, string | string[]> = {}): void {
  const text = JSON.stringify(body);
  for (const [name, value] of Object.entries(headers)) {
    res.setHeader(name, value);
  }
  res.writeHead(body.error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
