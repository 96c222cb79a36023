// Command entry points of the files feature. Arguments follow the other commands: what a menu
// passes (explorer URIs, tree nodes) or a plain object, so tests and scripts skip every prompt.
import * as vscode from 'vscode';
import { attachmentName } from '../../../core/records/recordAttachments';
import type { RecordsTreeNode } from '../../shared/treeNodes';
import { type AttachmentRef, openAttachment, type SaveAttachmentArgs, saveAttachmentAs } from './attachmentDownloads';
import { type AttachFilesArgs, type AttachOutcome, attachFilesToRecord } from './attachFiles';
import type { FilesHost, RecordTarget } from './filesHost';
import { pathsOf } from './localFiles';
import { pickRecord } from '../recordPicker';
import { recordTargetOf } from './treeDrop';

export interface AttachToRecordArgs extends AttachFilesArgs {
  /** Local paths or URIs; the explorer selection or an open dialog when absent. */
  files?: (string | vscode.Uri)[];
  /** The record (a tree node or `{connectionId, workspace, app, recordId}`); picked when absent. */
  record?: unknown;
  /** Connection to pick the record from; the active one when absent. */
  connectionId?: string;
}

/**
 * "Attach to Record…": explorer/context passes (clicked URI, selected URIs); the record's
 * "Attach Files…" passes its node; a script passes one AttachToRecordArgs object.
 */
export async function attachToRecord(host: FilesHost, first?: unknown, second?: unknown, third?: unknown): Promise<AttachOutcome> {
  const args = [first, second, third].find(isArgs) ?? {};
  const record = args.record ?? (isTreeNode(first) ? first : undefined);
  const uris = Array.isArray(second) && second.every(isUri) ? second : isUri(first) ? [first] : [];
  let paths = args.files ? args.files.map((f) => (typeof f === 'string' ? f : pathsOf([f])[0])) : pathsOf(uris);
  let target = recordTargetFrom(record);
  if (!target) {
    const connectionId = args.connectionId ?? host.connections.activeId;
    if (!connectionId) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Add a connection first: run "Records: Add Connection" or start the local sandbox.'));
      return { status: 'cancelled' };
    }
    const picked = await pickRecord(host, connectionId, paths.length === 1 ? vscode.l10n.t('Attach {0} to Record', pathName(paths[0])) : paths.length > 1 ? vscode.l10n.t('Attach {0} Files to Record', paths.length) : vscode.l10n.t('Attach Files to Record'));
    if (!picked) return { status: 'cancelled' };
    target = picked;
    args.title ??= picked.title;
  }
  if (paths.length === 0) {
    const chosen = await vscode.window.showOpenDialog({ canSelectMany: true, canSelectFiles: true, canSelectFolders: false, openLabel: vscode.l10n.t('Attach'), title: vscode.l10n.t('Attach Files to {0}', target.reference) });
    if (!chosen?.length) return { status: 'cancelled' };
    paths = pathsOf(chosen);
  }
  return attachFilesToRecord(host, target, paths, args);
}

export async function openAttachmentCommand(host: FilesHost, node: unknown): Promise<vscode.Uri | undefined> {
  const attachment = attachmentRefFrom(node) ?? noAttachment();
  return attachment ? openAttachment(host, attachment) : undefined;
}

export async function saveAttachmentAsCommand(host: FilesHost, node: unknown, args?: SaveAttachmentArgs): Promise<vscode.Uri | undefined> {
  const attachment = attachmentRefFrom(node) ?? noAttachment();
  return attachment ? saveAttachmentAs(host, attachment, args) : undefined;
}

/** From the palette with no attachment selected: say where to find one. */
function noAttachment(): undefined {
  void vscode.window.showInformationMessage(vscode.l10n.t('Select an attachment under a record in the Records view first (expand the record to see its files).'));
  return undefined;
}

/** A tree attachment node, or `{connectionId, fileUid, title}`. */
function attachmentRefFrom(value: unknown): AttachmentRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const node = value as RecordsTreeNode;
  if (node.kind === 'attachment') {
    return { connectionId: node.connectionId, fileUid: node.attachment.file_uid, title: attachmentName(node.attachment), size: node.attachment.link_data?.size };
  }
  const ref = value as Partial<AttachmentRef>;
  if (typeof ref.connectionId === 'string' && typeof ref.fileUid === 'string') return { connectionId: ref.connectionId, fileUid: ref.fileUid, title: ref.title ?? ref.fileUid, size: ref.size };
  return undefined;
}

function recordTargetFrom(value: unknown): RecordTarget | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ((value as RecordsTreeNode).kind === 'record') return recordTargetOf(value as Extract<RecordsTreeNode, { kind: 'record' }>);
  const v = value as Partial<RecordTarget>;
  if (typeof v.connectionId !== 'string' || typeof v.workspace !== 'string' || typeof v.app !== 'string' || typeof v.recordId !== 'string') return undefined;
  return { connectionId: v.connectionId, workspace: v.workspace, app: v.app, recordId: v.recordId, reference: v.reference ?? `${v.workspace}/${v.app}` };
}

function isArgs(value: unknown): value is AttachToRecordArgs {
  return typeof value === 'object' && value !== null && !isUri(value) && !Array.isArray(value) && !('kind' in value)
    && ('files' in value || 'record' in value || 'field' in value || 'connectionId' in value || 'replace' in value);
}

function isTreeNode(value: unknown): value is RecordsTreeNode {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

function isUri(value: unknown): value is vscode.Uri {
  return value instanceof vscode.Uri;
}

function pathName(path: string | undefined): string {
  return path?.split(/[\\/]/).pop() ?? '';
}
