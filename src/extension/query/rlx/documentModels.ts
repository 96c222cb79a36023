// One parsed model per open `.rlx` document version, shared by all providers, and which
// connection each document queries (decided by RlxConnectionRule: see documentConnection.ts).
import * as vscode from 'vscode';
import { type RlxDocument, parseRlxDocument } from '../../../core/rlx/document';
import type { RlxConnectionRule } from './documentConnection';
import { cellModel, headerCellOf, notebookCellOf } from '../notebook/notebookHeader';

export { RLX_LANGUAGE_ID } from './rlxIds';

export class RlxDocumentModels {
  private readonly models = new Map<string, { version: string; model: RlxDocument }>();
  constructor(readonly connectionRule: RlxConnectionRule) {}

  /** A text file's model; a notebook cell's is its block read with the notebook's header directives. */
  model(document: vscode.TextDocument): RlxDocument {
    const key = document.uri.toString();
    const cell = notebookCellOf(document);
    const header = cell === undefined ? undefined : headerCellOf(cell.notebook);
    // A cell's model changes with the header cell too.
    const version = `${document.version}:${header?.document.uri.toString() ?? ''}:${header?.document.version ?? ''}`;
    const cached = this.models.get(key);
    if (cached !== undefined && cached.version === version) return cached.model;
    const model = cell === undefined ? parseRlxDocument(document.getText()) : cellModel(cell.notebook, cell.cell);
    this.models.set(key, { version, model });
    return model;
  }

  /** The file whose `@connection` rule applies: a notebook cell's notebook, else the document itself. */
  ruleUri(document: vscode.TextDocument): vscode.Uri {
    return notebookCellOf(document)?.notebook.uri ?? document.uri;
  }

  forget(document: vscode.TextDocument): void {
    this.models.delete(document.uri.toString());
    if (notebookCellOf(document) === undefined) this.connectionRule.forget(document.uri);
  }

  /** True when the document may contact its connection on its own (schema reads, live count): see sendGate.ts. */
  maySend(document: vscode.TextDocument): boolean {
    return this.connectionRule.maySend(this.ruleUri(document));
  }

  /** The connection the document runs against; undefined when it names or was bound to one that is not there. */
  connectionOf(document: vscode.TextDocument): string | undefined {
    return this.connectionRule.connectionIdOf(this.ruleUri(document), this.model(document));
  }
}

export function toRange(document: vscode.TextDocument, start: number, end: number): vscode.Range {
  return new vscode.Range(document.positionAt(start), document.positionAt(end));
}
