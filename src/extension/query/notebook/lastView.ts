// A `.rlx` file reopens the way it was last used: as a notebook or as text. VS Code's own editor
// association (`workbench.editorAssociations`, in the user's settings, where the choice is
// visible and can be changed) gets an entry for that one file when it is shown as a notebook, and
// loses it when the file is shown as text. So Quick Open, the Explorer and a link all open it as
// the user last saw it, without a second editor flashing first. `records.rlx.openAsNotebook`
// (every `.rlx` as a notebook) is the setting for all files at once; this is per file.
import * as vscode from 'vscode';
import { RLX_NOTEBOOK_TYPE } from './notebookHeader';

const ASSOCIATIONS = 'editorAssociations';

/**
 * The association pattern of one file: VS Code matches a pattern with a `/` against
 * `<scheme>:<path>`, and the workbench may see another scheme than the extension (a remote or
 * browser-hosted editor), so the pattern is `**` and the path. Undefined for a path a glob would
 * read as a pattern, or an unsaved file.
 */
export function fileAssociationPattern(uri: vscode.Uri): string | undefined {
  if (uri.scheme === 'untitled' || !uri.path.endsWith('.rlx') || /[*?[\]{}]/.test(uri.path)) return undefined;
  return `**${uri.path.startsWith('/') ? '' : '/'}${uri.path}`;
}

async function associate(uri: vscode.Uri, asNotebook: boolean): Promise<void> {
  const pattern = fileAssociationPattern(uri);
  if (pattern === undefined) return;
  const config = vscode.workspace.getConfiguration('workbench');
  const associations = { ...(config.inspect<Record<string, string>>(ASSOCIATIONS)?.globalValue ?? {}) };
  if (asNotebook === (associations[pattern] === RLX_NOTEBOOK_TYPE)) return;
  if (asNotebook) associations[pattern] = RLX_NOTEBOOK_TYPE;
  else if (associations[pattern] === RLX_NOTEBOOK_TYPE) delete associations[pattern];
  await config.update(ASSOCIATIONS, associations, vscode.ConfigurationTarget.Global);
  if (asNotebook) {
    const name = uri.path.split('/').pop() ?? uri.path;
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(notebook) {0} opens as a notebook from now on ("Open as Text" to change).', name), 8000);
  }
}

/** Follows the `.rlx` tabs that open: a notebook tab remembers its file as a notebook, a text tab forgets it. */
export function rememberLastRlxView(): vscode.Disposable {
  let writes = Promise.resolve();
  return vscode.window.tabGroups.onDidChangeTabs(({ opened }) => {
    for (const tab of opened) {
      const input = tab.input;
      const shown =
        input instanceof vscode.TabInputNotebook && input.notebookType === RLX_NOTEBOOK_TYPE ? { uri: input.uri, asNotebook: true }
        : input instanceof vscode.TabInputText ? { uri: input.uri, asNotebook: false }
        : undefined;
      if (shown === undefined || fileAssociationPattern(shown.uri) === undefined) continue;
      // One settings write at a time: two tabs opening together must not undo each other.
      writes = writes.then(() => associate(shown.uri, shown.asNotebook)).catch(() => undefined);
    }
  });
}
