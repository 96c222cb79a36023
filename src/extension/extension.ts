import * as vscode from 'vscode';
import { AuthCallbackRegistry } from './connections/auth/authCallbacks';
import { OAUTH_PROVIDER_ID, OAUTH_PROVIDER_LABEL, RecordsOAuthProvider, type ExternalOpener } from './connections/auth/oauthProvider';
import { registerConnectionCommands } from './connections/connectionCommands';
import { ConnectionManager } from './connections/connectionManager';
import { applySandboxSeed } from './connections/connectionSeed';
import { registerPresetConnections } from './connections/presetConnections';
import { registerSandboxCommands } from './connections/localSandbox/sandboxCommands';
import { LocalSandbox } from './connections/localSandbox/localSandbox';
import { ConnectionStatusBar } from './connections/status/activeConnectionStatusBar';
import { registerRecordEditor, type RecordEditorAccess } from './records/editor/registerRecordEditor';
import { activeRecordEditorUri } from './records/editor/recordUri';
import type { SnippetLanguage } from '../core/api';
import { COPY_REQUEST_COMMANDS } from './records/copyRequest';
import { onDidLogRequest, registerRequestLog } from './connections/log/requestLog';
import { registerPivot } from './query/pivot/registerPivot';
import { registerReferences, type ReferencesHandle } from './browse/references/registerReferences';
import { registerFiles } from './records/registerFiles';
import { type RlxLanguageHandle, registerRlxLanguage } from './query/rlx/registerRlxLanguage';
import { type BulkHandle, registerBulk } from './records/bulk/registerBulk';
import { type QueriesHandle, registerQueries } from './query/queries/registerQueries';
import { registerSearchPanel } from './browse/search/registerSearchPanel';
import { registerRecordsTree, type RecordsTree } from './browse/tree/registerTree';
import { registerWalkthroughSteps } from './shared/walkthrough';
import { registerAgents } from './agents/registerAgents';
import { registerWork, type WorkHandle } from './work/registerWork';

/** What `activate` returns: used by extension-host tests and by other extensions. */
export interface RecordsExtensionApi {
  readonly connections: ConnectionManager;
  readonly sandbox: LocalSandbox;
  readonly statusBar: ConnectionStatusBar;
  readonly tree: RecordsTree;
  /** Each line written to the "Records" request log. */
  readonly onDidLogRequest: vscode.Event<string>;
  /** The record editor's custom editor provider (loaded on first use). */
  readonly recordEditor: RecordEditorAccess;
  /** Record references in text documents (links, hovers, completion). */
  readonly references: ReferencesHandle;
  /** Saved queries and the run history (the Queries view). */
  readonly queries: QueriesHandle;
  /** Bulk changes; unlike the `records.bulk.*` commands, these accept a confirmation given beforehand. */
  readonly bulk: BulkHandle;
  /** The `.rlx` language (its connection rule and what a file may send on its own). */
  readonly rlx: RlxLanguageHandle;
  /** Start/Finish Work and the current record (loaded on first use). */
  readonly work: WorkHandle;
  /** Replaces how the OAuth sign-in opens the browser (tests follow the redirect themselves). */
  setExternalOpener(opener: ExternalOpener | undefined): void;
  /** Delivers an OAuth redirect as the UriHandler would. */
  handleAuthCallback(uri: vscode.Uri): void;
  /** Fires when an OAuth session ended and the user was asked to sign in again. */
  readonly onDidAskToSignIn: vscode.Event<{ connectionId: string; message: string }>;
}

let launcher: LocalSandbox | undefined;

export function activate(context: vscode.ExtensionContext): RecordsExtensionApi {
  const connections = new ConnectionManager(context);
  const callbacks = new AuthCallbackRegistry();
  const oauth = new RecordsOAuthProvider(connections, callbacks);
  connections.setOAuthTokenSource(oauth);
  launcher = new LocalSandbox(context, connections);
  const statusBar = new ConnectionStatusBar(connections);
  context.subscriptions.push(
    connections,
    oauth,
    launcher,
    statusBar,
    vscode.window.registerUriHandler(callbacks),
    vscode.authentication.registerAuthenticationProvider(OAUTH_PROVIDER_ID, OAUTH_PROVIDER_LABEL, oauth, { supportsMultipleAccounts: true }),
  );
  // The first step reads "start the sandbox or add a connection": any connection, whoever made it
  // (`npm start`, another window), whether or not it answered in this window yet.
  registerWalkthroughSteps(context, { sandboxConnected: () => connections.list().length > 0 });
  registerRequestLog(context);
  registerConnectionCommands(context, connections, oauth);
  registerSandboxCommands(context, launcher);
  const tree = registerRecordsTree(context, connections);
  registerFiles(context, tree);
  const recordEditor = registerRecordEditor(context, connections, tree.files);
  const rlx = registerRlxLanguage(context, connections);
  const queries = registerQueries(context, connections, rlx);
  registerSearchPanel(context, connections);
  registerPivot(context, connections);
  const references = registerReferences(context, connections, tree);
  // From the tree's row menu (the node), the record editor's title (its URI), or the palette.
  context.subscriptions.push(
    vscode.commands.registerCommand(COPY_REQUEST_COMMANDS.record, async (arg?: unknown, language?: SnippetLanguage) => {
      const target = arg ?? activeRecordEditorUri() ?? tree.view.selection[0];
      return (await import('./browse/bundles/treeCommands.js')).copyRecordRequest(connections, target, language);
    }),
  );
  const bulk = registerBulk(context, connections, () => tree.view.selection);
  registerAgents(context, connections);
  const work = registerWork(context, connections, tree);
  void applySandboxSeed(launcher);
  registerPresetConnections(context, connections);
  return {
    connections,
    sandbox: launcher,
    statusBar,
    tree,
    recordEditor,
    onDidLogRequest,
    references,
    queries,
    bulk,
    rlx,
    work,
    setExternalOpener: (opener) => oauth.setExternalOpener(opener),
    handleAuthCallback: (uri) => callbacks.handleUri(uri),
    onDidAskToSignIn: oauth.onDidAskToSignIn,
  };
}

export async function deactivate(): Promise<void> {
  // The sandbox holds a lock on its data folder: release it even if disposal order differs.
  await launcher?.stop({ quiet: true }).catch(() => undefined);
  launcher = undefined;
}
