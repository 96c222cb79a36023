// Files added in the record editor: the webview only says which field and which files (URIs
// from a drop, or bytes of files dropped from the OS); the upload runs here, in the extension host.
import * as vscode from 'vscode';
import { type AttachOutcome, attachFilesToRecord } from './attachFiles';
import { copyToTemp, discardCopies, pathsOfUris } from './droppedFiles';
import type { FilesHost, RecordTarget } from './filesHost';
import { pathsOf } from './localFiles';

/** Attaches `uris` (or files picked in an open dialog) to `field` of the record. */
export async function addFilesToField(host: FilesHost, record: RecordTarget, field: string, uris?: readonly string[]): Promise<AttachOutcome> {
  let paths: string[];
  if (uris?.length) {
    paths = await pathsOfUris(host, uris.map((u) => vscode.Uri.parse(u, true)));
  } else {
    const chosen = await vscode.window.showOpenDialog({ canSelectMany: true, canSelectFiles: true, canSelectFolders: false, openLabel: vscode.l10n.t('Attach'), title: vscode.l10n.t('Add Files to {0}', record.reference) });
    if (!chosen?.length) return { status: 'cancelled' };
    paths = pathsOf(chosen);
  }
  return attachFilesToRecord(host, record, paths, { field });
}

/** Files dropped from the OS into the webview arrive as bytes: kept in a temporary folder, then attached. */
export async function addDroppedBytesToField(host: FilesHost, record: RecordTarget, field: string, files: readonly { name: string; bytes: Uint8Array }[]): Promise<AttachOutcome> {
  const paths = await Promise.all(files.map((f) => copyToTemp(host, f.name, f.bytes)));
  const outcome = await attachFilesToRecord(host, record, paths, { field });
  if (outcome.status !== 'cancelled') await discardCopies(host, paths);
  return outcome;
}

/** What the record editor shows after files were added: a sentence, and whether to reload the form. */
export interface EditorFilesResult {
  attached: boolean;
  notice?: { tone: 'info' | 'error'; message: string };
}

/** The record editor's "add files" (dropped URIs, dropped bytes, or an open dialog), with the sentence it shows. */
export async function addFilesFromEditor(
  host: FilesHost,
  record: RecordTarget,
  field: { name: string; label: string },
  source: { uris?: readonly string[]; dropped?: readonly { name: string; bytes: Uint8Array }[] },
): Promise<EditorFilesResult> {
  const outcome = source.dropped ? await addDroppedBytesToField(host, record, field.name, source.dropped) : await addFilesToField(host, record, field.name, source.uris);
  if (outcome.status === 'failed') return { attached: false, notice: { tone: 'error', message: outcome.message } };
  if (outcome.status === 'cancelled') return { attached: false };
  return { attached: true, notice: { tone: 'info', message: vscode.l10n.t('Attached. "{0}" now holds {1} file(s).', field.label, outcome.attachments.length) } };
}
