import * as assert from 'node:assert/strict';
import { redactor } from '../../../../src/core/agents/redact';

describe('agent results: the token cut in every form', () => {
  const secret = 'Tok3n/with+odd chars';
  const redact = redactor([secret, `Bearer ${secret}`]);

  it('cuts the token as sent, in any case, URL-encoded (once or twice) and base64', () => {
    const forms = [secret, secret.toUpperCase(), secret.toLowerCase(), encodeURIComponent(secret), encodeURIComponent(secret).toLowerCase(), encodeURIComponent(encodeURIComponent(secret)), Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('base64url'), Buffer.from(secret).toString('base64').replace(/=+$/, '')];
    for (const form of forms) assert.equal(redact(`before ${form} after`), 'before [token removed] after', form);
  });

  it('walks structured content, and leaves short secrets and other text alone', () => {
    assert.deepEqual(redact({ rows: [{ note: `x ${secret}`, n: 3 }], ok: true }), { rows: [{ note: 'x [token removed]', n: 3 }], ok: true });
    assert.equal(redactor(['abc'])('abc abc'), 'abc abc');
    assert.equal(redact('nothing secret'), 'nothing secret');
  });

  it('hands back a value with nothing to cut as it is, and copies only what it cut', () => {
    const clean = { rows: [{ note: 'plain', n: 3 }], ok: true };
    assert.equal(redact(clean), clean);
    const dirty = { rows: [{ note: `x ${secret}` }, { note: 'plain' }], other: { a: 1 } };
    const out = redact(dirty);
    assert.notEqual(out, dirty);
    assert.equal(out.rows[1], dirty.rows[1]);
    assert.equal(out.other, dirty.other);
    assert.equal(dirty.rows[0]!.note, `x ${secret}`, 'the input is left as it was');
  });
});
