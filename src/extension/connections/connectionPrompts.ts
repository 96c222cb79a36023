import * as vscode from 'vscode';
import type { AuthKind } from './connectionInfo';
import { baseUrlProblem, type BaseUrlProblem } from './connectionRules';

/** The sentence shown under the base URL box for each problem. */
export function baseUrlProblemText(problem: BaseUrlProblem): string {
  switch (problem) {
    case 'empty':
      return vscode.l10n.t('Enter the address of the Records Service, for example https://records.example.com.');
    case 'notUrl':
      return vscode.l10n.t('This is not a valid URL. Enter it with its scheme, for example https://records.example.com.');
    case 'notHttp':
      return vscode.l10n.t('Only http:// and https:// addresses are supported.');
    case 'hasQueryOrHash':
      return vscode.l10n.t('Remove the query (?…) and fragment (#…) from the address.');
    case 'hasCredentials':
      return vscode.l10n.t('Remove the user name and password from the address; you will enter the token in the next step.');
  }
}

export async function promptName(step: string, value?: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: step,
    prompt: vscode.l10n.t('A name for this connection, shown in the Records view and the status bar'),
    value,
    placeHolder: vscode.l10n.t('Production'),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter a name for the connection.') : undefined),
  });
}

export async function promptBaseUrl(step: string, value?: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: step,
    prompt: vscode.l10n.t('The base URL of the Records Service (without /api)'),
    value,
    placeHolder: 'https://records.example.com',
    ignoreFocusOut: true,
    validateInput: (v) => {
      const problem = baseUrlProblem(v);
      return problem === undefined ? undefined : baseUrlProblemText(problem);
    },
  });
}

/** The sentence for an issuer URL that cannot be used. */
export function issuerProblemText(problem: BaseUrlProblem): string {
  switch (problem) {
    case 'notHttp':
    case 'notUrl':
    case 'empty':
      return vscode.l10n.t('Enter the issuer as an https:// URL, exactly as the identity provider names it (for example https://login.example.com/realms/records).');
    case 'hasQueryOrHash':
      return vscode.l10n.t('Remove the query (?…) and fragment (#…) from the issuer URL.');
    case 'hasCredentials':
      return vscode.l10n.t('Remove the user name and password from the issuer URL.');
  }
}

/** Optional: an empty answer means "the issuer the service advertises". Undefined when cancelled. */
export async function promptIssuer(title: string, value?: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('The OpenID issuer to sign in at. Leave empty to use the one the Records Service advertises.'),
    value: value ?? '',
    placeHolder: 'https://login.example.com/realms/records',
    ignoreFocusOut: true,
    validateInput: (v) => {
      if (v.trim() === '') return undefined;
      const problem = baseUrlProblem(v);
      return problem === undefined ? undefined : issuerProblemText(problem);
    },
  });
}

export async function promptAuthKind(step: string, current?: AuthKind): Promise<AuthKind | undefined> {
  const items: (vscode.QuickPickItem & { authKind: AuthKind })[] = [
    { authKind: 'authCode', label: vscode.l10n.t('Auth code'), detail: vscode.l10n.t('An integration user\'s token, sent as "SVC_AUTH_CODE <token>"') },
    { authKind: 'bearer', label: vscode.l10n.t('Bearer token'), detail: vscode.l10n.t('A JWT access token, sent as "Bearer <token>"') },
    { authKind: 'oauth', label: vscode.l10n.t('OAuth 2.0 (sign in with the browser)'), detail: vscode.l10n.t('Sign in as yourself; tokens refresh automatically') },
  ];
  for (const item of items) item.picked = item.authKind === current;
  const picked = await vscode.window.showQuickPick(items, { title: step, placeHolder: vscode.l10n.t('How should the extension authenticate?'), ignoreFocusOut: true });
  return picked?.authKind;
}

export async function promptToken(title: string, kind: AuthKind): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt:
      kind === 'authCode'
        ? vscode.l10n.t('Paste the auth code token. It is stored in VS Code\'s secret storage, never in settings.')
        : vscode.l10n.t('Paste the bearer token (JWT). It is stored in VS Code\'s secret storage, never in settings.'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter the token, or press Escape to sign in later.') : undefined),
  });
}
