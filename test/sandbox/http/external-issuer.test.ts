// `--oidc-issuer`: the sandbox validates Bearer JWTs of an external OpenID Provider (panva's
// oidc-provider, run here over real HTTP) through its discovery document and JWKS.
import * as assert from 'node:assert/strict';
import type { TestIssuer } from '../../e2e/support/host/oidc-issuer.mjs' with { 'resolution-mode': 'import' };
import { callJson, startTestSandbox, type ErrorShape, type TestSandbox } from './support/test-sandbox';

describe('sandbox HTTP: an external OpenID issuer (--oidc-issuer)', function () {
  this.timeout(30_000);
  let issuer: TestIssuer;
  let sandbox: TestSandbox;

  before(async () => {
    const { startTestIssuer } = await import('../../e2e/support/host/oidc-issuer.mjs');
    issuer = await startTestIssuer();
    sandbox = await startTestSandbox({ oidcIssuer: issuer.url });
  });
  after(async () => {
    await sandbox?.dispose();
    await issuer?.close();
  });

  const now = (): number => Math.floor(Date.now() / 1000);
  const common = (token: string) => callJson<{ name: string } & ErrorShape>(sandbox.url, '/api/common', { authorization: `Bearer ${token}` });

  it('advertises the external issuer in its own discovery document and protected-resource metadata', async () => {
    const discovery = await callJson<Record<string, unknown>>(sandbox.url, '/.well-known/openid-configuration', { token: null });
    assert.equal(discovery.status, 200);
    assert.equal(discovery.body.issuer, issuer.url);
    assert.equal(discovery.body.authorization_endpoint, `${issuer.url}/auth`);
    const resource = await callJson<{ authorization_servers: string[] }>(sandbox.url, '/.well-known/oauth-protected-resource', { token: null });
    assert.deepEqual(resource.body.authorization_servers, [issuer.url]);
    const ownSignIn = await callJson<ErrorShape>(sandbox.url, '/connect/authorize?client_id=records-vscode', { token: null });
    assert.equal(ownSignIn.status, 404);
    assert.match(ownSignIn.body.error.message, new RegExp(`through ${issuer.url}`));
  });

  it('maps the email claim to a sandbox user, else sub to a user id', async () => {
    assert.equal((await common(await issuer.sign({ sub: 'someone', email: 'MAX@sandbox.example' }))).body.name, 'Max Member');
    assert.equal((await common(await issuer.sign({ sub: '00000000-0000-4000-8000-000000000001' }))).body.name, 'Ada Admin');
    assert.equal((await common(await issuer.sign({ sub: 'Max@Sandbox.example' }))).body.name, 'Max Member', 'a sub that is an e-mail');
  });

  it('rejects an unknown subject with 401 and a sentence naming the accepted e-mails', async () => {
    const answer = await common(await issuer.sign({ sub: 'mallory', email: 'mallory@elsewhere.example' }));
    assert.equal(answer.status, 401);
    assert.match(answer.body.error.message, /e-mail "mallory@elsewhere.example" is not a sandbox user.*ada@sandbox.example/);
  });

  it('accepts aud records-service-api or azp records-vscode, nothing else', async () => {
    assert.equal((await common(await issuer.sign({ aud: 'account', azp: 'records-vscode', email: 'ada@sandbox.example' }))).status, 200);
    const other = await common(await issuer.sign({ aud: 'another-api', azp: 'another-client', email: 'ada@sandbox.example' }));
    assert.equal(other.status, 401);
    assert.match(other.body.error.message, /another audience/);
  });

  it('honours exp and nbf with at most 60 s of clock skew', async () => {
    const ada = { email: 'ada@sandbox.example' };
    assert.equal((await common(await issuer.sign({ ...ada, exp: now() - 30 }))).status, 200, 'expired 30 s ago: within the skew');
    assert.equal((await common(await issuer.sign({ ...ada, exp: now() - 90 }))).status, 401, 'expired 90 s ago');
    assert.equal((await common(await issuer.sign({ ...ada, nbf: now() + 30 }))).status, 200, 'valid in 30 s: within the skew');
    assert.equal((await common(await issuer.sign({ ...ada, nbf: now() + 120 }))).status, 401, 'valid only in 2 minutes');
  });

  it('rejects a token of another issuer, or signed by a key outside the JWKS', async () => {
    assert.equal((await common(await issuer.sign({ iss: 'https://evil.example', email: 'ada@sandbox.example' }))).status, 401);
    const { generateKeyPair, SignJWT } = await import('jose');
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ iss: issuer.url, sub: 'ada', aud: 'records-service-api', email: 'ada@sandbox.example' })
      .setProtectedHeader({ alg: 'ES256', kid: 'test-es256' })
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(privateKey);
    const answer = await common(forged);
    assert.equal(answer.status, 401);
    assert.match(answer.body.error.message, /not valid for .*signature/i);
  });

  it('still accepts the SVC_AUTH_CODE tokens of integration users', async () => {
    assert.equal((await callJson<{ name: string }>(sandbox.url, '/api/common')).body.name, 'Ada Admin');
  });
});
