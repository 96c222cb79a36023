import type { FieldDefinition } from '../../core/contract/types';
import { valueKindOf } from '../model/app-model';
import { unknownField } from './errors';
import type { FieldCatalog } from './field-catalog';

/** Which fields a list answer carries (`listOfFields` + `loadRichTexts`). */
export interface FieldSelection {
  mode: 'default' | 'all' | 'grid' | 'names';
  names: ReadonlySet<string>;
  loadRichTexts: boolean;
}

// Identity fields every shaped record keeps, whatever was asked for.
const ALWAYS = new Set(['id', 'number', 'project_alias', 'publishing_alias']);

export function parseFieldSelection(listOfFields: unknown, loadRichTexts: unknown, catalog: FieldCatalog): FieldSelection {
  const rich = loadRichTexts === true;
  if (listOfFields === undefined || listOfFields === null || listOfFields === '') return { mode: 'default', names: new Set(), loadRichTexts: rich };
  const text = String(listOfFields).trim();
  if (text.toUpperCase() === 'ALL') return { mode: 'all', names: new Set(), loadRichTexts: rich };
  if (text.toUpperCase() === 'GRID') return { mode: 'grid', names: new Set(), loadRichTexts: rich };
  const names = new Set(text.split(',').map((n) => n.trim()).filter(Boolean));
  for (const name of names) if (!catalog.has(name)) throw unknownField(name);
  return { mode: 'names', names, loadRichTexts: rich };
}

/** Whether the field goes into the record (or its `__link_lists` for list-valued fields). */
export function isSelected(def: FieldDefinition, selection: FieldSelection): boolean {
  if (ALWAYS.has(def.name)) return true;
  const kind = valueKindOf(def);
  if (kind === 'richtext' && !selection.loadRichTexts) return false;
  const listValued = kind === 'file' || kind === 'filelist';
  switch (selection.mode) {
    case 'all':
      return true;
    case 'names':
      return selection.names.has(def.name);
    case 'grid':
      return def.ed_in_grid === true || def.name === 'title' || kind === 'richtext';
    default:
      return !listValued;
  }
}
