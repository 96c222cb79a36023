import { lookup as mimeLookup } from 'mime-types';
import type { Attachment, FieldDefinition } from '../../core/contract/types';
import { type AppDefinition, valueKindOf } from '../model/app-model';
import type { ServiceDirectory } from '../model/directory';
import type { StoredRecord } from '../store/model';
import type { UploadCatalog } from './contract';
import { toStoredRichText } from './rich-text';

/** A bad value in an operation; becomes 400 invalid_value for that operation. */
export class InvalidValue extends Error {}

export interface ValueContext {
  app: AppDefinition;
  /** The users a person field may name. */
  directory: ServiceDirectory;
  uploads: UploadCatalog;
  /** The record before this operation (undefined for add). */
  existing: StoredRecord | undefined;
  getRecord(id: string): StoredRecord | undefined;
  /** Pending uploads claimed earlier in the batch; one upload attaches once. */
  claimedUploads: Set<string>;
  /** Uploads to commit once the batch is durable. */
  pendingCommits: string[];
}

const SYSTEM_READ_ONLY = new Set(['id', 'number', 'creation_date', 'update_date', 'project_alias', 'publishing_alias', 'created_by_account_id', 'update_account_id']);

export function isWritable(def: FieldDefinition): boolean {
  return !SYSTEM_READ_ONLY.has(def.name) && def.ed_read_only !== true;
}

/** Checks one written value and returns it as stored (db value, ISO date, HTML, attachments). */
export async function toStoredValue(def: FieldDefinition, value: unknown, ctx: ValueContext): Promise<unknown> {
  const kind = valueKindOf(def);
  const name = def.name;
  if (value === null && kind !== 'file' && kind !== 'filelist') return null;
  switch (kind) {
    case 'text':
      if (typeof value !== 'string') throw new InvalidValue(`${name} needs a text value.`);
      return value;
    case 'integer':
    case 'real': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw new InvalidValue(`${name} needs a number; got ${JSON.stringify(value)}.`);
      if (kind === 'integer' && !Number.isInteger(n)) throw new InvalidValue(`${name} needs a whole number; got ${n}.`);
      return n;
    }
    case 'datetime': {
      const ms = typeof value === 'string' ? Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : NaN;
      if (Number.isNaN(ms)) throw new InvalidValue(`${name} needs an ISO 8601 date such as "2026-11-01T09:00:00Z"; got ${JSON.stringify(value)}.`);
      return new Date(ms).toISOString();
    }
    case 'lookup': {
      const options = ctx.app.lookups[name] ?? [];
      if (options.some((o) => o.id === value)) return value;
      const byCaption = options.find((o) => typeof value === 'string' && o.caption.toLowerCase() === value.toLowerCase());
      if (byCaption) throw new InvalidValue(`${name}: "${String(value)}" is a caption; send the db value "${byCaption.id}".`);
      throw new InvalidValue(`${name}: ${JSON.stringify(value)} is not a valid value. Valid values: ${options.map((o) => o.id).join(', ')}.`);
    }
    case 'person':
      if (typeof value === 'string' && ctx.directory.findUser(value) !== undefined) return value;
      throw new InvalidValue(`${name} needs a user GUID; ${JSON.stringify(value)} is not a known user.`);
    case 'link': {
      const target = typeof value === 'string' ? ctx.getRecord(value) : undefined;
      const want = def.ed_link_target;
      if (!target || (want && (target.project_alias !== want.workspace || target.publishing_alias !== want.app))) {
        throw new InvalidValue(`${name} needs the GUID of an existing ${want ? `${want.workspace}/${want.app}` : ''} record; ${JSON.stringify(value)} is not one.`);
      }
      if (name === 'parent_id' && ctx.existing && wouldCycle(ctx.existing.id, target, ctx)) throw new InvalidValue('parent_id would make the record its own ancestor.');
      return value;
    }
    case 'richtext':
      if (typeof value !== 'string') throw new InvalidValue(`${name} needs text: HTML prefixed with <!-- html -->, or markdown.`);
      return toStoredRichText(value);
    case 'file':
    case 'filelist':
      return toStoredAttachments(def, value, ctx, kind === 'file');
  }
}

function wouldCycle(recordId: string, parent: StoredRecord, ctx: ValueContext): boolean {
  let current: StoredRecord | undefined = parent;
  for (let depth = 0; current && depth < 1000; depth++) {
    if (current.id === recordId) return true;
    current = typeof current.parent_id === 'string' ? ctx.getRecord(current.parent_id) : undefined;
  }
  return false;
}

async function toStoredAttachments(def: FieldDefinition, value: unknown, ctx: ValueContext, single: boolean): Promise<Attachment[]> {
  const name = def.name;
  if (!Array.isArray(value)) throw new InvalidValue(`${name} needs an array of attachment objects.`);
  if (single && value.length > 1) throw new InvalidValue(`${name} is a single-file field: send exactly one attachment.`);
  const current = Array.isArray(ctx.existing?.[name]) ? (ctx.existing?.[name] as Attachment[]) : [];
  const result: Attachment[] = [];
  for (const item of value as unknown[]) {
    const a = item as Partial<Attachment> | null;
    if (!a || typeof a !== 'object' || typeof a.file_uid !== 'string') throw new InvalidValue(`${name}: every attachment needs a file_uid.`);
    if (result.some((r) => r.file_uid === a.file_uid)) throw new InvalidValue(`${name}: attachment ${a.file_uid} is listed twice.`);
    if (a.pending === true) {
      const info = await ctx.uploads.describe(a.file_uid);
      if (!info) throw new InvalidValue(`${name}: upload ${a.file_uid} does not exist (or expired). Upload the file again, then save.`);
      if (info.offset !== info.size) throw new InvalidValue(`${name}: upload ${a.file_uid} is incomplete (${info.offset} of ${info.size} bytes). Finish the upload, then save.`);
      if (ctx.claimedUploads.has(a.file_uid)) throw new InvalidValue(`${name}: upload ${a.file_uid} is attached twice in this request.`);
      ctx.claimedUploads.add(a.file_uid);
      ctx.pendingCommits.push(a.file_uid);
      const title = typeof a.title === 'string' && a.title ? a.title : info.filename;
      result.push({
        file_uid: a.file_uid,
        id: a.file_uid,
        title,
        link_data: { size: info.size, mime_type: mimeLookup(info.filename) || mimeLookup(title) || 'application/octet-stream' },
      });
      continue;
    }
    const kept = current.find((c) => c.file_uid === a.file_uid);
    if (!kept) throw new InvalidValue(`${name}: attachment ${a.file_uid} is not on this record. New files need "pending": true after an upload.`);
    result.push(kept);
  }
  return result;
}
