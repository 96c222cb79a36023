// One parsed model per open `.rlx` document version, shared by all providers, and which
// connection each document queries (decided by RlxConnectionRule: see documentConnection.ts).
import * as vscode from 'vscode';
import { type RlxDocument, parseRlxDocument } from '../../core/rlx/document';
import type { RlxConnectionRule } from './documentConnection';

export const RLX_LANGUAGE_ID = 'rlx';

export class RlxDocumentModels {
  private readonly models = new Map<string, { version: number; model: RlxDocument }>();
  constructor(readonly connectionRule: RlxConnectionRule) {}

  model(document: vscode.TextDocument): RlxDocument {
    const key = document.uri.toString();
    const cached = this.models.get(key);
    if (cached !== undefined && cached.version === document.version) return cached.model;
    const model = parseRlxDocument(document.getText());
    this.models.set(key, { version: document.version, model });
    return model;
  }

  forget(document: vscode.TextDocument): void {
    this.models.delete(document.uri.toString());
    this.connectionRule.forget(document.uri);
  }

  /** The connection the document runs against; undefined when it names or was bound to one that is not there. */
  connectionOf(document: vscode.TextDocument): string | undefined {
    return this.connectionRule.connectionIdOf(document.uri, this.model(document));
  }
}

export function toRange(document: vscode.TextDocument, start: number, end: number): vscode.Range {
  return new vscode.Range(document.positionAt(start), document.positionAt(end));
}
