import type { RecordData } from '../../core/contract/types';
import { type AppDefinition, valueKindOf } from '../model/app-model';
import type { StoredRecord } from '../store/model';
import type { RecordStore } from '../store/record-store';
import type { UserPermissions } from './access';
import { displayValue, isResolvedKind } from './display';
import { type FieldSelection, isSelected } from './field-selection';

export interface PresentOptions {
  selection: FieldSelection;
  expandRecord: boolean;
  skipAncestors: boolean;
}

/** Record actions valid in the record's state, for a user who may write. */
export function availableActions(app: AppDefinition, record: StoredRecord, permissions: UserPermissions): string[] {
  if (!permissions.canWrite) return [];
  return app.actions.filter((a) => a.from.includes(String(record.state))).map((a) => a.alias);
}

/** Shapes stored records into contract 2.1 records for one user. */
export class RecordPresenter {
  constructor(
    private readonly store: RecordStore,
    private readonly permissions: UserPermissions,
  ) {}

  present(record: StoredRecord, options: PresentOptions): RecordData {
    const app = this.permissions.directory.findApp(record.project_alias, record.publishing_alias);
    const out: RecordData = { id: record.id };
    if (!app) return out;
    const resolved: Record<string, unknown> = {};
    const render: Record<string, string> = {};
    const linkLists: Record<string, unknown[]> = {};
    for (const def of this.permissions.visibleFields(app)) {
      if (!isSelected(def, options.selection)) continue;
      const value = record[def.name];
      const kind = valueKindOf(def);
      if (kind === 'file' || kind === 'filelist') {
        linkLists[def.name] = Array.isArray(value) ? value.map((a: object) => ({ ...a })) : [];
        continue;
      }
      out[def.name] = value === undefined ? null : value;
      const display = displayValue(app, def, value, this.store, this.permissions.directory);
      if (display !== undefined) {
        render[`${def.name}__resolved`] = display;
        if (isResolvedKind(def)) resolved[def.name] = display;
      }
      if (kind === 'link' && options.expandRecord && typeof value === 'string') out[def.name] = this.expand(value) ?? value;
    }
    out.resolved_values = resolved;
    out._renderobj = render;
    out.transitions = availableActions(app, record, this.permissions);
    out.amount_of_comments = record.amount_of_comments;
    out.__children_count = this.countVisibleChildren(record);
    if (Object.keys(linkLists).length) out.__link_lists = linkLists;
    if (!options.skipAncestors && typeof record.parent_id === 'string') out.__ancestors = this.ancestors(record);
    return out;
  }

  private expand(id: string): RecordData | undefined {
    const linked = this.store.get(id);
    if (!linked || !this.permissions.canSeeRecord(linked)) return undefined;
    return { id: linked.id, title: linked.title as string, number: linked.number, project_alias: linked.project_alias, publishing_alias: linked.publishing_alias, state: linked.state as string };
  }

  private countVisibleChildren(record: StoredRecord): number {
    let count = 0;
    for (const id of this.store.childrenOf(record.id)) {
      const child = this.store.get(id);
      if (child && this.permissions.canSeeRecord(child)) count++;
    }
    return count;
  }

  /** Parent chain, root first; stops at records the user cannot see and at cycles. */
  private ancestors(record: StoredRecord): { id: string; title: string; number: number }[] {
    const chain: { id: string; title: string; number: number }[] = [];
    const seen = new Set<string>([record.id]);
    let parentId = record.parent_id;
    while (typeof parentId === 'string' && !seen.has(parentId) && chain.length < 50) {
      seen.add(parentId);
      const parent = this.store.get(parentId);
      if (!parent || !this.permissions.canSeeRecord(parent)) break;
      chain.unshift({ id: parent.id, title: String(parent.title ?? ''), number: parent.number });
      parentId = parent.parent_id;
    }
    return chain;
  }
}
