// The header of an RLX notebook (the directives before the first block, `@app`, `@connection`…)
// as the cells see it. Small and vscode-only: the main bundle's language features use it to
// read a cell with its file's directives, and the controller to pick the connection.
import * as vscode from 'vscode';
import { headerCellIndex, rlxCellDocument } from '../../../core/rlx/notebook';
import type { RlxDocument } from '../../../core/rlx/document';

export const RLX_NOTEBOOK_TYPE = 'records.rlxNotebook';
export const NOTEBOOK_CELL_SCHEME = 'vscode-notebook-cell';

/** The header cell of an RLX notebook, if it has one. */
export function headerCellOf(notebook: vscode.NotebookDocument): vscode.NotebookCell | undefined {
  const cells = notebook.getCells();
  const index = headerCellIndex(cells.map((cell) => ({ kind: cell.kind === vscode.NotebookCellKind.Markup ? 'markdown' : 'code', value: cell.document.getText() })));
  return index === undefined ? undefined : cells[index];
}

/** The RLX notebook a cell document belongs to, and the cell. */
export function notebookCellOf(document: vscode.TextDocument): { notebook: vscode.NotebookDocument; cell: vscode.NotebookCell } | undefined {
  if (document.uri.scheme !== NOTEBOOK_CELL_SCHEME) return undefined;
  for (const notebook of vscode.workspace.notebookDocuments) {
    if (notebook.notebookType !== RLX_NOTEBOOK_TYPE) continue;
    const cell = notebook.getCells().find((candidate) => candidate.document === document);
    if (cell !== undefined) return { notebook, cell };
  }
  return undefined;
}

/**
 * A cell as the `.rlx` document it stands for: its block with the header's directives (the header
 * cell itself is read on its own, as the start of the file).
 */
export function cellModel(notebook: vscode.NotebookDocument, cell: vscode.NotebookCell): RlxDocument {
  const header = headerCellOf(notebook);
  const headerText = header === undefined || header === cell ? undefined : header.document.getText();
  return rlxCellDocument(cell.document.getText(), headerText);
}

/** The header's directives, for the `@connection` rule (an empty header when there is none). */
export function notebookHeader(notebook: vscode.NotebookDocument): Pick<RlxDocument, 'fileDirectives'> {
  const header = headerCellOf(notebook);
  const code = notebook.getCells().filter((cell) => cell.kind === vscode.NotebookCellKind.Code);
  // One query and no header (a new query, titled on its first line): its directives are the
  // file's, as in the text file.
  if (header === undefined && code.length === 1) return rlxCellDocument((code[0] as vscode.NotebookCell).document.getText(), undefined);
  return rlxCellDocument('', header?.document.getText() ?? '');
}
