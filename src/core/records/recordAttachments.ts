// Finds the attachments of a record. `filelist` fields arrive in `__link_lists` (contract
// 2.1), `file` fields as a one-item array on the field itself (contract 2.1 value formats);
// a service may use either place for either kind, so both are read.
import type { AppSchema, Attachment, FieldDefinition, RecordData } from '../contract/types';
import { fieldKindOf } from '../schema/fieldKind';

/** A field that holds files: one (`file`) or a list (`filelist`). */
export function isFileField(field: FieldDefinition): boolean {
  const kind = fieldKindOf(field);
  return kind === 'file' || kind === 'filelist';
}

export interface RecordAttachment {
  field: string;
  attachment: Attachment;
}

/** The db names of the app's file and file-list fields (plus `attachments`, which every app has). */
export function fileFieldNames(schema: AppSchema | undefined): string[] {
  const names = new Set<string>();
  for (const field of Object.values(schema?.fields ?? {})) {
    if (isFileField(field)) names.add(field.name);
  }
  if (!schema?.fields) names.add('attachments');
  return [...names];
}

export function recordAttachments(record: RecordData, fileFields: readonly string[]): RecordAttachment[] {
  const found: RecordAttachment[] = [];
  const seen = new Set<string>();
  const candidates = new Set([...fileFields, ...Object.keys(record.__link_lists ?? {})]);
  for (const field of candidates) {
    const values = [...asArray(record.__link_lists?.[field]), ...asArray(record[field])];
    for (const value of values) {
      if (!isAttachment(value)) continue;
      const key = `${field}\u0000${value.file_uid}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ field, attachment: value });
    }
  }
  return found;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isAttachment(value: unknown): value is Attachment {
  return typeof value === 'object' && value !== null && typeof (value as { file_uid?: unknown }).file_uid === 'string';
}

export function attachmentName(attachment: Attachment): string {
  return (typeof attachment.title === 'string' && attachment.title.trim()) || attachment.file_uid;
}

/** "12.5 KB": sizes for the tree row's description. */
export function formatBytes(size: number | undefined): string {
  if (size === undefined || !Number.isFinite(size) || size < 0) return '';
  if (size < 1024) return `${size} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
