// Open and Save As for attachments, from the tree and from the record editor. Both stream to
// disk through core's downloadToFile (never the whole file in memory, never a half file under
// the real name) with bytes and percent in a cancellable notification.
import { mkdir } from 'node:fs/promises';
import * as vscode from 'vscode';
import { downloadToFile } from '../../../core/upload';
import { toAbortSignal } from '../../shared/util/abort';
import { transferText } from './byteText';
import type { FilesHost } from './filesHost';
import { safeFileName } from '../../shared/safeFileName';

/** One attachment to fetch: enough to download it and to name it. */
export interface AttachmentRef {
  connectionId: string;
  fileUid: string;
  title: string;
  size?: number;
}

export interface SaveAttachmentArgs {
  /** Where to save, skipping the dialog (tests and scripts). */
  destination?: vscode.Uri | string;
}

/** Downloads into the cache (one folder per file id, so names never clash) and opens it; images open in the image preview. */
export async function openAttachment(host: FilesHost, attachment: AttachmentRef): Promise<vscode.Uri | undefined> {
  const folder = vscode.Uri.joinPath(host.storageUri, 'attachments', safeFileName(attachment.fileUid));
  const target = vscode.Uri.joinPath(folder, safeFileName(attachment.title, attachment.fileUid));
  await mkdir(folder.fsPath, { recursive: true });
  if (!(await download(host, attachment, target))) return undefined;
  await vscode.commands.executeCommand('vscode.open', target);
  return target;
}

/** Asks where to save (or takes `args.destination`) and streams the file there. */
export async function saveAttachmentAs(host: FilesHost, attachment: AttachmentRef, args: SaveAttachmentArgs = {}): Promise<vscode.Uri | undefined> {
  let target = typeof args.destination === 'string' ? vscode.Uri.file(args.destination) : args.destination;
  if (!target) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = safeFileName(attachment.title, attachment.fileUid);
    target = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Save {0} As', name),
      defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
      saveLabel: vscode.l10n.t('Save'),
    });
    if (!target) return undefined;
  }
  if (target.scheme !== 'file') {
    void vscode.window.showErrorMessage(vscode.l10n.t('Attachments can be saved to local files only. Pick a folder on this computer.'));
    return undefined;
  }
  if (!(await download(host, attachment, target))) return undefined;
  const open = vscode.l10n.t('Open');
  void vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}.', target.fsPath), open).then((choice) => {
    if (choice === open) void vscode.commands.executeCommand('vscode.open', target);
  });
  return target;
}

async function download(host: FilesHost, attachment: AttachmentRef, target: vscode.Uri): Promise<boolean> {
  const name = safeFileName(attachment.title, attachment.fileUid);
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Downloading {0}', name), cancellable: true },
      async (progress, token) => {
        const client = await host.connections.client(attachment.connectionId);
        let reported = 0;
        await downloadToFile(client, attachment.fileUid, target.fsPath, {
          signal: toAbortSignal(token),
          onProgress: (received, total) => {
            const size = total ?? attachment.size;
            const increment = size ? ((received - reported) / size) * 100 : undefined;
            reported = received;
            progress.report({ message: transferText(received, size), increment });
          },
        });
      },
    );
    return true;
  } catch (error) {
    host.connections.reportError(attachment.connectionId, error, vscode.l10n.t('Could not download {0}', name));
    return false;
  }
}
