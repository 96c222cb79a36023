// A record renamed behind the editor's back: its tab moves to the new title's address, and the
// tab it opens there shows the record at once from what the old tab had just read (no "Loading the
// record…" while a request goes out). The service answers lists slowly through a relay here, so a
// tab that read the record again would still be empty.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { RecordEditorProvider } from '../../src/extension/records/editor/recordEditorProvider';
import type { RecordEditorSession } from '../../src/extension/records/editor/recordEditorSession';
import { RECORD_EDITOR_VIEW_TYPE, sameRecord } from '../../src/extension/records/editor/recordUri';
import type { EditorIdentity } from '../../src/webview/editor/protocol';
import { connectSandbox, type ConnectedSandbox } from '../support/connectSandbox';
import { type FaultRelay, isList, startFaultRelay } from '../support/faultRelay';
import { waitUntil } from '../support/waitUntil';
import { sandboxConnection } from './support/environment';

describe('record editor: a renamed record\'s tab moves without reading it again', function () {
  this.timeout(60_000);
  let relay: FaultRelay;
  let connection: ConnectedSandbox;
  let client: RecordsClient;
  let panels: RecordEditorProvider;
  let identity: EditorIdentity;
  let release = (): void => undefined;
  let other: vscode.TextDocument | undefined;

  before(async () => {
    relay = await startFaultRelay(sandboxConnection().url);
    connection = await connectSandbox('Rename Tests', { baseUrl: relay.url });
    client = await connection.client();
    panels = await connection.api.recordEditor();
    const created = await client.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Before the move' }]);
    const recordId = created.results[0]?.data?.id;
    assert.ok(recordId, `the record was created: ${JSON.stringify(created.results[0])}`);
    identity = { connectionId: connection.id, workspace: 'IT', app: 'TASK', recordId };
  });

  after(async () => {
    release();
    // The untitled editor has text: reverted first, so Close All asks nothing.
    if (other && !other.isClosed) {
      await vscode.window.showTextDocument(other);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await connection?.dispose();
    await relay?.close();
  });

  it('opens the new address with the record already read, while the service is slow to answer a list', async () => {
    const session = await panels.open(identity);
    await session.receive({ type: 'reload' });
    assert.equal(session.document.loaded?.record?.title, 'Before the move');
    const before = session.document.uri.toString();

    // Renamed elsewhere; the tab, in the background, reads the new title and stays where it is.
    const renamed = await client.batch([{ transition: 'edit', id: identity.recordId, title: 'After the move' }]);
    assert.equal(renamed.failed.length, 0);
    other = await vscode.workspace.openTextDocument({ content: 'another editor in front' });
    await vscode.window.showTextDocument(other);
    await session.receive({ type: 'reload' });
    assert.equal(session.document.loaded?.record?.title, 'After the move');
    assert.equal(session.document.uri.toString(), before, 'a tab in the background does not move');

    // From now on the service holds every list until released.
    const released = new Promise<void>((resolve) => (release = resolve));
    const hold = { kind: 'hold', release: released } as const;
    relay.inject(isList, ...Array.from({ length: 10 }, () => hold));
    await vscode.commands.executeCommand('vscode.openWith', session.document.uri, RECORD_EDITOR_VIEW_TYPE);
    await session.receive({ type: 'focus', focused: false, boxText: false });

    const moved = await waitUntil('the tab at the new address, showing the record', () => {
      const found: RecordEditorSession | undefined = panels.list().find((s) => s.document.uri.toString() !== before && sameRecord(s.currentIdentity, identity));
      return found?.document.loaded ? found : undefined;
    }, 10_000);
    assert.match(decodeURIComponent(moved.document.uri.path), /After the move$/);
    assert.equal(moved.document.loaded?.record?.title, 'After the move');
    await waitUntil('the old tab to close', () => !panels.list().some((s) => s.document.uri.toString() === before));
    release();
  });
});
