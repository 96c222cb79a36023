// The rich tooltip of a record row, built on the first hover (TreeDataProvider.resolveTreeItem):
// a page of rows is sent to the workbench without 50 markdown documents nobody has asked to see
// yet. Part of dist/treeCommands.js, loaded on that hover: the first paint of the tree needs none of it.
import * as vscode from 'vscode';
import { recordTooltipMarkdown } from '../../../core/records/recordTooltip';
import type { RecordsTreeNode } from '../../shared/treeNodes';
import type { TreeItemContext } from './treeItems';

export function resolveRecordTooltip(item: vscode.TreeItem, node: RecordsTreeNode, context: TreeItemContext): vscode.TreeItem {
  if (node.kind !== 'record' || item.tooltip !== undefined) return item;
  const tooltip = new vscode.MarkdownString(
    recordTooltipMarkdown(node.record, { schema: context.schema, people: context.people, formatDate }),
  );
  tooltip.supportHtml = false;
  tooltip.isTrusted = false;
  item.tooltip = tooltip;
  return item;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
