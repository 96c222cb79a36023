import * as vscode from 'vscode';
import { localizedText } from '../../../../core/text/localizedText';
import { checkFilter, sortByText } from '../model/listingQuery';
import type { RecordsTreeProvider } from '../recordsTreeProvider';
import type { AppNode, RecordsTreeNode } from '../../../shared/treeNodes';
import { type FieldKind, fieldKindOf } from '../../../../core/schema/fieldKind';

/** Sorting by these says nothing (rich text) or is refused (files). */
const UNSORTABLE_KINDS: ReadonlySet<FieldKind> = new Set(['richtext', 'file', 'filelist']);

function appOf(node: unknown): AppNode | undefined {
  const n = node as RecordsTreeNode | undefined;
  if (n?.kind === 'app') return n;
  if (n?.kind === 'message' && n.retryTarget?.kind === 'app') return n.retryTarget;
  return undefined;
}

/** `filter` given (tests, other commands): no prompt. Returns false when nothing was applied. */
export async function setFilter(tree: RecordsTreeProvider, node: unknown, filter?: string): Promise<boolean> {
  const app = appOf(node);
  if (!app) return false;
  const current = tree.viewOf(app);
  let text = filter;
  if (text === undefined) {
    text = await vscode.window.showInputBox({
      title: vscode.l10n.t('Filter {0}', app.app.caption),
      prompt: vscode.l10n.t('An RLX filter with db field names, e.g. state = "open" AND priority != "low". Leave empty to show all records.'),
      value: current.filter ?? '',
      validateInput: (value) => {
        if (!value.trim()) return undefined;
        const check = checkFilter(value);
        return check.ok ? undefined : vscode.l10n.t('Filter error: {0}', check.message);
      },
    });
    if (text === undefined) return false;
  }
  if (!text.trim()) return clearFilter(tree, app);
  const check = checkFilter(text);
  if (!check.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Filter error: {0}. Fix the filter and set it again.', check.message));
    return false;
  }
  await vscode.window.withProgress({ location: { viewId: 'records.explorer' } }, () => tree.setView(app, { ...current, filter: check.filter }));
  return true;
}

export async function clearFilter(tree: RecordsTreeProvider, node: unknown): Promise<boolean> {
  const app = appOf(node);
  if (!app) return false;
  const current = tree.viewOf(app);
  await tree.setView(app, { ...current, filter: undefined });
  return true;
}

export async function setSort(tree: RecordsTreeProvider, node: unknown, sortBy?: string): Promise<boolean> {
  const app = appOf(node);
  if (!app) return false;
  if (sortBy === undefined) {
    const schema = await tree.schema(app.connectionId, app.ref).catch(() => undefined);
    const fields = Object.values(schema?.fields ?? {})
      .filter((f) => !UNSORTABLE_KINDS.has(fieldKindOf(f)))
      .map((f) => ({ label: localizedText(f.ed_caption, 'en', f.name), description: f.name, name: f.name }));
    const choices = fields.length > 0 ? fields : ['number', 'title', 'creation_date', 'update_date', 'state'].map((name) => ({ label: name, description: name, name }));
    const field = await vscode.window.showQuickPick([{ label: vscode.l10n.t('Default order'), description: '', name: '' }, ...choices], {
      title: vscode.l10n.t('Sort {0} by', app.app.caption),
    });
    if (!field) return false;
    if (!field.name) {
      sortBy = '';
    } else {
      const direction = await vscode.window.showQuickPick(
        [
          { label: vscode.l10n.t('Ascending'), value: 'asc' as const },
          { label: vscode.l10n.t('Descending'), value: 'desc' as const },
        ],
        { title: vscode.l10n.t('Sort by {0}', field.label) },
      );
      if (!direction) return false;
      sortBy = sortByText(field.name, direction.value);
    }
  }
  await tree.setView(app, { ...tree.viewOf(app), sortBy: sortBy || undefined });
  return true;
}
