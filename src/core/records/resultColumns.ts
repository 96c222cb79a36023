// Which columns a block's results show, and their headers. Pure (no `vscode`): unit tests pin
// the choices. The reference column (`IT/TASK12`) always comes first: it names the record the
// way people do and sorts by number.
import { buildFormFields, type FormField } from './index';
import type { RlxScopeSchema } from '../rlx/language';

export const REFERENCE_FIELD = 'number';
/** Search hits get a column with the text around the first match (plain text, not the HTML). */
export const MATCH_FIELD = '__highlights';

/** Without `@fields`: the title and the fields people scan a list by, where the app has them. */
export const DEFAULT_FIELDS = ['title', 'state', 'priority', 'keeper_id', 'update_date'] as const;

/** Fields a record always carries that a column would only repeat (they are in the reference). */
const IDENTITY_FIELDS = new Set(['id', 'number', 'project_alias', 'publishing_alias']);

/** Captions of the system fields, for scopes without one schema (all apps). */
const SYSTEM_CAPTIONS: Record<string, string> = {
  title: 'Title', state: 'State', priority: 'Priority', keeper_id: 'Assignee', update_date: 'Updated',
  creation_date: 'Created', created_by_account_id: 'Created by', update_account_id: 'Updated by', description: 'Description',
};

export interface ResultField {
  name: string;
  caption: string;
  numeric: boolean;
  /** The form field when the schema knows it: displayValue() formats lookups, people, dates. */
  form?: FormField;
}

/**
 * The columns for `listOfFields` (the block's `@fields`, or undefined), given the schema of the
 * scope when it is known and the keys of the first records received.
 */
export function resultFields(listOfFields: string | undefined, schema: RlxScopeSchema | undefined, sampleKeys: ReadonlySet<string>, withMatch = false): ResultField[] {
  const lookups = Object.fromEntries(Object.entries(schema?.lookups ?? {}).map(([name, values]) => [name, [...values]]));
  const forms = new Map((schema ? buildFormFields({ fields: { ...schema.fields }, lookups }) : []).map((field) => [field.name, field]));
  const selection = (listOfFields ?? '').trim();
  let names: string[];
  if (selection.toUpperCase() === 'ALL') {
    names = [...forms.values()].filter((field) => field.kind !== 'richtext' && field.kind !== 'file' && field.kind !== 'filelist').map((field) => field.name);
    if (names.length === 0) names = [...sampleKeys].filter((key) => !key.startsWith('_') && key !== 'resolved_values' && key !== 'transitions');
  } else if (selection.toUpperCase() === 'GRID') {
    names = Object.entries(schema?.fields ?? {}).filter(([name, def]) => def.ed_in_grid === true || name === 'title').map(([name]) => name);
    if (names.length === 0) names = [...DEFAULT_FIELDS];
  } else if (selection !== '') {
    names = selection.split(',').map((name) => name.trim()).filter(Boolean);
  } else {
    names = DEFAULT_FIELDS.filter((name) => forms.has(name) || sampleKeys.has(name));
    if (names.length === 0) names = [...DEFAULT_FIELDS];
  }
  const unique = [...new Set(names)].filter((name) => !IDENTITY_FIELDS.has(name));
  return [
    { name: REFERENCE_FIELD, caption: 'Reference', numeric: false },
    ...unique.map((name) => fieldOf(name, forms.get(name))),
    ...(withMatch ? [{ name: MATCH_FIELD, caption: 'Match', numeric: false }] : []),
  ];
}

function fieldOf(name: string, form: FormField | undefined): ResultField {
  const numeric = form?.kind === 'integer' || form?.kind === 'real';
  return { name, caption: form?.label || SYSTEM_CAPTIONS[name] || name, numeric, ...(form ? { form } : {}) };
}
