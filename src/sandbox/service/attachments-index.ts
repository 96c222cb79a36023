import type { Attachment } from '../../core/contract/types';
import type { StoredRecord } from '../store/model';
import type { RecordChangeListener } from '../store/record-store';

/** file_uid → record holding it, so a download can check the record's permissions. */
export class AttachmentIndex implements RecordChangeListener {
  private readonly owners = new Map<string, { recordId: string; attachment: Attachment }>();

  recordPut(record: StoredRecord, previous: StoredRecord | undefined): void {
    if (previous) this.recordDeleted(previous);
    for (const a of attachmentsOf(record)) this.owners.set(a.file_uid, { recordId: record.id, attachment: a });
  }

  recordDeleted(record: StoredRecord): void {
    for (const a of attachmentsOf(record)) {
      if (this.owners.get(a.file_uid)?.recordId === record.id) this.owners.delete(a.file_uid);
    }
  }

  find(fileUid: string): { recordId: string; attachment: Attachment } | undefined {
    return this.owners.get(fileUid);
  }

  /** Every attached file_uid. */
  fileUids(): IterableIterator<string> {
    return this.owners.keys();
  }
}

const NONE: readonly Attachment[] = [];

/**
 * The attachments in a record's fields. A plain loop, not a generator over Object.values: this
 * runs for every record a start loads (a tenth of the start at 100,000 records as a generator).
 */
function attachmentsOf(record: StoredRecord): readonly Attachment[] {
  let found: Attachment[] | undefined;
  for (const key in record) {
    const value = record[key];
    if (!Array.isArray(value) || value.length === 0 || !Object.hasOwn(record, key)) continue;
    for (const item of value) {
      if (item && typeof item === 'object' && typeof (item as Attachment).file_uid === 'string') (found ??= []).push(item as Attachment);
    }
  }
  return found ?? NONE;
}
