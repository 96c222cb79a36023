// A small schema like the sandbox's IT/TASK app, for the language tests.
import type { RlxSchemaSource, RlxScopeSchema } from '../../src/core/rlx/language';

export const TASK_SCHEMA: RlxScopeSchema = {
  fields: {
    title: { name: 'title', ed_caption: 'Title', ed_custom_field_type: 'text', field_type: 'string', ed_help_text: 'Short summary' },
    state: { name: 'state', ed_caption: 'State', ed_custom_field_type: 'lookup', field_type: 'string' },
    priority: { name: 'priority', ed_caption: 'Priority', ed_custom_field_type: 'lookup', field_type: 'string' },
    keeper_id: { name: 'keeper_id', ed_caption: 'Keeper', ed_custom_field_type: 'person', field_type: 'string' },
    creation_date: { name: 'creation_date', ed_caption: 'Created', ed_custom_field_type: 'datetime', field_type: 'datetime' },
    c_amount: { name: 'c_amount', ed_caption: { en: 'Amount' }, ed_custom_field_type: 'number', field_type: 'real' },
  },
  lookups: {
    state: [
      { id: 'open', caption: 'Open' },
      { id: 'in_progress', caption: 'In progress' },
      { id: 'done', caption: 'Done' },
    ],
    priority: [
      { id: 'high', caption: 'High' },
      { id: 'low', caption: 'Low' },
    ],
  },
  users: [
    { id: '11111111-1111-1111-1111-111111111111', name: 'Ada Admin', role: 'admin' },
    { id: '22222222-2222-2222-2222-222222222222', name: 'Bob Builder', role: 'member' },
  ],
};

export const TEST_SOURCE: RlxSchemaSource = {
  schemaFor: (scope) => (scope.kind === 'app' && scope.ref.workspace === 'IT' && scope.ref.app === 'TASK' ? TASK_SCHEMA : undefined),
  workspaces: () => [{ alias: 'IT', title: 'IT', apps: [{ alias: 'TASK', caption: 'Tasks' }, { alias: 'BUG', caption: 'Bugs' }] }],
};

/** Splits `a|b` into the text without the marker and the marker's offset. */
export function cursor(textWithMarker: string): { text: string; offset: number } {
  const offset = textWithMarker.indexOf('|');
  if (offset === -1) throw new Error('no | cursor marker');
  return { text: textWithMarker.slice(0, offset) + textWithMarker.slice(offset + 1), offset };
}

export const ISSUE_EXAMPLE = `// a comment
@app IT/TASK                          // scope for the blocks below

### Open high-priority tasks           // "###" starts a block; the rest of the line names it
@fields title,state,keeper_id,c_amount
@sort creation_date desc
@limit 100
state in "open,in_progress":string[] AND priority="high"

### Tasks per month
@pivot creation_date__pivotbymonth,state
@stats c_amount
creation_date>="2026-01-01"

### Keyword search
@search "network outage" -printer
state!="done"
`;
