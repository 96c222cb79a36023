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

function* attachmentsOf(record: StoredRecord): Generator<Attachment> {
  for (const value of Object.values(record)) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      if (item && typeof item === 'object' && typeof (item as Attachment).file_uid === 'string') yield item as Attachment;
    }
  }
}
