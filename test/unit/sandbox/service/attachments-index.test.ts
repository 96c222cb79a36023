import { strict as assert } from 'node:assert';
import { AttachmentIndex } from '../../../../src/sandbox/service/attachments-index';
import type { StoredRecord } from '../../../../src/sandbox/store/model';

function record(id: string, fields: Record<string, unknown>): StoredRecord {
  return { id, number: 1, project_alias: 'IT', publishing_alias: 'TASK', creation_date: '', update_date: '', created_by_account_id: '', update_account_id: '', amount_of_comments: 0, ...fields };
}

const file = (uid: string) => ({ file_uid: uid, id: uid, title: `${uid}.txt`, link_data: { size: 1, mime_type: 'text/plain' } });

describe('sandbox service: attachment index', () => {
  it('finds the attachments of every file field of a record, and nothing in other arrays', () => {
    const index = new AttachmentIndex();
    index.recordPut(record('r1', { attachments: [file('a'), file('b')], c_spec_file: [file('c')], tags: ['x', 'y'], c_notes: 'a', empty: [] }), undefined);
    assert.deepEqual([...index.fileUids()].sort(), ['a', 'b', 'c']);
    assert.equal(index.find('c')?.recordId, 'r1');
    assert.equal(index.find('c')?.attachment.title, 'c.txt');
    assert.equal(index.find('x'), undefined);
  });

  it('forgets what a new version of the record dropped, and all of a deleted record', () => {
    const index = new AttachmentIndex();
    const first = record('r1', { attachments: [file('a'), file('b')] });
    index.recordPut(first, undefined);
    const second = record('r1', { attachments: [file('b')] });
    index.recordPut(second, first);
    assert.deepEqual([...index.fileUids()], ['b']);
    index.recordDeleted(second);
    assert.deepEqual([...index.fileUids()], []);
  });

  it("keeps a file another record holds now when the old holder is deleted", () => {
    const index = new AttachmentIndex();
    const old = record('r1', { attachments: [file('a')] });
    index.recordPut(old, undefined);
    index.recordPut(record('r2', { attachments: [file('a')] }), undefined);
    index.recordDeleted(old);
    assert.equal(index.find('a')?.recordId, 'r2');
  });
});
