// The Records Service endpoints (contract 4, decisions.md) mapped onto SandboxService.
// Routes are matched before authentication, so an unknown path is 404 whoever asks.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppRef } from '../../core/contract/types';
import type { SandboxService, SandboxUser } from '../service/contract';
import {
  expectObject,
  isAggregationRequest,
  toAggregationParams,
  toHistoryParams,
  toListParams,
  toSearchParams,
} from './body-params';
import { sendDownload } from './download';
import { HttpError } from './errors';
import { readJsonBody } from './request-body';
import { sendJson } from './respond';

export interface ApiContext {
  service: SandboxService;
  maxBodyBytes: number;
}

interface RouteCall {
  ctx: ApiContext;
  user: SandboxUser;
  params: string[];
  url: URL;
  req: IncomingMessage;
  res: ServerResponse;
}

interface Route {
  methods: readonly string[];
  pattern: RegExp;
  run(call: RouteCall): Promise<void> | void;
}

const SEGMENT = '([^/]+)';

const ROUTES: readonly Route[] = [
  { methods: ['POST'], pattern: /^\/api\/tickets\/list$/, run: (call) => listOrAggregate(call, undefined) },
  {
    methods: ['POST'],
    pattern: new RegExp(`^/api/w/${SEGMENT}/a/${SEGMENT}/tickets/list$`),
    run: (call) => listOrAggregate(call, { workspace: call.params[0], app: call.params[1] }),
  },
  {
    methods: ['POST'],
    pattern: /^\/api\/tickets\/search$/,
    run: async ({ ctx, user, req, res }) => {
      const body = expectObject(await readJsonBody(req, ctx.maxBodyBytes), 'a search');
      sendJson(res, 200, ctx.service.search(user, toSearchParams(body)));
    },
  },
  {
    methods: ['POST'],
    pattern: /^\/api\/tickets\/history$/,
    run: async ({ ctx, user, req, res }) => {
      const body = expectObject(await readJsonBody(req, ctx.maxBodyBytes), 'a history request');
      sendJson(res, 200, ctx.service.history(user, toHistoryParams(body)));
    },
  },
  {
    methods: ['POST'],
    pattern: /^\/api\/tickets\/multi$/,
    run: async ({ ctx, user, req, res }) => {
      const operations = await readJsonBody(req, ctx.maxBodyBytes);
      if (!Array.isArray(operations)) {
        throw new HttpError(400, 'invalid_request', 'The body of /api/tickets/multi must be a JSON array of operations.');
      }
      sendJson(res, 200, await ctx.service.batch(user, operations));
    },
  },
  {
    methods: ['GET'],
    pattern: /^\/api\/common$/,
    run: ({ ctx, user, res }) => sendJson(res, 200, ctx.service.currentUser(user)),
  },
  {
    methods: ['GET'],
    pattern: new RegExp(`^/api/projects/${SEGMENT}$`),
    run: ({ ctx, user, params, res }) => sendJson(res, 200, ctx.service.workspace(user, params[0])),
  },
  {
    methods: ['GET'],
    pattern: new RegExp(`^/api/schema/${SEGMENT}$`),
    run: ({ ctx, user, params, res }) => sendJson(res, 200, ctx.service.schema(user, parseSchemaRef(params[0]))),
  },
  {
    methods: ['GET', 'HEAD'],
    pattern: new RegExp(`^/api/download/${SEGMENT}$`),
    run: ({ ctx, user, params, req, res }) => sendDownload(ctx.service, user, params[0], req, res),
  },
];

export interface MatchedRoute {
  route: Route;
  params: string[];
}

/** Finds the route of a path; 404 for an unknown path, 405 for a known path with another method. */
export function matchApiRoute(method: string, pathname: string): MatchedRoute {
  let allowed: string[] = [];
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) {
      continue;
    }
    if (!route.methods.includes(method)) {
      allowed = [...allowed, ...route.methods];
      continue;
    }
    return { route, params: match.slice(1).map(decodeSegment) };
  }
  if (allowed.length > 0) {
    throw new HttpError(405, 'method_not_allowed', `${pathname} does not accept ${method}; use ${allowed.join(' or ')}.`, {
      Allow: allowed.join(', '),
    });
  }
  throw noEndpoint(pathname);
}

export async function runApiRoute(matched: MatchedRoute, call: Omit<RouteCall, 'params'>): Promise<void> {
  await matched.route.run({ ...call, params: matched.params });
}

/** 404 for a path no route serves (the service's own not_found names a missing record or app). */
export function noEndpoint(pathname: string): HttpError {
  return new HttpError(404, 'not_found', `There is no endpoint at ${pathname}. Check the path against the API contract.`);
}

async function listOrAggregate(call: RouteCall, scope: AppRef | undefined): Promise<void> {
  const { ctx, user, url, req, res } = call;
  const body = expectObject(await readJsonBody(req, ctx.maxBodyBytes), 'a list request');
  if (isAggregationRequest(body)) {
    // Aggregations always answer the object shape (decisions.md "Aggregation").
    sendJson(res, 200, ctx.service.aggregate(user, scope, toAggregationParams(body)));
    return;
  }
  const page = ctx.service.list(user, scope, toListParams(body));
  sendJson(res, 200, url.searchParams.get('withTechnicalData') === 'true' ? page : page.data);
}

/** `WS!APP`; the `!` may arrive percent-encoded and is decoded with the segment. */
function parseSchemaRef(reference: string): AppRef {
  const separator = reference.indexOf('!');
  const workspace = reference.slice(0, separator);
  const app = reference.slice(separator + 1);
  if (separator < 0 || workspace === '' || app === '') {
    throw new HttpError(400, 'invalid_request', `"${reference}" is not an app reference; use /api/schema/WORKSPACE!APP.`);
  }
  return { workspace, app };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'invalid_request', `The path segment "${segment}" is not valid percent-encoding.`);
  }
}
