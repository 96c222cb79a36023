// The sandbox against the real client libraries the extension uses (oauth4webapi, tus-js-client),
// so a protocol detail they check (issuer, `iss` parameter, absolute Location) cannot regress.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Upload } from 'tus-js-client';
import { ADMIN_ID, ADMIN_TOKEN, useSandbox } from '../../support/sandbox';
import { call, callJson } from '../../support/sandboxHttp';

describe('sandbox HTTP: interoperability with the client libraries', () => {
  const sandbox = useSandbox();

  it('oauth4webapi discovers the provider and completes the PKCE code flow', async () => {
    const oauth = await import('oauth4webapi');
    const issuer = new URL(sandbox.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { [oauth.allowInsecureRequests]: true }));
    const client = { client_id: 'records-vscode' };
    const verifier = oauth.generateRandomCodeVerifier();
    const challenge = await oauth.calculatePKCECodeChallenge(verifier);
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const redirectUri = 'http://127.0.0.1:45678/callback';
    const authorize = new URL(as.authorization_endpoint ?? '');
    authorize.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile email apiv2_ai',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: 'Ada Admin',
    }).toString();
    const redirected = await fetch(authorize, { redirect: 'manual' });
    assert.equal(redirected.status, 302);
    const params = oauth.validateAuthResponse(as, client, new URL(redirected.headers.get('location') ?? ''), state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, {
      [oauth.allowInsecureRequests]: true,
    });
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
    assert.equal(oauth.getValidatedIdTokenClaims(tokens)?.sub, ADMIN_ID);
    const me = await callJson<{ id: string }>(sandbox.url, '/api/common', { authorization: `Bearer ${tokens.access_token}` });
    assert.equal(me.body.id, ADMIN_ID);
  });

  it('tus-js-client uploads in chunks to an absolute Location', async () => {
    const bytes = randomBytes(300_000);
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: `${sandbox.url}/api/upload-tus`,
        chunkSize: 64 * 1024,
        metadata: { filename: 'interop.bin' },
        headers: { Authorization: `SVC_AUTH_CODE ${ADMIN_TOKEN}` },
        retryDelays: [],
        onError: reject,
        onSuccess: () => resolve(upload.url ?? ''),
      });
      upload.start();
    });
    assert.ok(url.startsWith(`${sandbox.url}/api/upload-tus/`));
    const head = await call(sandbox.url, new URL(url).pathname, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
    assert.equal(head.headers.get('upload-offset'), String(bytes.length));
  });
});
