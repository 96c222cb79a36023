import * as vscode from 'vscode';
import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ConnectionManager } from '../../connections/connectionManager';
import { toAbortSignal } from '../../util/abort';
import { attachmentName } from '../model/recordAttachments';
import type { AttachmentNode, RecordsTreeNode } from '../treeNodes';

function isAttachmentNode(node: unknown): node is AttachmentNode {
  return typeof node === 'object' && node !== null && (node as RecordsTreeNode).kind === 'attachment';
}

/** A file name that is safe on every OS, keeping the extension so the right editor opens. */
function safeFileName(name: string): string {
  const printable = [...name].map((c) => (c.charCodeAt(0) < 32 ? '_' : c)).join('');
  const cleaned = printable.replace(/[\\/:*?"<>|]+/g, '_').replace(/^\.+/, '_').slice(-120);
  return cleaned || 'attachment';
}

/** Downloads into the extension's cache (one folder per file id) and opens it. */
export async function openAttachment(context: vscode.ExtensionContext, connections: ConnectionManager, node: unknown): Promise<vscode.Uri | undefined> {
  if (!isAttachmentNode(node)) return undefined;
  const name = safeFileName(attachmentName(node.attachment));
  const folder = vscode.Uri.joinPath(context.globalStorageUri, 'attachments', safeFileName(node.attachment.file_uid));
  const target = vscode.Uri.joinPath(folder, name);
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Downloading {0}', name), cancellable: true },
      async (_progress, token) => {
        const client = await connections.client(node.connectionId);
        const download = await client.download(node.attachment.file_uid, { signal: toAbortSignal(token) });
        await mkdir(folder.fsPath, { recursive: true });
        // Write then rename, so a cancelled download never leaves a half file that looks complete.
        const partial = `${target.fsPath}.part`;
        await pipeline(Readable.from(download.body), createWriteStream(partial));
        await rename(partial, target.fsPath);
      },
    );
  } catch (error) {
    connections.reportError(node.connectionId, error, vscode.l10n.t('Could not download {0}', name));
    return undefined;
  }
  await vscode.commands.executeCommand('vscode.open', target);
  return target;
}
