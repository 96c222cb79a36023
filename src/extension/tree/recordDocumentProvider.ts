import * as vscode from 'vscode';
import { rlxEquals } from '../../core/rlx';
import type { ConnectionManager } from '../connections/connectionManager';
import { recordReference } from './model/recordText';
import type { RecordNode } from './treeNodes';

export const RECORD_SCHEME = 'records-record';

/**
 * Shows a record as read-only formatted JSON until the record editor exists. The URI names
 * the connection, app and id; the path ends in `WS/APP123 Title.json` so the tab reads well.
 */
export class RecordDocumentProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly connections: ConnectionManager) {}

  static uriFor(node: RecordNode): vscode.Uri {
    const title = (node.record.title ?? '').replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim().slice(0, 80);
    const name = `${recordReference(node.record, node.ref)}${title ? ` ${title}` : ''}.json`;
    const query = new URLSearchParams({ connection: node.connectionId, workspace: node.ref.workspace, app: node.ref.app, id: node.record.id });
    return vscode.Uri.from({ scheme: RECORD_SCHEME, path: `/${name}`, query: query.toString() });
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const query = new URLSearchParams(uri.query);
    const connectionId = query.get('connection') ?? '';
    const ref = { workspace: query.get('workspace') ?? '', app: query.get('app') ?? '' };
    const id = query.get('id') ?? '';
    const controller = new AbortController();
    const listener = token.onCancellationRequested(() => controller.abort());
    try {
      const client = await this.connections.client(connectionId);
      const page = await client.listRecords(ref, { rlx: rlxEquals('id', id), limitRecords: 1, listOfFields: 'ALL', loadRichTexts: true }, { signal: controller.signal });
      const record = page.data[0];
      if (!record) return `// ${vscode.l10n.t('The record {0} no longer exists or you cannot read it. Refresh the Records view.', id)}\n`;
      return `${JSON.stringify(record, null, 2)}\n`;
    } catch (error) {
      const message = this.connections.reportError(connectionId, error, vscode.l10n.t('Could not open the record'));
      return `// ${message}\n`;
    } finally {
      listener.dispose();
    }
  }
}
