// When an OAuth access token is due for renewal. Used on every request of an OAuth connection,
// so it lives in the main bundle; the refresh itself is in the OAuth bundle (dist/oauth.js).
import type { OAuthTokenSet } from './credentialStore';

/**
 * Expired, or about to: refresh a minute early so a request never starts with a dying token,
 * or a fifth of the lifetime early when that is shorter (short-lived tokens).
 */
export function needsRefresh(tokens: OAuthTokenSet, now = Date.now()): boolean {
  if (tokens.expiresAt === undefined) return false;
  const lifetime = tokens.obtainedAt === undefined ? Infinity : tokens.expiresAt - tokens.obtainedAt;
  const margin = Math.min(60_000, Math.max(0, lifetime / 5));
  return tokens.expiresAt - margin <= now;
}
