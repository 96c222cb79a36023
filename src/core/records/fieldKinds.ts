import type { FieldDefinition } from '../contract/types';
import { type FieldKind, fieldKindOf } from '../schema/fieldKind';

/** The control the editor shows for a field. `unknown` is a marker we do not know: shown as raw JSON, read-only. */
/** The controls of the record form: one per field kind, but for booleans (a text control until the form has a check box). */
export type FieldControlKind = Exclude<FieldKind, 'boolean'>;

/**
 * Chooses a control from the field's kind (core/schema/fieldKind.ts, shared with the RLX features
 * and the sandbox); a marker we never heard of never blocks the form. A yes/no field is typed as
 * text until the form has a control of its own for it.
 */
export function controlKindOf(def: FieldDefinition): FieldControlKind {
  const kind = fieldKindOf(def);
  return kind === 'boolean' ? 'text' : kind;
}

/** Kinds whose values the editor can change. */
export function isEditableKind(kind: FieldControlKind): boolean {
  return kind !== 'authorinfo' && kind !== 'unknown';
}

/** Kinds whose values live in `__link_lists` rather than on the record. */
export function isFileKind(kind: FieldControlKind): kind is 'file' | 'filelist' {
  return kind === 'file' || kind === 'filelist';
}

