// "Create Record from TODO" and "Create Record from Selection": a record in an app the user picks
// (remembered per folder), titled from the comment (or the selection's first line), describing
// where the code is (path, line, a link to the line on the repository's web host) with the code
// in a code block; then the TODO names the record (`TODO(IT/TASK57): …`) in one undoable edit.
// The record is shared and keeps its history: it quotes only code the user saw go into it, the
// TODO line itself, or the lines selected around it (the title prompt says which).
import * as vscode from 'vscode';
import type { AppRef } from '../../core/contract/types';
import { referenceText } from '../../core/contract/reference';
import { todoTitle, todoWithReference, findTodo } from '../../core/work/todoComment';
import { type CodeLocation, codeDescription, remoteLineUrl } from '../../core/work/todoRecord';
import { referenceConnectionId } from '../browse/references/referenceSettings';
import { OPEN_RECORD_COMMAND, openRecordArgument } from '../browse/references/referenceCommands';
import { WorkError, gitApi } from './gitAccess';
import { todoTriggers } from './todoActions';
import type { WorkHost } from './workHost';
import { toAbortSignal } from '../shared/util/abort';
import { pickApp } from '../shared/appPicker';

const APP_MEMORY_KEY = 'records.work.todoApps';

export interface CreateFromCodeOptions {
  /** Tests: the app, without the picker. */
  app?: { connectionId: string; workspace: string; app: string };
  /** Tests: the title, without the input box. */
  title?: string;
  /** Tests: take the suggested title without the input box. */
  askTitle?: boolean;
}

export interface CreatedFromCode {
  reference: string;
  recordId: string;
  /** The TODO comment now names the record. */
  rewritten: boolean;
}

export async function createRecordFromTodo(host: WorkHost, uri: vscode.Uri, line: number, options: CreateFromCodeOptions = {}): Promise<CreatedFromCode | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const todo = findTodo(document.lineAt(line).text, todoTriggers());
  if (todo === undefined) throw new WorkError(vscode.l10n.t('Line {0} has no TODO comment to make a record of.', line + 1));
  const [first, last] = quotedLines(document, line);
  const snippet = document.getText(new vscode.Range(first, 0, last, document.lineAt(last).text.length));
  const place = { line: first + 1, ...(last !== first ? { endLine: last + 1 } : {}), snippet };
  const created = await createFromCode(host, document, place, todoTitle(todo.text) || todo.trigger, options);
  if (created === undefined) return undefined;
  // The line may have changed while the user picked and typed: rewrite only the TODO still there.
  // Typing in the file at the moment of the edit changes its version, and the editor refuses an
  // edit made for the version before: look again and retry while the TODO is still there.
  let rewritten = false;
  for (let attempt = 0; attempt < 5 && !rewritten; attempt++) {
    const now = findTodo(document.lineAt(line).text, todoTriggers());
    if (now === undefined || now.trigger !== todo.trigger || now.text !== todo.text) break;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(line, now.start, line, now.end), todoWithReference(now, created.reference));
    rewritten = await vscode.workspace.applyEdit(edit);
  }
  return { ...created, rewritten };
}

/**
 * The lines the description quotes: the TODO line alone, or the whole lines of a selection
 * around it in the active editor (what the user chose to show). Never lines nobody looked at:
 * the next line may hold a secret.
 */
function quotedLines(document: vscode.TextDocument, line: number): [number, number] {
  const editor = vscode.window.activeTextEditor;
  const selection = editor?.document.uri.toString() === document.uri.toString() ? editor.selection : undefined;
  if (selection === undefined || selection.isEmpty) return [line, line];
  // A selection ending at the start of a line does not take that line.
  const end = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line - 1 : selection.end.line;
  return selection.start.line <= line && line <= end ? [selection.start.line, end] : [line, line];
}

export async function createRecordFromSelection(host: WorkHost, options: CreateFromCodeOptions = {}): Promise<CreatedFromCode | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.selection.isEmpty) throw new WorkError(vscode.l10n.t('Select the code the record is about first.'));
  const { document, selection } = editor;
  const snippet = document.getText(selection);
  const firstLine = snippet.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== '') ?? '';
  const title = todoTitle(findTodo(firstLine, todoTriggers())?.text || firstLine.replace(/^[/#*\-;%'<!{(\s]+/, ''));
  const created = await createFromCode(host, document, { line: selection.start.line + 1, endLine: selection.end.line + 1, snippet }, title, options);
  return created === undefined ? undefined : { ...created, rewritten: false };
}

async function createFromCode(
  host: WorkHost,
  document: vscode.TextDocument,
  place: { line: number; endLine?: number; snippet: string },
  suggestedTitle: string,
  options: CreateFromCodeOptions,
): Promise<Omit<CreatedFromCode, 'rewritten'> | undefined> {
  const { connections } = host;
  const folder = vscode.workspace.getWorkspaceFolder(document.uri);
  const app = options.app ?? (await chooseApp(host, folder));
  if (app === undefined) return undefined;
  const title = options.title ?? (options.askTitle === false ? suggestedTitle : await vscode.window.showInputBox({
    title: vscode.l10n.t('New {0}/{1} record', app.workspace, app.app),
    prompt: place.endLine !== undefined
      ? vscode.l10n.t('Title of the record. Its description quotes lines {0}–{1} of {2}.', place.line, place.endLine, fileName(document))
      : vscode.l10n.t('Title of the record. Its description quotes line {0} of {1}.', place.line, fileName(document)),
    value: suggestedTitle,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Give the record a title.')),
  }));
  if (title === undefined || !title.trim()) return undefined;
  const inRepository = await repositoryPlace(document.uri).catch(() => undefined);
  const location: CodeLocation = {
    // Workspace-relative; a file outside the workspace folders is named inside its repository.
    path: folder ? vscode.workspace.asRelativePath(document.uri, false).replace(/\\/g, '/') : (inRepository?.path ?? document.uri.path.split('/').pop() ?? ''),
    line: place.line,
    ...(place.endLine !== undefined ? { endLine: place.endLine } : {}),
    snippet: place.snippet,
    language: document.languageId,
    link: inRepository?.lineUrl(place.line),
  };
  const ref: AppRef = { workspace: app.workspace, app: app.app };
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating the record in {0}/{1}', app.workspace, app.app), cancellable: true }, async (_progress, token) => {
    const client = await connections.client(app.connectionId);
    const outcome = await client.batch([{ transition: 'add', workspace_alias: ref.workspace, app_alias: ref.app, title: title.trim(), description: codeDescription(location) }], { signal: toAbortSignal(token) });
    const failure = outcome.stoppedBy ?? (outcome.failed[0] ? new Error(outcome.failed[0].message) : undefined);
    if (failure) {
      connections.reportError(app.connectionId, failure, vscode.l10n.t('Could not create the record in {0}/{1}', ref.workspace, ref.app));
      return undefined;
    }
    const data = outcome.results[0]?.data ?? {};
    const reference = referenceText({ workspace: data.project_alias ?? ref.workspace, app: data.publishing_alias ?? ref.app, number: data.number });
    const recordId = String(data.id ?? '');
    const open = vscode.l10n.t('Open');
    void vscode.window.showInformationMessage(vscode.l10n.t('Created {0}.', reference), open).then((choice) => {
      if (choice === open) void vscode.commands.executeCommand(OPEN_RECORD_COMMAND, openRecordArgument(app.connectionId, { ...ref, number: Number(data.number ?? 0) }, { id: recordId, number: data.number, title }));
    });
    return { reference, recordId };
  });
}

/** The app to create in: a pick among the connection's apps, the folder's last one first. */
async function chooseApp(host: WorkHost, folder: vscode.WorkspaceFolder | undefined): Promise<CreateFromCodeOptions['app']> {
  const connectionId = referenceConnectionId(host.connections);
  if (connectionId === undefined) throw new WorkError(vscode.l10n.t('Add a connection to a Records Service first.'));
  const key = folder?.uri.toString() ?? '';
  const remembered = host.workspaceState.get<Record<string, CreateFromCodeOptions['app']>>(APP_MEMORY_KEY, {})[key];
  const picked = await pickApp(host.connections.catalog.workspaces(connectionId), {
    title: vscode.l10n.t('Create the record in which app?'),
    ...(remembered?.connectionId === connectionId ? { first: remembered, firstNote: vscode.l10n.t('last used here') } : {}),
  });
  if (picked === undefined) return undefined;
  const app = { connectionId, workspace: picked.workspace, app: picked.app };
  await host.workspaceState.update(APP_MEMORY_KEY, { ...host.workspaceState.get<Record<string, unknown>>(APP_MEMORY_KEY, {}), [key]: app });
  return app;
}

/**
 * Where a file is in its git repository: its path there, and the web address of a line on the
 * repository's host (a known host, or `records.work.remoteLineUrl`), pinned to the HEAD commit.
 */
async function repositoryPlace(uri: vscode.Uri): Promise<{ path: string; lineUrl: (line: number) => string | undefined } | undefined> {
  if (uri.scheme !== 'file') return undefined;
  const api = await gitApi();
  const repository = api.getRepository(uri);
  if (!repository) return undefined;
  const path = uri.fsPath.slice(repository.rootUri.fsPath.length).replace(/\\/g, '/').replace(/^\/+/, '');
  const head = repository.state.HEAD;
  const remoteName = head?.upstream?.remote ?? 'origin';
  const remote = repository.state.remotes.find((r) => r.name === remoteName) ?? repository.state.remotes[0];
  const remoteUrl = remote?.fetchUrl ?? remote?.pushUrl;
  const template = vscode.workspace.getConfiguration('records.work', uri).get<string>('remoteLineUrl', '') ?? '';
  return {
    path,
    lineUrl: (line) => (remoteUrl && head?.commit ? remoteLineUrl({ remoteUrl, ref: head.commit, path, line }, template) : undefined),
  };
}

function fileName(document: vscode.TextDocument): string {
  return document.uri.path.split('/').pop() ?? '';
}
