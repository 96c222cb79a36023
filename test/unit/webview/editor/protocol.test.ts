import * as assert from 'node:assert/strict';
import { isEditorToHostMessage } from '../../../../src/webview/editor/protocol';

// The record editor's host treats every webview message as input (issue 17, item 8).
describe('record editor protocol: messages from the webview', () => {
  it('accepts every message the page sends', () => {
    const valid: unknown[] = [
      { type: 'ready' },
      { type: 'edit', changes: { title: 'x' } },
      { type: 'edit', changes: {}, comment: 'why' },
      { type: 'options', minorChange: true },
      { type: 'runAction', alias: 'start', comment: '' },
      { type: 'download', fileUid: 'f1', title: 'a.txt' },
      { type: 'addFiles', field: 'attachments' },
      { type: 'addFiles', field: 'attachments', uris: ['file:///w/a.txt'] },
      { type: 'addDroppedFiles', field: 'attachments', files: [{ name: 'a.bin', bytes: new Uint8Array([1]) }] },
      { type: 'searchLinks', requestId: 3, field: 'parent_id', query: 'pri' },
    ];
    for (const message of valid) assert.equal(isEditorToHostMessage(message), true, JSON.stringify(message));
  });

  it('refuses wrong types, missing or extra fields, and inherited type names', () => {
    const uri = 'file:///home/me/.ssh/id_rsa';
    const forged: unknown[] = [
      null,
      'addFiles',
      [{ type: 'ready' }],
      { type: 'toString' },
      { type: 'constructor' },
      { type: 'addFiles', field: 'attachments', uris: uri },
      { type: 'addFiles', field: 'attachments', uris: [uri, 42] },
      { type: 'addFiles', field: 'attachments', uris: [`${uri}\nfile:///etc/passwd`] },
      { type: 'addFiles', field: 'attachments', uris: Array.from({ length: 1001 }, () => uri) },
      { type: 'addFiles', field: { name: 'attachments' }, uris: [uri] },
      { type: 'addFiles', field: 'attachments', uris: [uri], extra: true },
      { type: 'addDroppedFiles', field: 'attachments', files: [{ name: 'x.txt', bytes: 'not bytes' }] },
      { type: 'addDroppedFiles', field: 'attachments', files: 'x' },
      { type: 'edit', changes: 'title' },
      { type: 'edit', changes: ['title'] },
      { type: 'download', fileUid: 1, title: 'x' },
      { type: 'searchLinks', requestId: 1.5, field: 'parent_id', query: '' },
      { type: 'options' },
    ];
    for (const message of forged) assert.equal(isEditorToHostMessage(message), false, JSON.stringify(message));
  });
});
