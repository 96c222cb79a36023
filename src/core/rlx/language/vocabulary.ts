// Words of the `.rlx` language with the one-line explanations shown in completion and hover.
import type { RlxDirectiveName } from '../document';
import type { RlxFieldType } from './fieldKinds';

export const DIRECTIVE_DOCS: Readonly<Record<RlxDirectiveName, { usage: string; doc: string }>> = {
  app: { usage: '@app WS/APP', doc: 'Scope: one app (`WS/APP`), a whole workspace (`WS`), or nothing for all apps.' },
  connection: { usage: '@connection "Production"', doc: 'The connection this file runs against (file header only). Without it, the connection chosen for the file is kept in the workspace.' },
  fields: { usage: '@fields title,state', doc: 'Comma-separated field db names to return (`ALL` and `GRID` also work).' },
  sort: { usage: '@sort creation_date desc', doc: 'Sort by a field, `asc` or `desc`.' },
  limit: { usage: '@limit 100', doc: 'How many records to return (default 100).' },
  pivot: { usage: '@pivot creation_date__pivotbymonth,state', doc: 'Group by these fields and count; a date field may take a time-grouping suffix such as `__pivotbymonth`.' },
  stats: { usage: '@stats c_amount', doc: 'A number field to sum, average, and take the minimum and maximum of in each `@pivot` group.' },
  search: { usage: '@search "network outage" -printer', doc: 'Full-text search; the filter below narrows the hits.' },
};

export const OPERATOR_DOCS: Readonly<Record<string, string>> = {
  '=': 'Equals. For list fields: one element equals. `= null` matches a missing value.',
  '!=': 'Differs. A missing value never differs (use `!= null`); `!= NULLOREMPTY` asks for a non-empty value.',
  '>': 'Greater than (numbers and dates compare by value).',
  '>=': 'Greater than or equal.',
  '<': 'Less than.',
  '<=': 'Less than or equal.',
  in: 'One of a comma-separated list: `state in "open,done":string[]`.',
  like: 'Text pattern: `%` any run, `_` one character, case-insensitive.',
  and: 'Both conditions hold (binds tighter than OR).',
  or: 'Either condition holds.',
  null: '`= null` / `!= null`: the value is missing / present.',
  nullorempty: '`!= NULLOREMPTY`: the value is neither missing nor empty.',
};

/** Operators offered after a field, by the field's type (the first fit ranks first). */
export function operatorsFor(type: RlxFieldType | undefined): string[] {
  switch (type) {
    case 'number':
    case 'date':
      return ['=', '!=', '>', '>=', '<', '<=', 'in', '= null', '!= null'];
    case 'lookup':
    case 'person':
    case 'link':
      return ['=', '!=', 'in', '= null', '!= null', '!= NULLOREMPTY'];
    case 'boolean':
      return ['=', '!='];
    case 'file':
      return ['= null', '!= null', '!= NULLOREMPTY'];
    case 'text':
      return ['=', '!=', 'like', 'in', '= null', '!= null', '!= NULLOREMPTY'];
    default:
      return ['=', '!=', '>', '>=', '<', '<=', 'in', 'like', '= null', '!= null', '!= NULLOREMPTY'];
  }
}
