// What a signature-checked token of an external issuer must also be before the sandbox acts on
// it (docs/sandbox.md, "An external OpenID issuer"): an access token meant for this API, naming its user
// in a way the issuer vouches for. Pure functions of the token's header and claims.
import type { JWTHeaderParameters, JWTPayload } from 'jose' with { 'resolution-mode': 'import' };
import type { SandboxUser } from '../service/contract';

/** RFC 9068's type of JWT access tokens; RFC 7515 lets `application/` be left out, without case. */
const ACCESS_TOKEN_TYPES = new Set(['at+jwt', 'application/at+jwt']);
/** Untyped JWTs: Keycloak, Entra ID and Okta access tokens say only `JWT`, or nothing. */
const GENERIC_TYPES = new Set(['jwt', 'application/jwt']);
/** Claims OpenID Connect defines for ID tokens only (hashes of the code, access token, state). */
const ID_TOKEN_HASHES = ['at_hash', 'c_hash', 's_hash'];

/**
 * Why the token is not an access token, or undefined when it may be one. An ID token says who
 * signed in to some client; accepting it would let any client of the issuer call this API.
 * Refused: a `typ` header other than `at+jwt` or plain `JWT` (refresh, logout, ID tokens);
 * a `typ` claim other than `Bearer` (Keycloak marks its ID tokens `ID`); the ID token hashes;
 * a `nonce`, unless the token is typed as an access token (Keycloak before 25 copied the
 * nonce into its access tokens, which say `typ: "Bearer"`).
 */
export function notAnAccessToken(header: JWTHeaderParameters, payload: JWTPayload): string | undefined {
  const headerType = typeof header.typ === 'string' ? header.typ.toLowerCase() : undefined;
  if (headerType !== undefined && !ACCESS_TOKEN_TYPES.has(headerType) && !GENERIC_TYPES.has(headerType)) {
    return `its type is "${header.typ}"`;
  }
  const claimType = typeof payload.typ === 'string' ? payload.typ : undefined;
  if (claimType !== undefined && claimType.toLowerCase() !== 'bearer') return `its "typ" claim is "${claimType}"`;
  const hash = ID_TOKEN_HASHES.find((name) => Object.hasOwn(payload, name));
  if (hash) return `it carries "${hash}", a claim of ID tokens`;
  const typedAsAccessToken = (headerType !== undefined && ACCESS_TOKEN_TYPES.has(headerType)) || claimType !== undefined;
  if (Object.hasOwn(payload, 'nonce') && !typedAsAccessToken) return 'it carries "nonce", a claim of ID tokens';
  return undefined;
}

/** Whether one of the token's `aud` values is accepted. `azp` never stands in for it. */
export function audienceAccepted(payload: JWTPayload, audiences: readonly string[]): boolean {
  const given = typeof payload.aud === 'string' ? [payload.aud] : Array.isArray(payload.aud) ? payload.aud : [];
  return given.some((aud) => audiences.includes(aud));
}

export type UserMapping = { user: SandboxUser } | { problem: string };

/**
 * The token's sandbox user. With `userClaim`, that claim's string value is a user's id, and
 * nothing else maps (so `--oidc-user-claim sub` maps a subject that is a user id, never one that
 * is an e-mail). Without it, the `email` claim maps, compared without case, and only with
 * `email_verified: true`: an issuer that lets people type any e-mail must not make them admin.
 * Answers name only what the token itself holds, never another user's e-mail or id.
 */
export function mapUser(payload: JWTPayload, users: readonly SandboxUser[], userClaim: string | undefined, issuer: string): UserMapping {
  const valid = `The token from ${issuer} is valid, but`;
  if (userClaim !== undefined) {
    const value = Object.hasOwn(payload, userClaim) ? payload[userClaim] : undefined;
    if (typeof value !== 'string' || value === '') {
      return { problem: `${valid} it has no "${userClaim}" claim, which names the sandbox user (--oidc-user-claim). Have the issuer put the user's sandbox id in that claim.` };
    }
    const user = users.find((u) => u.id === value);
    return user ? { user } : { problem: `${valid} its "${userClaim}" claim "${value}" is not the id of a sandbox user. Have the issuer put the user's sandbox id in that claim.` };
  }
  const email = typeof payload.email === 'string' ? payload.email : undefined;
  if (email === undefined) {
    return { problem: `${valid} it has no "email" claim, so it names no sandbox user. Have the issuer put the user's e-mail, marked verified, in its access tokens, or start the sandbox with --oidc-user-claim.` };
  }
  if (payload.email_verified !== true) {
    return { problem: `${valid} its e-mail "${email}" is not verified (the token needs "email_verified": true), so it names no sandbox user. Verify the e-mail at the issuer, or start the sandbox with --oidc-user-claim.` };
  }
  const wanted = email.toLowerCase();
  const user = users.find((u) => u.email.toLowerCase() === wanted);
  return user ? { user } : { problem: `${valid} its e-mail "${email}" is not a sandbox user. Sign in at the issuer as one of the sandbox's demo users (docs/sandbox.md, "An external OpenID issuer").` };
}
