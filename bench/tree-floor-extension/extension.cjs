// The editor's own cost of an extension's tree rows, for `npm run bench:tree`: nodes whose
// children are fixed rows held in memory ("Floor: 1 row", "Floor: 50 rows"), each row shaped
// like a record row of the Records tree (label, description, themed icon, context value, a
// command with an argument, an accessible label). Nothing is read or computed on expand, so
// the time from the click to the rows is the editor's alone (click → extension host → rows).
// "Floor: the page, read" is the floor under a first expand: on each expand it makes the very
// request the Records tree makes for its first page (address, body and header from the setting
// `recordsBenchTreeFloor.request`, which the bench writes), reads the answer, and shows one fixed
// row per record plus a last row, as the tree shows "Load more…". What a first expand of ours
// costs beyond it is our code's. "Records Bench: Refresh Floor" makes the next expand read again.
const http = require('node:http');
const https = require('node:https');
const vscode = require('vscode');

const ROOTS = [
  { id: 'floor:1', label: 'Floor: 1 row', count: 1 },
  { id: 'floor:50', label: 'Floor: 50 rows', count: 50 },
  { id: 'floor:read', label: 'Floor: the page, read', read: true },
];

function rowsOf(root, count, name = 'Floor row') {
  return Array.from({ length: count }, (_, i) => ({ id: `${root.id}/${i}`, label: `${name} ${i + 1} of ${count}: a record title of ordinary length`, row: true }));
}

const children = new Map(ROOTS.filter((root) => !root.read).map((root) => [root.id, rowsOf(root, root.count)]));

/** One kept-alive connection, as the tree's client keeps one: the request pays no new connection. */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** POSTs `body` as JSON with Node's own client (the leanest there is) and parses the answer. */
function postJson(url, body, authorization) {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(target, { method: 'POST', agent: agents[target.protocol], headers: { authorization, 'content-type': 'application/json' } }, (answer) => {
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(error);
        }
      });
      answer.on('error', reject);
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** The tree's first-page request, as the bench configured it; its answer's records become rows. */
async function readPage(root) {
  const request = vscode.workspace.getConfiguration('recordsBenchTreeFloor').get('request');
  if (!request?.url) return [{ id: `${root.id}/none`, label: 'Floor: no request configured (recordsBenchTreeFloor.request)', row: true }];
  const page = await postJson(request.url, request.body, request.authorization);
  const rows = rowsOf(root, Array.isArray(page.data) ? page.data.length : 0, 'Floor read row');
  rows.push({ id: `${root.id}/more`, label: 'Load more…', row: true });
  return rows;
}

const changed = new vscode.EventEmitter();

/** @type {vscode.TreeDataProvider<any>} */
const provider = {
  onDidChangeTreeData: changed.event,
  getChildren: (element) => (element === undefined ? ROOTS : element.read ? readPage(element) : children.get(element.id) ?? []),
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
  context.subscriptions.push(
    // The Records view's own options (src/extension/browse/tree/registerTree.ts): files dropped
    // on rows, rows dragged out, several selected, Collapse All, so that whatever the editor does
    // per row for them is in the floor too (one run with them: the floor's 50 rows within noise).
    vscode.window.createTreeView('recordsBenchTreeFloor', {
      treeDataProvider: provider,
      showCollapseAll: true,
      canSelectMany: true,
      dragAndDropController: { dropMimeTypes: ['text/uri-list', 'files'], dragMimeTypes: ['text/plain'], handleDrag: () => undefined, handleDrop: () => undefined },
    }),
    vscode.commands.registerCommand('recordsBenchTreeFloor.refresh', () => changed.fire(undefined)),
  );
};
exports.deactivate = () => undefined;
