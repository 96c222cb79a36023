// records_get: one record in full, for a model to read: display values, the description as
// text, attachments, its allowed actions, and its history with comments, newest first, paged
// with a cursor (the history endpoint takes no offset: a later page asks for the entries up to
// its end and keeps the last ones; a record's history is short).
import type { Attachment, RecordData } from '../contract/types';
import { stripTags } from '../records/historyView';
import { rlxAnd, rlxEquals } from '../rlx/quote';
import { clipText } from './bounds';
import { type ToolContext, ToolInputError, optionalLimit, optionalString, requireString } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { type ToolResult, labelledResult } from './labelling';
import { findRecord } from './records';
import { displayOf, richTextAsText } from './rows';

const HISTORY_ITEMS = 5;
const MAX_HISTORY_ITEMS = 20;
/** Fields shown elsewhere in the result, or of no use to a model. */
const SKIPPED = new Set(['id', 'title', 'description', 'number', 'project_alias', 'publishing_alias', 'transitions', 'resolved_values', '_renderobj', '__link_lists', '__highlights', '__children_count', 'attachments']);

export async function getRecord(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const historyLimit = optionalLimit(input, 'historyLimit', MAX_HISTORY_ITEMS, HISTORY_ITEMS);
  const only = optionalString(input, 'history') ?? 'all';
  if (only !== 'all' && only !== 'comments') throw new ToolInputError('"history" is "all" (every change, with comments) or "comments" (comments only).');
  const { record, ref, reference } = await findRecord(ctx, requireString(input, 'record'));
  const historyKey = ['records_get', record.id, only];
  const historyOffset = decodeCursor(optionalString(input, 'historyCursor'), historyKey);
  const schema = await ctx.catalog.readableSchema(ctx.connectionId, ref);
  ctx.catalog.learnPeople(ctx.connectionId, [record], schema);
  const people = ctx.catalog.people(ctx.connectionId);
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(record)) {
    if (SKIPPED.has(name) || name.startsWith('_')) continue;
    const value = displayOf(record, name, schema, people);
    if (value !== null) fields[name] = value;
  }
  const historyFilter = rlxAnd(rlxEquals('id', record.id), only === 'comments' ? rlxEquals('transition', 'comment') : undefined);
  // One entry more than shown says whether there is a next page.
  const history = await ctx.client.history({ rlx: historyFilter, sortby: 'version_timestamp desc', limitRecords: historyOffset + historyLimit + 1 }, { signal: ctx.signal });
  const entries = history.slice(historyOffset, historyOffset + historyLimit);
  const historyEnd = historyOffset + entries.length;
  const historyNextCursor = history.length > historyEnd ? encodeCursor(historyKey, historyEnd) : undefined;
  const captions = new Map((schema?.transitions ?? []).map((t) => [t.alias, t.caption]));
  const data = {
    reference,
    id: record.id,
    title: clipText(String(record.title ?? ''), 500),
    description: typeof record.description === 'string' ? clipText(richTextAsText(record.description), 2_000) : null,
    fields,
    actions: (record.transitions ?? []).map((alias) => ({ action: alias, caption: captions.get(alias) ?? alias })),
    attachments: attachmentsOf(record).slice(0, 20),
    comments: record.amount_of_comments ?? null,
    latestHistory: entries.map((entry) => ({
      when: entry.version_timestamp,
      who: entry.version_account_id__resolved ?? (entry.version_account_id ? people.get(entry.version_account_id) : undefined) ?? entry.version_account_id ?? null,
      action: entry.transition,
      comment: entry.comment ? clipText(stripTags(entry.comment).trim(), 500) : null,
    })),
  };
  const shown = entries.length === 0 ? 'none' : `${historyOffset + 1}–${historyEnd}`;
  const summary = `Record ${reference} (${ref.workspace}/${ref.app}); ${only === 'comments' ? 'comments' : 'history'} newest first, ${shown} shown.`;
  const more = historyNextCursor ? `Older ${only === 'comments' ? 'comments' : 'history'}: call records_get again with the same record${only === 'comments' ? ' and "history": "comments"' : ''} and "historyCursor": ${JSON.stringify(historyNextCursor)}.` : undefined;
  return labelledResult(ctx.connectionName, summary, { ...data, ...(historyNextCursor ? { historyNextCursor } : {}) }, more);
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
