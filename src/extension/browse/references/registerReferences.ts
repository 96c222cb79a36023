// Record references (`IT/TASK12`) in every text document. The main bundle registers only thin
// providers: the first time one is asked (and a connection exists) they load
// dist/references.js, which matches, resolves and renders. See README.md here.
import * as vscode from 'vscode';
import { parseReference, recordReference } from '../../../core/contract/reference';
import { activeRecordEditorUri, identityFromUri, labelOfUri } from '../../records/editor/recordUri';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { RecordsTree } from '../tree/registerTree';
import type { ReferenceFeature } from './referenceFeature';
import type { ReferenceAliasSource } from './aliasSource';
import { referenceAliasSource } from './aliasSourceAdapter';
import { REFERENCE_COMMANDS, type OpenReferenceArgs } from './referenceCommands';
import { REFERENCES_SECTION, referenceConnectionId, referenceSettings } from './referenceSettings';

/** Where links and hovers work: files, unsaved files, notebook cells and the commit box. */
const TEXT_DOCUMENTS: vscode.DocumentSelector = [
  { scheme: 'file' },
  { scheme: 'untitled' },
  { scheme: 'vscode-notebook-cell' },
  { language: 'scminput' },
];

export interface ReferencesHandle {
  /** The loaded feature (loading it if needed); extension-host tests reach the resolver through it. */
  feature(): Promise<ReferenceFeature>;
}

export function registerReferences(context: vscode.ExtensionContext, connections: ConnectionManager, tree: RecordsTree): ReferencesHandle {
  const aliases: ReferenceAliasSource & vscode.Disposable = referenceAliasSource(connections.catalog);
  let loading: Promise<ReferenceFeature> | undefined;
  const feature = (): Promise<ReferenceFeature> => {
    loading ??= import('../bundles/references.js').then((bundle) => {
      const loaded = bundle.createReferenceFeature({ aliases, client: (id) => connections.client(id), webUrlTemplate: () => referenceSettings().webUrlTemplate, timeZone: (id) => connections.catalog.knownUser(id)?.timezone });
      context.subscriptions.push(loaded);
      return loaded;
    });
    return loading;
  };
  // Nothing to resolve against: answer at once, without loading the feature.
  const connectionId = (): string | undefined => (referenceSettings().enabled ? referenceConnectionId(connections) : undefined);

  const links: vscode.DocumentLinkProvider = {
    async provideDocumentLinks(document) {
      const id = connectionId();
      return id === undefined ? [] : (await feature()).provideDocumentLinks(document, id);
    },
    async resolveDocumentLink(link) {
      return (await feature()).resolveDocumentLink(link);
    },
  };
  const hovers: vscode.HoverProvider = {
    async provideHover(document, position, token) {
      const id = connectionId();
      return id === undefined ? undefined : (await feature()).provideHover(document, position, id, token);
    },
  };
  const completions: vscode.CompletionItemProvider = {
    async provideCompletionItems(document, position, token) {
      const id = connectionId();
      return id === undefined ? undefined : (await feature()).provideCompletionItems(document, position, id, token);
    },
  };

  let completionRegistration: vscode.Disposable | undefined;
  const registerCompletion = (): void => {
    completionRegistration?.dispose();
    const languages = referenceSettings().completionLanguages;
    // `/` starts it after a workspace alias; typing the app and number keeps the list open.
    completionRegistration = languages.length === 0 ? undefined : vscode.languages.registerCompletionItemProvider(languages.map((language) => ({ language })), completions, '/');
  };
  registerCompletion();

  context.subscriptions.push(
    aliases,
    { dispose: () => completionRegistration?.dispose() },
    vscode.languages.registerDocumentLinkProvider(TEXT_DOCUMENTS, links),
    vscode.languages.registerHoverProvider(TEXT_DOCUMENTS, hovers),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${REFERENCES_SECTION}.completionLanguages`)) registerCompletion();
    }),
    vscode.commands.registerCommand(REFERENCE_COMMANDS.open, async (args: OpenReferenceArgs) => (await feature()).openReference(args)),
    vscode.commands.registerCommand(REFERENCE_COMMANDS.copyLink, async (text: unknown) => {
      if (typeof text !== 'string' || text === '') return;
      await vscode.env.clipboard.writeText(text);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}.', text), 2000);
    }),
    // From the palette: the record in the active editor, else the row selected in the tree.
    vscode.commands.registerCommand(REFERENCE_COMMANDS.findReferences, (arg?: unknown) => findReferencesToRecord(arg ?? activeRecordEditorUri() ?? tree.view.selection[0])),
  );
  return { feature };
}

/**
 * Searches the workspace's files for a record's reference with VS Code's own search, so the
 * hits show in its Search view. Takes a tree record (or anything shaped like one), a
 * `WS/APP12` string, or asks for the reference.
 */
async function findReferencesToRecord(arg: unknown): Promise<void> {
  let reference = typeof arg === 'string' ? arg.trim() : referenceOfRecord(arg);
  reference ??= (await vscode.window.showInputBox({
    title: vscode.l10n.t('Find References to Record'),
    prompt: vscode.l10n.t('Type a record reference, for example IT/TASK12'),
    // Asked from the palette while a record editor (a webview) is active: it takes the focus back.
    ignoreFocusOut: true,
    validateInput: (value) => (parseReference(value) ? undefined : vscode.l10n.t('Write the workspace, a slash, the app and the number, for example IT/TASK12.')),
  }))?.trim();
  if (!reference) return;
  await vscode.commands.executeCommand('workbench.action.findInFiles', {
    query: reference,
    triggerSearch: true,
    isRegex: false,
    isCaseSensitive: true,
    // `IT/TASK12` must not find IT/TASK123.
    matchWholeWord: true,
  });
}

function referenceOfRecord(arg: unknown): string | undefined {
  // From the record editor's title bar: its records: URI carries the tab label (TASK12 and the title).
  if (arg instanceof vscode.Uri) return referenceOfEditorUri(arg);
  if (typeof arg !== 'object' || arg === null) return undefined;
  const node = arg as { kind?: unknown; record?: { number?: unknown }; ref?: { workspace: string; app: string } };
  if (node.kind !== 'record' || typeof node.record !== 'object' || typeof node.record.number !== 'number') return undefined;
  return recordReference(node.record as Parameters<typeof recordReference>[0], node.ref);
}

function referenceOfEditorUri(uri: vscode.Uri): string | undefined {
  const identity = identityFromUri(uri);
  const label = (labelOfUri(uri) ?? '').split(' ', 1)[0] ?? '';
  if (identity?.recordId === undefined || !/^\S+\d$/.test(label) || !label.startsWith(identity.app)) return undefined;
  return `${identity.workspace}/${label}`;
}
