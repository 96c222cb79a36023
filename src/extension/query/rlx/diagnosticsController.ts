// Diagnostics for `.rlx` documents, recomputed ~300 ms after the last edit. A newer edit
// cancels a run still loading its schema, so a slow network never shows stale problems.
import * as vscode from 'vscode';
import { blockScope } from '../../../core/rlx/document';
import { type RlxDiagnostic, getRlxDiagnostics } from '../../../core/rlx/language';
import { isInCell } from '../../../core/rlx/notebook';
import { headerCellOf, notebookCellOf } from '../notebook/notebookHeader';
import { type RlxDocumentModels, RLX_LANGUAGE_ID, toRange } from './documentModels';
import type { RlxCatalogView } from './catalogView';

export const RLX_DIAGNOSTIC_DELAY_MS = 300;

const SEVERITY: Readonly<Record<RlxDiagnostic['severity'], vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

export class RlxDiagnosticsController implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(RLX_LANGUAGE_ID);
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; cancel: vscode.CancellationTokenSource }>();
  private readonly latest = new Map<string, RlxDiagnostic[]>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly models: RlxDocumentModels, private readonly cache: RlxCatalogView) {
    this.subscriptions.push(
      vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document, 0)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        this.schedule(event.document, RLX_DIAGNOSTIC_DELAY_MS);
        // A notebook's header (its @app) applies to every cell: check them all again.
        const notebook = notebookCellOf(event.document)?.notebook;
        if (notebook !== undefined && headerCellOf(notebook)?.document === event.document) {
          for (const cell of notebook.getCells()) if (cell.document !== event.document) this.schedule(cell.document, RLX_DIAGNOSTIC_DELAY_MS);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.clear(document)),
      cache.onDidChange(() => this.refreshAll()),
    );
    this.refreshAll();
  }

  /** The pure diagnostics last shown for a document (the quick fixes read their edits). */
  diagnosticsOf(uri: vscode.Uri): readonly RlxDiagnostic[] {
    return this.latest.get(uri.toString()) ?? [];
  }

  refreshAll(): void {
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  schedule(document: vscode.TextDocument, delayMs: number): void {
    if (document.languageId !== RLX_LANGUAGE_ID) return;
    const key = document.uri.toString();
    this.cancelPending(key);
    const cancel = new vscode.CancellationTokenSource();
    const timer = setTimeout(() => void this.run(document, cancel.token), delayMs);
    this.pending.set(key, { timer, cancel });
  }

  private async run(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<void> {
    const connectionId = this.models.connectionOf(document);
    const model = this.models.model(document);
    // Schemas are read only for files that may send (untrusted workspaces: once run); otherwise
    // the diagnostics use what the catalog already knows.
    if (connectionId !== undefined && this.models.maySend(document)) {
      await Promise.all(model.blocks.map((block) => this.cache.ensure(connectionId, blockScope(model, block)).catch(() => undefined)));
    }
    if (token.isCancellationRequested || document.isClosed) return;
    const current = this.models.model(document);
    // A notebook cell is not told about its header's directives: the header cell shows those.
    const diagnostics = getRlxDiagnostics(current, this.cache.sourceFor(connectionId), () => token.isCancellationRequested).filter(isInCell);
    if (token.isCancellationRequested) return;
    this.latest.set(document.uri.toString(), diagnostics);
    this.collection.set(document.uri, diagnostics.map((diagnostic) => {
      const shown = new vscode.Diagnostic(toRange(document, diagnostic.start, diagnostic.end), diagnostic.message, SEVERITY[diagnostic.severity]);
      shown.code = diagnostic.code;
      shown.source = 'rlx';
      return shown;
    }));
  }

  /** Stops the check of `key` that waits for its timer or runs (a newer one replaces it, or the document closed). */
  private cancelPending(key: string): void {
    const pending = this.pending.get(key);
    if (pending === undefined) return;
    clearTimeout(pending.timer);
    pending.cancel.cancel();
    pending.cancel.dispose();
    this.pending.delete(key);
  }

  private clear(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    this.cancelPending(key);
    this.latest.delete(key);
    this.collection.delete(document.uri);
    this.models.forget(document);
  }

  dispose(): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.cancel.dispose();
    }
    this.collection.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
