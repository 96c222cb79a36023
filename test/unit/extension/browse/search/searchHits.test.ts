import { strict as assert } from 'node:assert';
import { searchHitArgument, toSearchHit } from '../../../../../src/extension/browse/search/searchHits';

describe('search hits', () => {
  it('reduces a search record to what the view shows', () => {
    const hit = toSearchHit({ id: 'g1', title: 'Printer', number: 7, project_alias: 'IT', publishing_alias: 'TASK', state: 'open', _renderobj: { state__resolved: 'Open' }, __highlights: ['<em>Printer</em>', 5 as unknown as string], c_secret: 'x' });
    assert.deepEqual(hit, { id: 'g1', title: 'Printer', reference: 'IT/TASK7', workspace: 'IT', app: 'TASK', state: 'Open', highlights: ['<em>Printer</em>'] });
    assert.deepEqual(searchHitArgument('c1', hit), { kind: 'record', id: 'search:c1:g1', connectionId: 'c1', ref: { workspace: 'IT', app: 'TASK' }, record: { id: 'g1', title: 'Printer', project_alias: 'IT', publishing_alias: 'TASK', number: 7 } });
  });
});
