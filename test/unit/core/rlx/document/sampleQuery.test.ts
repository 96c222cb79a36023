// The walkthrough's sample query filters something meaningful: the records assigned to the
// signed-in user, latest changes first, on the connection it names.
import * as assert from 'node:assert/strict';
import { blockQuery, connectionDirectiveOf, parseRlxDocument, sampleQueryText } from '../../../../../src/core/rlx/document';

describe('the sample query', () => {
  it('lists the records assigned to me, latest changes first, on its connection', () => {
    const text = sampleQueryText('Assigned to me, latest changes first', 'Local "Sandbox"');
    assert.ok(text.startsWith('### Assigned to me, latest changes first\n'), 'its title names the tab');
    const document = parseRlxDocument(text);
    assert.equal(document.blocks.length, 1);
    const query = blockQuery(document, document.blocks[0]!);
    assert.equal(query.kind, 'list');
    assert.equal(query.params.rlx, 'keeper_id = @me', 'a filter, not every record of every app');
    assert.equal(query.kind === 'list' ? query.params.sortBy : undefined, 'update_date desc');
    assert.equal(connectionDirectiveOf(document)?.name, 'Local "Sandbox"');
  });
});
