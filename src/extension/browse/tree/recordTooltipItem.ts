// The rich tooltip of a record row, built on the first hover (TreeDataProvider.resolveTreeItem):
// a page of rows is sent to the workbench without 50 markdown documents nobody has asked to see
// yet. Part of dist/treeCommands.js, loaded on that hover: the first paint of the tree needs none of it.
import * as vscode from 'vscode';
import { displayTimeZone, formatDateTime } from '../../../core/records/dateFormat';
import { recordTooltipMarkdown } from '../../../core/records/recordTooltip';
import type { RecordsTreeNode } from '../../shared/treeNodes';
import type { TreeItemContext } from './treeItems';

export function resolveRecordTooltip(item: vscode.TreeItem, node: RecordsTreeNode, context: TreeItemContext): vscode.TreeItem {
  if (node.kind !== 'record' || item.tooltip !== undefined) return item;
  const tooltip = new vscode.MarkdownString(
    recordTooltipMarkdown(node.record, { schema: context.schema, people: context.people, formatDate: (iso) => formatDate(iso, context.timeZone) }),
  );
  tooltip.supportHtml = false;
  tooltip.isTrusted = false;
  item.tooltip = tooltip;
  return item;
}

/** As the record editor and the results grid show it: the user's locale and time zone. */
function formatDate(iso: string, timeZone: string | undefined): string {
  return formatDateTime(iso, displayTimeZone(timeZone), vscode.env.language);
}
