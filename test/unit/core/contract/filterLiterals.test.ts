import { strict as assert } from 'node:assert';
import { idsFilter } from '../../../../src/core/contract/filterLiterals';
import { compileRlxFilter, parseRlx } from '../../../../src/core/rlx';

// Ids the service might hand out, including ones an `in` list cannot carry.
const IDS = ['6f1c0c52-0d6e-4b55-9f43-3b0d0a6f1f10', 'a,b', ' padded ', 'say "hi"', 'back\\slash', ''];

function matcher(filter: string): (id: string) => boolean {
  const predicate = compileRlxFilter(filter, { fieldKind: () => 'string' });
  return (id) => predicate({ id });
}

describe('the client\'s filter for reading records back by id', () => {
  it('is valid RLX that matches exactly the ids given, whatever characters they hold', () => {
    const filter = idsFilter(IDS);
    assert.deepEqual(parseRlx(filter).errors, [], filter);
    const matches = matcher(filter);
    for (const id of IDS) assert.equal(matches(id), true, JSON.stringify(id));
    for (const other of ['a', 'b', 'padded', 'say', '6f1c0c52']) assert.equal(matches(other), false, JSON.stringify(other));
  });

  it('is one `in` list for ordinary ids, each id once', () => {
    assert.equal(idsFilter(['r1', 'r2', 'r1']), 'id in "r1,r2":string[]');
    assert.equal(idsFilter(['a,b']), 'id = "a,b"');
  });
});
