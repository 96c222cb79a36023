// The status bar item for `.rlx` editors: the scope of the block under the cursor and a live
// count of its matches, refreshed 500 ms after the cursor or text settles. A newer request
// aborts the previous one, so the number always belongs to the text on screen.
import * as vscode from 'vscode';
import { type RlxDocument, blockAt, blockScope, describeRlxScope, parseBlockFilter } from '../../core/rlx/document';
import type { ConnectionManager } from '../connections/connectionManager';
import { type RlxDocumentModels, RLX_LANGUAGE_ID } from './documentModels';
import { countRlxBlock } from './queryRunner';

export const RLX_COUNT_DELAY_MS = 500;

export class RlxStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('records.rlx.scope', vscode.StatusBarAlignment.Left, 50);
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: AbortController | undefined;
  private lastKey = '';

  constructor(private readonly models: RlxDocumentModels, private readonly connections: ConnectionManager) {
    this.item.name = 'RLX Query Scope';
    this.item.command = 'records.rlx.count';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule()),
      vscode.window.onDidChangeTextEditorSelection(() => this.schedule()),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === vscode.window.activeTextEditor?.document) this.schedule();
      }),
    );
    this.schedule();
  }

  private schedule(): void {
    const editor = vscode.window.activeTextEditor;
    if (editor === undefined || editor.document.languageId !== RLX_LANGUAGE_ID) {
      this.item.hide();
      return;
    }
    const model = this.models.model(editor.document);
    const block = blockAt(model, editor.document.offsetAt(editor.selection.active));
    if (block === undefined) {
      this.item.hide();
      return;
    }
    const scope = describeRlxScope(blockScope(model, block));
    const key = `${editor.document.uri.toString()}#${editor.document.version}#${block.start}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.item.text = `$(filter) ${scope}`;
    this.item.tooltip = `Scope of "${block.title ?? 'this query'}". Click to count its matches.`;
    this.item.show();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.inFlight?.abort();
    this.timer = setTimeout(() => void this.count(editor.document, model, block.start, scope, key), RLX_COUNT_DELAY_MS);
  }

  private async count(document: vscode.TextDocument, model: RlxDocument, blockStart: number, scope: string, key: string): Promise<void> {
    const connectionId = this.models.connectionOf(document);
    const block = blockAt(model, blockStart);
    if (connectionId === undefined || block === undefined || parseBlockFilter(block).errors.length > 0) return;
    const abort = new AbortController();
    this.inFlight = abort;
    try {
      const client = await this.connections.client(connectionId);
      const counts = await countRlxBlock(client, model, block, abort.signal);
      if (this.lastKey !== key) return;
      this.item.text = `$(filter) ${scope} · ${counts.filtered.toLocaleString()} match${counts.filtered === 1 ? '' : 'es'}`;
    } catch {
      // A count is a hint: offline or signed out, the scope alone stays visible.
    }
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.inFlight?.abort();
    this.item.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
