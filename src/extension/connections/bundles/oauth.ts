// Entry of dist/oauth.js: the OAuth flow (discovery, authorization code + PKCE, refresh and its
// back-off, revocation, the messages of failed sign-ins and ended sessions), loaded on the first
// sign-in, due refresh or sign-out of an OAuth connection. It requires dist/oauth4webapi.js.
export { refreshTokens, revokeTokens, startAuthorization } from '../auth/oauthClient';
export { sessionEndedText, signInFailureText } from '../auth/oauthMessages';
export { TokenRefresher } from '../auth/tokenRefresher';
