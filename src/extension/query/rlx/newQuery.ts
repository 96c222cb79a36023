// "New RLX Query" and "Open as RLX": an untitled `.rlx` document, scoped to the app of the
// tree node it was invoked on, naming that node's connection with `@connection`.
import * as vscode from 'vscode';
import type { AppRef } from '../../../core/contract/types';
import { quoteConnectionName, sampleQueryText } from '../../../core/rlx/document';
import type { RlxDocumentModels } from './documentModels';
import { openUntitledQuery } from './untitledQuery';
import type { ConnectionManager } from '../../connections/connectionManager';

/** The parts of a tree node the commands read: an app node has `connectionId` and `ref`. */
export interface RlxAppNodeLike {
  connectionId?: string;
  ref?: AppRef;
  workspace?: string | { alias?: string };
  app?: string | { alias?: string };
}

export function appOfNode(node: unknown): { ref?: AppRef; connectionId?: string } {
  if (node === null || typeof node !== 'object') return {};
  const candidate = node as RlxAppNodeLike;
  const connectionId = typeof candidate.connectionId === 'string' ? candidate.connectionId : undefined;
  if (candidate.ref !== undefined) return { ref: candidate.ref, ...(connectionId === undefined ? {} : { connectionId }) };
  const workspace = typeof candidate.workspace === 'string' ? candidate.workspace : candidate.workspace?.alias;
  const app = typeof candidate.app === 'string' ? candidate.app : candidate.app?.alias;
  const ref = workspace !== undefined && app !== undefined ? { workspace, app } : undefined;
  return { ...(ref === undefined ? {} : { ref }), ...(connectionId === undefined ? {} : { connectionId }) };
}

/** Characters a file name cannot hold (on any system): the title names the document (untitledQuery.ts). */
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|]+/g;

export function newQueryText(ref: AppRef | undefined, title = 'New query', connectionName?: string): string {
  const scope = ref === undefined ? '// @app WS/APP   (no @app: all apps)' : `@app ${ref.workspace}/${ref.app}`;
  const connection = connectionName === undefined ? '' : `@connection ${quoteConnectionName(connectionName)}\n`;
  // The title first: the document is named after it.
  const name = title.replace(NOT_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim() || 'New query';
  return `### ${name}\n${connection}${scope}\n@sort creation_date desc\n@limit 100\n`;
}

export async function openRlxQuery(
  models: RlxDocumentModels,
  node: unknown,
  connectionName: (id: string) => string | undefined,
  title?: string,
  viewColumn?: vscode.ViewColumn,
  text: (ref: AppRef | undefined, title: string | undefined, name: string | undefined) => string = (ref, title, name) => newQueryText(ref, title ?? (ref === undefined ? undefined : `All of ${ref.workspace} ${ref.app}`), name),
): Promise<vscode.TextEditor> {
  const { ref, connectionId } = appOfNode(node);
  const name = connectionId === undefined ? undefined : connectionName(connectionId);
  // Named after its title, which Save As proposes (untitledQuery.ts).
  const document = await openUntitledQuery(text(ref, title, name));
  // A connection known only by id (no name to write) is kept as the file's binding instead.
  if (connectionId !== undefined && name === undefined) await models.connectionRule.bind(document.uri, connectionId);
  const editor = await vscode.window.showTextDocument(document, viewColumn === undefined ? {} : { viewColumn });
  const end = document.positionAt(document.getText().length);
  editor.selection = new vscode.Selection(end, end);
  return editor;
}

/**
 * The walkthrough's "Run a Sample Query": the records assigned to you (core/rlx/document/sampleQuery.ts),
 * on the active connection (else the first one),
 * named with `@connection` so it runs there and nowhere else. Without a connection, says how to get one.
 */
export async function openSampleQuery(models: RlxDocumentModels, connections: Pick<ConnectionManager, 'activeId' | 'list'>, connectionName: (id: string) => string | undefined): Promise<vscode.TextEditor | undefined> {
  const connectionId = connections.activeId ?? connections.list()[0]?.id;
  if (connectionId === undefined) {
    const start = vscode.l10n.t('Start Local Sandbox');
    const add = vscode.l10n.t('Add Connection…');
    const choice = await vscode.window.showInformationMessage(vscode.l10n.t('A query runs against a connection: start the local sandbox or add a connection first.'), start, add);
    if (choice === start) await vscode.commands.executeCommand('records.startSandbox');
    if (choice === add) await vscode.commands.executeCommand('records.addConnection');
    return undefined;
  }
  // Beside what is open (the walkthrough, when its button ran it), so the steps stay in view. It
  // filters something that means something: what is assigned to you, latest changes first.
  const title = vscode.l10n.t('Assigned to me, latest changes first');
  return openRlxQuery(models, { connectionId }, connectionName, title, vscode.ViewColumn.Beside, (_ref, _title, name) => sampleQueryText(title, name));
}
