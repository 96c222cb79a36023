// Which way a request leaves this machine: directly, through the proxy the user named (the
// `http.proxy` setting or the proxy environment variables), or through the proxy VS Code itself
// resolves for the URL (the OS proxy settings and PAC scripts of desktop VS Code). Pure
// decisions, no undici: network.ts turns them into dispatchers.

/**
 * VS Code's own proxy resolution for a URL, as the editor offers it to the `http`, `https` and
 * `fetch` it patches for extensions: a proxy URL (`http://host:port`, `https://…`, `socks://…`)
 * or undefined for a direct connection. It applies `http.noProxy`, `http.proxy`, the
 * environment and then the OS / PAC answer, and caches per origin itself.
 */
export type EditorProxyResolver = (url: string) => Promise<string | undefined>;

/** The settings the decision reads (a subset of NetworkSettings). */
export interface ProxyRouteSettings {
  proxy?: string;
  noProxy?: readonly string[];
  proxySupport?: 'off' | 'on' | 'fallback' | 'override';
  /** VS Code's resolution, when the editor offers one and `http.fetchAdditionalSupport` is on. */
  editorProxy?: EditorProxyResolver;
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * How a dispatcher routes:
 * - `direct`: `http.proxySupport` is `off`, `http.noProxy` says `*`, or nothing names a proxy;
 * - `configured`: the user's own proxy (setting, else environment), with the no-proxy list;
 * - `editor`: no proxy of the user's own, so each request asks VS Code which way to go.
 * Loopback origins are direct in every case (isLoopbackHost), whatever a setting or PAC says.
 */
export type ProxyPlan =
  | { kind: 'direct' }
  | { kind: 'configured'; proxy: string; noProxy: string[] }
  | { kind: 'editor'; resolve: EditorProxyResolver; noProxy: string[] };

export function proxyPlan(settings: ProxyRouteSettings): ProxyPlan {
  if (settings.proxySupport === 'off') return { kind: 'direct' };
  const noProxy = noProxyList(settings);
  if (noProxy.includes('*')) return { kind: 'direct' };
  const proxy = configuredProxy(settings);
  if (proxy) return { kind: 'configured', proxy, noProxy };
  if (settings.editorProxy) return { kind: 'editor', resolve: settings.editorProxy, noProxy };
  return { kind: 'direct' };
}

/** The proxy the user named: `http.proxy`, else `HTTPS_PROXY` / `HTTP_PROXY` (either case). */
export function configuredProxy(settings: ProxyRouteSettings): string | undefined {
  if (settings.proxySupport === 'off') return undefined;
  const env = settings.env ?? process.env;
  const proxy = settings.proxy?.trim() || env.https_proxy || env.HTTPS_PROXY || env.http_proxy || env.HTTP_PROXY || undefined;
  return proxy?.trim() || undefined;
}

/** `http.noProxy` plus `NO_PROXY`. (Loopback origins are never proxied, whatever they say.) */
export function noProxyList(settings: ProxyRouteSettings): string[] {
  const env = settings.env ?? process.env;
  const fromEnv = (env.no_proxy ?? env.NO_PROXY ?? '').split(/[,\s]+/);
  const entries = [...(settings.noProxy ?? []), ...fromEnv].map((e) => e.trim()).filter(Boolean);
  return [...new Set(entries)];
}

/** Where one request of an `editor` plan goes. */
export type EditorRoute = { kind: 'direct' } | { kind: 'proxy'; url: string };

/**
 * Asks VS Code about one request URL; a loopback one is direct without asking.
 * The user's no-proxy list is applied first, so `NO_PROXY` counts even where VS Code reads only
 * `http.noProxy`. Only HTTP and HTTPS proxies are followed (undici's ProxyAgent); a SOCKS answer,
 * an unreadable one or a failed resolution goes direct, as every request did before.
 */
export async function editorRoute(url: string, plan: Extract<ProxyPlan, { kind: 'editor' }>): Promise<EditorRoute> {
  const target = new URL(url);
  if (isLoopbackHost(target.hostname) || bypassesProxy(target, plan.noProxy)) return { kind: 'direct' };
  let answer: string | undefined;
  try {
    answer = await plan.resolve(target.href);
  } catch {
    return { kind: 'direct' };
  }
  const proxy = answer ? parseProxyUrl(answer) : undefined;
  return proxy ? { kind: 'proxy', url: proxy } : { kind: 'direct' };
}

function parseProxyUrl(answer: string): string | undefined {
  try {
    const proxy = new URL(answer.trim());
    return (proxy.protocol === 'http:' || proxy.protocol === 'https:') && proxy.hostname ? proxy.href.replace(/\/$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The no-proxy rules VS Code and undici share: an entry names a host or a domain (a leading `.`
 * or `*.` is optional) and optionally a port; `*` matches everything.
 */
export function bypassesProxy(target: URL, noProxy: readonly string[]): boolean {
  const host = target.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return noProxy.some((entry) => {
    if (entry === '*') return true;
    const { name, port: entryPort } = noProxyEntry(entry.toLowerCase().replace(/^\*?\./, ''));
    if (!name || (entryPort !== undefined && entryPort !== port)) return false;
    return host === name || host.endsWith(`.${name}`);
  });
}

/** `host`, `host:port`, `[v6]`, `[v6]:port`; a bare IPv6 address has no port. */
function noProxyEntry(entry: string): { name: string; port?: string } {
  const bracketed = /^\[(.+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: bracketed[1] ?? '', ...(bracketed[2] ? { port: bracketed[2] } : {}) };
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { name: withPort[1] ?? '', port: withPort[2] };
  return { name: entry };
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
