// `--oidc-issuer`: the sandbox validates Bearer JWTs of an external OpenID Provider (panva's
// oidc-provider, run here over real HTTP) through its discovery document and JWKS.
import * as assert from 'node:assert/strict';
import { useIssuerSandbox } from '../../support/issuerSandbox';
import { ADMIN_ID, useSandbox } from '../../support/sandbox';
import { callJson, type ErrorShape } from '../../support/sandboxHttp';

describe('sandbox HTTP: an external OpenID issuer (--oidc-issuer)', function () {
  this.timeout(30_000);
  const { issuer, sandbox } = useIssuerSandbox();

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

  const verified = (email: string) => ({ email, email_verified: true });
  /** Every e-mail the sandbox knows; none may appear in an answer to a stranger. */
  const knownEmails = () => ['ada', 'max', 'rita', 'rob', 'grace', 'linus', 'margaret', 'alan'].map((name) => `${name}@sandbox.example`);

  it('maps a verified e-mail to a sandbox user, without case', async () => {
    assert.equal((await common(await issuer.sign({ sub: 'someone', ...verified('MAX@sandbox.example') }))).body.name, 'Max Member');
  });

  it('refuses an e-mail the issuer has not verified, or does not say it verified', async () => {
    for (const claims of [{ email: 'ada@sandbox.example', email_verified: false }, { email: 'ada@sandbox.example' }, { email: 'ada@sandbox.example', email_verified: 'true' }]) {
      const answer = await common(await issuer.sign({ sub: 'someone', ...claims }));
      assert.equal(answer.status, 401, JSON.stringify(claims));
      assert.equal(answer.body.error.code, 'unauthorized');
      assert.match(answer.body.error.message, /not verified/, JSON.stringify(claims));
    }
  });

  it('never maps a sub, neither a user id nor an e-mail, unless a claim is configured', async () => {
    for (const sub of [ADMIN_ID, 'ada@sandbox.example', 'Ada@Sandbox.example']) {
      const answer = await common(await issuer.sign({ sub }));
      assert.equal(answer.status, 401, `sub ${sub}`);
    }
  });

  it('rejects an unknown user with 401, naming nobody\'s e-mail', async () => {
    const answer = await common(await issuer.sign({ sub: 'mallory', ...verified('mallory@elsewhere.example') }));
    assert.equal(answer.status, 401);
    assert.match(answer.body.error.message, /e-mail "mallory@elsewhere.example" is not a sandbox user/);
    const unverified = await common(await issuer.sign({ sub: 'ada@sandbox.example' }));
    for (const { body } of [answer, unverified]) {
      for (const email of knownEmails()) assert.ok(!body.error.message.toLowerCase().includes(email), `${email} in: ${body.error.message}`);
    }
  });

  it('requires aud to be an accepted audience: azp records-vscode alone is not enough', async () => {
    const ada = verified('ada@sandbox.example');
    assert.equal((await common(await issuer.sign({ ...ada, aud: ['account', 'records-service-api'] }))).status, 200, 'one of several audiences');
    for (const claims of [{ aud: 'account', azp: 'records-vscode' }, { aud: 'another-api', azp: 'another-client' }, { aud: undefined, azp: 'records-vscode' }]) {
      const answer = await common(await issuer.sign({ ...ada, ...claims }));
      assert.equal(answer.status, 401, JSON.stringify(claims));
      assert.match(answer.body.error.message, /audience/);
    }
  });

  it('refuses ID tokens: a typ other than an access token\'s, or the marks of an ID token', async () => {
    const ada = verified('ada@sandbox.example');
    const refused: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['an ID token with nonce and at_hash', { nonce: 'n-1', at_hash: 'x1', auth_time: now() }, { typ: 'JWT' }],
      ['an ID token without typ', { nonce: 'n-1' }, { typ: undefined }],
      ['at_hash', { at_hash: 'x1' }, { typ: 'JWT' }],
      ['c_hash', { c_hash: 'x1' }, { typ: 'JWT' }],
      ['Keycloak\'s ID token', { typ: 'ID', nonce: 'n-1' }, { typ: 'JWT' }],
      ['a refresh token', {}, { typ: 'refresh+jwt' }],
      ['a logout token', {}, { typ: 'logout+jwt' }],
    ];
    for (const [what, claims, header] of refused) {
      const answer = await common(await issuer.sign({ ...ada, ...claims }, header));
      assert.equal(answer.status, 401, what);
      assert.match(answer.body.error.message, /not an access token/, what);
    }
    const accepted: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['RFC 9068 at+jwt', {}, {}],
      ['application/at+jwt', {}, { typ: 'application/at+jwt' }],
      ['typ JWT (Entra ID, Okta)', {}, { typ: 'JWT' }],
      ['no typ', {}, { typ: undefined }],
      ['Keycloak\'s access token, with the nonce Keycloak before 25 copies into it', { typ: 'Bearer', nonce: 'n-1' }, { typ: 'JWT' }],
    ];
    for (const [what, claims, header] of accepted) {
      assert.equal((await common(await issuer.sign({ ...ada, ...claims }, header))).status, 200, what);
    }
  });

  it('honours exp and nbf with at most 60 s of clock skew', async () => {
    const ada = verified('ada@sandbox.example');
    assert.equal((await common(await issuer.sign({ ...ada, exp: now() - 30 }))).status, 200, 'expired 30 s ago: within the skew');
    assert.equal((await common(await issuer.sign({ ...ada, exp: now() - 90 }))).status, 401, 'expired 90 s ago');
    assert.equal((await common(await issuer.sign({ ...ada, nbf: now() + 30 }))).status, 200, 'valid in 30 s: within the skew');
    assert.equal((await common(await issuer.sign({ ...ada, nbf: now() + 120 }))).status, 401, 'valid only in 2 minutes');
  });

  it('rejects a token of another issuer, or signed by a key outside the JWKS', async () => {
    assert.equal((await common(await issuer.sign({ iss: 'https://evil.example', ...verified('ada@sandbox.example') }))).status, 401);
    const { generateKeyPair, SignJWT } = await import('jose');
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ iss: issuer.url, sub: 'ada', aud: 'records-service-api', ...verified('ada@sandbox.example') })
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

  describe('with a configured user claim (--oidc-user-claim)', () => {
    const mapped = useSandbox(() => ({ oidcIssuer: issuer.url, oidcUserClaim: 'records_user' }));
    const mappedCommon = async (claims: Record<string, unknown>) =>
      callJson<{ name: string } & ErrorShape>(mapped.url, '/api/common', { authorization: `Bearer ${await issuer.sign(claims)}` });

    it('maps that claim to a user id, and nothing else', async () => {
      assert.equal((await mappedCommon({ records_user: ADMIN_ID })).body.name, 'Ada Admin');
      const byEmail = await mappedCommon(verified('max@sandbox.example'));
      assert.equal(byEmail.status, 401, 'a verified e-mail no longer maps: the configured claim decides');
      assert.match(byEmail.body.error.message, /no "records_user" claim/);
      const byEmailValue = await mappedCommon({ records_user: 'ada@sandbox.example' });
      assert.equal(byEmailValue.status, 401, 'the claim names a user id, not an e-mail');
      assert.ok(!byEmailValue.body.error.message.includes('00000000-0000-4000-8000'), 'no user id in the answer');
    });
  });

  describe('with --oidc-user-claim sub', () => {
    const mapped = useSandbox(() => ({ oidcIssuer: issuer.url, oidcUserClaim: 'sub' }));

    it('maps a sub equal to a user id, never a sub equal to an e-mail', async () => {
      const call = async (sub: string) => callJson<{ name: string } & ErrorShape>(mapped.url, '/api/common', { authorization: `Bearer ${await issuer.sign({ sub })}` });
      assert.equal((await call(ADMIN_ID)).body.name, 'Ada Admin');
      assert.equal((await call('ada@sandbox.example')).status, 401);
      assert.equal((await call('ADA@SANDBOX.EXAMPLE')).status, 401);
    });
  });
});
