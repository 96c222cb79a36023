// The credential a call sent never reaches the request log, in whatever form the service wrote
// it back: escaped as JSON (`\/` from PHP, `\u002B` from .NET, any `\uXXXX`) or percent-encoded,
// in the line or the Trace lines that show the parsed body.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatRequestBodies, formatRequestLine } from '../../../../src/core/api/requestLog';
import { RequestFacts } from '../../../../src/core/api/requestObserver';

const TOKEN = 'aB3/xY+9z=Qr-7_k.Lm~Np';

function logged(token: string, responseText: string): string {
  const facts = new RequestFacts();
  facts.attempts = 1;
  facts.noteAuthorization(`Bearer ${token}`);
  facts.noteResponse(200, {}, responseText);
  const event = facts.finish({ method: 'GET', path: '/api/tickets' });
  return [formatRequestLine(event), ...formatRequestBodies(event, 1_000_000)].join('\n');
}

const json = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

describe('request observer: the credential in escaped forms', () => {
  it('cuts a token the service escaped as PHP (\\/) or .NET (\\u002B) does from the Trace lines', () => {
    const php = JSON.stringify({ echo: TOKEN }).replace(/\//g, '\\/');
    const dotnet = JSON.stringify({ echo: TOKEN }).replace(/\+/g, '\\u002B');
    for (const text of [php, dotnet]) {
      const out = logged(TOKEN, text);
      assert.ok(!out.includes(TOKEN), out);
      assert.ok(out.includes('[redacted]'), out);
    }
  });

  it('cuts it written as \\uXXXX throughout, in upper case hex, or percent-encoded in a link', () => {
    const everyChar = `{"echo":"${TOKEN.split('').map(json).join('')}"}`;
    const upper = `{"echo":"${TOKEN.split('').map((c) => json(c).toUpperCase().replace('\\U', '\\u')).join('')}"}`;
    const link = `{"next":"https://x.example/?t=${encodeURIComponent(TOKEN)}"}`;
    for (const text of [everyChar, upper, link]) {
      const out = logged(TOKEN, text);
      assert.ok(!out.includes(TOKEN) && !out.includes(encodeURIComponent(TOKEN)), out);
    }
  });

  it('never shows any token, whichever characters the service escapes and how (property)', () => {
    const tokenChar = fc.constantFrom(...'abcXYZ0189/+=-_.~'.split(''));
    fc.assert(
      fc.property(fc.array(tokenChar, { minLength: 8, maxLength: 40 }), fc.array(fc.constantFrom('plain', 'json', 'JSON', 'short', 'percent'), { minLength: 40, maxLength: 40 }), fc.string({ maxLength: 20 }), (chars, forms, around) => {
        const token = chars.join('');
        const written = chars.map((c, i) => {
          switch (forms[i]) {
            case 'json': return json(c);
            case 'JSON': return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
            case 'short': return c === '/' ? '\\/' : c;
            case 'percent': return `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
            default: return c;
          }
        }).join('');
        const text = `{"note":${JSON.stringify(around)},"echo":"${written}"}`;
        const out = logged(token, text);
        const decoded = out.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        return !out.includes(token) && !decoded.includes(token);
      }),
      { numRuns: 300 },
    );
  });
});
