// The file fields of an app, in the order they are offered. Pure (no vscode), unit-tested.
import type { AppSchema } from '../../../core/contract/types';
import { fieldKindOf } from '../../../core/schema/fieldKind';
import { localizedText } from '../../../core/text/localizedText';
import { isFileField } from '../../../core/records/recordAttachments';

export interface FileField {
  name: string;
  caption: string;
  /** A `file` field holds one file; a `filelist` many. */
  single: boolean;
}

const ATTACHMENTS: FileField = { name: 'attachments', caption: 'Attachments', single: false };

/** The app's file fields: `attachments` first, then other lists, then single-file fields. */
export function fileFieldsOf(schema: AppSchema | undefined): FileField[] {
  // A schema the user may not read still has the `attachments` field every app has.
  if (!schema?.fields) return [ATTACHMENTS];
  const fields = Object.values(schema.fields).filter(isFileField).map((f) => ({
    name: f.name,
    caption: localizedText(f.ed_caption, 'en', f.name),
    single: fieldKindOf(f) === 'file',
  }));
  const rank = (f: FileField): number => (f.name === 'attachments' ? 0 : f.single ? 2 : 1);
  return fields.sort((a, b) => rank(a) - rank(b));
}
