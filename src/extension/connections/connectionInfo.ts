/** How a connection authenticates; decides the Authorization header scheme. */
export type AuthKind = 'authCode' | 'bearer' | 'oauth';

/**
 * A named connection to a Records Service. Stored in the extension's global state (never in
 * settings, so a repository's workspace settings cannot redirect tokens); secrets live only in
 * SecretStorage under keys derived from `id`.
 */
export interface ConnectionInfo {
  id: string;
  name: string;
  baseUrl: string;
  authKind: AuthKind;
  pinnedWorkspaces?: string[];
  /** True for the connection the local sandbox launcher creates and maintains. */
  sandbox?: boolean;
  /**
   * OAuth only: the OpenID issuer to sign in at, when the service's own discovery document does
   * not lead there (the provider is served elsewhere). Unset: the issuer the service advertises.
   */
  issuer?: string;
}
