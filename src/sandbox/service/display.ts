import type { FieldDefinition } from '../../core/contract/types';
import { type AppDefinition, valueKindOf } from '../model/app-model';
import type { ServiceDirectory } from '../model/directory';
import type { RecordStore } from '../store/record-store';

export function userName(directory: ServiceDirectory, id: unknown): string | undefined {
  return typeof id === 'string' ? directory.findUser(id)?.name : undefined;
}

export function lookupCaption(app: AppDefinition, field: string, value: unknown): string | undefined {
  return app.lookups[field]?.find((l) => l.id === value)?.caption;
}

/** Whether a field's display value differs from its raw value (so it belongs in resolved_values). */
export function isResolvedKind(def: FieldDefinition): boolean {
  const kind = valueKindOf(def);
  return kind === 'lookup' || kind === 'person' || kind === 'link';
}

/** The display string of a value (`_renderobj`, `__resolved` keys); undefined when there is none. */
export function displayValue(app: AppDefinition, def: FieldDefinition, value: unknown, store: RecordStore, directory: ServiceDirectory): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  switch (valueKindOf(def)) {
    case 'lookup':
      return lookupCaption(app, def.name, value) ?? String(value);
    case 'person':
      return userName(directory, value) ?? String(value);
    case 'link': {
      const linked = typeof value === 'string' ? store.get(value) : undefined;
      return linked ? String(linked.title ?? '') : String(value);
    }
    case 'integer':
    case 'real':
      return `${def.ed_formatting_pre ?? ''}${String(value)}${def.ed_formatting_post ?? ''}`;
    case 'text':
    case 'datetime':
      return String(value);
    default:
      return undefined;
  }
}
