// How one record is read in full (the record editor's form, "Copy as curl" on a record): a list
// filtered on its id, with every field and the rich texts.
import type { ListParams } from '../contract/types';
import { rlxEquals } from '../rlx/quote';

export function recordReadParams(recordId: string): ListParams {
  return { rlx: rlxEquals('id', recordId), listOfFields: 'ALL', loadRichTexts: true, limitRecords: 1, skipAncestors: true };
}
