import type { AppSchema, FieldDefinition, RecordData } from '../contract/types';
import { controlKindOf, type FieldControlKind, isEditableKind, isFileKind } from './fieldKinds';
import { localizedText } from '../text/localizedText';

/** One control of the record form, everything the webview needs to draw it without the schema. */
export interface FormField {
  name: string;
  label: string;
  help: string;
  kind: FieldControlKind;
  readOnly: boolean;
  prefix: string;
  suffix: string;
  /** Lookup values (db value → caption), for `lookup` fields. */
  options?: { id: string; caption: string }[];
  /** For `link` fields: where the linked records live. */
  linkTarget?: { workspace: string; app: string };
}

/** Fields shown in the editor's header instead of the form. */
const HEADER_FIELDS = new Set(['id', 'number', 'project_alias', 'publishing_alias']);

/**
 * Builds the form from the schema, in schema order. Fields the user may not read are absent from
 * the schema and so simply absent here. For a new record, read-only and author fields are left out.
 */
export function buildFormFields(schema: AppSchema, options: { locale?: string; forNewRecord?: boolean } = {}): FormField[] {
  const out: FormField[] = [];
  for (const [name, def] of Object.entries(schema.fields ?? {})) {
    if (HEADER_FIELDS.has(name)) continue;
    const kind = controlKindOf(def);
    const readOnly = def.ed_read_only === true || !isEditableKind(kind);
    if (options.forNewRecord && (readOnly || kind === 'authorinfo')) continue;
    const field: FormField = {
      name,
      label: localizedText(def.ed_caption, options.locale) || name,
      help: localizedText(def.ed_help_text, options.locale),
      kind,
      readOnly,
      prefix: def.ed_formatting_pre ?? '',
      suffix: def.ed_formatting_post ?? '',
    };
    if (kind === 'lookup') field.options = (schema.lookups?.[name] ?? []).map((v) => ({ id: v.id, caption: v.caption }));
    if (def.ed_link_target) field.linkTarget = { ...def.ed_link_target };
    out.push(field);
  }
  return out;
}

/** The editable values of a record: plain fields from the record, file fields from `__link_lists`. */
export function formValuesOf(record: RecordData, fields: readonly FormField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    if (isFileKind(f.kind)) values[f.name] = record.__link_lists?.[f.name] ?? (Array.isArray(record[f.name]) ? record[f.name] : []);
    else values[f.name] = record[f.name] ?? null;
  }
  return values;
}

/** Values of an empty form: the schema's defaults, typed for the control. */
export function defaultValuesOf(schema: AppSchema, fields: readonly FormField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    const def: FieldDefinition | undefined = schema.fields?.[f.name];
    const raw = def?.ed_default_value_expression;
    if (isFileKind(f.kind)) values[f.name] = [];
    else if (raw === undefined || raw === '') values[f.name] = null;
    else if (f.kind === 'integer' || f.kind === 'real') values[f.name] = Number.isFinite(Number(raw)) ? Number(raw) : null;
    else if (f.kind === 'lookup' && f.options && !f.options.some((o) => o.id === raw)) values[f.name] = null;
    else values[f.name] = raw;
  }
  return values;
}
