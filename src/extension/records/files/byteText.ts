// Sizes and transfer progress as people read them ("3.2 MB of 10 MB (32%)").
import * as vscode from 'vscode';
import { formatBytes } from '../../../core/records/recordAttachments';

export function transferText(done: number, total: number | undefined): string {
  const doneText = formatBytes(done) || '0 B';
  if (total === undefined || total <= 0) return doneText;
  const percent = Math.floor((Math.min(done, total) / total) * 100);
  return vscode.l10n.t('{0} of {1} ({2}%)', doneText, formatBytes(total) || '0 B', percent);
}
