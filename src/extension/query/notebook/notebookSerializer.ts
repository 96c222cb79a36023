// The notebook view of a `.rlx` file: the pure reading in core/rlx/notebook, as VS Code cells.
// Each cell keeps the text it was read from in its metadata, so saving an unedited notebook
// writes the file byte for byte. Outputs are never written (the controller makes them again).
import * as vscode from 'vscode';
import { type RlxNotebookCellData, cellKindOf, parseRlxNotebook, serializeRlxNotebook } from '../../../core/rlx/notebook';
import { RLX_LANGUAGE_ID } from '../rlx/rlxIds';

// ignoreBOM keeps a byte order mark in the text, so it is written back too.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/** Cell metadata key of the text a cell was read from. */
export const RAW_KEY = 'rlxRaw';

export function deserializeRlxNotebook(content: Uint8Array): vscode.NotebookData {
  const text = decoder.decode(content);
  const parsed = parseRlxNotebook(text);
  const cells = parsed.cells.map((cell) => {
    const kind = cellKindOf(cell.role) === 'markdown' ? vscode.NotebookCellKind.Markup : vscode.NotebookCellKind.Code;
    const data = new vscode.NotebookCellData(kind, cell.value, kind === vscode.NotebookCellKind.Markup ? 'markdown' : RLX_LANGUAGE_ID);
    if (cell.raw !== undefined) data.metadata = { [RAW_KEY]: cell.raw };
    return data;
  });
  const data = new vscode.NotebookData(cells);
  data.metadata = { eol: parsed.eol };
  return data;
}

export function serializeRlxNotebookData(data: vscode.NotebookData): Uint8Array {
  const cells: RlxNotebookCellData[] = data.cells.map((cell) => {
    const raw = cell.metadata?.[RAW_KEY];
    return { kind: cell.kind === vscode.NotebookCellKind.Markup ? 'markdown' : 'code', value: cell.value, ...(typeof raw === 'string' ? { raw } : {}) };
  });
  const eol = data.metadata?.eol === '\r\n' ? '\r\n' : '\n';
  return encoder.encode(serializeRlxNotebook(cells, eol));
}
