import * as vscode from 'vscode';
import type { AppSchema } from '../../../core/contract/types';
import type { ConnectionInfo } from '../../connections/connectionManager';
import { sendsTokenInClear } from '../../connections/connectionRules';
import type { ListingView } from './model/listingQuery';
import { attachmentName, formatBytes } from '../../../core/records/recordAttachments';
import { countDescription, recordDescription, recordLabel } from '../../../core/records/recordText';
import { localizedText } from '../../../core/text/localizedText';
import { recordReference } from '../../../core/contract/reference';
import { stateStyle } from './model/stateStyle';
import type { RecordListing } from './recordListing';
import type { RecordsTreeNode } from '../../shared/treeNodes';

export interface TreeItemContext {
  connection?: ConnectionInfo;
  activeConnectionId?: string;
  listing?: RecordListing;
  view?: ListingView;
  schema?: AppSchema;
  people?: ReadonlyMap<string, string>;
  /** The rows under this node are from earlier (the tree cache) and reading them again failed. */
  refreshFailure?: unknown;
  /** The signed-in user's time zone (as the record editor shows dates), when known. */
  timeZone?: string;
}

/** "Not refreshed" on a node whose kept rows could not be read again, with why in its tooltip. */
function sayNotRefreshed(item: vscode.TreeItem, failure: unknown): void {
  if (failure === undefined) return;
  const reason = failure instanceof Error ? failure.message : String(failure);
  item.description = [item.description, vscode.l10n.t('not refreshed')].filter(Boolean).join(' · ');
  const tooltip = typeof item.tooltip === 'string' ? item.tooltip : '';
  item.tooltip = [tooltip, vscode.l10n.t('Showing what was shown last time: reading it again failed ({0}). Refresh to try again.', reason)].filter(Boolean).join('\n\n');
}

const { Collapsed, None } = vscode.TreeItemCollapsibleState;

export function treeItemFor(node: RecordsTreeNode, context: TreeItemContext): vscode.TreeItem {
  switch (node.kind) {
    case 'connection': {
      const connection = context.connection;
      const item = new vscode.TreeItem(connection?.name ?? node.connectionId, Collapsed);
      item.id = node.id;
      item.description = connection ? hostOf(connection.baseUrl) : undefined;
      item.tooltip = connection ? `${connection.name}\n${connection.baseUrl}` : undefined;
      item.iconPath = new vscode.ThemeIcon(connection?.sandbox ? 'beaker' : 'server', node.connectionId === context.activeConnectionId ? new vscode.ThemeColor('charts.green') : undefined);
      if (connection?.allowPlainHttp === true && sendsTokenInClear(connection)) {
        item.description = vscode.l10n.t('{0} · plain http', hostOf(connection.baseUrl));
        item.tooltip = `${connection.name}\n${connection.baseUrl}\n\n${vscode.l10n.t('The token is sent unencrypted over plain http. Change the address to https:// with Edit Connection.')}`;
        item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      }
      item.contextValue = connection?.sandbox ? 'connection.sandbox' : 'connection';
      sayNotRefreshed(item, context.refreshFailure);
      return item;
    }
    case 'workspace': {
      const item = new vscode.TreeItem(node.workspace.title || node.workspace.alias, Collapsed);
      item.id = node.id;
      item.description = node.workspace.alias;
      item.iconPath = new vscode.ThemeIcon('folder-library');
      item.contextValue = 'workspace';
      return item;
    }
    case 'app': {
      const item = new vscode.TreeItem(node.app.caption || node.ref.app, Collapsed);
      item.id = node.id;
      const filterActive = Boolean(context.view?.filter);
      const listing = context.listing;
      const total = listing?.total ?? (filterActive ? undefined : node.app.count);
      const counts = countDescription(filterActive ? listing?.filtered : undefined, total, filterActive);
      const parts = [counts, filterActive ? vscode.l10n.t('filtered') : '', context.view?.sortBy ? `↕ ${context.view.sortBy}` : ''].filter(Boolean);
      item.description = parts.join(' · ');
      const tooltip = [`${node.ref.workspace}/${node.ref.app}`];
      if (context.view?.filter) tooltip.push(vscode.l10n.t('Filter: {0}', context.view.filter));
      if (context.view?.sortBy) tooltip.push(vscode.l10n.t('Sort: {0}', context.view.sortBy));
      item.tooltip = tooltip.join('\n');
      item.iconPath = new vscode.ThemeIcon(filterActive ? 'filter' : 'table');
      item.contextValue = filterActive ? 'app.filtered' : 'app';
      sayNotRefreshed(item, listing?.refreshFailure);
      return item;
    }
    case 'record': {
      const record = node.record;
      const expandable = (record.__children_count ?? 0) > 0 || hasAttachments(record);
      const item = new vscode.TreeItem(recordLabel(record), expandable ? Collapsed : None);
      item.id = node.id;
      item.description = recordDescription(record, context.schema);
      // The tooltip is built on hover (recordTooltipItem.ts): a page of rows is sent to the
      // workbench without 50 markdown documents nobody has asked to see yet.
      const style = stateStyle(record.state);
      item.iconPath = new vscode.ThemeIcon(style.icon, style.color ? new vscode.ThemeColor(style.color) : undefined);
      const actions = (record.transitions ?? []).some((t) => !['add', 'edit', 'delete'].includes(t));
      item.contextValue = actions ? 'record.actions' : 'record';
      item.command = { command: 'records.openRecord', title: vscode.l10n.t('Open Record'), arguments: [node] };
      item.accessibilityInformation = { label: `${recordReference(record, node.ref)} ${recordLabel(record)} ${item.description}` };
      return item;
    }
    case 'attachment': {
      const item = new vscode.TreeItem(attachmentName(node.attachment), None);
      item.id = node.id;
      // Files of other fields (a "Specification", a "Contract") say which field holds them.
      const fieldCaption = node.field === 'attachments' ? '' : localizedText(context.schema?.fields?.[node.field]?.ed_caption, 'en', node.field);
      item.description = [formatBytes(node.attachment.link_data?.size), fieldCaption].filter(Boolean).join(' · ');
      item.tooltip = [attachmentName(node.attachment), node.attachment.link_data?.mime_type, item.description].filter(Boolean).join('\n');
      item.iconPath = new vscode.ThemeIcon('file');
      item.contextValue = 'attachment';
      item.command = { command: 'records.openAttachment', title: vscode.l10n.t('Open Attachment'), arguments: [node] };
      return item;
    }
    case 'loadMore': {
      const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), None);
      item.id = node.id;
      item.description = vscode.l10n.t('{0} of {1} shown', node.loaded, node.available);
      item.iconPath = new vscode.ThemeIcon('ellipsis');
      item.contextValue = 'loadMore';
      item.command = { command: 'records.loadMore', title: vscode.l10n.t('Load More'), arguments: [node] };
      return item;
    }
    case 'message': {
      const item = new vscode.TreeItem(node.label, None);
      item.id = node.id;
      item.tooltip = node.detail ?? node.label;
      const icon = node.tone === 'error' ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'))
        : node.tone === 'signIn' ? new vscode.ThemeIcon('sign-in') : new vscode.ThemeIcon('info');
      item.iconPath = icon;
      item.contextValue = `message.${node.tone}`;
      item.command = node.command;
      return item;
    }
  }
}

function hasAttachments(record: { __link_lists?: Record<string, unknown[]>; [key: string]: unknown }): boolean {
  // Cheap check for the collapsible state; the exact list is built when the row is expanded.
  return Object.values(record.__link_lists ?? {}).some((list) => Array.isArray(list) && list.some(isFileObject))
    || Object.values(record).some((value) => Array.isArray(value) && value.some(isFileObject));
}

function isFileObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { file_uid?: unknown }).file_uid === 'string';
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
