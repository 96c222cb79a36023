// The sandbox's command line: its defaults, every flag, and the errors it explains.
import * as assert from 'node:assert/strict';
import { CliUsageError, parseCliArguments } from '../../../src/sandbox/cli';

describe('sandbox CLI: arguments', () => {
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
