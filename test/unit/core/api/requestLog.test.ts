import * as assert from 'node:assert/strict';
import { formatRequestBodies, formatRequestLine, redactSecrets } from '../../../../src/core/api/requestLog';
import type { RequestFinished } from '../../../../src/core/api/requestObserver';

// Every kind of secret a request or its answer may carry, each with a value that must never appear.
const SECRETS = {
  authCode: 'svc-code-AAAA1111',
  bearer: 'bearer-token-BBBB2222',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlQ0NDQw',
  cookie: 'session=cookie-DDDD3333',
  password: 'hunter2-EEEE4444',
  clientSecret: 'client-secret-FFFF5555',
  refresh: 'refresh-GGGG6666',
  verifier: 'verifier-HHHH7777',
  apiKey: 'apikey-IIII8888',
  oauthCode: 'oauth-code-JJJJ9999',
};

function everySecretRequest(): RequestFinished {
  return {
    method: 'POST',
    path: `/api/tickets/multi`,
    query: { access_token: SECRETS.bearer, code: SECRETS.oauthCode, workspace: 'IT' },
    status: 401,
    durationMs: 12,
    retries: 2,
    bytes: 321,
    requestId: 'req-42',
    error: `The server refused Authorization: SVC_AUTH_CODE ${SECRETS.authCode} and Bearer ${SECRETS.bearer}; token ${SECRETS.jwt}`,
    requestBody: {
      title: 'kept',
      token: SECRETS.bearer,
      password: SECRETS.password,
      client_secret: SECRETS.clientSecret,
      refresh_token: SECRETS.refresh,
      code_verifier: SECRETS.verifier,
      apiKey: SECRETS.apiKey,
      headers: { Authorization: `SVC_AUTH_CODE ${SECRETS.authCode}`, Cookie: SECRETS.cookie },
      nested: [{ note: `see Bearer ${SECRETS.bearer}` }, { jwt: SECRETS.jwt }],
    },
    responseText: JSON.stringify({ access_token: SECRETS.bearer, id_token: SECRETS.jwt, 'set-cookie': SECRETS.cookie, message: 'ok', echo: `cookie: ${SECRETS.cookie}` }),
  };
}

describe('request log', () => {
  it('writes method, path, status, duration, retries, bytes and request id on one line', () => {
    const line = formatRequestLine({ method: 'GET', path: '/api/w/IT/a/TASK/tickets/list', status: 200, durationMs: 87, retries: 1, bytes: 2048, requestId: 'abc-123' });
    assert.equal(line, 'GET /api/w/IT/a/TASK/tickets/list → 200 in 87 ms, 1 retry, 2048 bytes, request id abc-123');
    assert.equal(formatRequestLine({ method: 'POST', path: '/api/x', durationMs: 5, retries: 0, error: 'The service could not be reached.' }), 'POST /api/x → no answer in 5 ms: The service could not be reached.');
  });

  it('never prints a token, cookie, authorization value, password, client secret, verifier or key — in the line or in the bodies', () => {
    const event = everySecretRequest();
    const printed = [formatRequestLine(event), ...formatRequestBodies(event)].join('\n');
    for (const [kind, secret] of Object.entries(SECRETS)) {
      assert.equal(printed.includes(secret), false, `${kind} leaked: ${printed}`);
    }
    assert.match(printed, /→ 401 in 12 ms, 2 retries, 321 bytes, request id req-42/);
    assert.match(printed, /workspace=IT/, 'harmless query parameters stay');
    assert.match(printed, /"title":"kept"/, 'harmless body fields stay');
    assert.match(printed, /"message":"ok"/);
  });

  it('redacts by key at any depth and leaves other values alone', () => {
    assert.deepEqual(redactSecrets({ a: 1, list: [{ Authorization: 'x' }], deep: { refresh_token: 'y', title: 'z' } }), { a: 1, list: [{ Authorization: '[redacted]' }], deep: { refresh_token: '[redacted]', title: 'z' } });
  });
});
