// Which redirect URIs the sign-in may send a code to (decisions.md "Authentication"): loopback
// http on any port (RFC 8252 7.3), the VS Code family's URI schemes, and any URI listed with
// --redirect-uri (compared exactly).
const EDITOR_SCHEMES = new Set(['vscode:', 'vscode-insiders:', 'vscodium:', 'code-oss:']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isAllowedRedirectUri(uri: string, extraAllowed: readonly string[]): boolean {
  if (extraAllowed.includes(uri)) {
    return true;
  }
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return false;
  }
  // A fragment would swallow the code (RFC 6749 3.1.2); credentials in the URI are never legitimate.
  if (parsed.hash !== '' || parsed.username !== '' || parsed.password !== '') {
    return false;
  }
  if (EDITOR_SCHEMES.has(parsed.protocol)) {
    return parsed.host !== '';
  }
  return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
}
