import type { ServerResponse } from 'node:http';

/** False once an answer has started, e.g. after the request deadline already answered 504. */
export function canRespond(res: ServerResponse): boolean {
  return !res.headersSent && !res.writableEnded;
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (!canRespond(res)) {
    return;
  }
  const text = JSON.stringify(value);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  if (!canRespond(res)) {
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    // The sign-in page has no scripts and posts only to itself.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    'X-Frame-Options': 'DENY',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  if (!canRespond(res)) {
    return;
  }
  res.writeHead(302, { Location: location, 'Content-Length': 0, 'Cache-Control': 'no-store' });
  res.end();
}
