// What the client does when a real service answers differently from the sandbox
// (decisions.md: "the sandbox is strict and predictable; the client is tolerant"): an error
// answer of any shape becomes a sentence with a next step.
import assert from 'node:assert/strict';
import { errorFromResponse, messageForStatus } from '../../../../src/core/api/errors';

describe('errors', () => {
  it('shows the server message and code when the body has them', () => {
    const body = JSON.stringify({ error: { status: 400, code: 'invalid_filter', message: 'unquoted string at column 7' } });
    const error = errorFromResponse(400, body);
    assert.equal(error.message, 'unquoted string at column 7');
    assert.equal(error.code, 'invalid_filter');
    assert.equal(error.status, 400);
  });

  it('never depends on the body shape', () => {
    for (const body of ['', 'null', '[]', '{"error":"text"}', '{"error":{"message":42}}', '<html/>']) {
      const error = errorFromResponse(404, body);
      assert.equal(error.message, messageForStatus(404));
      assert.equal(error.code, 'http_404');
    }
  });

  it('has a sentence with a next step for each common status', () => {
    for (const status of [400, 401, 403, 404, 413, 429, 500, 502, 418]) {
      const message = messageForStatus(status);
      assert.match(message, /^[A-Z].*\.$/);
      assert.ok(message.split('. ').length >= 2, `"${message}" should say what to do next`);
    }
    assert.equal(messageForStatus(401), 'You are not signed in or your token expired. Sign in again.');
  });
});
