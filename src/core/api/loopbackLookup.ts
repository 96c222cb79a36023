// `localhost` and `*.localhost` count as loopback by name (proxyRoute.ts's isLoopbackHost), so a
// token may go to them over plain http. RFC 6761 keeps those names on this machine, but the
// system resolver does not have to: asked through DNS, `records.localhost` may answer anything.
// So the dispatcher never asks: those names connect to 127.0.0.1 or ::1 (as browsers do).
import type * as Dns from 'node:dns';
import type { LookupFunction } from 'node:net';

/** `localhost` or a name under it (`records.localhost`), trailing dot or not. */
export function isLocalhostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

function dns(): typeof Dns {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:dns') as typeof Dns;
}

/** net.connect's `lookup`: a localhost name is this machine's loopback address; any other name goes to the system resolver. */
export const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  if (!isLocalhostName(hostname)) {
    dns().lookup(hostname, options, callback as (error: NodeJS.ErrnoException | null, address: string | Dns.LookupAddress[], family?: number) => void);
    return;
  }
  const addresses = options.family === 6 ? [{ address: '::1', family: 6 }] : options.family === 4 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }];
  if (options.all) (callback as unknown as (error: null, addresses: Dns.LookupAddress[]) => void)(null, addresses);
  else callback(null, addresses[0]!.address, addresses[0]!.family);
};
