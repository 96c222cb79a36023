// Where the sandbox's OAuth endpoints may send a browser back to.
import * as assert from 'node:assert/strict';
import { isAllowedRedirectUri } from '../../../../src/sandbox/auth/redirect-uri-policy';

describe('sandbox auth: redirect URIs', () => {
  it('isAllowedRedirectUri: loopback http, editor schemes and configured URIs only', () => {
    const extra = ['https://ci.example/cb'];
    for (const ok of ['http://127.0.0.1:1234/cb', 'http://localhost/cb', 'http://[::1]:9/x', 'vscode://pub.ext/cb', 'vscode-insiders://pub.ext', 'vscodium://a/b', 'code-oss://a/b', 'https://ci.example/cb']) {
      assert.equal(isAllowedRedirectUri(ok, extra), true, ok);
    }
    for (const bad of ['https://127.0.0.1/cb', 'http://127.0.0.2.evil.com/cb', 'http://user@127.0.0.1/cb', 'file:///etc/passwd', 'not a uri', 'https://ci.example/cb2']) {
      assert.equal(isAllowedRedirectUri(bad, extra), false, bad);
    }
  });
});
