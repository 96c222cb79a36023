// Reads a request body into memory with a size cap, so a huge or endless body cannot exhaust
// the sandbox. tus PATCH bodies never come through here: they stream to disk.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors';

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      req.resume();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** JSON is UTF-8 (RFC 8259): a byte sequence that is not must not become U+FFFD silently. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** An empty body counts as `{}`: every JSON endpoint's parameters are optional. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const raw = await readBody(req, maxBytes);
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid UTF-8. Send the JSON document encoded as UTF-8.');
  }
  if (text.trim() === '') {
    return {};
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new HttpError(400, 'invalid_json', `The request body is not valid JSON (${detail}). Send a JSON document.`);
  }
}

/** Body of the OAuth token endpoint and the sign-in form. */
export async function readFormBody(req: IncomingMessage, maxBytes: number): Promise<URLSearchParams> {
  const raw = await readBody(req, maxBytes);
  return new URLSearchParams(raw.toString('utf8'));
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    'payload_too_large',
    `The request body is larger than ${maxBytes} bytes. Send smaller batches, or upload files through /api/upload-tus.`,
  );
}
