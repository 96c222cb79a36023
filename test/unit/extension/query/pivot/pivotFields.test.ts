import { strict as assert } from 'node:assert';
import { pivotFieldChoices } from '../../../../../src/extension/query/pivot/pivotFields';

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
