// "Export CSV…" / "Export JSON…": asks where, then streams every page of the query into the
// file with a cancellable progress notification ("1,500 of 10,000 records"). exportFile.ts
// keeps a cancelled or failed export from leaving a file that looks complete.
import * as vscode from 'vscode';
import type { ExportColumns } from '../../../core/records/recordTable';
import type { ExportFormat, ResultsSort } from '../../../webview/results/protocol';
import { csvFormatter, jsonFormatter, writeExport } from './exportFile';
import type { ResultsQuery } from './resultsQuery';
import { localFileName } from '../../shared/safeFileName';

export interface ExportRequest {
  source: ResultsQuery;
  /** The columns and cell text of the file (CSV): those of the grid or table exported (RecordTable.exportColumns). */
  columns: ExportColumns;
  sort: ResultsSort | undefined;
  format: ExportFormat;
  title: string;
  defaultFolder: vscode.Uri | undefined;
  /** Skips the save dialog. */
  target?: vscode.Uri;
  /** Cancels like the notification's Cancel button (tests, scripts). */
  signal?: AbortSignal;
  /** Hears the records written after each page. */
  onProgress?: (written: number) => void;
  reportError(error: unknown): void;
}

export interface ExportSummary {
  uri: vscode.Uri;
  records: number;
  /** True when the person cancelled: no file was written. */
  cancelled: boolean;
}

export function exportFileName(title: string, format: ExportFormat): string {
  return localFileName(title, format, 'results');
}

export async function exportResults(request: ExportRequest): Promise<ExportSummary | undefined> {
  const target = request.target ?? (await askForTarget(request));
  if (!target) return undefined;
  // The file is streamed with Node's fs, which reaches only files of the extension host's machine.
  if (target.scheme !== 'file') {
    void vscode.window.showErrorMessage(vscode.l10n.t('Exports are written to files on this machine; {0} is not one. Choose a local folder.', target.toString()));
    return undefined;
  }
  const formatter = request.format === 'csv' ? csvFormatter(request.columns.headers, request.columns.cells) : jsonFormatter();
  const cancelled = new AbortController();
  request.signal?.addEventListener('abort', () => cancelled.abort(), { once: true });
  if (request.signal?.aborted) cancelled.abort();
  try {
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Exporting "{0}"', request.title), cancellable: true },
      async (progress, token) => {
        token.onCancellationRequested(() => cancelled.abort());
        let total = 0;
        let shown = 0;
        const pages = request.source.allRecords(request.sort, cancelled.signal, (count) => (total = count));
        return writeExport(target.fsPath, pages, formatter, (written) => {
          const increment = total > 0 ? ((written - shown) / total) * 100 : 0;
          shown = written;
          progress.report({ message: vscode.l10n.t('{0} of {1} records', written.toLocaleString(), total.toLocaleString()), increment });
          request.onProgress?.(written);
        });
      },
    );
    void vscode.window.showInformationMessage(vscode.l10n.t('Exported {0} records to {1}.', outcome.records.toLocaleString(), target.fsPath));
    return { uri: target, records: outcome.records, cancelled: false };
  } catch (error) {
    if (cancelled.signal.aborted) {
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Export cancelled; no file was written.'), 4000);
      return { uri: target, records: 0, cancelled: true };
    }
    request.reportError(error);
    return undefined;
  }
}

async function askForTarget(request: ExportRequest): Promise<vscode.Uri | undefined> {
  const name = exportFileName(request.title, request.format);
  const folder = request.defaultFolder;
  return vscode.window.showSaveDialog({
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
    filters: request.format === 'csv' ? { [vscode.l10n.t('CSV files')]: ['csv'] } : { [vscode.l10n.t('JSON files')]: ['json'] },
    saveLabel: vscode.l10n.t('Export'),
    title: request.format === 'csv' ? vscode.l10n.t('Export All Results as CSV') : vscode.l10n.t('Export All Results as JSON'),
  });
}
