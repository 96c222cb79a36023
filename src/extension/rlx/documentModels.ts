// One parsed model per open `.rlx` document version, shared by all providers, and which
// connection each document queries (the one it was opened for, else the active one).
import * as vscode from 'vscode';
import { type RlxDocument, parseRlxDocument } from '../../core/rlx/document';

export const RLX_LANGUAGE_ID = 'rlx';

export class RlxDocumentModels {
  private readonly models = new Map<string, { version: number; model: RlxDocument }>();
  private readonly connections = new Map<string, string>();

  constructor(private readonly activeConnectionId: () => string | undefined) {}

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
    this.connections.delete(document.uri.toString());
  }

  bindConnection(uri: vscode.Uri, connectionId: string): void {
    this.connections.set(uri.toString(), connectionId);
  }

  connectionOf(document: vscode.TextDocument): string | undefined {
    return this.connections.get(document.uri.toString()) ?? this.activeConnectionId();
  }
}

export function toRange(document: vscode.TextDocument, start: number, end: number): vscode.Range {
  return new vscode.Range(document.positionAt(start), document.positionAt(end));
}
