// Node answers some requests itself, before any handler runs: a request it cannot parse (400),
// headers over its size limit (431), headers that never end (408, `headersTimeout`). Its own
// answers have no body; these get the JSON error body every other answer has (decisions.md
// "Errors"), so a client shows a sentence instead of a bare status.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from './errors';

interface NodeClientError extends Error {
  code?: string;
}

/** Node's own answer per parser error, as in its default `clientError` handling. */
function answerFor(code: string | undefined): { status: number; code: string; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers_too_large', message: 'The request headers are larger than the sandbox accepts (16 KiB). Send fewer or shorter headers.' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'payload_too_large', message: 'The chunk extensions of the request body are larger than the sandbox accepts.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'timeout', message: 'The request headers did not arrive in time, so the connection is closed. Send the request again.' };
    default:
      return { status: 400, code: 'invalid_request', message: 'The request is not valid HTTP/1.1 and could not be read. Check the request line and headers.' };
  }
}

/** The server's `clientError` listener. */
export function answerClientError(error: NodeClientError, socket: Duplex): void {
  // A response already under way on this connection cannot be followed by another.
  const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const answer = answerFor(error.code);
  const body = JSON.stringify(errorBody(answer.status, answer.code, answer.message));
  socket.end(
    [
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${randomUUID()}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
