// Picks a record from a list: records recently opened or attached to first, then recently updated
// ones (or the caller's own first list); typing searches (words through the search endpoint,
// `WS/APP12` or a number directly). The one record picker: "Attach to Record…", "Open Record in
// Editor" (the walkthrough's "Open a Record…") and "Start Work on Record" ask with it.
import * as vscode from 'vscode';
import type { RecordsClient } from '../../core/api';
import type { RecordData } from '../../core/contract/types';
import { rlxEquals } from '../../core/rlx/quote';
import { resolvedValue } from '../../core/records/recordText';
import { parseReference, recordReference } from '../../core/contract/reference';
import type { ConnectionManager } from '../connections/connectionManager';
import { type RecentRecord, recentRecords } from './recentRecords';

const FIELDS = 'id,number,title,state,project_alias,publishing_alias,update_date';
const SEARCH_DELAY_MS = 250;

interface RecordItem extends vscode.QuickPickItem {
  target?: RecentRecord;
}

/** What the picker reads: the connection's client, and the global state holding the recent records. */
export interface RecordPickerHost {
  readonly connections: Pick<ConnectionManager, 'client'>;
  readonly memento: vscode.Memento;
}

/** What a command offers before anything is typed, in place of the recently updated records. */
export interface FirstRecords {
  /** The heading of the list (e.g. "Assigned to me"). */
  readonly heading: string;
  readonly load: (client: RecordsClient) => Promise<RecordData[]>;
}

export async function pickRecord(host: RecordPickerHost, connectionId: string, title: string, first?: FirstRecords): Promise<RecentRecord | undefined> {
  const client = await host.connections.client(connectionId);
  const recent = recentRecords(host.memento, connectionId);
  const pick = vscode.window.createQuickPick<RecordItem>();
  pick.title = title;
  pick.placeholder = vscode.l10n.t('Type words, a reference such as IT/TASK12, or a record number');
  pick.matchOnDescription = true;
  // Opened from a button of the walkthrough page or a webview, which take the focus back a
  // moment later: the picker stays until the user picks or presses Escape.
  pick.ignoreFocusOut = true;
  pick.busy = true;
  let generation = 0;
  const show = (found: RecordData[], heading: string): void => {
    const known = new Set<string>();
    const items: RecordItem[] = [];
    const recentItems = recent.filter((t) => !pick.value.trim() || `${t.reference} ${t.title}`.toLowerCase().includes(pick.value.trim().toLowerCase()));
    if (recentItems.length) items.push({ label: vscode.l10n.t('Recent'), kind: vscode.QuickPickItemKind.Separator });
    for (const t of recentItems) {
      known.add(t.recordId);
      items.push({ label: t.title, description: t.reference, alwaysShow: true, target: t });
    }
    const fresh = found.filter((r) => !known.has(r.id));
    if (fresh.length) items.push({ label: heading, kind: vscode.QuickPickItemKind.Separator });
    for (const record of fresh) {
      const target = targetOf(connectionId, record);
      if (target) items.push({ label: target.title, description: target.reference, detail: resolvedValue(record, 'state'), alwaysShow: true, target });
    }
    pick.items = items;
  };
  const load = async (query: string): Promise<void> => {
    const mine = ++generation;
    pick.busy = true;
    try {
      const typed = query.trim() !== '';
      const found = typed || first === undefined ? await findRecords(client, query) : await first.load(client);
      if (mine !== generation) return;
      show(found, typed ? vscode.l10n.t('Matches') : (first?.heading ?? vscode.l10n.t('Recently updated')));
    } catch (error) {
      if (mine === generation) pick.items = [{ label: `$(error) ${vscode.l10n.t('Could not search the records')}`, detail: error instanceof Error ? error.message : String(error), alwaysShow: true }];
    } finally {
      if (mine === generation) pick.busy = false;
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<RecentRecord | undefined>((resolve) => {
    pick.onDidChangeValue((value) => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(value), SEARCH_DELAY_MS);
    });
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0]?.target;
      if (!chosen) return;
      resolve(chosen);
      pick.hide();
    });
    pick.onDidHide(() => {
      clearTimeout(timer);
      resolve(undefined);
      pick.dispose();
    });
    show([], '');
    pick.show();
    void load('');
  });
}

async function findRecords(client: RecordsClient, query: string): Promise<RecordData[]> {
  const text = query.trim();
  const reference = parseReference(text);
  if (reference) {
    const ref = { workspace: reference.workspace.toUpperCase(), app: reference.app.toUpperCase() };
    return (await client.listRecords(ref, { rlx: rlxEquals('number', reference.number), limitRecords: 5, listOfFields: FIELDS })).data;
  }
  if (/^\d+$/.test(text)) {
    return (await client.listRecords(undefined, { rlx: rlxEquals('number', Number(text)), limitRecords: 20, listOfFields: FIELDS })).data;
  }
  if (text === '') {
    return (await client.listRecords(undefined, { sortBy: 'update_date desc', limitRecords: 20, listOfFields: FIELDS })).data;
  }
  return (await client.search({ ss: text, limitRecords: 20 })).data;
}

function targetOf(connectionId: string, record: RecordData): RecentRecord | undefined {
  if (!record.project_alias || !record.publishing_alias) return undefined;
  const reference = recordReference(record);
  const title = typeof record.title === 'string' && record.title.trim() ? record.title.trim() : reference;
  return { connectionId, workspace: record.project_alias, app: record.publishing_alias, recordId: record.id, reference, title };
}
