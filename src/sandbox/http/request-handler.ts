// The one entry point of every HTTP request: rate limit, deadline, then tus, OIDC or the API.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticator } from '../auth/authenticate';
import type { OidcProvider } from '../auth/oidc-provider';
import type { SandboxService } from '../service/contract';
import { TUS_PATH, type TusEndpoint } from '../uploads/tus-endpoint';
import { matchApiRoute, noEndpoint, runApiRoute } from './api-routes';
import { HttpError, sendError } from './errors';
import { type HostPolicy, refusedHostMessage } from './host-policy';
import type { RateLimiter } from './rate-limiter';
import { armIdleTimeout, armMinimumBodyRate, armRequestDeadline } from './request-deadline';
import { answerRootPage } from './root-page';

export interface RequestHandlerOptions {
  baseUrl: string;
  /** Which Host headers are answered, and the origin for absolute URLs in answers. */
  hostPolicy: HostPolicy;
  service: SandboxService;
  authenticator: Authenticator;
  oidc: OidcProvider;
  tus: TusEndpoint;
  maxBodyBytes: number;
  requestTimeoutMs: number;
  /** A request with nothing moving on its connection for this long is ended (request-deadline.ts). */
  idleTimeoutMs: number;
  /** A request body slower than this over an idle-timeout window is ended (request-deadline.ts). */
  minBodyBytesPerSecond: number;
  rateLimiter?: RateLimiter;
  /** One line per request; undefined = quiet. */
  logRequest?: (line: string) => void;
  /** Unexpected failures; always reported. */
  logError: (line: string) => void;
}

export function createRequestHandler(options: RequestHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    // Every answer carries an id a user can quote (the extension's request log shows it).
    res.setHeader('X-Request-Id', randomUUID());
    if (options.logRequest) {
      const logRequest = options.logRequest;
      res.once('close', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logRequest(`${req.method ?? '?'} ${req.url ?? ''} ${res.statusCode} ${ms.toFixed(1)}ms ${req.socket.remoteAddress ?? ''}`);
      });
    }
    // The tus endpoint writes its own answers; once a request is handed to it, an idle request is cut, not answered.
    const state = { tus: false };
    armIdleTimeout(req, res, options.idleTimeoutMs, () => !state.tus, options.logError);
    armMinimumBodyRate(req, res, options.idleTimeoutMs, options.minBodyBytesPerSecond, () => !state.tus, options.logError);
    handle(options, req, res, state).catch((error: unknown) => {
      if (isClientAbort(error, req)) {
        // The client hung up (a cancelled request, a closed editor): nothing to answer, nothing broke here.
        res.destroy();
        return;
      }
      sendError(res, error, options.logError);
    });
  };
}

const ABORT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

function isClientAbort(error: unknown, req: IncomingMessage): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code !== undefined && ABORT_CODES.has(code) && (req.destroyed || req.socket.destroyed);
}

/** `GET http://[` and the like: a request target no URL parser accepts is the client's mistake. */
function parseTarget(target: string | undefined, base: string): URL {
  try {
    return new URL(target ?? '/', base);
  } catch {
    throw new HttpError(400, 'invalid_request', 'The request target is not a valid URL path. Send a path such as /api/common.');
  }
}

async function handle(options: RequestHandlerOptions, req: IncomingMessage, res: ServerResponse, state: { tus: boolean }): Promise<void> {
  const method = req.method ?? 'GET';
  const origin = options.hostPolicy.originFor(req.headers.host);
  if (origin === undefined) {
    req.resume();
    throw new HttpError(403, 'forbidden', refusedHostMessage());
  }
  const url = parseTarget(req.url, options.baseUrl);
  if (options.rateLimiter) {
    const decision = options.rateLimiter.take(req.socket.remoteAddress ?? 'unknown');
    if (!decision.allowed) {
      req.resume();
      throw new HttpError(429, 'rate_limited', `Too many requests from this address. Retry after ${decision.retryAfterSeconds} s.`, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
  }
  if (url.pathname === TUS_PATH || url.pathname.startsWith(`${TUS_PATH}/`)) {
    if (!options.tus.handles(method)) {
      throw new HttpError(405, 'method_not_allowed', `${method} is not part of the upload protocol; download attached files from /api/download/{file_uid}.`, {
        Allow: 'POST, HEAD, PATCH, DELETE, OPTIONS',
      });
    }
    const user = await options.authenticator.authenticate(req);
    state.tus = true;
    await options.tus.handle(req, res, user, origin);
    return;
  }
  armRequestDeadline(res, options.requestTimeoutMs, options.logError);
  if (await options.oidc.handle(req, res, url)) {
    return;
  }
  if (url.pathname === '/') {
    answerRootPage(req, res, origin, options.service.users);
    return;
  }
  if (!url.pathname.startsWith('/api/')) {
    throw noEndpoint(url.pathname);
  }
  const matched = matchApiRoute(method, url.pathname);
  const user = await options.authenticator.authenticate(req);
  await runApiRoute(matched, { ctx: { service: options.service, maxBodyBytes: options.maxBodyBytes }, user, url, req, res });
}
