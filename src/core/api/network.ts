// The one place that turns network settings (VS Code's `http.*` settings, the proxy
// environment variables, extra root certificates) into an undici dispatcher. The API client,
// uploads and downloads all use the dispatcher made here, so they reach the service the same
// way VS Code itself does.
import { readFileSync } from 'node:fs';
import type * as TlsModule from 'node:tls';
import type { Dispatcher } from 'undici';
import type * as UndiciCoreModule from './undiciCore';

type UndiciCore = typeof UndiciCoreModule;
let undiciCore: UndiciCore | undefined;
/**
 * undici is most of the client's code, and the first paint of the tree can come from the
 * tree cache: it is loaded when the first dispatcher is made, not at activation. The extension
 * build turns this require into one of `dist/undici.js` (see esbuild.mjs), shared by every bundle.
 */
function undici(): UndiciCore {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (undiciCore ??= require('./undiciCore') as UndiciCore);
}

/**
 * node:tls is needed only when a dispatcher is made (its root certificates), never to paint the
 * tree from the cache: loading it costs about 5 ms, so it waits for the first request too.
 */
function tls(): typeof TlsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:tls') as typeof TlsModule;
}

/** VS Code's `http.proxySupport`: `off` means no proxy at all, the other values use one. */
export type ProxySupport = 'off' | 'on' | 'fallback' | 'override';

export interface NetworkSettings {
  /** `http.proxy`. When empty, `HTTPS_PROXY` / `HTTP_PROXY` of the environment apply. */
  proxy?: string;
  /** `http.noProxy`: hosts reached directly; `NO_PROXY` of the environment is added. */
  noProxy?: readonly string[];
  /** `http.proxyStrictSSL` (default true): false accepts certificates that cannot be verified. */
  strictSSL?: boolean;
  /** `http.proxyAuthorization`: the `Proxy-Authorization` header value sent to the proxy. */
  proxyAuthorization?: string;
  /** `http.proxySupport` (default `override`). */
  proxySupport?: ProxySupport;
  /** `http.systemCertificates` (default true): also trust the OS store, where this Node can read it. */
  systemCertificates?: boolean;
  /** PEM certificates trusted besides the defaults (the file named by `NODE_EXTRA_CA_CERTS` is read too). */
  extraCertificates?: readonly string[];
  /** The environment to read; `process.env` by default. */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface DispatcherOptions {
  /** Connection (and TLS handshake) deadline in ms. */
  connectTimeoutMs: number;
}

/**
 * A dispatcher for a service at `baseUrl`. A loopback service (the local sandbox) is always
 * reached directly; any other origin goes through the proxy unless `noProxy` names it, so an
 * upload URL the service hands out on another host follows the same rules. "Loopback" is the
 * one rule of isLoopbackHost, per request: the same as for sending a token over plain http.
 */
export function createNetworkDispatcher(baseUrl: string, settings: NetworkSettings, options: DispatcherOptions): Dispatcher {
  const tlsOptions = trustOptions(settings);
  const connect = { timeout: options.connectTimeoutMs, ...tlsOptions };
  const proxy = resolveProxy(settings);
  const noProxy = noProxyList(settings);
  if (!proxy || noProxy.includes('*') || isLoopbackHost(new URL(baseUrl).hostname)) return new (undici().Agent)({ connect });
  // undici's own proxy routing: per request, by origin, with NO_PROXY rules (suffixes, ports);
  // loopback origins never reach it.
  return loopbackAround(new (undici().Agent)({ connect }), new (undici().EnvHttpProxyAgent)({
    httpProxy: proxy,
    httpsProxy: proxy,
    noProxy: noProxy.join(','),
    connect,
    // The TLS options of the tunnelled connection to the service and of an https proxy.
    requestTls: connect,
    proxyTls: connect,
    ...(settings.proxyAuthorization ? { token: settings.proxyAuthorization } : {}),
  }));
}

/** Sends requests to loopback origins through `direct`, every other one through `proxied`. */
function loopbackAround(direct: Dispatcher, proxied: Dispatcher): Dispatcher {
  class LoopbackAround extends undici().DispatcherBase {
    override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      return (isLoopbackOrigin(options.origin) ? direct : proxied).dispatch(options, handler);
    }

    override close(): Promise<void>;
    override close(callback: () => void): void;
    override close(callback?: () => void): Promise<void> | void {
      return settle(Promise.all([direct.close(), proxied.close()]), callback);
    }

    override destroy(): Promise<void>;
    override destroy(error: Error | null): Promise<void>;
    override destroy(callback: () => void): void;
    override destroy(error: Error | null, callback: () => void): void;
    override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
      const error = typeof first === 'function' ? null : first ?? null;
      return settle(Promise.all([direct.destroy(error), proxied.destroy(error)]), typeof first === 'function' ? first : second);
    }
  }
  return new LoopbackAround();
}

/** undici's two forms: a promise, or a callback when one is given. */
function settle(work: Promise<unknown>, callback: (() => void) | undefined): Promise<void> | void {
  const done = work.then(() => undefined);
  if (callback === undefined) return done;
  void done.then(callback, callback);
}

function isLoopbackOrigin(origin: string | URL | undefined): boolean {
  if (origin === undefined) return false;
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** The proxy URL in force, or undefined for a direct connection. */
export function resolveProxy(settings: NetworkSettings): string | undefined {
  if (settings.proxySupport === 'off') return undefined;
  const env = settings.env ?? process.env;
  const proxy = settings.proxy?.trim() || env.https_proxy || env.HTTPS_PROXY || env.http_proxy || env.HTTP_PROXY || undefined;
  return proxy?.trim() || undefined;
}

/** `http.noProxy` plus `NO_PROXY`. (Loopback origins are never proxied, whatever they say: see loopbackAround.) */
export function noProxyList(settings: NetworkSettings): string[] {
  const env = settings.env ?? process.env;
  const fromEnv = (env.no_proxy ?? env.NO_PROXY ?? '').split(/[,\s]+/);
  const entries = [...(settings.noProxy ?? []), ...fromEnv].map((e) => e.trim()).filter(Boolean);
  return [...new Set(entries)];
}

/**
 * The one loopback rule, for the proxy bypass and for sending a token over plain http alike:
 * 127.0.0.0/8, ::1, `localhost` and `*.localhost` (RFC 6761 keeps those names on this machine).
 * A name that merely starts with "127." (`127.evil.example`) is a remote host.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/**
 * TLS options: `rejectUnauthorized` from strictSSL, and `ca` only when something is added to
 * Node's own roots (passing `ca` replaces them, so they are included).
 */
function trustOptions(settings: NetworkSettings): { ca?: string[]; rejectUnauthorized?: boolean } {
  const options: { ca?: string[]; rejectUnauthorized?: boolean } = {};
  if (settings.strictSSL === false) options.rejectUnauthorized = false;
  const added = [
    ...(settings.systemCertificates === false ? [] : systemCertificates()),
    ...extraCaFile((settings.env ?? process.env).NODE_EXTRA_CA_CERTS),
    ...(settings.extraCertificates ?? []),
  ];
  if (added.length > 0) options.ca = [...new Set([...tls().rootCertificates, ...added])];
  return options;
}

let systemStore: readonly string[] | undefined;

/** The OS trust store through `tls.getCACertificates('system')` (Node ≥ 22.15); empty where Node cannot read it. */
function systemCertificates(): readonly string[] {
  if (systemStore) return systemStore;
  const read = (tls() as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  try {
    systemStore = read ? read('system') : [];
  } catch {
    systemStore = [];
  }
  return systemStore;
}

/** The certificates of the `NODE_EXTRA_CA_CERTS` file, read each time so a changed file applies to new clients. */
function extraCaFile(path: string | undefined): string[] {
  if (!path) return [];
  try {
    return readFileSync(path, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  } catch {
    return [];
  }
}

/** A stable text of the settings: a client whose key changed needs a new dispatcher. */
export function networkSettingsKey(settings: NetworkSettings): string {
  const { env: _env, ...rest } = settings;
  return JSON.stringify(rest);
}
