// Only the parts of undici the client uses. `import … from 'undici'` bundles all of it (fetch,
// WebSocket, cache, mocks: ~650 KB of extension bundle); the dispatcher classes plus the
// request API are a fraction of that. The request methods are attached to our bundled copy's
// Dispatcher prototype exactly as undici's own index does; no global state is touched.
/* eslint-disable @typescript-eslint/no-require-imports */
import type { Agent as AgentClass, Dispatcher as DispatcherClass, EnvHttpProxyAgent as EnvHttpProxyAgentClass, ProxyAgent as ProxyAgentClass } from 'undici';

const Dispatcher = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
// `request` is the one API method our code calls; `connect` is what ProxyAgent calls to open a
// CONNECT tunnel (without it every proxied request fails with "connect is not a function").
// pipeline, stream and upgrade are unused.
Object.assign(Dispatcher.prototype, {
  request: require('undici/lib/api/api-request') as unknown,
  connect: require('undici/lib/api/api-connect') as unknown,
});

/** The base class, for the dispatcher that sends loopback origins around the proxy (network.ts). */
export const DispatcherBase = Dispatcher as unknown as typeof DispatcherClass;
export const Agent = require('undici/lib/dispatcher/agent') as typeof AgentClass;
export const ProxyAgent = require('undici/lib/dispatcher/proxy-agent') as typeof ProxyAgentClass;
export const EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent') as typeof EnvHttpProxyAgentClass;
