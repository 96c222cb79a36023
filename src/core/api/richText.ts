// Which batch operations carry rich text; the service wants smaller batches for those
// (contract 4.6: 50-100 operations).
import { HTML_MARKER } from '../contract/htmlMarker';
import { type BatchOperation } from '../contract/types';

/** Keys of an operation that are never field values. */
const OPERATION_KEYS = new Set(['transition', 'id', 'app_alias', 'workspace_alias', 'comment', 'minor_change']);

export type RichTextFieldTest = (fieldName: string) => boolean;

export function carriesRichText(operation: BatchOperation, isRichTextField?: RichTextFieldTest): boolean {
  for (const [name, value] of Object.entries(operation)) {
    if (OPERATION_KEYS.has(name)) continue;
    if (typeof value === 'string' && value.startsWith(HTML_MARKER)) return true;
    if (name === 'description' || isRichTextField?.(name)) return true;
  }
  return false;
}
