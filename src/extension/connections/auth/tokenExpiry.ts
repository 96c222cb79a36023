// When an OAuth access token is due for renewal. Used on every request of an OAuth connection,
// so it lives in the main bundle; the refresh itself is in the OAuth bundle (dist/oauth.js).
import type { OAuthTokenSet } from './credentialStore';

/**
 * When `tokens` fall due for renewal: a minute before they expire, or a fifth of their lifetime
 * before when that is shorter (short-lived tokens). Undefined when they never expire.
 */
export function refreshDueAt(tokens: OAuthTokenSet): number | undefined {
  if (tokens.expiresAt === undefined) return undefined;
  const lifetime = tokens.obtainedAt === undefined ? Infinity : tokens.expiresAt - tokens.obtainedAt;
  const margin = Math.min(60_000, Math.max(0, lifetime / 5));
  return tokens.expiresAt - margin;
}

/** Expired, or about to (see refreshDueAt): renewing early means a request never starts with a dying token. */
export function needsRefresh(tokens: OAuthTokenSet, now = Date.now()): boolean {
  const due = refreshDueAt(tokens);
  return due !== undefined && due <= now;
}
