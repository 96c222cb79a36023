// What the connection commands do (add, edit, remove, select, sign in and out, rename, copy URL):
// prompts and rules, in the bundle dist/connectionCommands.js, loaded when one of them first runs.
// The commands themselves are registered at activation by connectionCommands.ts.
import * as vscode from 'vscode';
import type { RecordsOAuthProvider } from './auth/oauthProvider';
import { addConnectionArgs, connectionIdFromArg, signInArgs } from './connectionArgs';
import type { AuthKind, ConnectionInfo } from './connectionInfo';
import type { ConnectionManager } from './connectionManager';
import { promptAuthKind, promptBaseUrl, promptIssuer, promptName, promptToken, baseUrlProblemText, issuerProblemText } from './connectionPrompts';
import { baseUrlProblem, sendsTokenInClear, stripAuthScheme } from './connectionRules';

export class ConnectionCommands {
  constructor(
    private readonly connections: ConnectionManager,
    private readonly oauth: RecordsOAuthProvider,
  ) {}

  /** Returns the new connection, or undefined when the user cancelled. */
  async add(arg: unknown): Promise<ConnectionInfo | undefined> {
    const given = addConnectionArgs(arg);
    const title = (n: number): string => vscode.l10n.t('Add Connection ({0}/4)', n);
    const name = given.name ?? (await promptName(title(1)));
    if (name === undefined) return undefined;
    const baseUrl = given.baseUrl ?? (await promptBaseUrl(title(2)));
    if (baseUrl === undefined) return undefined;
    const problem = baseUrlProblem(baseUrl);
    if (problem) throw new Error(baseUrlProblemText(problem));
    const authKind = given.authKind ?? (await promptAuthKind(title(3)));
    if (authKind === undefined) return undefined;
    if (given.issuer !== undefined && given.issuer.trim() !== '') {
      const problem = baseUrlProblem(given.issuer);
      if (problem) throw new Error(issuerProblemText(problem));
    }
    const allowPlainHttp = given.allowPlainHttp === true || (await confirmPlainHttp(baseUrl, authKind));
    if (allowPlainHttp === undefined) return undefined;
    // A token is asked for before the connection exists: the views that list it at once must
    // never read it signed out (requests without the token, a "sign in again" message) while
    // the last prompt is open. Escape at that step adds it signed out, to sign in later.
    let token: string | undefined;
    if (!given.skipSignIn && authKind !== 'oauth') {
      const typed = given.token ?? (await promptToken(title(4), authKind));
      token = typed === undefined ? undefined : stripAuthScheme(typed);
    }
    const connection = await this.connections.add(
      {
        name,
        baseUrl,
        authKind,
        ...(given.issuer ? { issuer: given.issuer } : {}),
        ...(allowPlainHttp ? { allowPlainHttp } : {}),
      },
      token,
    );
    // OAuth signs in at the provider for a connection that exists; it is selected once signed
    // in (or once the user gave up), so the views never show it half made.
    try {
      if (!given.skipSignIn && authKind === 'oauth') await this.signIn(connection.id, {}, title(4));
    } finally {
      if (given.select !== false) await this.connections.select(connection.id);
    }
    return this.connections.get(connection.id);
  }

  async edit(arg: unknown, patchArg: unknown): Promise<ConnectionInfo | undefined> {
    const connection = await this.resolve(arg, vscode.l10n.t('Choose the connection to edit'));
    if (!connection) return undefined;
    if (typeof patchArg === 'object' && patchArg !== null) {
      const patch = patchArg as Partial<Pick<ConnectionInfo, 'name' | 'baseUrl' | 'pinnedWorkspaces' | 'issuer'>>;
      if (patch.baseUrl !== undefined) {
        const problem = baseUrlProblem(patch.baseUrl);
        if (problem) throw new Error(baseUrlProblemText(problem));
      }
      if (patch.issuer !== undefined && patch.issuer.trim() !== '') {
        const problem = baseUrlProblem(patch.issuer);
        if (problem) throw new Error(issuerProblemText(problem));
      }
      return this.connections.update(connection.id, patch);
    }
    const title = (n: number): string => vscode.l10n.t('Edit Connection ({0}/3)', n);
    const name = await promptName(title(1), connection.name);
    if (name === undefined) return undefined;
    const baseUrl = await promptBaseUrl(title(2), connection.baseUrl);
    if (baseUrl === undefined) return undefined;
    const authKind = await promptAuthKind(title(3), connection.authKind);
    if (authKind === undefined) return undefined;
    // Only OAuth has an issuer; asked after the three common steps so their numbering stays.
    const issuer = authKind === 'oauth' ? await promptIssuer(vscode.l10n.t('Edit Connection: OAuth issuer'), connection.issuer) : undefined;
    if (authKind === 'oauth' && issuer === undefined) return undefined;
    const allowPlainHttp = await confirmPlainHttp(baseUrl, authKind);
    if (allowPlainHttp === undefined) return undefined;
    const next = await this.connections.update(connection.id, { name: name.trim(), baseUrl, authKind, allowPlainHttp, ...(issuer === undefined ? {} : { issuer }) });
    if (!(await this.connections.hasCredentials(next.id))) {
      const signIn = vscode.l10n.t('Sign In');
      const choice = await vscode.window.showInformationMessage(
        vscode.l10n.t('The address or sign-in method of "{0}" changed, so its credentials were removed. Sign in to use it.', next.name),
        signIn,
      );
      if (choice === signIn) await this.signIn(next.id, {});
    }
    return next;
  }

  async remove(arg: unknown, options: unknown): Promise<boolean> {
    const connection = await this.resolve(arg, vscode.l10n.t('Choose the connection to remove'));
    if (!connection) return false;
    const skipConfirm = typeof options === 'object' && options !== null && (options as { confirm?: unknown }).confirm === false;
    if (!skipConfirm) {
      const remove = vscode.l10n.t('Remove');
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('Remove the connection "{0}" and forget its credentials?', connection.name),
        { modal: true },
        remove,
      );
      if (choice !== remove) return false;
    }
    await this.connections.remove(connection.id);
    return true;
  }

  async select(arg: unknown): Promise<string | undefined> {
    const id = connectionIdFromArg(arg);
    if (id !== undefined) {
      await this.connections.select(id);
      return this.connections.activeId;
    }
    const addItem = { label: `$(add) ${vscode.l10n.t('Add Connection…')}`, id: undefined as string | undefined };
    const items = this.connections.list().map((c) => ({
      label: c.id === this.connections.activeId ? `$(check) ${c.name}` : c.name,
      description: c.baseUrl,
      id: c.id as string | undefined,
    }));
    const picked = await vscode.window.showQuickPick([...items, addItem], { placeHolder: vscode.l10n.t('Select the Records connection to use') });
    if (!picked) return undefined;
    if (picked.id === undefined) {
      const added = await this.add(undefined);
      return added?.id;
    }
    await this.connections.select(picked.id);
    return picked.id;
  }

  async signIn(arg: unknown, optionsArg: unknown, title?: string): Promise<boolean> {
    const connection = await this.resolve(arg, vscode.l10n.t('Choose the connection to sign in to'));
    if (!connection) return false;
    const options = signInArgs(optionsArg);
    if (connection.authKind === 'oauth') {
      await this.oauth.signIn(connection.id, options.loginHint);
      return true;
    }
    const token = options.token ?? (await promptToken(title ?? vscode.l10n.t('Sign In to {0}', connection.name), connection.authKind));
    if (token === undefined) return false;
    await this.connections.setToken(connection.id, stripAuthScheme(token));
    return true;
  }

  /** Renames a connection (the name `@connection` lines refer to: they are not rewritten). */
  async rename(arg: unknown, nameArg: unknown): Promise<ConnectionInfo | undefined> {
    const connection = await this.resolve(arg, vscode.l10n.t('Choose the connection to rename'));
    if (!connection) return undefined;
    const name = typeof nameArg === 'string' ? nameArg : await promptName(vscode.l10n.t('Rename Connection'), connection.name);
    if (name === undefined || name.trim() === '' || name.trim() === connection.name) return undefined;
    return this.connections.update(connection.id, { name: name.trim() });
  }

  /** Copies the service address (never a secret) to the clipboard. */
  async copyUrl(arg: unknown): Promise<string | undefined> {
    const connection = await this.resolve(arg, vscode.l10n.t('Choose the connection whose address to copy'));
    if (!connection) return undefined;
    await vscode.env.clipboard.writeText(connection.baseUrl);
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', connection.baseUrl), 3000);
    return connection.baseUrl;
  }

  async signOut(arg: unknown): Promise<boolean> {
    const connection = await this.resolve(arg, vscode.l10n.t('Choose the connection to sign out of'));
    if (!connection) return false;
    if (connection.authKind === 'oauth') await this.oauth.removeSession(connection.id);
    await this.connections.signOut(connection.id);
    return true;
  }

  /** The connection named by the argument, else the only one, else the user's pick. */
  private async resolve(arg: unknown, placeHolder: string): Promise<ConnectionInfo | undefined> {
    const id = connectionIdFromArg(arg);
    if (id !== undefined) {
      const found = this.connections.get(id);
      if (!found) throw new Error(vscode.l10n.t('The connection no longer exists. Refresh the Records view and try again.'));
      return found;
    }
    const all = this.connections.list();
    if (all.length === 0) {
      const add = vscode.l10n.t('Add Connection…');
      const choice = await vscode.window.showInformationMessage(vscode.l10n.t('There is no Records connection yet.'), add);
      if (choice === add) return this.add(undefined);
      return undefined;
    }
    if (all.length === 1) return all[0];
    const picked = await vscode.window.showQuickPick(
      all.map((c) => ({ label: c.name, description: c.baseUrl, connection: c })),
      { placeHolder },
    );
    return picked?.connection;
  }
}

/**
 * Asks before a token may travel over plain http to a remote address. False when there is
 * nothing to ask (https or loopback), true when the user allowed it, undefined when cancelled.
 */
async function confirmPlainHttp(baseUrl: string, authKind: AuthKind): Promise<boolean | undefined> {
  if (!sendsTokenInClear({ baseUrl, authKind })) return false;
  const allow = vscode.l10n.t('Allow Plain HTTP');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} is a plain http address: the token would travel unencrypted and anyone on the network could read and reuse it.', baseUrl),
    { modal: true, detail: vscode.l10n.t('Use the https:// address of the service if it has one. Allow plain http only on a network you trust; the connection is then marked with a warning.') },
    allow,
  );
  return choice === allow ? true : undefined;
}
