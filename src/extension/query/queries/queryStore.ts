// Saved queries (kept in user state, synced with Settings Sync) and the history of runs (this
// machine only, the last 200). Each entry is a whole `.rlx` text (see standaloneBlockText), so it
// runs and opens the same wherever it comes from. Never a token or a result in here.
import * as vscode from 'vscode';
import { SYNCED_STATE_KEYS } from '../../shared/syncedState';
import { changeState, setState } from '../../shared/util/orderedState';

export interface SavedQuery {
  id: string;
  name: string;
  connectionId: string;
  /** A `.rlx` file of one block. */
  text: string;
  /** Shown in the status bar, one click to run. */
  pinned?: boolean;
}

export interface QueryRun {
  id: string;
  title: string;
  connectionId: string;
  text: string;
  /** Epoch milliseconds. */
  at: number;
  /** Records (or groups) matched; absent when the run failed. */
  count?: number;
  durationMs: number;
  /** The error message of a failed run. */
  error?: string;
}

const HISTORY_KEY = 'records.queryHistory';
export const MAX_HISTORY = 200;

export class QueryStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  saved(): SavedQuery[] {
    const value = this.state.get<unknown>(SYNCED_STATE_KEYS.savedQueries, []);
    // Synced from another machine or an older version: keep only well-formed entries.
    return Array.isArray(value) ? value.filter(isSavedQuery) : [];
  }

  async save(query: Omit<SavedQuery, 'id'>): Promise<SavedQuery> {
    const saved: SavedQuery = { ...query, id: newId() };
    await this.changeSaved((all) => [...all, saved]);
    return saved;
  }

  async update(id: string, patch: Partial<Pick<SavedQuery, 'name' | 'pinned' | 'text'>>): Promise<void> {
    await this.changeSaved((all) => all.map((query) => (query.id === id ? { ...query, ...patch } : query)));
  }

  async remove(id: string): Promise<void> {
    await this.changeSaved((all) => all.filter((query) => query.id !== id));
  }

  /** Moves a query up (−1) or down (+1) among those of its connection. */
  async move(id: string, delta: -1 | 1): Promise<void> {
    await this.changeSaved((all) => {
      const index = all.findIndex((query) => query.id === id);
      const query = all[index];
      if (query === undefined) return all;
      let target = index + delta;
      while (all[target] !== undefined && all[target]!.connectionId !== query.connectionId) target += delta;
      if (all[target] === undefined) return all;
      [all[index], all[target]] = [all[target]!, query];
      return all;
    });
  }

  history(): QueryRun[] {
    const value = this.state.get<unknown>(HISTORY_KEY, []);
    return Array.isArray(value) ? value.filter(isQueryRun) : [];
  }

  /** Newest first; the oldest runs beyond 200 are dropped. */
  async addRun(run: Omit<QueryRun, 'id'>): Promise<void> {
    // Runs end a few milliseconds apart (a notebook's Run All): each is added to the history as
    // stored after the one before it (see orderedState.ts).
    await changeState(this.state, HISTORY_KEY, () => [{ ...run, id: newId() }, ...this.history()].slice(0, MAX_HISTORY));
    this.changed.fire();
  }

  async clearHistory(): Promise<void> {
    await setState(this.state, HISTORY_KEY, []);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }

  /** Changes the saved queries as stored after every change before it (see orderedState.ts). */
  private async changeSaved(change: (all: SavedQuery[]) => SavedQuery[]): Promise<void> {
    await changeState(this.state, SYNCED_STATE_KEYS.savedQueries, () => change(this.saved()));
    this.changed.fire();
  }
}

function newId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

function isSavedQuery(value: unknown): value is SavedQuery {
  const query = value as Partial<SavedQuery> | null;
  return typeof query === 'object' && query !== null && typeof query.id === 'string' && typeof query.name === 'string' && typeof query.connectionId === 'string' && typeof query.text === 'string';
}

function isQueryRun(value: unknown): value is QueryRun {
  const run = value as Partial<QueryRun> | null;
  return typeof run === 'object' && run !== null && typeof run.id === 'string' && typeof run.text === 'string' && typeof run.connectionId === 'string' && typeof run.at === 'number';
}
