// One reading of a field's kind, for every kind of the contract, and the three places that use
// it (the record editor's controls, RLX filter types, the sandbox's value rules) agreeing on it.
import * as assert from 'node:assert/strict';
import type { FieldDefinition } from '../../../../src/core/contract/types';
import { controlKindOf } from '../../../../src/core/records/fieldKinds';
import { rlxFieldType } from '../../../../src/core/rlx/language/fieldKinds';
import type { RlxScopeSchema } from '../../../../src/core/rlx/language/schemaSource';
import { type FieldKind, SYSTEM_PERSON_FIELDS, fieldKindOf, personFieldsOf } from '../../../../src/core/schema/fieldKind';
import { valueKindOf } from '../../../../src/sandbox/model/app-model';

const field = (markers: Partial<FieldDefinition>): FieldDefinition => ({ name: 'f', ...markers });

/** Each kind of the contract, as a service may mark it (several markings where they exist). */
const CASES: [string, Partial<FieldDefinition>, FieldKind][] = [
  ['text', { ed_custom_field_type: 'text', field_type: 'string' }, 'text'],
  ['text, wire type only', { field_type: 'string' }, 'text'],
  ['number, whole', { ed_custom_field_type: 'number', field_type: 'integer' }, 'integer'],
  ['number, real', { ed_custom_field_type: 'number', field_type: 'real' }, 'real'],
  ['number, wire type only', { field_type: 'real' }, 'real'],
  ['date/datetime', { ed_custom_field_type: 'datetime', field_type: 'datetime' }, 'datetime'],
  ['date, wire type only', { field_type: 'date' }, 'datetime'],
  ['boolean', { field_type: 'boolean' }, 'boolean'],
  ['boolean, custom marker', { ed_custom_field_type: 'boolean' }, 'boolean'],
  ['lookup', { ed_custom_field_type: 'lookup', field_type: 'string' }, 'lookup'],
  ['lookup (custom values)', { ed_custom_field_type: 'lookup_custom' }, 'lookup'],
  ['person', { ed_custom_field_type: 'person' }, 'person'],
  ['author info', { ed_custom_field_type: 'authorinfo' }, 'authorinfo'],
  ['link to a record', { ed_custom_field_type: 'lookup_link_to_entity' }, 'link'],
  ['rich text', { ed_custom_field_type: 'richtext' }, 'richtext'],
  ['file', { ed_custom_field_type: 'file' }, 'file'],
  ['file list', { ed_custom_field_type: 'filelist' }, 'filelist'],
  ['file list, control marker', { ed_control_type: 'filelist', field_type: 'string' }, 'filelist'],
  ['a marker nobody knows', { ed_custom_field_type: 'hologram' }, 'unknown'],
];

describe('field kinds', () => {
  for (const [name, markers, kind] of CASES) {
    it(`${name} → ${kind}`, () => {
      assert.equal(fieldKindOf(field(markers)), kind);
    });
  }

  it('the editor, the RLX features and the sandbox agree on every kind', () => {
    const rlxExpected: Record<FieldKind, string> = {
      text: 'text', integer: 'number', real: 'number', datetime: 'date', boolean: 'boolean', lookup: 'lookup',
      person: 'person', authorinfo: 'person', link: 'link', richtext: 'text', file: 'file', filelist: 'file', unknown: 'text',
    };
    for (const [name, markers, kind] of CASES) {
      const def = field(markers);
      const schema: RlxScopeSchema = { fields: { f: def }, lookups: {}, users: [] };
      assert.equal(rlxFieldType(schema, 'f'), rlxExpected[kind], `RLX, ${name}`);
      assert.equal(controlKindOf(def), kind === 'boolean' ? 'text' : kind, `editor, ${name}`);
      const sandbox = valueKindOf(def);
      assert.equal(sandbox, kind === 'authorinfo' ? 'person' : kind === 'boolean' || kind === 'unknown' ? 'text' : kind, `sandbox, ${name}`);
    }
  });

  it('names the person fields of a schema: derived once per fields object, read anew for a schema read again', () => {
    const fields: Record<string, FieldDefinition> = {
      title: { name: 'title', field_type: 'string' } as FieldDefinition,
      c_owner: { name: 'c_owner', ed_custom_field_type: 'person' } as FieldDefinition,
      c_author: { name: 'c_author', ed_custom_field_type: 'authorinfo' } as FieldDefinition,
      keeper_id: { name: 'keeper_id', ed_custom_field_type: 'person' } as FieldDefinition,
    };
    const schema = { fields };
    assert.deepEqual(personFieldsOf(schema), [...SYSTEM_PERSON_FIELDS, 'c_owner', 'c_author']);
    assert.equal(personFieldsOf(schema), personFieldsOf({ fields }), 'the same fields: the same list');
    assert.ok(Object.isFrozen(personFieldsOf(schema)), 'shared, so nobody may change it');
    const readAgain = { fields: { ...fields, c_helper: { name: 'c_helper', ed_custom_field_type: 'person' } as FieldDefinition } };
    assert.deepEqual(personFieldsOf(readAgain), [...SYSTEM_PERSON_FIELDS, 'c_owner', 'c_author', 'c_helper']);
    assert.deepEqual(personFieldsOf(undefined), SYSTEM_PERSON_FIELDS);
    assert.deepEqual(personFieldsOf({}), SYSTEM_PERSON_FIELDS);
  });
});
