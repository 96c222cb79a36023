// The editor's own cost of an extension's tree rows, for `npm run bench:tree`: two nodes whose
// children are fixed rows held in memory ("Floor: 1 row", "Floor: 50 rows"), each row shaped
// like a record row of the Records tree (label, description, themed icon, context value, a
// command with an argument, an accessible label). Nothing is read or computed on expand, so
// the time from the click to the rows is the editor's alone (click → extension host → rows).
const vscode = require('vscode');

const ROOTS = [
  { id: 'floor:1', label: 'Floor: 1 row', count: 1 },
  { id: 'floor:50', label: 'Floor: 50 rows', count: 50 },
];

function rowsOf(root) {
  return Array.from({ length: root.count }, (_, i) => ({ id: `${root.id}/${i}`, label: `Floor row ${i + 1} of ${root.count}: a record title of ordinary length`, row: true }));
}

const children = new Map(ROOTS.map((root) => [root.id, rowsOf(root)]));

/** @type {vscode.TreeDataProvider<any>} */
const provider = {
  getChildren: (element) => (element === undefined ? ROOTS : children.get(element.id) ?? []),
  getTreeItem: (element) => {
    if (!element.row) {
      const item = new vscode.TreeItem(element.label, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = element.id;
      return item;
    }
    const item = new vscode.TreeItem(element.label, vscode.TreeItemCollapsibleState.None);
    item.id = element.id;
    item.description = 'open · Ada Admin · 2 days ago';
    item.iconPath = new vscode.ThemeIcon('circle-large-outline', new vscode.ThemeColor('charts.blue'));
    item.contextValue = 'record';
    item.command = { command: 'noop.benchFloor', title: 'Open', arguments: [element] };
    item.accessibilityInformation = { label: `${element.label} open` };
    return item;
  },
};

exports.activate = (context) => {
  context.subscriptions.push(vscode.window.createTreeView('recordsBenchTreeFloor', { treeDataProvider: provider }));
};
exports.deactivate = () => undefined;
