// The one error type of the OAuth flow; no dependencies, so both the main bundle and the OAuth
// bundle use it.
/**
 * Why an OAuth step failed, in terms the UI can turn into a sentence with a next step:
 * - `denied`: the user or the provider refused (`access_denied`);
 * - `loginRequired`: the provider wants an interactive sign-in (`login_required`, `interaction_required`, `consent_required`);
 * - `invalidGrant`: a code or refresh token is no longer accepted (`invalid_grant`);
 * - `rejected`: any other OAuth error, or an answer that failed validation;
 * - `unsupported`: the provider lacks what the extension needs (PKCE S256, an authorization endpoint);
 * - `unreachable`: network failure, timeout or a 5xx (worth retrying later).
 */
export type OAuthFailureKind = 'denied' | 'loginRequired' | 'invalidGrant' | 'rejected' | 'unsupported' | 'unreachable';

export class OAuthFailure extends Error {
  constructor(
    readonly kind: OAuthFailureKind,
    message: string,
    /** The OAuth `error` code, when the provider sent one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'OAuthFailure';
  }
}

/** Recognises an OAuthFailure from any bundle (the OAuth code is loaded as a bundle of its own). */
export function isOAuthFailure(error: unknown): error is OAuthFailure {
  return error instanceof Error && error.name === 'OAuthFailure' && typeof (error as Partial<OAuthFailure>).kind === 'string';
}

/** A failed refresh that no retry will fix: the session is over and the user must sign in again. */
export function endsSession(error: unknown): boolean {
  return isOAuthFailure(error) && error.kind !== 'unreachable';
}

