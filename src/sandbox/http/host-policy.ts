// DNS rebinding: a web page on evil.example can point its name at 127.0.0.1 and then read and
// write the sandbox with the well-known demo tokens. Its requests still say `Host: evil.example`,
// so a sandbox on loopback answers only the loopback names. Any port goes with them: a
// rebinding page's Host always carries its own name (never a `.localhost` one, see below), and a forwarded port (ssh -L, a relay)
// arrives with the forwarder's port in Host. A sandbox bound to
// another interface is meant to be reached by names it cannot know: it accepts any Host, and
// warns on start (see `exposureWarning`).

/** True for the interfaces only this machine reaches: 127.x.x.x, ::1, localhost. */
export function isLoopbackInterface(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * `records.sandbox.localhost` and the like: RFC 6761 keeps `.localhost` names on this machine
 * (browsers resolve them to loopback themselves, never through DNS), so a rebinding page cannot
 * be served under one. A proxy maps such names to the sandbox (the `--tls` certificate covers
 * `*.sandbox.localhost`), which is how the proxy and custom-CA paths are tested.
 */
function isLocalhostSubdomain(name: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost$/.test(name);
}

export interface HostPolicy {
  /**
   * The origin (`http[s]://name:port`) absolute URLs of this request are built with, or undefined
   * when its Host header is refused. Never an unchecked Host: the tus Location is where a client
   * sends its token next.
   */
  originFor(hostHeader: string | undefined): string | undefined;
}

export function hostPolicy(bindHost: string, baseUrl: string): HostPolicy {
  if (!isLoopbackInterface(bindHost)) {
    return { originFor: () => baseUrl };
  }
  const bind = bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost;
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', bind.toLowerCase()]);
  // https under --tls: the Location must keep the scheme the client reached us with.
  const scheme = new URL(baseUrl).protocol.slice(0, -1);
  const defaultPort = scheme === 'https' ? '443' : '80';
  return {
    originFor(hostHeader) {
      const host = hostHeader?.toLowerCase();
      const match = host === undefined ? null : /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host);
      if (!match || !(names.has(match[1]) || isLocalhostSubdomain(match[1]))) return undefined;
      return `${scheme}://${match[1]}:${match[2] ?? defaultPort}`;
    },
  };
}

export function refusedHostMessage(): string {
  return (
    'The sandbox answers only requests addressed to 127.0.0.1, localhost or [::1]; ' +
    'this one named another host (a web page may be trying to reach it). Use one of those addresses, ' +
    'or start the sandbox with --host on the interface you want to serve.'
  );
}

/** Printed on start when the sandbox listens beyond loopback. */
export function exposureWarning(bindHost: string, port: number): string {
  return (
    `Warning: the sandbox listens on ${bindHost}:${port}, which other machines can reach. Its demo users' well-known tokens ` +
    '(sandbox-admin-token and the others, printed on start) are public, so anyone who reaches this address can read and change ' +
    'its data, and requests are accepted whatever their Host header. Use it only on a network you trust, or start it without --host (loopback only).'
  );
}
