// The elements of the Records tree. Each node is created once per id and reused (see
// RecordsTreeProvider.node), because VS Code finds the row to refresh by object identity.
import type { DiscoveredApp, DiscoveredWorkspace } from '../../core/api';
import type { AppRef, Attachment, RecordData } from '../../core/contract/types';

export interface ConnectionNode {
  kind: 'connection';
  id: string;
  connectionId: string;
}

export interface WorkspaceNode {
  kind: 'workspace';
  id: string;
  connectionId: string;
  workspace: DiscoveredWorkspace;
}

export interface AppNode {
  kind: 'app';
  id: string;
  connectionId: string;
  ref: AppRef;
  app: DiscoveredApp;
  workspaceTitle: string;
}

export interface RecordNode {
  kind: 'record';
  id: string;
  connectionId: string;
  ref: AppRef;
  record: RecordData;
  /** The node whose listing holds this record (an app, or the parent record). */
  owner: AppNode | RecordNode;
}

export interface AttachmentNode {
  kind: 'attachment';
  id: string;
  connectionId: string;
  record: RecordNode;
  field: string;
  attachment: Attachment;
}

export interface LoadMoreNode {
  kind: 'loadMore';
  id: string;
  owner: AppNode | RecordNode;
  loaded: number;
  available: number;
}

export type MessageTone = 'info' | 'error' | 'signIn';

/** Empty, error and sign-in states shown as rows, so they stay visible until resolved. */
export interface MessageNode {
  kind: 'message';
  id: string;
  tone: MessageTone;
  label: string;
  detail?: string;
  /** Runs on click; the retry of an error re-reads `retryTarget`. */
  command?: { command: string; title: string; arguments?: unknown[] };
  retryTarget?: RecordsTreeNode;
}

export type RecordsTreeNode = ConnectionNode | WorkspaceNode | AppNode | RecordNode | AttachmentNode | LoadMoreNode | MessageNode;

/** The nodes that own a paged list of records. */
export type ListingOwner = AppNode | RecordNode;
