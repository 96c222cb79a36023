// Recent searches, kept in globalState so they follow the user across workspaces.
import type * as vscode from 'vscode';
import { changeState } from '../../shared/util/orderedState';

const KEY = 'records.search.recent';
const LIMIT = 10;

/** Most recent first, without duplicates (case-insensitive) or blanks, at most `limit`. */
export function rememberSearch(recent: readonly string[], query: string, limit = LIMIT): string[] {
  const trimmed = query.trim();
  if (trimmed === '') return recent.slice(0, limit);
  const key = trimmed.toLowerCase();
  return [trimmed, ...recent.filter((item) => item.trim().toLowerCase() !== key)].slice(0, limit);
}

export class RecentSearches {
  constructor(private readonly memento: vscode.Memento) {}

  list(): string[] {
    const stored = this.memento.get<unknown>(KEY);
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string').slice(0, LIMIT) : [];
  }

  async add(query: string): Promise<string[]> {
    let next: string[] = [];
    await changeState(this.memento, KEY, () => (next = rememberSearch(this.list(), query)));
    return next;
  }
}
