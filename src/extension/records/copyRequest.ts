// "Copy as curl / fetch / Python": the exact request the extension sends for a query or a record,
// as code to run elsewhere. The token is read from $RECORDS_TOKEN; the literal token is copied
// only after "Copy with Token" and a modal confirmation.
import * as vscode from 'vscode';
import { type DescribableCall, type RecordsClient, type SnippetLanguage, TOKEN_VARIABLE, requestSnippet } from '../../core/api';
import { recordReadParams } from '../../core/records/recordRead';
import type { ConnectionManager } from '../connections/connectionManager';
import { describeError } from '../connections/errorText';
import { identityFromUri } from './editor/recordUri';

export const COPY_REQUEST_COMMANDS = {
  record: 'records.copyRecordRequest',
} as const;

interface LanguagePick extends vscode.QuickPickItem {
  language: SnippetLanguage;
}

const LANGUAGE_NAMES: Readonly<Record<SnippetLanguage, string>> = { curl: 'curl', fetch: 'fetch (JavaScript)', python: 'Python (requests)' };

/** Asks for the language, copies the snippet without the token, and offers the token on request. */
export async function copyRequestSnippet(client: RecordsClient, call: DescribableCall, connectionName: string, language?: SnippetLanguage): Promise<string | undefined> {
  const chosen = language ?? (await pickLanguage());
  if (chosen === undefined) return undefined;
  const snippet = requestSnippet(await client.describeRequest(call), chosen);
  await vscode.env.clipboard.writeText(snippet);
  const withToken = vscode.l10n.t('Copy with Token');
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Copied the request as {0}. It reads the token from the environment variable {1}.', LANGUAGE_NAMES[chosen], TOKEN_VARIABLE), withToken)
    .then(async (choice) => {
      if (choice !== withToken) return;
      const confirm = vscode.l10n.t('Copy with Token');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('Copy the request with your sign-in token for "{0}" in plain text?', connectionName),
        { modal: true, detail: vscode.l10n.t('Anyone who sees the snippet can act as you until the token expires or you sign out.') },
        confirm,
      );
      if (answer === confirm) await vscode.env.clipboard.writeText(requestSnippet(await client.describeRequest(call, true), chosen));
    });
  return snippet;
}

async function pickLanguage(): Promise<SnippetLanguage | undefined> {
  const items: LanguagePick[] = [
    { language: 'curl', label: 'curl', description: vscode.l10n.t('a shell command') },
    { language: 'fetch', label: 'fetch', description: vscode.l10n.t('JavaScript (Node 18+ or a browser)') },
    { language: 'python', label: 'Python', description: vscode.l10n.t('with the requests package') },
  ];
  return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Copy Request As…'), placeHolder: vscode.l10n.t('The token is read from ${0}', TOKEN_VARIABLE) }))?.language;
}

/** A record from the tree (its node) or from the record editor (its records: URI). */
function recordTarget(arg: unknown): { connectionId: string; workspace: string; app: string; recordId: string } | undefined {
  if (arg instanceof vscode.Uri) {
    const identity = identityFromUri(arg);
    return identity?.recordId === undefined ? undefined : { ...identity, recordId: identity.recordId };
  }
  const node = arg as { kind?: unknown; connectionId?: unknown; ref?: { workspace: string; app: string }; record?: { id?: unknown } } | undefined;
  if (node?.kind !== 'record' || typeof node.connectionId !== 'string' || node.ref === undefined || typeof node.record?.id !== 'string') return undefined;
  return { connectionId: node.connectionId, workspace: node.ref.workspace, app: node.ref.app, recordId: node.record.id };
}

/** `records.copyRecordRequest`: the request that reads a record in full, as the record editor does. */
export async function copyRecordRequest(connections: ConnectionManager, arg: unknown, language?: SnippetLanguage): Promise<string | undefined> {
  const target = recordTarget(arg);
  if (target === undefined) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Pick a record in the Records view, or open one, to copy its request.'));
    return undefined;
  }
  try {
    const client = await connections.client(target.connectionId);
    const call: DescribableCall = { kind: 'list', scope: { workspace: target.workspace, app: target.app }, params: recordReadParams(target.recordId) };
    return await copyRequestSnippet(client, call, connections.get(target.connectionId)?.name ?? target.connectionId, language);
  } catch (error) {
    void vscode.window.showErrorMessage(describeError(error, vscode.l10n.t('copy the request')));
    return undefined;
  }
}
