// What an output's buttons ask of the extension: the next page (Load more), a row in the record
// editor, the full result as CSV or JSON (the results grid's streamed export), a bulk change.
// A message is checked for its shape and for the notebook it comes from; replies go only to the
// editor that asked (an editor of the output's own notebook).
import * as vscode from 'vscode';
import { describeError } from '../../connections/errorText';
import { bulkCommandOf, bulkSelectionOf } from '../results/bulkSelection';
import { exportResults } from '../results/resultsExport';
import { type RlxRendererReply, isRlxRendererMessage } from '../../../webview/notebook/protocol';
import type { RlxCellRunner } from './cellRunner';
import type { NotebookHost } from './notebookHost';
import type { TableOutput } from './tableOutput';
import type { BulkSelection } from '../../records/bulk/bulkCommands';

export async function onRendererMessage(host: NotebookHost, runner: RlxCellRunner, received: unknown, editor: vscode.NotebookEditor): Promise<RlxRendererReply | undefined> {
  if (!isRlxRendererMessage(received)) return undefined;
  const message = received;
  // Only the notebook an output was made for may use it: our renderer draws our mime type in any
  // notebook, and a cloned one can carry an output that names another notebook's id.
  const output = runner.tables.get(message.outputId, editor.notebook);
  if (output === undefined) {
    // Another notebook's output: nothing at all, not even a reply.
    if (runner.tables.has(message.outputId)) return undefined;
    if (message.type === 'loadMore') {
      const reply: RlxRendererReply = { type: 'failed', outputId: message.outputId, message: vscode.l10n.t('This output is from before a reload. Run the cell again to load more.') };
      host.postToRenderer(reply, editor);
      return reply;
    }
    return undefined;
  }
  switch (message.type) {
    case 'loadMore': {
      try {
        const added = await output.loadMore();
        const { table } = output;
        const from = table.records.length - added;
        const highlights = table.highlights(from);
        const reply: RlxRendererReply = { type: 'rows', outputId: message.outputId, rows: table.rows(from), ...(highlights === undefined ? {} : { highlights }), ...table.counts() };
        host.postToRenderer(reply, editor);
        return reply;
      } catch (error) {
        const reply: RlxRendererReply = { type: 'failed', outputId: message.outputId, message: describeError(error, vscode.l10n.t('load more records')) };
        host.postToRenderer(reply, editor);
        return reply;
      }
    }
    case 'open': {
      const target = output.recordAt(message.row);
      if (target !== undefined) await vscode.commands.executeCommand('records.openRecordEditor', target);
      return undefined;
    }
    case 'bulk': {
      // The same bulk commands as the results grid and the Records view.
      const selection = tableOutputSelection(output, message.rows);
      if (selection === undefined) return undefined;
      await vscode.commands.executeCommand(bulkCommandOf(message.action), selection);
      return undefined;
    }
    case 'export': {
      await exportResults({
        source: output.source,
        columns: output.table.exportColumns(),
        sort: undefined,
        format: message.format,
        title: output.title,
        defaultFolder: vscode.workspace.workspaceFolders?.[0]?.uri,
        reportError: (error) => host.connections.reportError(output.connectionId, error, vscode.l10n.t('Could not export "{0}"', output.title)),
      });
      return undefined;
    }
  }
}

/** The records an output's picked rows (or `all` its matches) stand for, as the bulk commands take them. */
export function tableOutputSelection(output: TableOutput, rows: number[] | 'all'): BulkSelection | undefined {
  return bulkSelectionOf(output.connectionId, output.table, rows);
}
