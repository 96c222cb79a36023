import type { FieldDefinition, LocalizedText } from '../api/types';

/** The control the editor shows for a field. `unknown` is a marker we do not know: shown as raw JSON, read-only. */
export type FieldControlKind =
  | 'text'
  | 'integer'
  | 'real'
  | 'datetime'
  | 'lookup'
  | 'person'
  | 'authorinfo'
  | 'link'
  | 'richtext'
  | 'file'
  | 'filelist'
  | 'unknown';

const NUMERIC_TYPES = new Set(['integer', 'int', 'number']);
const REAL_TYPES = new Set(['real', 'float', 'double', 'decimal']);

/** Chooses a control from the field's markers; a marker we never heard of never blocks the form. */
export function controlKindOf(def: FieldDefinition): FieldControlKind {
  const control = def.ed_control_type;
  if (control === 'file' || control === 'filelist') return control;
  const fieldType = (def.field_type ?? '').toLowerCase();
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
      return 'datetime';
    case 'number':
      return REAL_TYPES.has(fieldType) ? 'real' : 'integer';
    case 'text':
    case 'string':
      return 'text';
    case undefined:
    case '':
      if (fieldType === 'datetime') return 'datetime';
      if (REAL_TYPES.has(fieldType)) return 'real';
      if (NUMERIC_TYPES.has(fieldType)) return 'integer';
      return 'text';
    default:
      return 'unknown';
  }
}

/** Kinds whose values the editor can change. */
export function isEditableKind(kind: FieldControlKind): boolean {
  return kind !== 'authorinfo' && kind !== 'unknown';
}

/** Kinds whose values live in `__link_lists` rather than on the record. */
export function isFileKind(kind: FieldControlKind): kind is 'file' | 'filelist' {
  return kind === 'file' || kind === 'filelist';
}

/** Picks the best language of a localized caption: exact, then base language, then English, then any. */
export function localizedText(text: LocalizedText | undefined, locale = 'en'): string {
  if (text === undefined || text === null) return '';
  if (typeof text === 'string') return text;
  const lower = locale.toLowerCase();
  const base = lower.split('-')[0] ?? lower;
  const entries = Object.entries(text);
  const pick = (want: string) => entries.find(([k]) => k.toLowerCase() === want)?.[1];
  return pick(lower) ?? pick(base) ?? pick('en') ?? entries[0]?.[1] ?? '';
}
