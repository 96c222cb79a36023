// What the extension is registered as at an identity provider, and what it asks for. Shared by
// the main bundle (session scopes) and the OAuth bundle (authorization requests).
export const OAUTH_CLIENT_ID = 'records-vscode';
/** What the extension asks for; `offline_access` is added where the provider lists it (it is how many issue refresh tokens). */
export const OAUTH_SCOPES = ['openid', 'profile', 'email', 'apiv2_ai'];
