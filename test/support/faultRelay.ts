// An HTTP relay between a client and the sandbox that injects network faults on demand:
// stalls (before the headers or mid-body), resets mid-body, 502/503/504, 429 with and without
// Retry-After, a slow trickle, an answer held back, a connection closed after the request was read (before or after
// the sandbox executed it). It records every request it saw (method, path, headers), so tests
// can count what reached the service and which headers went where.
import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  /** Forward as is. */
  | { kind: 'pass' }
  /** Answer this status without forwarding (502, 503, 504, 429 …); `retryAfter` is sent when given. */
  | { kind: 'status'; status: number; retryAfter?: string }
  /** Read the request, never answer, never forward. */
  | { kind: 'stall-before-headers' }
  /** Forward; send the headers and `afterBytes` of the body, then go silent. */
  | { kind: 'stall-mid-body'; afterBytes: number }
  /** Forward; send the headers and `afterBytes` of the body, then reset the connection. */
  | { kind: 'reset-mid-body'; afterBytes: number }
  /** Forward; send the body `bytes` at a time every `everyMs`. */
  | { kind: 'trickle'; bytes: number; everyMs: number }
  /** Read the request and close the connection without forwarding it. */
  | { kind: 'close-before-forward' }
  /** Forward (the service executes it), then close the connection instead of answering. */
  | { kind: 'lose-answer' }
  /** Forward, and hold the service's answer back until `release` settles (an answer that comes late). */
  | { kind: 'hold'; release: Promise<void> };

/** Which requests `inject` gives faults to: record lists, batch writes, attachment downloads. */
export const isList = (method: string, path: string): boolean => method === 'POST' && path.includes('/tickets/list');
export const isWrite = (method: string, path: string): boolean => method === 'POST' && path.includes('/tickets/multi');
export const isDownload = (method: string, path: string): boolean => method === 'GET' && path.includes('/download');

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The fault applied to it. */
  fault: Fault['kind'];
  /** The start of the request body (up to 4 KB, as text): tells apart requests on one path. */
  body: string;
}

export interface FaultRelayOptions {
  /** Lets a test change the answer's headers (e.g. a Location on another origin). */
  rewriteResponseHeaders?: (headers: IncomingHttpHeaders, request: IncomingMessage) => IncomingHttpHeaders;
  /** CA to trust when the target is https. */
  targetCa?: string;
  /** Send the target's own host as `Host` (a reverse proxy in front of the service); default: the client's. */
  targetHost?: boolean;
  /** Serve https with this certificate instead of plain http. */
  serveTls?: { cert: string; key: string };
}

export interface FaultRelay {
  url: string;
  readonly seen: readonly SeenRequest[];
  /** The next requests that `matches` accepts get these faults, one each, in order; then `pass`. */
  inject(matches: (method: string, path: string) => boolean, ...faults: Fault[]): void;
  /** Requests seen whose method and path match. */
  count(method: string, pathPattern: RegExp): number;
  close(): Promise<void>;
}

export async function startFaultRelay(targetUrl: string, options: FaultRelayOptions = {}): Promise<FaultRelay> {
  const target = new URL(targetUrl);
  const seen: SeenRequest[] = [];
  const plans: { matches: (method: string, path: string) => boolean; faults: Fault[] }[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const nextFault = (method: string, path: string): Fault => {
    for (const plan of plans) {
      if (plan.faults.length > 0 && plan.matches(method, path)) return plan.faults.shift() as Fault;
    }
    return { kind: 'pass' };
  };

  const forward = (incoming: IncomingMessage, onAnswer: (upstream: IncomingMessage) => void, onError: () => void): void => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: options.targetHost ? { ...incoming.headers, host: target.host } : incoming.headers,
        ...(options.targetCa ? { ca: options.targetCa } : {}),
      },
      onAnswer,
    );
    upstream.on('error', onError);
    incoming.pipe(upstream);
  };

  const answer = (incoming: IncomingMessage, response: ServerResponse, upstream: IncomingMessage, fault: Fault): void => {
    const headers = options.rewriteResponseHeaders ? options.rewriteResponseHeaders({ ...upstream.headers }, incoming) : upstream.headers;
    if (fault.kind === 'hold') {
      upstream.pause();
      void fault.release.finally(() => answer(incoming, response, upstream, { kind: 'pass' }));
      return;
    }
    response.writeHead(upstream.statusCode ?? 502, headers);
    if (fault.kind === 'pass') {
      upstream.pipe(response);
      return;
    }
    let sent = 0;
    const queue: Buffer[] = [];
    let trickling: NodeJS.Timeout | undefined;
    upstream.on('data', (chunk: Buffer) => {
      if (fault.kind === 'trickle') {
        queue.push(chunk);
        return;
      }
      if (fault.kind !== 'stall-mid-body' && fault.kind !== 'reset-mid-body') return;
      if (sent >= fault.afterBytes) return;
      const part = chunk.subarray(0, fault.afterBytes - sent);
      sent += part.length;
      response.write(part);
      if (sent >= fault.afterBytes && fault.kind === 'reset-mid-body') {
        // Let the written part leave before the reset.
        const timer = setTimeout(() => response.socket?.resetAndDestroy(), 20);
        timers.add(timer);
      }
    });
    if (fault.kind === 'stall-mid-body' || fault.kind === 'reset-mid-body') {
      // A body shorter than `afterBytes` passes whole: the fault never came into play.
      upstream.on('end', () => {
        if (sent < fault.afterBytes) response.end();
      });
    }
    if (fault.kind === 'trickle') {
      let ended = false;
      upstream.on('end', () => (ended = true));
      trickling = setInterval(() => {
        const head = queue[0];
        if (!head) {
          if (ended) {
            clearInterval(trickling);
            response.end();
          }
          return;
        }
        const part = head.subarray(0, fault.bytes);
        if (part.length === head.length) queue.shift();
        else queue[0] = head.subarray(fault.bytes);
        response.write(part);
      }, fault.everyMs);
      timers.add(trickling);
      response.on('close', () => clearInterval(trickling));
    }
  };

  const handle = (incoming: IncomingMessage, response: ServerResponse): void => {
    const method = incoming.method ?? 'GET';
    const path = incoming.url ?? '/';
    const fault = nextFault(method, path);
    const entry: SeenRequest = { method, path, headers: incoming.headers, fault: fault.kind, body: '' };
    seen.push(entry);
    incoming.on('data', (chunk: Buffer) => {
      if (entry.body.length < 4096) entry.body += chunk.subarray(0, 4096 - entry.body.length).toString('utf8');
    });
    switch (fault.kind) {
      case 'status': {
        incoming.resume();
        incoming.on('end', () => {
          // What a gateway in front of a service sends: a short HTML page, no JSON error.
          const headers: Record<string, string> = { 'content-type': 'text/html' };
          if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
          response.writeHead(fault.status, headers);
          response.end(`<html><body><h1>${fault.status}</h1>injected by the test relay</body></html>`);
        });
        return;
      }
      case 'stall-before-headers':
        incoming.resume();
        return;
      case 'close-before-forward':
        incoming.resume();
        incoming.on('end', () => response.socket?.destroy());
        return;
      case 'lose-answer':
        forward(
          incoming,
          (upstream) => {
            // The service has executed the request; its answer never reaches the client.
            upstream.resume();
            upstream.on('end', () => response.socket?.destroy());
          },
          () => response.socket?.destroy(),
        );
        return;
      default:
        forward(
          incoming,
          (upstream) => answer(incoming, response, upstream, fault),
          () => response.socket?.destroy(),
        );
    }
  };
  const server = options.serveTls ? createHttpsServer(options.serveTls, handle) : createServer(handle);
  server.on(options.serveTls ? 'secureConnection' : 'connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.serveTls ? 'https' : 'http'}://127.0.0.1:${port}`,
    seen,
    inject(matches, ...faults) {
      plans.push({ matches, faults });
    },
    count(method, pathPattern) {
      return seen.filter((r) => r.method === method && pathPattern.test(r.path)).length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
