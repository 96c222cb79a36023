// What the record editor's webview reads from a drop: every file of an Explorer selection
// (resourceurls), falling back to the URI lists VS Code and Chromium also send.
import * as assert from 'node:assert/strict';
import { droppedUris, mayHoldFiles } from '../../../../src/webview/editor/dropData';

const drop = (data: Record<string, string>) => ({ types: Object.keys(data), getData: (type: string) => data[type] ?? '' });

describe('record editor: dropped files', () => {
  it('prefers resourceurls, which lists every selected file', () => {
    const uris = droppedUris(drop({
      'text/uri-list': 'vscode-remote://h/w/a.txt',
      resourceurls: JSON.stringify(['vscode-remote://h/w/a.txt', 'vscode-remote://h/w/b.txt']),
    }));
    assert.deepEqual(uris, ['vscode-remote://h/w/a.txt', 'vscode-remote://h/w/b.txt']);
  });

  it('reads uri lists, skipping comments and blank lines', () => {
    assert.deepEqual(droppedUris(drop({ 'text/uri-list': '# from the OS\r\nfile:///tmp/a.txt\r\n\r\nfile:///tmp/b%20c.txt\r\n' })), ['file:///tmp/a.txt', 'file:///tmp/b%20c.txt']);
    assert.deepEqual(droppedUris(drop({ 'application/vnd.code.uri-list': 'file:///x\nfile:///y' })), ['file:///x', 'file:///y']);
  });

  it('falls back when resourceurls is damaged, and finds nothing in a text drop', () => {
    assert.deepEqual(droppedUris(drop({ resourceurls: '[not json', 'text/uri-list': 'file:///only' })), ['file:///only']);
    assert.deepEqual(droppedUris(drop({ 'text/plain': 'hello' })), []);
  });

  it('accepts a drag over a field only when it may hold files', () => {
    assert.equal(mayHoldFiles(['Files']), true);
    assert.equal(mayHoldFiles(['text/uri-list']), true);
    assert.equal(mayHoldFiles(['text/plain']), false);
  });
});
