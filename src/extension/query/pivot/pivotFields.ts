// The fields a pivot can group by or sum, from the app's schema plus the system fields every
// record has (contract 4.1.1). Pure, so it is unit-tested.
import type { AppSchema } from '../../../core/contract/types';
import { type FieldKind, fieldKindOf } from '../../../core/schema/fieldKind';
import type { RlxScopeSchema } from '../../../core/rlx/language/schemaSource';
import { fieldCaption, rlxFieldType } from '../../../core/rlx/language/fieldKinds';
import type { PivotFieldChoice } from '../../../webview/pivot/protocol';

const SYSTEM_FIELDS: PivotFieldChoice[] = [
  { name: 'state', caption: 'State', kind: 'other' },
  { name: 'keeper_id', caption: 'Assignee', kind: 'other' },
  { name: 'created_by_account_id', caption: 'Created by', kind: 'other' },
  { name: 'creation_date', caption: 'Created', kind: 'date' },
  { name: 'update_date', caption: 'Updated', kind: 'date' },
];

/** Grouping by these makes one bucket per record or says nothing useful. */
const NOT_GROUPABLE: ReadonlySet<FieldKind> = new Set(['richtext', 'file', 'filelist']);

export function pivotFieldChoices(schema: AppSchema): PivotFieldChoice[] {
  const fields = schema.fields ?? {};
  const scope: RlxScopeSchema = { fields, lookups: schema.lookups ?? {}, users: [] };
  const choices = new Map<string, PivotFieldChoice>();
  for (const system of SYSTEM_FIELDS) choices.set(system.name, system);
  for (const [name, definition] of Object.entries(fields)) {
    if (NOT_GROUPABLE.has(fieldKindOf(definition)) || name === 'id' || name === 'title' || name === 'description') continue;
    const type = rlxFieldType(scope, name);
    const kind: PivotFieldChoice['kind'] = type === 'date' ? 'date' : type === 'number' ? 'number' : 'other';
    choices.set(name, { name, caption: fieldCaption(definition) ?? choices.get(name)?.caption ?? name, kind });
  }
  return [...choices.values()].sort((a, b) => a.caption.localeCompare(b.caption));
}
