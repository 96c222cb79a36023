// The status bar item for `.rlx` editors: the scope of the block under the cursor and a live
// count of its matches, refreshed 500 ms after the cursor or text settles. A newer request
// aborts the previous one, so the number always belongs to the text on screen. In an untrusted
// workspace a file is counted only once the user ran one of its queries (sendGate.ts).
import * as vscode from 'vscode';
import { type RlxDocument, blockAt, blockScope, describeRlxScope, parseBlockFilter } from '../../../core/rlx/document';
import type { ConnectionManager } from '../../connections/connectionManager';
import { type RlxDocumentModels, RLX_LANGUAGE_ID } from './documentModels';
import { countRlxBlock } from './queryRunner';
import { rlxRunDefaults } from './querySettings';
import { clampSetting } from '../../shared/settingBounds';

export const RLX_COUNT_DELAY_MS = 500;

export class RlxStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('records.rlx.scope', vscode.StatusBarAlignment.Left, 50);
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: AbortController | undefined;
  private lastKey = '';

  constructor(private readonly models: RlxDocumentModels, private readonly connections: ConnectionManager) {
    this.item.name = vscode.l10n.t('RLX Query Scope');
    this.item.command = 'records.rlx.count';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule()),
      vscode.window.onDidChangeTextEditorSelection(() => this.schedule()),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === vscode.window.activeTextEditor?.document) this.schedule();
      }),
      // A file just allowed to send (its first run, trust granted): count now.
      models.connectionRule.onDidChange(() => {
        this.lastKey = '';
        this.schedule();
      }),
    );
    this.schedule();
  }

  private schedule(): void {
    const editor = vscode.window.activeTextEditor;
    if (editor === undefined || editor.document.languageId !== RLX_LANGUAGE_ID) {
      // The editor went away: a count waiting for it would ask about text nobody sees (a closed
      // untitled file has no @connection left and would count on the active connection).
      this.cancelCount();
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
    const maySend = this.models.maySend(editor.document);
    this.item.tooltip = maySend
      ? vscode.l10n.t('Scope of "{0}". Click to count its matches.', block.title ?? vscode.l10n.t('this query'))
      : vscode.l10n.t('Scope of "{0}". This workspace is not trusted: matches are counted once you run a query of this file. Click to count them now.', block.title ?? vscode.l10n.t('this query'));
    this.item.show();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.inFlight?.abort();
    // An untrusted workspace's file sends nothing until the user runs it (sendGate.ts).
    if (!maySend) return;
    // records.rlx.liveCount.*: the count may be turned off, or asked for after a longer rest.
    const settings = vscode.workspace.getConfiguration('records.rlx.liveCount');
    if (!settings.get<boolean>('enabled', true)) return;
    const delay = clampSetting('records.rlx.liveCount.delayMs', settings.get<unknown>('delayMs', RLX_COUNT_DELAY_MS));
    this.timer = setTimeout(() => void this.count(editor.document, model, block.start, scope, key), delay);
  }

  private cancelCount(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
    this.lastKey = '';
  }

  private async count(document: vscode.TextDocument, model: RlxDocument, blockStart: number, scope: string, key: string): Promise<void> {
    if (document.isClosed || vscode.window.activeTextEditor?.document !== document) return;
    const connectionId = this.models.connectionOf(document);
    const block = blockAt(model, blockStart);
    if (connectionId === undefined || block === undefined || parseBlockFilter(block).errors.length > 0) return;
    const abort = new AbortController();
    this.inFlight = abort;
    try {
      const client = await this.connections.client(connectionId);
      const counts = await countRlxBlock(client, model, block, abort.signal, rlxRunDefaults(this.connections.catalog, connectionId));
      if (this.lastKey !== key) return;
      // Plurals are whole sentences in the bundle, never a suffix glued on.
      const matches = counts.filtered === 1 ? vscode.l10n.t('1 match') : vscode.l10n.t('{0} matches', counts.filtered.toLocaleString());
      this.item.text = `$(filter) ${scope} · ${matches}`;
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
