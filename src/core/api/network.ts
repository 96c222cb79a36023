// The one place that turns network settings (VS Code's `http.*` settings, the proxy
// environment variables, VS Code's own proxy resolution, extra root certificates) into an undici
// dispatcher. The API client, uploads and downloads all use the dispatcher made here, so they
// reach the service the same way VS Code itself does.
import { readFileSync } from 'node:fs';
import type * as TlsModule from 'node:tls';
import type { Dispatcher } from 'undici';
import { type EditorProxyResolver, configuredProxy, editorRoute, isLoopbackHost, proxyPlan } from './proxyRoute';
import type * as UndiciCoreModule from './undiciCore';
import { loopbackLookup } from './loopbackLookup';

export { isLoopbackHost } from './proxyRoute';

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
  /**
   * VS Code's own proxy resolution (OS settings, PAC), followed when the user named no proxy of
   * their own: see proxyRoute.ts. Absent outside the editor and when `http.fetchAdditionalSupport` is off.
   */
  editorProxy?: EditorProxyResolver;
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
 * reached directly; any other origin goes through the user's proxy unless `noProxy` names it, so
 * an upload URL the service hands out on another host follows the same rules. Without a proxy of
 * the user's own, each request goes where VS Code resolves for its URL (proxyRoute.ts): through
 * an undici ProxyAgent to the proxy it names, or directly, so uploads and downloads stream through
 * undici either way. "Loopback" is the one rule of isLoopbackHost, per request: the same as for
 * sending a token over plain http.
 */
export function createNetworkDispatcher(baseUrl: string, settings: NetworkSettings, options: DispatcherOptions): Dispatcher {
  const tlsOptions = trustOptions(settings);
  // Localhost names connect to this machine without asking the resolver (loopbackLookup.ts).
  const connect = { timeout: options.connectTimeoutMs, lookup: loopbackLookup, ...tlsOptions };
  const plan = proxyPlan(settings);
  if (plan.kind === 'direct' || isLoopbackHost(new URL(baseUrl).hostname)) return new (undici().Agent)({ connect });
  const proxyOptions = {
    connect,
    // The TLS options of the tunnelled connection to the service and of an https proxy.
    requestTls: connect,
    proxyTls: connect,
    ...(settings.proxyAuthorization ? { token: settings.proxyAuthorization } : {}),
  };
  if (plan.kind === 'configured') {
    // undici's own proxy routing: per request, by origin, with NO_PROXY rules (suffixes, ports);
    // loopback origins never reach it.
    const proxied = new (undici().EnvHttpProxyAgent)({ httpProxy: plan.proxy, httpsProxy: plan.proxy, noProxy: plan.noProxy.join(','), ...proxyOptions });
    return routing(new (undici().Agent)({ connect }), () => proxied, () => [proxied]);
  }
  // One agent per proxy VS Code names (a PAC script can name several), made when first named.
  const viaProxy = new Map<string, Dispatcher>();
  const direct = new (undici().Agent)({ connect });
  return routing(
    direct,
    async (url) => {
      const route = await editorRoute(url, plan);
      if (route.kind === 'direct') return direct;
      let agent = viaProxy.get(route.url);
      if (!agent) viaProxy.set(route.url, (agent = new (undici().ProxyAgent)({ uri: route.url, ...proxyOptions })));
      return agent;
    },
    () => [...viaProxy.values()],
  );
}

/**
 * Sends requests to loopback origins through `direct`, every other one where `route` says (at
 * once, or once VS Code has answered). Closing it closes `direct` and every dispatcher `owned`
 * lists then.
 */
function routing(direct: Dispatcher, route: (url: string) => Dispatcher | Promise<Dispatcher>, owned: () => Dispatcher[]): Dispatcher {
  let closed = false;
  const all = (): Dispatcher[] => [direct, ...owned()];
  class Routing extends undici().DispatcherBase {
    override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      const url = requestUrl(options);
      if (closed || url === undefined || isLoopbackHost(url.hostname)) return direct.dispatch(options, handler);
      const target = route(url.href);
      if (!(target instanceof Promise)) return target.dispatch(options, handler);
      // The answer comes later (a PAC script may take a while): the request is dispatched then.
      // Cancelled or past its deadline before that, it ends at once and never opens a tunnel
      // (undici itself would notice the signal only once the request is dispatched).
      let settled = false;
      const signal = abortSignalOf(options);
      const fail = (error: unknown): void => {
        if (settled) return;
        settled = true;
        (handler as { onError?: (error: unknown) => void }).onError?.(error);
      };
      const onAbort = (): void => fail(signal?.reason ?? new Error('The request was aborted.'));
      if (signal?.aborted) {
        onAbort();
        return true;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      void target
        .then((chosen) => {
          signal?.removeEventListener('abort', onAbort);
          if (settled) return;
          settled = true;
          (closed ? direct : chosen).dispatch(options, handler);
        })
        .catch(fail);
      return true;
    }

    override close(): Promise<void>;
    override close(callback: () => void): void;
    override close(callback?: () => void): Promise<void> | void {
      closed = true;
      return settle(Promise.all(all().map((d) => d.close())), callback);
    }

    override destroy(): Promise<void>;
    override destroy(error: Error | null): Promise<void>;
    override destroy(callback: () => void): void;
    override destroy(error: Error | null, callback: () => void): void;
    override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
      closed = true;
      const error = typeof first === 'function' ? null : first ?? null;
      return settle(Promise.all(all().map((d) => d.destroy(error))), typeof first === 'function' ? first : second);
    }
  }
  return new Routing();
}

/** undici's two forms: a promise, or a callback when one is given. */
function settle(work: Promise<unknown>, callback: (() => void) | undefined): Promise<void> | void {
  const done = work.then(() => undefined);
  if (callback === undefined) return done;
  void done.then(callback, callback);
}

/** The request's AbortSignal (undici also takes an EventEmitter there; we only ever pass signals). */
function abortSignalOf(options: Dispatcher.DispatchOptions): AbortSignal | undefined {
  const signal = (options as { signal?: unknown }).signal;
  return signal instanceof AbortSignal ? signal : undefined;
}

/**
 * The full URL of a request (a PAC script may look at the path of an http one). The path is
 * appended to the origin, never resolved against it: `//other/x` stays on the origin's host.
 */
function requestUrl(options: Dispatcher.DispatchOptions): URL | undefined {
  if (options.origin === undefined) return undefined;
  try {
    const origin = new URL(options.origin).origin;
    return new URL(`${origin}${options.path.startsWith('/') ? options.path : `/${options.path}`}`);
  } catch {
    return undefined;
  }
}

/** The proxy URL the user named (`http.proxy`, else the environment), or undefined. */
export function resolveProxy(settings: NetworkSettings): string | undefined {
  return configuredProxy(settings);
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
