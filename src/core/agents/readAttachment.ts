// records_read_attachment: the text of one attachment of a record (text types only, the first
// MAX_ATTACHMENT_BYTES), in parts that fit a result, with a cursor to the next part. A binary
// file is named with its type and size, never read. Only attachments of a record the user can
// read are reachable: the file is found on the record first.
import type { Attachment } from '../contract/types';
import { recordAttachments, fileFieldNames } from '../records/recordAttachments';
import { clipText } from './bounds';
import { type ToolContext, ToolInputError, optionalString, requireString } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { type ToolResult, labelledResult } from './labelling';
import { findRecord } from './records';

/** The most of a file read: a model reads text, not dumps. */
export const MAX_ATTACHMENT_BYTES = 64 * 1024;
/** Characters of text one result carries (the JSON string of a part stays under the result bound). */
const PART_CHARS = 6_000;

const TEXT_TYPES = /^(text\/|application\/(json|xml|yaml|x-yaml|csv|javascript|x-sh|sql|toml|x-ndjson)\b|application\/[\w.+-]+\+(json|xml)\b)/i;
const TEXT_NAMES = /\.(txt|md|markdown|csv|tsv|json|jsonl|ndjson|xml|ya?ml|log|ini|cfg|conf|toml|sql|sh|ps1|py|js|ts|html?|css|rlx)$/i;

export async function readAttachment(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const wanted = requireString(input, 'attachment');
  const { record, ref, reference } = await findRecord(ctx, requireString(input, 'record'));
  const schema = await ctx.catalog.readableSchema(ctx.connectionId, ref);
  const attachments = recordAttachments(record, fileFieldNames(schema));
  const nameOf = (a: Attachment) => String(a.title ?? a.file_uid);
  const found = attachments.find((a) => a.attachment.file_uid.toLowerCase() === wanted.toLowerCase())
    ?? attachments.find((a) => nameOf(a.attachment) === wanted)
    ?? attachments.find((a) => nameOf(a.attachment).toLowerCase() === wanted.toLowerCase());
  if (!found) {
    const names = attachments.map((a) => JSON.stringify(clipText(nameOf(a.attachment), 100)));
    throw new ToolInputError(`${reference} has no attachment ${JSON.stringify(wanted)}. ${names.length > 0 ? `Its attachments: ${names.slice(0, 20).join(', ')}.` : 'It has no attachments.'}`);
  }
  const { attachment, field } = found;
  const name = nameOf(attachment);
  const key = ['records_read_attachment', record.id, attachment.file_uid];
  const offset = decodeCursor(optionalString(input, 'cursor'), key);
  const controller = new AbortController();
  const abort = () => controller.abort();
  ctx.signal?.addEventListener('abort', abort, { once: true });
  try {
    const download = await ctx.client.download(attachment.file_uid, { signal: controller.signal });
    const size = download.size ?? attachment.link_data?.size ?? null;
    const contentType = download.contentType?.split(';')[0]?.trim() ?? null;
    const about = { reference, attachment: clipText(name, 200), field, contentType, size };
    const textual = contentType ? TEXT_TYPES.test(contentType) || (contentType === 'application/octet-stream' && TEXT_NAMES.test(name)) : TEXT_NAMES.test(name);
    if (!textual) {
      controller.abort();
      return labelledResult(ctx.connectionName, `${name} on ${reference} is not text (${contentType ?? 'unknown type'}, ${size ?? '?'} bytes): only its name and size can be given.`, { ...about, text: null });
    }
    const bytes = await readAtMost(download.body, MAX_ATTACHMENT_BYTES, controller);
    const decoded = new TextDecoder('utf-8').decode(bytes.data);
    // A cut in the middle of a character decodes to U+FFFD at the end: drop it.
    const text = bytes.cut ? decoded.replace(/\uFFFD$/, '') : decoded;
    if (text.includes('\u0000')) return labelledResult(ctx.connectionName, `${name} on ${reference} holds binary data, though its type says text: only its name and size can be given.`, { ...about, text: null });
    const part = partAt(text, offset);
    const end = offset + part.length;
    const nextCursor = end < text.length ? encodeCursor(key, end) : undefined;
    const readTo = bytes.cut ? ` The file is larger than ${MAX_ATTACHMENT_BYTES / 1024} KB: only its first ${MAX_ATTACHMENT_BYTES / 1024} KB can be read.` : '';
    const summary = `${name} on ${reference}: characters ${offset + 1}–${end} of ${text.length}${bytes.cut ? '+' : ''}.${readTo}`;
    const more = nextCursor ? `More text: call records_read_attachment again with the same record and attachment and "cursor": ${JSON.stringify(nextCursor)}.` : undefined;
    return labelledResult(ctx.connectionName, summary, { ...about, from: offset, to: end, text: part, ...(nextCursor ? { nextCursor } : {}) }, more);
  } finally {
    ctx.signal?.removeEventListener('abort', abort);
  }
}

/** The text from `offset` whose JSON string fits PART_CHARS (newlines and quotes take two characters there). */
function partAt(text: string, offset: number): string {
  let part = text.slice(offset, offset + PART_CHARS);
  while (part.length > 100 && JSON.stringify(part).length > PART_CHARS + 500) part = part.slice(0, Math.floor(part.length * 0.8));
  return part;
}

/** The first `max` bytes of a body; the rest is not downloaded (the request is aborted). */
async function readAtMost(body: AsyncIterable<Uint8Array>, max: number, controller: AbortController): Promise<{ data: Uint8Array; cut: boolean }> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let cut = false;
  for await (const chunk of body) {
    const room = max - length;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      length += room;
      cut = true;
      break;
    }
    chunks.push(chunk);
    length += chunk.length;
  }
  if (cut) controller.abort();
  const data = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    data.set(chunk, at);
    at += chunk.length;
  }
  return { data, cut };
}
