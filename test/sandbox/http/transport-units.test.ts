import * as assert from 'node:assert/strict';
import { isAllowedRedirectUri } from '../../../src/sandbox/auth/redirect-uri-policy';
import { parseCliArguments, CliUsageError } from '../../../src/sandbox/cli';
import { parseByteRange } from '../../../src/sandbox/http/byte-range';
import { contentDisposition } from '../../../src/sandbox/http/content-disposition';
import { fileNameFromDisposition } from '../../../src/core/upload/contentDisposition';

describe('sandbox HTTP: small transport pieces', () => {
  it('contentDisposition: quoted ASCII names, RFC 8187 for the rest, read back exactly by the client', () => {
    assert.equal(contentDisposition('report.pdf'), 'attachment; filename=report.pdf');
    assert.equal(contentDisposition('my report.pdf', 'inline'), 'inline; filename="my report.pdf"');
    assert.equal(contentDisposition('日本.txt'), `attachment; filename=__.txt; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`);
    for (const name of ['report.pdf', 'a "b".txt', 'back\\slash.txt', '100%25 done.txt', 'über plan.txt', '日本.txt', 'emoji 🎉.png', "it's (1).txt", 'semi;colon=.txt']) {
      assert.equal(fileNameFromDisposition(contentDisposition(name)), name, name);
    }
  });

  it('parseByteRange handles first-last, open-ended, suffix and unsatisfiable ranges', () => {
    assert.deepEqual(parseByteRange(undefined, 100), { kind: 'whole' });
    assert.deepEqual(parseByteRange('bytes=0-9', 100), { kind: 'partial', start: 0, end: 9 });
    assert.deepEqual(parseByteRange('bytes=90-', 100), { kind: 'partial', start: 90, end: 99 });
    assert.deepEqual(parseByteRange('bytes=-5', 100), { kind: 'partial', start: 95, end: 99 });
    assert.deepEqual(parseByteRange('bytes=50-500', 100), { kind: 'partial', start: 50, end: 99 });
    assert.deepEqual(parseByteRange('bytes=100-', 100), { kind: 'unsatisfiable' });
    assert.deepEqual(parseByteRange('bytes=0-1,5-6', 100), { kind: 'whole' });
  });

  it('isAllowedRedirectUri: loopback http, editor schemes and configured URIs only', () => {
    const extra = ['https://ci.example/cb'];
    for (const ok of ['http://127.0.0.1:1234/cb', 'http://localhost/cb', 'http://[::1]:9/x', 'vscode://pub.ext/cb', 'vscode-insiders://pub.ext', 'vscodium://a/b', 'code-oss://a/b', 'https://ci.example/cb']) {
      assert.equal(isAllowedRedirectUri(ok, extra), true, ok);
    }
    for (const bad of ['https://127.0.0.1/cb', 'http://127.0.0.2.evil.com/cb', 'http://user@127.0.0.1/cb', 'file:///etc/passwd', 'not a uri', 'https://ci.example/cb2']) {
      assert.equal(isAllowedRedirectUri(bad, extra), false, bad);
    }
  });

  it('parseCliArguments: defaults, every flag, and clear errors', () => {
    const defaults = parseCliArguments([], '/work');
    assert.equal(defaults.sandbox.port, 8770);
    assert.equal(defaults.sandbox.dataDir, '/work/.sandbox-data');
    assert.equal(defaults.json, false);
    const all = parseCliArguments(
      ['--host', '0.0.0.0', '--port=0', '--data', 'd', '--records', '5', '--reset', '--rate-limit', '10', '--upload-ttl', '60', '--max-upload-bytes', '1048576', '--redirect-uri', 'https://a/cb', '--redirect-uri', 'https://b/cb', '--json', '--verbose',
        '--oidc-issuer', 'https://login.example.com/realms/records', '--oidc-audience', 'account', '--oidc-audience', 'api://records', '--oidc-user-claim', 'sub', '--access-token-ttl', '30'],
      '/w',
    );
    assert.deepEqual(all.sandbox, {
      host: '0.0.0.0',
      port: 0,
      dataDir: '/w/d',
      records: 5,
      reset: true,
      rateLimit: 10,
      uploadTtlSeconds: 60,
      maxUploadBytes: 1048576,
      redirectUris: ['https://a/cb', 'https://b/cb'],
      oidcIssuer: 'https://login.example.com/realms/records',
      oidcAudiences: ['account', 'api://records'],
      oidcUserClaim: 'sub',
      accessTokenSeconds: 30,
    });
    assert.equal(all.json && all.verbose, true);
    assert.throws(() => parseCliArguments(['--port', 'eighty']), CliUsageError);
    assert.throws(() => parseCliArguments(['--port']), /--port needs a value/);
    assert.throws(() => parseCliArguments(['--rate-limit', '0']), /from 1/);
    assert.throws(() => parseCliArguments(['--bogus']), /Unknown option "--bogus"/);
    assert.throws(() => parseCliArguments(['--oidc-issuer', 'ftp://idp.example']), /--oidc-issuer needs the issuer's http\(s\) URL/);
    assert.throws(() => parseCliArguments(['--port', '--json']), /--port needs a value/);
    assert.throws(() => parseCliArguments(['--json=yes']), /--json takes no value/);
    assert.throws(() => parseCliArguments(['start']), /Unknown option "start"/);
    assert.throws(() => parseCliArguments(['--redirect-uri', 'cb']), /--redirect-uri needs an absolute URI, not "cb"/);
    assert.equal(parseCliArguments(['-h']).help, true);
    assert.equal(parseCliArguments(['--tls', '--port', '0']).sandbox.tls, true);
  });
});
