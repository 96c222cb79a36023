// Pure rules about connections (no vscode), so they can be unit-tested in Node.
import { isLoopbackHost } from '../../core/api/network';
import type { AuthKind } from './connectionInfo';

export type BaseUrlProblem = 'empty' | 'notUrl' | 'notHttp' | 'hasQueryOrHash' | 'hasCredentials';

/** Why `input` cannot be a connection's base URL, or undefined when it can. */
export function baseUrlProblem(input: string): BaseUrlProblem | undefined {
  const trimmed = input.trim();
  if (trimmed === '') return 'empty';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'notUrl';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'notHttp';
  if (url.search !== '' || url.hash !== '') return 'hasQueryOrHash';
  // Credentials in a URL end up in logs and history; they belong in SecretStorage.
  if (url.username !== '' || url.password !== '') return 'hasCredentials';
  return undefined;
}

/** Loopback addresses, where plain http never leaves the machine (e.g. the local sandbox): the proxy's rule too. */
export function isLoopbackUrl(url: URL): boolean {
  return isLoopbackHost(url.hostname);
}

/**
 * True when the connection would send its auth-code or bearer token unencrypted: a plain
 * http:// address that is not loopback. (OAuth connections refuse such addresses on their own.)
 */
export function sendsTokenInClear(connection: { baseUrl: string; authKind: AuthKind }): boolean {
  if (connection.authKind === 'oauth') return false;
  let url: URL;
  try {
    url = new URL(connection.baseUrl);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && !isLoopbackUrl(url);
}

/**
 * The canonical form the client expects: no trailing slash and no trailing `/api`, because
 * people often paste the API root they see in documentation.
 */
export function normalizeBaseUrl(input: string): string {
  const url = new URL(input.trim());
  let path = url.pathname.replace(/\/+$/, '');
  if (/\/api$/i.test(path)) path = path.slice(0, -'/api'.length);
  return `${url.protocol}//${url.host}${path}`;
}

/**
 * An OAuth issuer as entered: trimmed, or undefined when empty (the service's advertised issuer
 * is used then). Otherwise kept exactly, since discovery compares issuers character by character.
 */
export function normalizeIssuer(input: string | undefined): string | undefined {
  const trimmed = input?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/** The full Authorization header value for a stored token of the given kind. */
export function authorizationHeader(kind: AuthKind, token: string): string {
  return kind === 'authCode' ? `SVC_AUTH_CODE ${token}` : `Bearer ${token}`;
}

/** A token pasted with its scheme (as copied from a curl example) is stored without it. */
export function stripAuthScheme(token: string): string {
  return token.trim().replace(/^(SVC_AUTH_CODE|Bearer)\s+/i, '');
}

export function isAuthKind(value: unknown): value is AuthKind {
  return value === 'authCode' || value === 'bearer' || value === 'oauth';
}

/** A unique connection id that is stable across renames. */
export function newConnectionId(existing: readonly string[], random: () => string = randomSuffix): string {
  for (;;) {
    const id = `conn-${random()}`;
    if (!existing.includes(id)) return id;
  }
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** A name not yet used: "Name", "Name (2)", "Name (3)", … */
export function uniqueConnectionName(wanted: string, existing: readonly string[]): string {
  if (!existing.includes(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const candidate = `${wanted} (${n})`;
    if (!existing.includes(candidate)) return candidate;
  }
}
