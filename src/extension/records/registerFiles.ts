// Commands of the files feature, and the check for uploads a previous session left unfinished.
// Everything here is a thin shim: the work is in the files bundle (bundles/files.ts), loaded the
// first time a command runs, so activation pays only for these few lines.
import { readFile, readdir } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { FilesHost } from './files/filesHost';

/** Same names as files/uploadTargets.ts and files/uploadQueue.ts (not imported: those belong to the lazy bundle). */
const UPLOAD_TARGETS_FILE = 'upload-targets.json';
const RESUME_STORE_FILE = 'uploads.json';
/** Long enough for the window to settle, so the question never competes with activation. */
const PENDING_CHECK_DELAY_MS = 4000;

/** The Records view as the files commands see it: its files host and its selection. */
interface FilesTree {
  readonly files: FilesHost;
  readonly view: { readonly selection: readonly unknown[] };
}

export function registerFiles(context: vscode.ExtensionContext, tree: FilesTree): void {
  const host = tree.files;
  const files = () => import('./bundles/files.js');
  // From the palette there is no node: use the row selected in the Records view.
  const selected = (node: unknown): unknown => node ?? tree.view.selection[0];
  context.subscriptions.push(
    vscode.commands.registerCommand('records.attachToRecord', async (first?: unknown, second?: unknown, third?: unknown) => (await files()).attachToRecord(host, first, second, third)),
    // A record's context menu: its node is the target, the files come from an open dialog.
    vscode.commands.registerCommand('records.attachFiles', async (node?: unknown, args?: object) => (await files()).attachToRecord(host, { ...args, record: selected(node) })),
    vscode.commands.registerCommand('records.openAttachment', async (node?: unknown) => (await files()).openAttachmentCommand(host, selected(node))),
    vscode.commands.registerCommand('records.saveAttachmentAs', async (node?: unknown, args?: { destination?: vscode.Uri | string }) => (await files()).saveAttachmentAsCommand(host, selected(node), args)),
    vscode.commands.registerCommand('records.finishPendingUploads', async () => (await files()).finishPendingUploads(host)),
  );
  const timer = setTimeout(() => void offerPendingUploadsIfAny(host), PENDING_CHECK_DELAY_MS);
  context.subscriptions.push({ dispose: () => clearTimeout(timer) });
}

/**
 * Reads the small JSON list of unfinished uploads (and looks for copies of dropped files)
 * without loading the files bundle or tus; only when there is something is the bundle loaded.
 */
export async function offerPendingUploadsIfAny(host: FilesHost): Promise<boolean> {
  const copies = await readdir(vscode.Uri.joinPath(host.storageUri, 'dropped').fsPath).then((names) => names.length > 0, () => false);
  if (!copies && !(await hasPendingUploads(host.storageUri)) && !(await nonEmptyJsonList(host.storageUri, RESUME_STORE_FILE))) return false;
  const { checkUploadsAtStart } = await import('./bundles/files.js');
  await checkUploadsAtStart(host);
  return true;
}

/** Uploads waiting to be finished and attached (upload-targets.json has entries). */
export function hasPendingUploads(storageUri: vscode.Uri): Promise<boolean> {
  return nonEmptyJsonList(storageUri, UPLOAD_TARGETS_FILE);
}

async function nonEmptyJsonList(storageUri: vscode.Uri, file: string): Promise<boolean> {
  try {
    const entries = JSON.parse(await readFile(vscode.Uri.joinPath(storageUri, file).fsPath, 'utf8')) as unknown;
    return Array.isArray(entries) && entries.length > 0;
  } catch {
    return false;
  }
}
