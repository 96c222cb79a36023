import type { HistoryEntry } from '../contract/types';
import { formatDateTime } from './dateTime';
import { displayValue, type DisplayContext } from './displayValue';
import type { FormField } from './formModel';

export interface HistoryChange {
  label: string;
  value: string;
}

/** One row of the history timeline, already text except the comment. */
export interface HistoryItem {
  when: string;
  who: string;
  action: string;
  /** Server HTML: the webview sanitizes it before showing it. */
  commentHtml?: string;
  changes: HistoryChange[];
}

/** Entry keys that describe the entry itself rather than a changed field. */
const ENTRY_KEYS = new Set(['version_timestamp', 'version_account_id', 'transition', 'comment', 'id', 'project_alias', 'publishing_alias', 'number']);

/** Turns history entries into timeline rows: who, when, which action, changed fields with display values. */
export function historyItems(entries: readonly HistoryEntry[], fields: readonly FormField[], ctx: DisplayContext, actionCaptions: ReadonlyMap<string, string> = new Map()): HistoryItem[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return entries.map((entry) => {
    const changes: HistoryChange[] = [];
    for (const [key, value] of Object.entries(entry)) {
      if (ENTRY_KEYS.has(key) || key.endsWith('__resolved') || key.startsWith('_')) continue;
      const field = byName.get(key);
      const resolved = entry[`${key}__resolved`];
      const text = typeof resolved === 'string' ? resolved : field ? displayValue(field, value, ctx) : JSON.stringify(value);
      // Rich text and other HTML values are shown as text: the timeline lists which field changed.
      changes.push({ label: field?.label ?? key, value: field?.kind === 'richtext' ? stripTags(text) : text });
    }
    const who = entry.version_account_id__resolved ?? (entry.version_account_id ? ctx.users.get(entry.version_account_id) : undefined) ?? entry.version_account_id ?? '';
    const item: HistoryItem = {
      when: formatDateTime(entry.version_timestamp, ctx.timeZone, ctx.locale),
      who,
      action: actionCaptions.get(entry.transition) ?? entry.transition,
      changes,
    };
    if (typeof entry.comment === 'string' && entry.comment.trim() !== '') item.commentHtml = entry.comment;
    return item;
  });
}

/** Plain text of an HTML value, for one-line summaries (the result is still shown with textContent). */
export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}
