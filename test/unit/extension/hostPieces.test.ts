import { strict as assert } from 'node:assert';
import { parseRlx } from '../../../src/core/rlx';
import { pivotFieldChoices } from '../../../src/extension/query/pivot/pivotFields';
import { openRecordArgument, toSearchHit } from '../../../src/extension/browse/search/searchHits';
import { scopeRlx } from '../../../src/extension/browse/search/searchScope';

describe('search host pieces', () => {
  it('reduces a search record to what the view shows', () => {
    const hit = toSearchHit({ id: 'g1', title: 'Printer', number: 7, project_alias: 'IT', publishing_alias: 'TASK', state: 'open', _renderobj: { state__resolved: 'Open' }, __highlights: ['<em>Printer</em>', 5 as unknown as string], c_secret: 'x' });
    assert.deepEqual(hit, { id: 'g1', title: 'Printer', reference: 'IT/TASK7', workspace: 'IT', app: 'TASK', state: 'Open', highlights: ['<em>Printer</em>'] });
    assert.deepEqual(openRecordArgument('c1', hit), { kind: 'record', id: 'search:c1:g1', connectionId: 'c1', ref: { workspace: 'IT', app: 'TASK' }, record: { id: 'g1', title: 'Printer', project_alias: 'IT', publishing_alias: 'TASK', number: 7 } });
  });

  it('scopes a search with quoted workspace and app conditions and the user filter', () => {
    assert.equal(scopeRlx({}), undefined);
    assert.equal(scopeRlx({ workspace: 'IT', app: 'TASK', rlx: 'state = "a" OR state = "b"' }), 'project_alias = "IT" AND publishing_alias = "TASK" AND (state = "a" OR state = "b")');
    assert.equal(scopeRlx({ app: 'TASK' }), undefined, 'an app without its workspace is ignored');
    const hostile = scopeRlx({ workspace: 'IT" OR "1" = "1' });
    assert.equal(parseRlx(hostile ?? '').root?.kind, 'Comparison');
  });
});

describe('pivot fields', () => {
  it('offers system fields and schema fields by kind, never rich text or files', () => {
    const fields = pivotFieldChoices({
      fields: {
        c_amount: { name: 'c_amount', ed_caption: { en: 'Amount' }, ed_custom_field_type: 'number', field_type: 'real' },
        c_due: { name: 'c_due', ed_caption: 'Due', field_type: 'datetime' },
        description: { name: 'description', ed_custom_field_type: 'richtext' },
        c_pictures: { name: 'c_pictures', ed_custom_field_type: 'filelist' },
        state: { name: 'state', ed_caption: 'Status', ed_custom_field_type: 'lookup' },
      },
    });
    const byName = new Map(fields.map((f) => [f.name, f]));
    assert.equal(byName.get('c_amount')?.kind, 'number');
    assert.equal(byName.get('c_amount')?.caption, 'Amount');
    assert.equal(byName.get('c_due')?.kind, 'date');
    assert.equal(byName.get('creation_date')?.kind, 'date');
    assert.equal(byName.get('state')?.caption, 'Status');
    assert.ok(!byName.has('description') && !byName.has('c_pictures'));
  });
});
