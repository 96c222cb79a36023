import type { RecordData } from '../contract/types';
import { formatDateTime } from './dateTime';
import type { FormField } from './formModel';

/** Display context: the people and time zone the editor knows. */
export interface DisplayContext {
  timeZone: string;
  locale?: string;
  /** User GUID → name. */
  users: ReadonlyMap<string, string>;
}

/**
 * The text shown for a value (never HTML). Prefers the server's `_renderobj` display string, then
 * resolves lookups, people and dates locally, then falls back to the raw value.
 */
export function displayValue(field: FormField, value: unknown, ctx: DisplayContext, record?: RecordData): string {
  if (value === null || value === undefined || value === '') return '';
  const rendered = record?._renderobj?.[`${field.name}__resolved`];
  switch (field.kind) {
    case 'lookup':
      return field.options?.find((o) => o.id === value)?.caption ?? rendered ?? String(value);
    case 'person':
    case 'authorinfo':
      return ctx.users.get(String(value)) ?? rendered ?? String(value);
    case 'datetime':
      return formatDateTime(String(value), ctx.timeZone, ctx.locale);
    case 'integer':
    case 'real':
      return `${field.prefix}${typeof value === 'number' ? formatNumber(value, ctx.locale) : String(value)}${field.suffix}`;
    case 'file':
    case 'filelist':
      return Array.isArray(value) ? value.map((a) => attachmentTitle(a)).join(', ') : '';
    case 'link':
      return rendered ?? String(value);
    case 'unknown':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Digits grouped the reader's way ("$1,250.5"); the decimals the value has, no more, no fewer. */
function formatNumber(value: number, locale: string | undefined): string {
  const key = locale ?? '';
  let format = numberFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    } catch {
      format = new Intl.NumberFormat(undefined, { maximumFractionDigits: 20 });
    }
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** The name of an attachment item, whatever shape a service sends. */
export function attachmentTitle(item: unknown): string {
  if (item && typeof item === 'object') {
    const a = item as Record<string, unknown>;
    return String(a.title ?? a.file_uid ?? a.id ?? '');
  }
  return String(item);
}
