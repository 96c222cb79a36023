// Turns what the user chose or dropped into files we can upload: folders and unreadable paths
// are left out with one message saying so, instead of failing the whole batch.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { LocalFile } from './uploadQueue';

export async function localFiles(paths: readonly string[]): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  const skipped: string[] = [];
  for (const path of new Set(paths)) {
    try {
      const info = await stat(path);
      if (info.isFile()) files.push({ path, size: info.size, mtimeMs: info.mtimeMs, name: basename(path) });
      else skipped.push(basename(path));
    } catch {
      skipped.push(basename(path));
    }
  }
  if (skipped.length > 0) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Left out {0}: only files can be attached, not folders or missing files.', skipped.join(', ')));
  }
  return files;
}

/** Local paths of `file:` URIs (and of remote URIs whose path exists here, as in a browser-hosted editor). */
export function pathsOf(uris: readonly vscode.Uri[]): string[] {
  return uris.map((uri) => (uri.scheme === 'file' ? uri.fsPath : uri.path));
}
