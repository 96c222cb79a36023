import * as assert from 'node:assert/strict';
import { isLoopbackHost } from '../../../../src/core/api/network';
import { isLoopback } from '../../../../src/extension/connections/auth/oauthClient';
import {
  authorizationHeader,
  baseUrlProblem,
  isAuthKind,
  isLoopbackUrl,
  newConnectionId,
  normalizeBaseUrl,
  normalizeIssuer,
  sendsTokenInClear,
  stripAuthScheme,
  uniqueConnectionName,
} from '../../../../src/extension/connections/connectionRules';

describe('connection rules', () => {
  it('knows which tokens would travel unencrypted: auth code and bearer over http to a remote host', () => {
    assert.equal(sendsTokenInClear({ baseUrl: 'http://records.example.com', authKind: 'authCode' }), true);
    assert.equal(sendsTokenInClear({ baseUrl: 'http://10.0.0.5:8080/svc', authKind: 'bearer' }), true);
    assert.equal(sendsTokenInClear({ baseUrl: 'http://localhost.evil.example', authKind: 'bearer' }), true);
    for (const baseUrl of ['https://records.example.com', 'http://localhost:7801', 'http://127.0.0.1:7801', 'http://[::1]:7801', 'http://app.localhost']) {
      assert.equal(sendsTokenInClear({ baseUrl, authKind: 'authCode' }), false, baseUrl);
    }
    assert.equal(sendsTokenInClear({ baseUrl: 'http://records.example.com', authKind: 'oauth' }), false, 'OAuth refuses plain http itself');
  });

  describe('baseUrlProblem', () => {
    it('accepts http and https URLs, with or without a path', () => {
      assert.equal(baseUrlProblem('https://records.example.com'), undefined);
      assert.equal(baseUrlProblem('  http://127.0.0.1:8770/ '), undefined);
      assert.equal(baseUrlProblem('https://example.com/records/api'), undefined);
    });
    it('names the problem of anything else', () => {
      assert.equal(baseUrlProblem('   '), 'empty');
      assert.equal(baseUrlProblem('records.example.com'), 'notUrl');
      assert.equal(baseUrlProblem('ftp://records.example.com'), 'notHttp');
      assert.equal(baseUrlProblem('file:///etc/passwd'), 'notHttp');
      assert.equal(baseUrlProblem('https://records.example.com/?x=1'), 'hasQueryOrHash');
      assert.equal(baseUrlProblem('https://records.example.com/#top'), 'hasQueryOrHash');
      assert.equal(baseUrlProblem('https://user:secret@records.example.com'), 'hasCredentials');
    });
  });

  describe('normalizeBaseUrl', () => {
    it('drops trailing slashes and a trailing /api', () => {
      assert.equal(normalizeBaseUrl('https://records.example.com/'), 'https://records.example.com');
      assert.equal(normalizeBaseUrl('https://records.example.com/api/'), 'https://records.example.com');
      assert.equal(normalizeBaseUrl('https://records.example.com/API'), 'https://records.example.com');
      assert.equal(normalizeBaseUrl(' http://127.0.0.1:8770 '), 'http://127.0.0.1:8770');
    });
    it('keeps a deployment path prefix and the port', () => {
      assert.equal(normalizeBaseUrl('https://example.com:8443/records/api'), 'https://example.com:8443/records');
      assert.equal(normalizeBaseUrl('https://example.com/apiv2'), 'https://example.com/apiv2');
    });
    it('lower-cases the host as URLs do', () => {
      assert.equal(normalizeBaseUrl('HTTPS://Records.Example.COM'), 'https://records.example.com');
    });
  });

  it('builds the Authorization header of each kind', () => {
    assert.equal(authorizationHeader('authCode', 'abc'), 'SVC_AUTH_CODE abc');
    assert.equal(authorizationHeader('bearer', 'eyJ'), 'Bearer eyJ');
    assert.equal(authorizationHeader('oauth', 'eyJ'), 'Bearer eyJ');
  });

  it('strips a pasted scheme from a token', () => {
    assert.equal(stripAuthScheme('  SVC_AUTH_CODE abc '), 'abc');
    assert.equal(stripAuthScheme('bearer eyJ.x.y'), 'eyJ.x.y');
    assert.equal(stripAuthScheme('plain-token'), 'plain-token');
  });

  it('recognises auth kinds', () => {
    assert.ok(isAuthKind('authCode') && isAuthKind('bearer') && isAuthKind('oauth'));
    assert.ok(!isAuthKind('basic') && !isAuthKind(undefined) && !isAuthKind(1));
  });

  it('makes ids that do not collide', () => {
    const answers = ['a', 'a', 'b'];
    const id = newConnectionId(['conn-a'], () => answers.shift()!);
    assert.equal(id, 'conn-b');
    assert.match(newConnectionId([]), /^conn-[a-z0-9]+$/);
  });

  it('makes names unique with a counter', () => {
    assert.equal(uniqueConnectionName('Prod', []), 'Prod');
    assert.equal(uniqueConnectionName('Prod', ['Prod']), 'Prod (2)');
    assert.equal(uniqueConnectionName('Prod', ['Prod', 'Prod (2)']), 'Prod (3)');
  });

  it('keeps an OAuth issuer exactly as entered (discovery compares it character by character); empty means none', () => {
    assert.equal(normalizeIssuer(' https://login.example.com/realms/records '), 'https://login.example.com/realms/records');
    assert.equal(normalizeIssuer('https://login.microsoftonline.com/tenant/v2.0/'), 'https://login.microsoftonline.com/tenant/v2.0/');
    assert.equal(normalizeIssuer('   '), undefined);
    assert.equal(normalizeIssuer(undefined), undefined);
  });
});

describe('one loopback rule for the proxy bypass, plain http and OAuth', () => {
  const LOOPBACK = ['127.0.0.1', '127.255.3.9', '[::1]', 'localhost', 'LOCALHOST', 'localhost.', 'records.localhost', 'a.b.Localhost'];
  const REMOTE = ['127.evil.example', '127.0.0.1.evil.example', 'localhost.evil.example', 'evil-localhost', 'mylocalhost', '128.0.0.1', '10.0.0.1', '[::2]', 'records.example.com'];

  it('127.0.0.0/8, ::1, localhost and *.localhost are loopback for every rule; nothing else is', () => {
    for (const [hosts, expected] of [[LOOPBACK, true], [REMOTE, false]] as const) {
      for (const host of hosts) {
        const url = new URL(`http://${host}:8770`);
        assert.equal(isLoopbackHost(url.hostname), expected, `proxy bypass: ${host}`);
        assert.equal(isLoopbackUrl(url), expected, `plain http: ${host}`);
        assert.equal(isLoopback(url), expected, `OAuth over http: ${host}`);
        assert.equal(sendsTokenInClear({ baseUrl: url.href, authKind: 'authCode' }), !expected, `token in clear: ${host}`);
      }
    }
  });
});
