import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { cleanJsonTest, redactor } from '../../../../src/core/agents/redact';

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

  it('passes a value\'s JSON as clean only when the redactor would hand the value back as it is', () => {
    for (const secrets of [[secret, `Bearer ${secret}`], ['plain-token-1234'], ['quote"and\\slash-token']]) {
      const cut = redactor(secrets);
      const isClean = cleanJsonTest(secrets);
      const forms = secrets.flatMap((s) => [s, s.toUpperCase(), encodeURIComponent(s), encodeURI(s), Buffer.from(s).toString('base64url')]);
      const text = fc.oneof(fc.string(), fc.constantFrom(...forms).map((form) => `x ${form} y`), fc.string().map((t) => `${t}\n"${secrets[0]!.slice(0, 4)}`));
      fc.assert(
        fc.property(fc.dictionary(fc.string(), fc.oneof(text, fc.array(text, { maxLength: 3 }), fc.integer()), { maxKeys: 4 }), (value) => {
          if (isClean(JSON.stringify(value))) assert.equal(cut(value), value);
        }),
        { numRuns: 500 },
      );
      assert.equal(isClean(JSON.stringify({ note: `x ${secrets[0]!.toLowerCase()}` })), false);
    }
    assert.equal(cleanJsonTest(['quote"and\\slash-token'])('{}'), false, 'a secret that JSON escapes: always walked');
    assert.equal(cleanJsonTest([])('{"any":"thing"}'), true);
  });
});
