// records_get: one record in full, for a model to read: display values, the description as
// text, attachments, its allowed actions, and the latest history with comments.
import type { Attachment, RecordData } from '../contract/types';
import { stripTags } from '../records/historyView';
import { rlxEquals } from '../rlx/quote';
import { clipText } from './bounds';
import { type ToolContext, requireString } from './context';
import { type ToolResult, labelledResult } from './labelling';
import { findRecord } from './records';
import { displayOf } from './rows';

const HISTORY_ITEMS = 5;
/** Fields shown elsewhere in the result, or of no use to a model. */
const SKIPPED = new Set(['id', 'title', 'description', 'number', 'project_alias', 'publishing_alias', 'transitions', 'resolved_values', '_renderobj', '__link_lists', '__highlights', '__children_count', 'attachments']);

export async function getRecord(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const { record, ref, reference } = await findRecord(ctx, requireString(input, 'record'));
  const schema = await ctx.catalog.readableSchema(ctx.connectionId, ref);
  ctx.catalog.learnPeople(ctx.connectionId, [record], schema);
  const people = ctx.catalog.people(ctx.connectionId);
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(record)) {
    if (SKIPPED.has(name) || name.startsWith('_')) continue;
    const value = displayOf(record, name, schema, people);
    if (value !== null) fields[name] = value;
  }
  const history = await ctx.client.history({ rlx: rlxEquals('id', record.id), sortby: 'version_timestamp desc', limitRecords: HISTORY_ITEMS }, { signal: ctx.signal });
  const captions = new Map((schema?.transitions ?? []).map((t) => [t.alias, t.caption]));
  const data = {
    reference,
    id: record.id,
    title: clipText(String(record.title ?? ''), 500),
    description: typeof record.description === 'string' ? clipText(stripTags(record.description).trim(), 2_000) : null,
    fields,
    actions: (record.transitions ?? []).map((alias) => ({ action: alias, caption: captions.get(alias) ?? alias })),
    attachments: attachmentsOf(record).slice(0, 20),
    comments: record.amount_of_comments ?? null,
    latestHistory: history.slice(0, HISTORY_ITEMS).map((entry) => ({
      when: entry.version_timestamp,
      who: entry.version_account_id__resolved ?? (entry.version_account_id ? people.get(entry.version_account_id) : undefined) ?? entry.version_account_id ?? null,
      action: entry.transition,
      comment: entry.comment ? clipText(stripTags(entry.comment).trim(), 500) : null,
    })),
  };
  return labelledResult(ctx.connectionName, `Record ${reference} (${ref.workspace}/${ref.app}).`, data);
}

function attachmentsOf(record: RecordData): { name: string; size: number | null; field: string }[] {
  const found: { name: string; size: number | null; field: string }[] = [];
  const seen = new Set<string>();
  const lists: [string, unknown][] = [...Object.entries(record.__link_lists ?? {}), ...Object.entries(record)];
  for (const [field, value] of lists) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      if (typeof item !== 'object' || item === null || typeof (item as Attachment).file_uid !== 'string') continue;
      const attachment = item as Attachment;
      if (seen.has(attachment.file_uid)) continue;
      seen.add(attachment.file_uid);
      found.push({ name: clipText(String(attachment.title ?? attachment.file_uid), 200), size: attachment.link_data?.size ?? null, field });
    }
  }
  return found;
}
