import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636: a verifier is 43–128 characters of the unreserved set. */
export function isValidCodeVerifier(verifier: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(verifier);
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  if (!isValidCodeVerifier(verifier)) {
    return false;
  }
  const expected = Buffer.from(s256Challenge(verifier));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
