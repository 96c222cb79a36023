// What the My Work view shows: the records assigned to the signed-in user across the pinned
// workspaces (all when none is pinned), not finished (a done or failed kind of state), and which
// of them changed since the user last looked. A full read is one list request per workspace; a
// poll asks each workspace only for what changed after the newest update it has seen
// (`update_date > …`), so it also sees records assigned away or finished. Workspaces, the user
// and pins come from the connection catalog.
import * as vscode from 'vscode';
import { RecordsApiError } from '../../core/api';
import type { AppRef, CurrentUser, RecordData } from '../../core/contract/types';
import { rlxAnd, rlxCompare, rlxEquals } from '../../core/rlx/quote';
import type { PollOutcome } from '../../core/work/poller';
import type { ConnectionManager } from '../connections/connectionManager';
import { referenceConnectionId } from '../browse/references/referenceSettings';
import { stateCategory } from '../browse/tree/model/stateStyle';
import { recordReference } from '../../core/contract/reference';

/** One request per workspace reads at most this many records (the view says when there are more). */
export const MY_WORK_LIMIT = 500;

export interface MyWorkEntry {
  ref: AppRef;
  record: RecordData;
  /** Changed since the user last looked (by someone else). */
  changed: boolean;
}

interface SeenState {
  /** Per workspace: the newest update_date read (the service's clock), where the next poll starts. */
  newest: Record<string, string>;
  /** Updates up to this time (per workspace) count as seen. */
  seen: Record<string, string>;
}

const SEEN_KEY = 'records.work.myWork.seen';

export class MyWorkModel implements vscode.Disposable {
  private entries = new Map<string, MyWorkEntry>();
  private state: SeenState = { newest: {}, seen: {} };
  private me: CurrentUser | undefined;
  private connectionId: string | undefined;
  /** Workspaces with more assigned records than one request reads. */
  readonly truncated = new Set<string>();
  private readonly changedEmitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changedEmitter.event;
  private readonly newlyAssignedEmitter = new vscode.EventEmitter<MyWorkEntry[]>();
  /** Records that became mine since the last read (for the optional notification). */
  readonly onDidAssign = this.newlyAssignedEmitter.event;
  private loaded = false;
  /** Counts reads: a poll or read that began before a newer read keeps nothing. */
  private generation = 0;
  error: string | undefined;

  constructor(private readonly connections: ConnectionManager, private readonly memory: vscode.Memento) {}

  get isLoaded(): boolean {
    return this.loaded;
  }

  get connection(): string | undefined {
    return this.connectionId;
  }

  list(): MyWorkEntry[] {
    return [...this.entries.values()];
  }

  changedCount(): number {
    return this.list().filter((e) => e.changed).length;
  }

  /** Reads everything again: one request per workspace. A newer read makes an older one's answer moot. */
  async load(): Promise<void> {
    const generation = ++this.generation;
    const connectionId = referenceConnectionId(this.connections);
    this.loaded = true;
    const entries = new Map<string, MyWorkEntry>();
    const truncated = new Set<string>();
    let error: string | undefined;
    if (connectionId !== undefined) {
      try {
        const me = await this.connections.catalog.currentUser(connectionId);
        const state = this.memory.get<SeenState>(`${SEEN_KEY}:${connectionId}`, { newest: {}, seen: {} });
        const pages: [string, RecordData[]][] = [];
        for (const workspace of await this.workspaces(connectionId)) {
          const client = await this.connections.client(connectionId);
          const page = await client.listRecords(undefined, {
            rlx: rlxAnd(rlxEquals('project_alias', workspace), rlxEquals('keeper_id', me.id)),
            limitRecords: MY_WORK_LIMIT,
            sortBy: 'update_date desc',
          });
          if (generation !== this.generation) return;
          if (page.filteredRecordsCount > page.data.length) truncated.add(workspace);
          pages.push([workspace, page.data]);
        }
        this.me = me;
        this.state = state;
        for (const [workspace, records] of pages) {
          for (const record of records) this.take(workspace, record, false, entries);
          // The first look at a workspace: what is there now counts as seen.
          this.state.seen[workspace] ??= this.state.newest[workspace] ?? '';
        }
      } catch (failure) {
        if (generation !== this.generation) return;
        error = this.connections.reportError(connectionId, failure, vscode.l10n.t('Could not read your records')) || undefined;
      }
    }
    if (generation !== this.generation) return;
    this.connectionId = connectionId;
    this.entries = entries;
    this.truncated.clear();
    for (const workspace of truncated) this.truncated.add(workspace);
    this.error = error;
    await this.save();
    this.changedEmitter.fire();
  }

  /** Asks each workspace what changed since the newest update read. One request per workspace, one after the other. */
  async poll(): Promise<PollOutcome> {
    const connectionId = this.connectionId;
    if (!this.loaded || connectionId === undefined || this.me === undefined) return { kind: 'ok' };
    const assigned: MyWorkEntry[] = [];
    const generation = this.generation;
    try {
      const client = await this.connections.client(connectionId);
      for (const workspace of await this.workspaces(connectionId)) {
        const since = this.state.newest[workspace];
        const page = await client.listRecords(undefined, {
          rlx: rlxAnd(rlxEquals('project_alias', workspace), since ? rlxCompare('update_date', '>', since) : undefined),
          limitRecords: MY_WORK_LIMIT,
          sortBy: 'update_date desc',
        });
        if (generation !== this.generation) return { kind: 'ok' };
        if (page.filteredRecordsCount > page.data.length) {
          // More changed than one answer holds: read the workspace in full next time.
          await this.load();
          return { kind: 'ok' };
        }
        for (const record of page.data) {
          const known = this.entries.has(record.id);
          const entry = this.take(workspace, record, true);
          if (entry && !known) assigned.push(entry);
        }
      }
      await this.save();
    } catch (error) {
      if (error instanceof RecordsApiError && error.status === 429) {
        return { kind: 'rateLimited', ...(error.retryAfterSeconds ? { retryAfterMs: error.retryAfterSeconds * 1000 } : {}) };
      }
      return { kind: 'failed' };
    } finally {
      this.changedEmitter.fire();
    }
    if (assigned.length > 0) this.newlyAssignedEmitter.fire(assigned);
    return { kind: 'ok' };
  }

  /** The user looked: every change so far counts as seen. */
  async markSeen(): Promise<void> {
    this.state.seen = { ...this.state.newest };
    for (const entry of this.entries.values()) entry.changed = false;
    await this.save();
    this.changedEmitter.fire();
  }

  /** One row looked at (opened). */
  markRowSeen(recordId: string): void {
    const entry = this.entries.get(recordId);
    if (entry?.changed) {
      entry.changed = false;
      this.changedEmitter.fire();
    }
  }

  dispose(): void {
    this.changedEmitter.dispose();
    this.newlyAssignedEmitter.dispose();
  }

  /** Adds, updates or drops a record; returns its entry when it is (still) in the list. */
  private take(workspace: string, record: RecordData, polled: boolean, entries = this.entries): MyWorkEntry | undefined {
    const updated = typeof record.update_date === 'string' ? record.update_date : '';
    if (updated > (this.state.newest[workspace] ?? '')) this.state.newest[workspace] = updated;
    const mine = record.keeper_id === this.me?.id;
    const category = stateCategory(record.state);
    if (!mine || category === 'done' || category === 'failed') {
      entries.delete(record.id);
      return undefined;
    }
    const seenUpTo = this.state.seen[workspace];
    const byOther = record.update_account_id !== this.me?.id;
    const previous = entries.get(record.id);
    const changed = (previous?.changed ?? false) || (byOther && seenUpTo !== undefined && updated > seenUpTo && (polled || seenUpTo !== ''));
    const entry: MyWorkEntry = { ref: { workspace: record.project_alias ?? workspace, app: record.publishing_alias ?? '' }, record, changed };
    entries.set(record.id, entry);
    return entry;
  }

  /** The pinned workspaces of the connection, else every workspace it can see. */
  private async workspaces(connectionId: string): Promise<string[]> {
    const pinned = this.connections.get(connectionId)?.pinnedWorkspaces ?? [];
    if (pinned.length > 0) return [...pinned];
    return (await this.connections.catalog.workspaces(connectionId)).map((w) => w.alias);
  }

  private async save(): Promise<void> {
    if (this.connectionId !== undefined) await this.memory.update(`${SEEN_KEY}:${this.connectionId}`, this.state);
  }
}

export function entryReference(entry: MyWorkEntry): string {
  return recordReference(entry.record, entry.ref);
}
