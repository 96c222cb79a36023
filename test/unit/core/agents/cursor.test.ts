import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { ToolInputError } from '../../../../src/core/agents';
import { base64url, decodeCursor, encodeCursor } from '../../../../src/core/agents/cursor';

describe('agent cursors', () => {
  it('are the base64url of their JSON, unpadded, as they always were (a cursor given out stays valid)', () => {
    for (const [query, offset] of [[['records_query', 'IT/TASK', 'state = "open"', ''], 20], [['records_search', 'printer ü', 'IT', ''], 1], [[], 123456]] as const) {
      const cursor = encodeCursor(query, offset);
      const before = btoa(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      assert.equal(cursor, before);
      assert.match(cursor, /^[A-Za-z0-9_-]+$/);
      assert.equal(decodeCursor(cursor, query), offset);
    }
    assert.throws(() => decodeCursor(encodeCursor(['records_query', 'IT/TASK', '', ''], 20), ['records_query', 'IT/TASK', 'state = "open"', '']), ToolInputError);
    assert.throws(() => decodeCursor('not a cursor!', []), ToolInputError);
  });

  it("encode ASCII as Buffer's base64url does", () => {
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii', maxLength: 80 }), (text) => assert.equal(base64url(text), Buffer.from(text, 'latin1').toString('base64url'))), { numRuns: 1000 });
  });
});
