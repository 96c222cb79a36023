// The one reading of a field's kind from its schema markers (contract 2.4), shared by the
// record editor's form, the RLX language features and the sandbox, so they can never disagree
// on what a field is. Each user projects it onto what it needs (a control, a filter type, a
// value rule); none of them reads the markers itself.
import type { FieldDefinition } from '../contract/types';

export type FieldKind =
  | 'text'
  | 'integer'
  | 'real'
  | 'datetime'
  | 'boolean'
  | 'lookup'
  | 'person'
  /** Who created or changed the record: a person the service fills in. */
  | 'authorinfo'
  | 'link'
  | 'richtext'
  | 'file'
  | 'filelist'
  /** A marker we never heard of: shown raw and read-only, never a reason to fail. */
  | 'unknown';

const REAL_TYPES = new Set(['real', 'float', 'double', 'decimal']);
const INTEGER_TYPES = new Set(['integer', 'int', 'number', 'long']);
const DATE_TYPES = new Set(['datetime', 'date', 'timestamp']);
const BOOLEAN_TYPES = new Set(['boolean', 'bool']);

export function fieldKindOf(def: Pick<FieldDefinition, 'ed_custom_field_type' | 'field_type' | 'ed_control_type'>): FieldKind {
  if (def.ed_control_type === 'file' || def.ed_control_type === 'filelist') return def.ed_control_type;
  const wire = (def.field_type ?? '').toLowerCase();
  switch (def.ed_custom_field_type) {
    case 'lookup':
    case 'lookup_custom':
      return 'lookup';
    case 'person':
      return 'person';
    case 'authorinfo':
      return 'authorinfo';
    case 'lookup_link_to_entity':
      return 'link';
    case 'richtext':
      return 'richtext';
    case 'file':
      return 'file';
    case 'filelist':
      return 'filelist';
    case 'datetime':
    case 'date':
      return 'datetime';
    case 'number':
      return REAL_TYPES.has(wire) ? 'real' : 'integer';
    case 'boolean':
      return 'boolean';
    case 'text':
    case 'string':
      return 'text';
    case undefined:
    case '':
      // No custom marker: the wire type says what the values are.
      if (DATE_TYPES.has(wire)) return 'datetime';
      if (REAL_TYPES.has(wire)) return 'real';
      if (INTEGER_TYPES.has(wire)) return 'integer';
      if (BOOLEAN_TYPES.has(wire)) return 'boolean';
      return 'text';
    default:
      return 'unknown';
  }
}

/** Numbers, whole or not. */
export function isNumberKind(kind: FieldKind): kind is 'integer' | 'real' {
  return kind === 'integer' || kind === 'real';
}

/** System fields that hold a person's id on every record (decisions.md "Person fields"). */
export const SYSTEM_PERSON_FIELDS = ['keeper_id', 'created_by_account_id', 'update_account_id'] as const;

/**
 * Person fields by the field definitions they were read from. Derived data, not a fact of a
 * connection: a schema read again is a new object (the catalog keeps schemas), so an entry can
 * never be stale, and it goes when its schema does. Records are read with their schema on every
 * tool call, which otherwise read every field's kind again each time.
 */
const personFieldsByFields = new WeakMap<Record<string, FieldDefinition>, readonly string[]>();

/** The fields of an app that name a person: the system ones, then its person and author fields. */
export function personFieldsOf(schema: { fields?: Record<string, FieldDefinition> } | undefined): readonly string[] {
  const fields = schema?.fields;
  if (fields === undefined) return SYSTEM_PERSON_FIELDS;
  let known = personFieldsByFields.get(fields);
  if (known === undefined) {
    const own = Object.values(fields).filter((field) => {
      const kind = fieldKindOf(field);
      return kind === 'person' || kind === 'authorinfo';
    });
    known = Object.freeze([...new Set<string>([...SYSTEM_PERSON_FIELDS, ...own.map((field) => field.name)])]);
    personFieldsByFields.set(fields, known);
  }
  return known;
}
