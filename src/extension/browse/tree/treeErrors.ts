import * as vscode from 'vscode';
import { isUnreachable } from '../../connections/errorText';
import type { MessageNode, RecordsTreeNode } from '../../shared/treeNodes';

interface ErrorLike {
  status?: number;
  code?: string;
  message?: string;
}

export interface ErrorPlace {
  connectionName: string;
  baseUrl: string;
  filter?: string;
  /** The extension's own "Local Sandbox" connection: when nothing answers, starting it is the fix. */
  sandbox?: boolean;
}

const FILTER_CODES = new Set(['invalid_filter', 'unknown_field']);

/**
 * Turns a failed read into rows under the node that failed, so the problem stays visible
 * where the records would be, with the click that fixes it (sign in, edit filter, retry).
 */
export function errorNodes(parent: RecordsTreeNode, error: unknown, place: ErrorPlace): MessageNode[] {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const message = typeof e.message === 'string' && e.message ? e.message : String(error);
  const retry = { command: 'records.refresh', title: vscode.l10n.t('Retry'), arguments: [parent] };
  const row = (suffix: string, tone: MessageNode['tone'], label: string, command: MessageNode['command'], detail?: string): MessageNode => ({
    kind: 'message',
    id: `msg:${parent.id}/${suffix}`,
    tone,
    label,
    detail,
    command,
    retryTarget: parent,
  });

  if (e.status === 401 || e.code === 'unauthorized') {
    const connectionId = 'connectionId' in parent ? parent.connectionId : undefined;
    return [row('signin', 'signIn', vscode.l10n.t('Sign in to {0}', place.connectionName), { command: 'records.signIn', title: vscode.l10n.t('Sign In'), arguments: [connectionId] }, message)];
  }
  if (place.filter && (e.status === 400 || FILTER_CODES.has(e.code ?? ''))) {
    return [
      row('error', 'error', vscode.l10n.t('Filter error: {0}', message), { command: 'records.setFilter', title: vscode.l10n.t('Edit Filter'), arguments: [parent] }, message),
      row('clear', 'info', vscode.l10n.t('Clear the filter'), { command: 'records.clearFilter', title: vscode.l10n.t('Clear Filter'), arguments: [parent] }),
      row('retry', 'info', vscode.l10n.t('Retry'), retry),
    ];
  }
  if (place.sandbox && isUnreachable(error)) {
    // A window reload, a restart or another window that owned it: the sandbox stopped with its
    // extension host, and the connection stays for the next start (on the same port when free).
    return [
      row('sandbox', 'error', vscode.l10n.t('Sandbox stopped: click to start'), { command: 'records.startSandbox', title: vscode.l10n.t('Start Local Sandbox') },
        vscode.l10n.t('Nothing answers at {0}. The local sandbox runs inside the VS Code window that started it and stops with it: click to start it in this window.', place.baseUrl)),
      row('retry', 'info', vscode.l10n.t('Retry'), retry),
    ];
  }
  if (e.code === 'network' || e.code === 'timeout') {
    return [row('error', 'error', vscode.l10n.t('Could not reach {0}: retry', place.baseUrl || place.connectionName), retry, message)];
  }
  if (e.status === 403) {
    return [row('error', 'error', vscode.l10n.t('No permission: {0}', message), retry, message)];
  }
  return [row('error', 'error', vscode.l10n.t('{0} Click to retry.', message), retry, message)];
}
