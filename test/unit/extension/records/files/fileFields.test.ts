// Which fields files can go to, in the order the quick pick offers them, and the records the
// picker offers first.
import * as assert from 'node:assert/strict';
import type { AppSchema } from '../../../../../src/core/contract/types';
import { fileFieldsOf } from '../../../../../src/extension/records/files/fileFields';
import { recentRecords, rememberRecord } from '../../../../../src/extension/records/recentRecords';
import { MemoryMemento } from '../../../../support/memoryMemento';

describe('files: fields and recent records', () => {
  it('offers Attachments first, then other lists, then single-file fields; other fields are left out', () => {
    const schema: AppSchema = {
      fields: {
        c_contract: { name: 'c_contract', ed_caption: 'Contract', ed_control_type: 'file' },
        title: { name: 'title', ed_caption: 'Title', ed_custom_field_type: 'text' },
        c_photos: { name: 'c_photos', ed_caption: { en: 'Photos', de: 'Fotos' }, ed_custom_field_type: 'filelist' },
        attachments: { name: 'attachments', ed_caption: { en: 'Attachments', de: 'Anhänge' }, ed_control_type: 'filelist' },
      },
    };
    assert.deepEqual(fileFieldsOf(schema), [
      { name: 'attachments', caption: 'Attachments', single: false },
      { name: 'c_photos', caption: 'Photos', single: false },
      { name: 'c_contract', caption: 'Contract', single: true },
    ]);
  });

  it('falls back to Attachments when the schema cannot be read', () => {
    assert.deepEqual(fileFieldsOf({}).map((f) => f.name), ['attachments']);
    assert.deepEqual(fileFieldsOf(undefined).map((f) => f.name), ['attachments']);
  });

  it('keeps the latest ten records attached to, newest first, once each, per connection', async () => {
    const state = new MemoryMemento();
    const target = (n: number, connectionId = 'c1') => ({ connectionId, workspace: 'IT', app: 'TASK', recordId: `r${n}`, reference: `IT/TASK${n}`, title: `Task ${n}` });
    for (let n = 1; n <= 12; n++) await rememberRecord(state, target(n));
    await rememberRecord(state, target(5));
    await rememberRecord(state, target(99, 'c2'));
    assert.deepEqual(recentRecords(state, 'c1').map((t) => t.recordId), ['r5', 'r12', 'r11', 'r10', 'r9', 'r8', 'r7', 'r6', 'r4']);
    assert.deepEqual(recentRecords(state, 'c2').map((t) => t.recordId), ['r99']);
  });
});
