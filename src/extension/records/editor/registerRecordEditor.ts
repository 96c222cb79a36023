import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { FilesHost } from '../files/filesHost';
import type { RecordDocument } from './recordDocument';
import type { RecordEditorProvider } from './recordEditorProvider';
import type { RecordJsonFileSystem } from './recordJsonFileSystem';
import { identityFromArgument, numberFromArgument } from './editorArguments';
import { activeRecordEditorUri, RECORD_EDITOR_VIEW_TYPE, RECORDS_JSON_SCHEME, RECORDS_SCHEME } from './recordUri';

/** `records-theirs:` — the server's version in "Compare" after a JSON save conflict. */
const RECORD_THEIRS_SCHEME = 'records-theirs';

/** The record editor's bundle (dist/recordEditor.js): documents, sessions, and the pick lists of its commands. */
const loadRecordEditor = () => import('../bundles/recordEditor.js');

/**
 * "Open as JSON": the `records-json:` file system, also serving the older `records://…/record.json`
 * addresses (implementation in dist/recordEditor.js, loaded on first read), and the read-only
 * "theirs" side of its Compare.
 */
function registerRecordJson(context: vscode.ExtensionContext, connections: ConnectionManager): void {
  const changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  let implementation: Promise<RecordJsonFileSystem> | undefined;
  const fs = (): Promise<RecordJsonFileSystem> =>
    (implementation ??= loadRecordEditor().then(({ RecordJsonFileSystem }) => {
      const created = new RecordJsonFileSystem(connections);
      context.subscriptions.push(created, created.onDidChangeFile((e) => changes.fire(e)));
      return created;
    }));
  const provider: vscode.FileSystemProvider = {
    onDidChangeFile: changes.event,
    watch: () => new vscode.Disposable(() => undefined),
    stat: async (uri) => (await fs()).stat(uri),
    readFile: async (uri) => (await fs()).readFile(uri),
    writeFile: async (uri, content) => (await fs()).writeFile(uri, content),
    readDirectory: () => [],
    createDirectory: async () => (await fs()).createDirectory(),
    delete: async () => (await fs()).delete(),
    rename: async () => (await fs()).rename(),
  };
  context.subscriptions.push(
    changes,
    vscode.workspace.registerFileSystemProvider(RECORDS_JSON_SCHEME, provider, { isCaseSensitive: true }),
    vscode.workspace.registerFileSystemProvider(RECORDS_SCHEME, provider, { isCaseSensitive: true }),
    vscode.workspace.registerTextDocumentContentProvider(RECORD_THEIRS_SCHEME, { provideTextDocumentContent: async (uri) => (await fs()).provideTextDocumentContent(uri) }),
  );
}

/** Reaches the record editor's implementation (dist/recordEditor.js), loading it on first use. */
export type RecordEditorAccess = () => Promise<RecordEditorProvider>;

/**
 * Registers the record editor: the custom editor of `records:` URIs (its implementation loads
 * with the first record opened), `records.openRecordEditor` (a record node, or one picked from a
 * list) and `records.newRecord` (an app node, or an app picked from a list).
 */
export function registerRecordEditor(context: vscode.ExtensionContext, connections: ConnectionManager, files?: FilesHost): RecordEditorAccess {
  // VS Code subscribes to the edit event when the provider is registered: it lives here, the
  // lazily loaded documents fire into it.
  const edits = new vscode.EventEmitter<vscode.CustomDocumentEditEvent<RecordDocument>>();
  let provider: Promise<RecordEditorProvider> | undefined;
  const access: RecordEditorAccess = () =>
    (provider ??= loadRecordEditor().then(({ RecordEditorProvider }) => {
      const created = new RecordEditorProvider({ connections, extensionUri: context.extensionUri, memento: context.workspaceState, files, fireEdit: (e) => edits.fire(e) });
      context.subscriptions.push(created);
      return created;
    }));
  const lazyProvider: vscode.CustomEditorProvider<RecordDocument> = {
    onDidChangeCustomDocument: edits.event,
    openCustomDocument: async (uri, openContext) => (await access()).openCustomDocument(uri, openContext),
    resolveCustomEditor: async (document, panel) => (await access()).resolveCustomEditor(document, panel),
    saveCustomDocument: async (document, cancellation) => (await access()).saveCustomDocument(document, cancellation),
    saveCustomDocumentAs: async (document) => (await access()).saveCustomDocumentAs(document),
    revertCustomDocument: async (document) => (await access()).revertCustomDocument(document),
    backupCustomDocument: async (document, backupContext) => (await access()).backupCustomDocument(document, backupContext),
  };
  registerRecordJson(context, connections);
  // The palette shows the commands that read the active record editor (Copy Record Request, Find
  // References to Record) while there is one, wherever the focus is (VS Code's own
  // activeCustomEditorId is not seen from the palette when, say, a side bar view has the focus).
  const noteActiveRecordEditor = (): void => void vscode.commands.executeCommand('setContext', RECORD_EDITOR_ACTIVE_KEY, activeRecordEditorUri() !== undefined);
  noteActiveRecordEditor();
  context.subscriptions.push(
    vscode.window.tabGroups.onDidChangeTabs(noteActiveRecordEditor),
    vscode.window.tabGroups.onDidChangeTabGroups(noteActiveRecordEditor),
    edits,
    vscode.window.registerCustomEditorProvider(RECORD_EDITOR_VIEW_TYPE, lazyProvider, {
      webviewOptions: { enableFindWidget: true },
      supportsMultipleEditorsPerDocument: false,
    }),
    vscode.commands.registerCommand('records.openRecordEditor', async (arg?: unknown) => {
      // The pick list (recent records, then a search) is in the bundle too: the first screen needs none of it.
      const identity = identityFromArgument(arg) ?? (await (await loadRecordEditor()).askForRecord(connections, context.globalState));
      if (!identity?.recordId) return undefined;
      return (await (await access()).open(identity, numberFromArgument(arg))).currentIdentity;
    }),
    vscode.commands.registerCommand('records.newRecord', async (arg?: unknown) => {
      const fromArg = identityFromArgument(arg);
      const identity = fromArg ? { connectionId: fromArg.connectionId, workspace: fromArg.workspace, app: fromArg.app } : await (await loadRecordEditor()).askForApp(connections);
      if (!identity) return undefined;
      return (await (await access()).open(identity)).currentIdentity;
    }),
  );
  return access;
}

/** Context key: the active tab is a record editor. */
const RECORD_EDITOR_ACTIVE_KEY = 'records.recordEditorActive';
