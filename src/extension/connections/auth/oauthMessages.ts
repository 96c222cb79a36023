// The sentences shown when an OAuth sign-in fails or a session ends; each says what to do next.
import * as vscode from 'vscode';
import { isOAuthFailure } from './oauthFailure';
import type { SessionEnd } from './tokenRefresher';

/** Why "Records: Sign In" did not finish, for an OAuthFailure of any kind (other errors keep their message). */
export function signInFailureText(connectionName: string, error: unknown): string | undefined {
  if (!isOAuthFailure(error)) return undefined;
  switch (error.kind) {
    case 'denied':
      return vscode.l10n.t('Sign-in to {0} was declined at the identity provider. Run "Records: Sign In" again and allow access when asked.', connectionName);
    case 'loginRequired':
      return vscode.l10n.t('The identity provider of {0} needs you to sign in on its page. Run "Records: Sign In" again and complete the sign-in in the browser.', connectionName);
    case 'invalidGrant':
      return vscode.l10n.t('The identity provider of {0} did not accept the sign-in code (it expired or was already used). Run "Records: Sign In" again.', connectionName);
    case 'unsupported':
      return vscode.l10n.t('The identity provider of {0} cannot be used: {1} Ask its administrator, or set the connection\'s OAuth issuer with "Records: Edit Connection".', connectionName, error.message);
    case 'unreachable':
      return vscode.l10n.t('Could not reach the identity provider of {0}: {1}. Check your network and the connection\'s address, then run "Records: Sign In" again.', connectionName, error.message);
    case 'rejected':
      return vscode.l10n.t('The identity provider of {0} refused the sign-in: {1}. Check the connection\'s OAuth issuer with "Records: Edit Connection", then sign in again.', connectionName, error.message);
  }
}

/** Shown once when a session can no longer be renewed. */
export function sessionEndedText(connectionName: string, reason: SessionEnd): string {
  if (reason.kind === 'noRefreshToken') {
    return vscode.l10n.t('Your sign-in to {0} has expired, and its identity provider does not let it be renewed. Sign in again to keep working.', connectionName);
  }
  const detail = isOAuthFailure(reason.error) ? reason.error.message : String(reason.error);
  return vscode.l10n.t('Your sign-in to {0} has ended: the identity provider no longer accepts it ({1}). Sign in again to keep working.', connectionName, detail);
}
