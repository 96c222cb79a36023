import * as assert from 'node:assert/strict';
import { McpUsageError, authorizationFromEnvironment, parseMcpArguments } from '../../../src/mcp/args';

describe('MCP server command line', () => {
  it('takes an address, a name and the auth kind', () => {
    assert.deepEqual(parseMcpArguments(['--url', 'https://records.example.com', '--auth', 'bearer']), { url: 'https://records.example.com', sandbox: false, name: 'records.example.com', auth: 'bearer', readOnly: true, allowPlainHttp: false, help: false });
    assert.equal(parseMcpArguments(['--url', 'http://127.0.0.1:8770', '--name', 'Local', '--read-only']).readOnly, true);
    assert.equal(parseMcpArguments(['--sandbox']).name, 'Local Sandbox');
  });

  it('is read-only unless started with --allow-writes', () => {
    assert.equal(parseMcpArguments(['--sandbox']).readOnly, true);
    assert.equal(parseMcpArguments(['--sandbox', '--allow-writes']).readOnly, false);
    assert.throws(() => parseMcpArguments(['--sandbox', '--allow-writes', '--read-only']), /either --allow-writes or --read-only/);
  });

  it('refuses what it cannot use, with a sentence', () => {
    assert.throws(() => parseMcpArguments([]), McpUsageError);
    assert.throws(() => parseMcpArguments(['--url', 'x', '--sandbox']), /either --url/);
    assert.throws(() => parseMcpArguments(['--url', 'not an address']), /not an address/);
    assert.throws(() => parseMcpArguments(['--url', 'ftp://host']), /http\(s\)/);
    assert.throws(() => parseMcpArguments(['--url']), /needs a value/);
    assert.throws(() => parseMcpArguments(['--sandbox', '--token', 'x']), /Unknown option --token/);
    assert.throws(() => parseMcpArguments(['--sandbox', '--auth', 'oauth']), /authCode or bearer/);
  });

  it('refuses plain http to another machine unless asked; loopback is fine', () => {
    assert.throws(() => parseMcpArguments(['--url', 'http://records.example.com']), /travel unencrypted/);
    assert.equal(parseMcpArguments(['--url', 'http://records.example.com', '--allow-plain-http']).url, 'http://records.example.com');
    assert.equal(parseMcpArguments(['--url', 'http://localhost:8770']).url, 'http://localhost:8770');
  });

  it('reads the token from the environment only, as an auth code or a bearer token', () => {
    assert.equal(authorizationFromEnvironment({ RECORDS_TOKEN: 'abc' }, 'authCode'), 'SVC_AUTH_CODE abc');
    assert.equal(authorizationFromEnvironment({ RECORDS_TOKEN: 'Bearer abc' }, 'bearer'), 'Bearer abc');
    assert.equal(authorizationFromEnvironment({ RECORDS_AUTHORIZATION: 'Bearer xyz', RECORDS_TOKEN: 'abc' }, 'authCode'), 'Bearer xyz');
    assert.equal(authorizationFromEnvironment({}, 'authCode'), undefined);
  });
});
