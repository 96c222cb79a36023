// Attaching uploaded files to a record (contract 4.6 and 2.2): one batch edit whose file field
// lists the attachments to keep (without `pending`) followed by the new ones (`pending: true`).
// The field's array replaces what the record had, so the current attachments are re-read
// right before the edit: a file someone attached meanwhile is kept, not silently dropped.
import { type AppRef, type Attachment, type RecordsClient, type CallOptions, RecordsApiError } from '../api';
import { rlxEquals } from '../rlx';

export interface UploadToAttach {
  fileUid: string;
  fileName: string;
  size: number;
}

export interface AttachUploadsParams {
  recordId: string;
  /** db name of a `file` or `filelist` field. */
  field: string;
  uploads: readonly UploadToAttach[];
  /** The record's current attachments; read from the service just before the edit when absent (recommended). */
  existing?: readonly Attachment[];
  /** A single `file` field: the one upload replaces what is there (ask the user first). */
  single?: boolean;
  /** Narrows the re-read to one app; any readable app otherwise. */
  ref?: AppRef;
  comment?: string;
}

/** The attachments the field now holds (as sent: kept ones first, then the new ones, none `pending`). */
export async function attachUploads(client: RecordsClient, params: AttachUploadsParams, o: CallOptions = {}): Promise<Attachment[]> {
  const { recordId, field, uploads } = params;
  if (uploads.length === 0) return [...(params.existing ?? [])];
  if (params.single && uploads.length > 1) {
    throw new RecordsApiError(`"${field}" holds a single file. Pick one file to attach to it.`, { code: 'single_file_field' });
  }
  const added = uploads.map(pendingAttachment);
  let value: Attachment[];
  if (params.single) {
    value = added;
  } else {
    const existing = params.existing ?? (await readAttachments(client, recordId, field, { ...o, ref: params.ref }));
    const newIds = new Set(added.map((a) => a.file_uid));
    value = [...existing.filter((a) => !newIds.has(a.file_uid)).map(keptAttachment), ...added];
  }
  const operation = { transition: 'edit', id: recordId, [field]: value, ...(params.comment ? { comment: params.comment } : {}) };
  const outcome = await client.batch([operation], o);
  const failure = outcome.failed[0];
  if (failure) {
    const names = uploads.map((u) => `"${u.fileName}"`).join(', ');
    throw new RecordsApiError(
      `${names} could not be attached to the record, and the record was left as it was: ${failure.message}` +
        (failure.state === 'unknown' ? '' : ' The uploaded files are kept for a while; try again once the problem is solved.'),
      {
        code: outcome.stoppedBy?.code ?? (failure.status === 403 ? 'forbidden' : 'attach_rejected'),
        status: failure.status ?? outcome.stoppedBy?.status,
        cause: outcome.stoppedBy,
      },
    );
  }
  return value.map(keptAttachment);
}

/** The record's attachments in `field` as the service has them now. */
export async function readAttachments(
  client: RecordsClient,
  recordId: string,
  field: string,
  o: CallOptions & { ref?: AppRef } = {},
): Promise<Attachment[]> {
  const { ref, ...call } = o;
  const page = await client.listRecords(ref, { rlx: rlxEquals('id', recordId), listOfFields: field, limitRecords: 1 }, call);
  const record = page.data.find((r) => r.id === recordId);
  if (!record) {
    throw new RecordsApiError('The record was not found, or you cannot read it. Refresh the list and pick the record again.', {
      code: 'not_found',
      status: 404,
    });
  }
  const list = record.__link_lists?.[field] ?? record[field];
  return Array.isArray(list) ? list.filter(isAttachment) : [];
}

export function pendingAttachment(upload: UploadToAttach): Attachment {
  return { file_uid: upload.fileUid, id: upload.fileUid, title: upload.fileName, pending: true, link_data: { size: upload.size } };
}

function keptAttachment(attachment: Attachment): Attachment {
  const { pending: _pending, ...kept } = attachment;
  return kept as Attachment;
}

function isAttachment(value: unknown): value is Attachment {
  return typeof value === 'object' && value !== null && typeof (value as { file_uid?: unknown }).file_uid === 'string';
}
