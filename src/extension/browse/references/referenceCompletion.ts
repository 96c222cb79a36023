// Completion after `WS/` (the apps of a known workspace) and `WS/APP` (records of that app):
// nothing typed yet → the latest updated records; digits → that number and search hits;
// words → search hits in the app. Debounced, and cancelled with the editor's token.
import * as vscode from 'vscode';
import type { RecordsClient } from '../../../core/api';
import type { RecordData } from '../../../core/contract/types';
import { ALIAS_CHARACTERS, referenceText } from '../../../core/contract/reference';
import { rlxAnd, rlxEquals } from '../../../core/rlx/quote';
import { toAbortSignal } from '../../shared/util/abort';
import type { ReferenceResolver } from './referenceResolver';

export const COMPLETION_DEBOUNCE_MS = 150;
const MAX_ITEMS = 20;
// What was typed just before the cursor: `WS/` + the start of the app alias and a query.
const TYPED = new RegExp(String.raw`(?<![${ALIAS_CHARACTERS}@/\\.:])([${ALIAS_CHARACTERS}]+)\/([${ALIAS_CHARACTERS}]*)$`);

export interface CompletionHost {
  resolver: ReferenceResolver;
  client: (connectionId: string) => Promise<RecordsClient>;
}

export async function referenceCompletions(
  host: CompletionHost,
  connectionId: string,
  document: vscode.TextDocument,
  position: vscode.Position,
  token: vscode.CancellationToken,
): Promise<vscode.CompletionList | undefined> {
  const typed = TYPED.exec(document.lineAt(position.line).text.slice(0, position.character));
  if (!typed) return undefined;
  const [whole, workspace, rest] = typed as unknown as [string, string, string];
  const matcher = await host.resolver.matcher(connectionId);
  const apps = matcher.appsOf(workspace);
  if (apps.length === 0) return undefined;
  const range = new vscode.Range(position.translate(0, -whole.length), position);
  const app = apps.find((alias) => rest.startsWith(alias));
  if (app === undefined) {
    const items = apps
      .filter((alias) => alias.startsWith(rest))
      .map((alias) => {
        const item = new vscode.CompletionItem(`${workspace}/${alias}`, vscode.CompletionItemKind.Module);
        item.range = range;
        item.detail = vscode.l10n.t('Records app');
        // Go on to the records of the app at once.
        item.command = { command: 'editor.action.triggerSuggest', title: '' };
        return item;
      });
    // Asked again on every keystroke, so typing the app alias goes straight on to its records.
    return new vscode.CompletionList(items, true);
  }
  const query = rest.slice(app.length);
  // Debounce: a person typing fast sends one search for the last keystroke only.
  await new Promise((resolve) => setTimeout(resolve, COMPLETION_DEBOUNCE_MS));
  if (token.isCancellationRequested) return undefined;
  const client = await host.client(connectionId);
  const records = await findRecords(client, { workspace, app }, query, toAbortSignal(token));
  if (token.isCancellationRequested) return undefined;
  const items = records.map((record, index) => {
    const reference = referenceText({ workspace, app, number: record.number! });
    const title = typeof record.title === 'string' ? record.title : '';
    const item = new vscode.CompletionItem({ label: reference, description: title }, vscode.CompletionItemKind.Reference);
    item.insertText = reference;
    item.range = range;
    // The service ranked them: keep its order and let none be filtered out by the typed query.
    item.filterText = whole;
    item.sortText = String(index).padStart(3, '0');
    item.detail = title;
    if (typeof record.state === 'string') item.documentation = record.state;
    return item;
  });
  // Typing on asks again (a longer number, other words).
  return new vscode.CompletionList(items, true);
}

async function findRecords(client: RecordsClient, scope: { workspace: string; app: string }, query: string, signal: AbortSignal): Promise<RecordData[]> {
  const inApp = rlxAnd(rlxEquals('project_alias', scope.workspace), rlxEquals('publishing_alias', scope.app));
  const found: RecordData[] = [];
  if (query === '') {
    found.push(...(await client.listRecords(scope, { limitRecords: MAX_ITEMS, sortBy: 'update_date desc' }, { signal })).data);
  } else if (/^\d+$/.test(query)) {
    const [exact, searched] = await Promise.all([
      client.listRecords(scope, { rlx: rlxEquals('number', Number(query)), limitRecords: 1 }, { signal }),
      client.search({ ss: query, rlx: inApp, limitRecords: MAX_ITEMS }, { signal }),
    ]);
    found.push(...exact.data, ...searched.data);
  } else {
    found.push(...(await client.search({ ss: query.replace(/[-_]+/g, ' '), rlx: inApp, limitRecords: MAX_ITEMS }, { signal })).data);
  }
  const seen = new Set<number>();
  return found.filter((record) => typeof record.number === 'number' && !seen.has(record.number) && seen.add(record.number)).slice(0, MAX_ITEMS);
}
