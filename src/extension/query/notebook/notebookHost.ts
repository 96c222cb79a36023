// What the notebook bundle takes from the main bundle: its single instances, passed in rather
// than imported, so the lazy bundle never builds second copies of them.
import type * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { RlxConnectionRule } from '../rlx/documentConnection';
import type { RlxCatalogView } from '../rlx/catalogView';

export interface NotebookHost {
  connections: ConnectionManager;
  /** The `@connection` rule of `.rlx` files: a notebook runs against the connection its text would. */
  rule: RlxConnectionRule;
  /** Captions, lookups and people for the tables (the language features' schema cache). */
  schemas: RlxCatalogView;
  /** Posts Load more rows back to a renderer. */
  postToRenderer(message: unknown, editor?: vscode.NotebookEditor): void;
}
