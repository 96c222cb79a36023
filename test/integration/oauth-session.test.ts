// An OAuth session's whole life in the real editor, against two OpenID Providers: panva's
// oidc-provider (OpenID Certified; the sandbox is started with --oidc-issuer pointing at it) and
// the sandbox's own provider. Sign in through the extension's flow (the provider's pages are
// filled in over HTTP), read the tree, wait past the access token's lifetime and read again (a
// refresh, counted at the provider), revoke the grant at the provider and check the extension
// asks once to sign in again, sign in again, then sign out and check the session was revoked.
// Agent mode's MCP server holds a copy of the token: once it falls due, VS Code is told to start
// the server again, with the fresh one.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { OAuthTokenSet } from '../../src/extension/connections/auth/credentialStore';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { createMcpServerDefinitionProvider } from '../../src/extension/agents/mcpServerDefinitions';
import { createRecordsTreeProvider } from '../../src/extension/browse/tree/registerTree';
import type { RecordsTreeNode } from '../../src/extension/shared/treeNodes';
import type * as IssuerModule from '../support/host/oidc-issuer.mjs' with { 'resolution-mode': 'import' };
import type { TestIssuer } from '../support/host/oidc-issuer.mjs' with { 'resolution-mode': 'import' };
import { startBundledSandbox } from '../support/bundledSandbox';
import { completeAuthorization } from '../support/oidcBrowser';
import { repositoryRoot } from './support/environment';
import { MemoryMemento } from '../support/memoryMemento';

/** Short, so the test sees refreshes happen; the extension refreshes a fifth of it before expiry. */
const ACCESS_TOKEN_SECONDS = 15;

interface Issuer {
  /** The connection's base URL (a sandbox). */
  baseUrl: string;
  /** The external issuer's URL, when the sandbox trusts one. */
  issuerUrl?: string;
  /** Successful refresh_token grants so far, counted at the provider. */
  refreshes(): number;
  /** What an administrator does to end the user's sessions at the provider. */
  revokeGrant(tokens: OAuthTokenSet): Promise<void>;
  close(): Promise<void>;
}

async function withOidcProvider(): Promise<Issuer> {
  const module = pathToFileURL(join(repositoryRoot(), 'test/support/host/oidc-issuer.mjs')).href;
  const { startTestIssuer } = (await import(module)) as typeof IssuerModule;
  const issuer: TestIssuer = await startTestIssuer({ accessTokenSeconds: ACCESS_TOKEN_SECONDS });
  const sandbox = await startBundledSandbox({ oidcIssuer: issuer.url, records: 20 });
  return {
    baseUrl: sandbox.url,
    issuerUrl: issuer.url,
    refreshes: () => issuer.counts.refreshes,
    revokeGrant: () => issuer.revokeAllGrants(),
    async close() {
      await sandbox.dispose();
      await issuer.close();
    },
  };
}

async function withSandboxProvider(): Promise<Issuer> {
  const lines: string[] = [];
  const sandbox = await startBundledSandbox({ accessTokenSeconds: ACCESS_TOKEN_SECONDS, log: (line) => lines.push(line), records: 20 });
  return {
    baseUrl: sandbox.url,
    // Sign-ins post to the token endpoint too; the test reads differences over spans without one.
    refreshes: () => lines.filter((line) => line.startsWith('POST /connect/token 200')).length,
    async revokeGrant(tokens) {
      const response = await fetch(`${sandbox.url}/connect/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: tokens.refreshToken ?? '', client_id: 'records-vscode' }),
      });
      assert.equal(response.status, 200);
    },
    async close() {
      await sandbox.dispose();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

for (const [label, start] of [
  ['oidc-provider (external issuer)', withOidcProvider],
  ['the sandbox\'s own provider', withSandboxProvider],
] as const) {
  describe(`OAuth session against ${label}`, function () {
    this.timeout(120_000);
    let api: RecordsExtensionApi;
    let issuer: Issuer;
    let connection: ConnectionInfo;
    const asked: { connectionId: string; message: string }[] = [];
    const subscriptions: vscode.Disposable[] = [];

    before(async () => {
      api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
      issuer = await start();
      connection = (await vscode.commands.executeCommand<ConnectionInfo>('records.addConnection', {
        name: `OAuth ${label}`,
        baseUrl: issuer.baseUrl,
        authKind: 'oauth',
        skipSignIn: true,
        select: false,
      }))!;
      subscriptions.push(api.onDidAskToSignIn((event) => asked.push(event)));
      // Plays the browser: the provider's login and consent pages, then the editor's redirect.
      api.setExternalOpener(async (url) => {
        const landed = await completeAuthorization(url, { login: 'ada' });
        api.handleAuthCallback(
          vscode.Uri.from({ scheme: vscode.env.uriScheme, authority: 'records-tools.records-service', path: '/auth-callback', query: landed.searchParams.toString() }),
        );
        return true;
      });
    });

    after(async () => {
      api?.setExternalOpener(undefined);
      for (const s of subscriptions) s.dispose();
      if (connection) await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
      await issuer?.close();
    });

    const tokens = async (): Promise<OAuthTokenSet> => {
      const stored = await api.connections.credentials.getOAuth(connection.id);
      assert.ok(stored, 'signed in');
      return stored;
    };
    /** Until the extension considers the current access token due for refresh. */
    const waitUntilDue = async (): Promise<void> => {
      const { expiresAt, obtainedAt } = await tokens();
      await sleep(expiresAt! - (expiresAt! - obtainedAt!) / 5 - Date.now() + 500);
    };
    const treeChildren = async (): Promise<RecordsTreeNode[]> => {
      const provider = createRecordsTreeProvider(api.connections, new MemoryMemento());
      try {
        const root = (await provider.getChildren()).find((n) => n.kind === 'connection' && n.connectionId === connection.id);
        assert.ok(root, 'the connection is a root row');
        return await provider.getChildren(root);
      } finally {
        provider.dispose();
      }
    };
    const currentUser = async () => (await api.connections.client(connection.id)).currentUser();

    it('signs in through the provider and reads the tree', async () => {
      assert.equal(await vscode.commands.executeCommand('records.signIn', connection.id), true);
      assert.match((await api.connections.authorization(connection.id)) ?? '', /^Bearer ey/);
      const children = await treeChildren();
      assert.ok(children.some((n) => n.kind === 'workspace'), `workspaces in the tree: ${children.map((n) => n.kind).join(', ')}`);
      assert.equal((await currentUser()).name, 'Ada Admin');
    });

    it('refreshes the access token once it is due, and keeps reading; the MCP server is then started again with the fresh one', async () => {
      const before = await tokens();
      assert.ok(before.refreshToken, 'the provider issued a refresh token');
      // Agent mode's MCP server for this connection, started (resolved) with the current token.
      const previous = api.connections.activeId;
      await api.connections.select(connection.id);
      const extension = vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!;
      const mcp = createMcpServerDefinitionProvider({ asAbsolutePath: (path) => join(extension.extensionPath, path), extension }, api.connections);
      const cancel = new vscode.CancellationTokenSource().token;
      try {
        const [first] = (await mcp.provideMcpServerDefinitions(cancel)) ?? [];
        assert.ok(first, 'a server for the connection');
        const started = (await mcp.resolveMcpServerDefinition!(first, cancel))!;
        assert.equal(started.env.RECORDS_AUTHORIZATION, await api.connections.authorization(connection.id));
        let changes = 0;
        const listening = mcp.onDidChangeMcpServerDefinitions!(() => changes++);
        const refreshesBefore = issuer.refreshes();
        await waitUntilDue();
        listening.dispose();
        assert.ok(changes >= 1, 'the definition changed once the token the server holds fell due');

        assert.equal((await currentUser()).name, 'Ada Admin');
        assert.ok((await treeChildren()).some((n) => n.kind === 'workspace'));
        assert.equal(issuer.refreshes() - refreshesBefore, 1, 'refreshes counted at the provider');
        assert.notEqual((await tokens()).accessToken, before.accessToken);

        // VS Code starts the changed definition again: the server gets the fresh token.
        const [next] = (await mcp.provideMcpServerDefinitions(cancel)) ?? [];
        assert.notEqual(next!.version, first.version);
        const restarted = (await mcp.resolveMcpServerDefinition!(next!, cancel))!;
        assert.equal(restarted.env.RECORDS_AUTHORIZATION, await api.connections.authorization(connection.id));
        assert.notEqual(restarted.env.RECORDS_AUTHORIZATION, started.env.RECORDS_AUTHORIZATION);
      } finally {
        mcp.dispose();
        if (previous !== undefined) await api.connections.select(previous);
      }
    });

    it('asks once to sign in again after the provider revoked the grant, instead of failing silently', async () => {
      await issuer.revokeGrant(await tokens());
      await waitUntilDue();
      for (let i = 0; i < 3; i += 1) {
        await assert.rejects(currentUser(), (error: { status?: number }) => error.status === 401);
      }
      assert.equal(asked.length, 1, `sign-in prompts: ${JSON.stringify(asked)}`);
      assert.equal(asked[0]!.connectionId, connection.id);
      assert.match(asked[0]!.message, /has ended.*Sign in again/);
      assert.equal(await api.connections.hasCredentials(connection.id), false, 'the ended session is forgotten');
      const children = await treeChildren();
      assert.deepEqual(children.map((n) => n.kind), ['message'], 'the tree offers to sign in');
    });

    it('signs in again, then signs out and revokes the session at the provider', async () => {
      assert.equal(await vscode.commands.executeCommand('records.signIn', connection.id), true);
      assert.equal((await currentUser()).name, 'Ada Admin');
      const signedIn = await tokens();
      const refreshesBefore = issuer.refreshes();
      await vscode.commands.executeCommand('records.signOut', connection.id);
      assert.equal(await api.connections.hasCredentials(connection.id), false);
      // The refresh token of the signed-out session no longer works at the provider.
      const discovery = (await (await fetch(`${issuer.baseUrl}/.well-known/openid-configuration`)).json()) as { token_endpoint: string };
      const refresh = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: signedIn.refreshToken!, client_id: 'records-vscode' }),
      });
      assert.equal(refresh.status, 400);
      assert.equal(((await refresh.json()) as { error: string }).error, 'invalid_grant');
      assert.equal(issuer.refreshes(), refreshesBefore);
    });

    if (start !== withOidcProvider) return;
    it('takes an explicit OAuth issuer in the connection settings and signs in there', async () => {
      assert.equal(await vscode.commands.executeCommand('records.editConnection', connection.id, { issuer: 'ftp://idp.example' }), undefined);
      assert.equal(api.connections.get(connection.id)?.issuer, undefined, 'an issuer that is not http(s) is refused');
      await vscode.commands.executeCommand('records.editConnection', connection.id, { issuer: issuer.issuerUrl! });
      assert.equal(api.connections.get(connection.id)?.issuer, issuer.issuerUrl);
      assert.equal(await vscode.commands.executeCommand('records.signIn', connection.id), true);
      assert.equal((await currentUser()).name, 'Ada Admin');
      await vscode.commands.executeCommand('records.editConnection', connection.id, { issuer: `${issuer.issuerUrl}/elsewhere` });
      assert.equal(await api.connections.hasCredentials(connection.id), false, 'another issuer signs the connection out');
    });
  });
}
