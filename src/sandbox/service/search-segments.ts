import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Attachment } from '../../core/contract/types';
import { valueKindOf } from '../model/app-model';
import type { ServiceDirectory } from '../model/directory';
import { htmlToText } from '../search/html-text';
import type { SearchSegment } from '../search/searchable-text';
import type { StoredRecord } from '../store/model';

const MAX_INDEXED_FILE_BYTES = 1024 * 1024;
const SKIPPED_TEXT_FIELDS = new Set(['id', 'title', 'project_alias', 'publishing_alias']);

function isTextMime(mime: unknown): boolean {
  return typeof mime === 'string' && (mime.startsWith('text/') || mime === 'application/json' || mime.endsWith('+json'));
}

function readAttachmentText(filesDir: string, a: Attachment): string | undefined {
  if (!isTextMime(a.link_data?.mime_type)) return undefined;
  try {
    const file = path.join(filesDir, path.basename(a.file_uid));
    const stat = fs.statSync(file);
    if (stat.size > MAX_INDEXED_FILE_BYTES) return undefined;
    return fs.readFileSync(file, 'utf8');
  } catch {
    // Bytes not committed yet (or gone): index what we have; a refresh follows the commit.
    return undefined;
  }
}

/** What search looks at in a record: title, rich text as text, text fields, attachment names and text files. */
export function searchSegmentsOf(filesDir: string, directory: ServiceDirectory): (record: StoredRecord) => SearchSegment[] {
  return (record) => {
    const segments: SearchSegment[] = [{ field: 'title', text: String(record.title ?? ''), boost: 3 }];
    const app = directory.findApp(record.project_alias, record.publishing_alias);
    if (!app) return segments;
    for (const def of Object.values(app.fields)) {
      const value = record[def.name];
      if (value === null || value === undefined || value === '') continue;
      const kind = valueKindOf(def);
      if (kind === 'richtext' && typeof value === 'string') segments.push({ field: def.name, text: htmlToText(value), boost: 1 });
      else if (kind === 'text' && typeof value === 'string' && !SKIPPED_TEXT_FIELDS.has(def.name)) segments.push({ field: def.name, text: value, boost: 1 });
      else if ((kind === 'file' || kind === 'filelist') && Array.isArray(value)) {
        for (const a of value as Attachment[]) {
          if (a.title) segments.push({ field: def.name, text: a.title, boost: 2 });
          const content = readAttachmentText(filesDir, a);
          if (content) segments.push({ field: `${def.name}:${a.title ?? a.file_uid}`, text: content, boost: 1 });
        }
      }
    }
    return segments;
  };
}
