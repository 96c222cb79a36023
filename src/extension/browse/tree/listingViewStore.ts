import type * as vscode from 'vscode';
import type { ListingView } from './model/listingQuery';
import { changeState } from '../../shared/util/orderedState';

const KEY = 'records.tree.views';

/**
 * Filter and sort per app, kept in the workspace state so that a reload shows the same
 * records; keyed by connection and app because aliases repeat across servers.
 */
export class ListingViewStore {
  constructor(private readonly memento: vscode.Memento) {}

  get(key: string): ListingView {
    return this.all()[key] ?? {};
  }

  async set(key: string, view: ListingView): Promise<void> {
    const cleaned: ListingView = {};
    if (view.filter?.trim()) cleaned.filter = view.filter.trim();
    if (view.sortBy) cleaned.sortBy = view.sortBy;
    await changeState(this.memento, KEY, () => {
      const all = { ...this.all() };
      if (cleaned.filter || cleaned.sortBy) all[key] = cleaned;
      else delete all[key];
      return all;
    });
  }

  private all(): Record<string, ListingView> {
    return this.memento.get<Record<string, ListingView>>(KEY, {});
  }
}
