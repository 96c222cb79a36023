// `records.presetConnections`: a team lists its services (names and addresses, never secrets)
// in settings, and opening the workspace adds them to the Records view. Only in a trusted
// workspace: an untrusted repository must not be able to plant a "Production" that points at
// someone else's server and wait for a token. Tokens are asked for at sign-in, as for any
// connection, and kept in SecretStorage.
import * as vscode from 'vscode';
import type { ConnectionManager } from './connectionManager';
import { type PresetProblem, planPresets } from './presetRules';
import { setState } from '../shared/util/orderedState';

/** Workspace-state keys: addresses added from presets (by connection id) and those the user removed. */
const ADDED_KEY = 'records.presets.added';
const DISMISSED_KEY = 'records.presets.dismissed';

export function registerPresetConnections(context: vscode.ExtensionContext, connections: ConnectionManager): void {
  // One job at a time, in order: a removal is recorded before the next apply reads it.
  let queue = Promise.resolve();
  const enqueue = (job: () => Promise<void>): void => {
    queue = queue.then(job).catch(() => undefined);
  };
  const apply = (): void => enqueue(() => applyPresets(context, connections));
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('records.presetConnections')) apply();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(apply),
    // A preset connection the user removes stays removed in this workspace.
    connections.onDidChangeConnections(() => enqueue(() => rememberRemoved(context, connections))),
  );
  apply();
}

async function applyPresets(context: vscode.ExtensionContext, connections: ConnectionManager): Promise<void> {
  if (!vscode.workspace.isTrusted) return;
  await rememberRemoved(context, connections);
  const setting = vscode.workspace.getConfiguration('records').get<unknown>('presetConnections');
  const dismissed = context.workspaceState.get<string[]>(DISMISSED_KEY, []);
  const plan = planPresets(setting, connections.list(), dismissed);
  if (plan.problems.length > 0) {
    const open = vscode.l10n.t('Open Settings');
    void vscode.window.showWarningMessage(plan.problems.map(describeProblem).join(' '), open).then((choice) => {
      if (choice === open) void vscode.commands.executeCommand('workbench.action.openSettings', 'records.presetConnections');
    });
  }
  if (plan.add.length === 0) return;
  const added = { ...context.workspaceState.get<Record<string, string>>(ADDED_KEY, {}) };
  const names: string[] = [];
  for (const preset of plan.add) {
    const info = await connections.add(preset);
    added[info.id] = info.baseUrl;
    names.push(`${info.name} (${info.baseUrl})`);
  }
  await setState(context.workspaceState, ADDED_KEY, added);
  const signIn = vscode.l10n.t('Sign In');
  // Not awaited: the next change of the setting must not wait for this toast to be dismissed.
  void vscode.window.showInformationMessage(vscode.l10n.t('Added from this workspace\'s settings: {0}. Sign in to use them.', names.join(', ')), signIn).then((choice) => {
    if (choice === signIn) void vscode.commands.executeCommand('records.signIn');
  });
}

async function rememberRemoved(context: vscode.ExtensionContext, connections: ConnectionManager): Promise<void> {
  const added = context.workspaceState.get<Record<string, string>>(ADDED_KEY, {});
  const removed = Object.keys(added).filter((id) => connections.get(id) === undefined);
  if (removed.length === 0) return;
  const dismissed = new Set(context.workspaceState.get<string[]>(DISMISSED_KEY, []));
  const kept: Record<string, string> = {};
  for (const [id, baseUrl] of Object.entries(added)) {
    if (removed.includes(id)) dismissed.add(baseUrl);
    else kept[id] = baseUrl;
  }
  await setState(context.workspaceState, ADDED_KEY, kept);
  await setState(context.workspaceState, DISMISSED_KEY, [...dismissed]);
}

function describeProblem(problem: PresetProblem): string {
  const entry = problem.name === undefined ? `#${problem.index + 1}` : `"${problem.name}"`;
  switch (problem.reason) {
    case 'notList':
      return vscode.l10n.t('The setting records.presetConnections must be a list of entries with "name" and "url".');
    case 'notObject':
      return vscode.l10n.t('Preset connection {0} is not an entry with "name" and "url".', entry);
    case 'noName':
      return vscode.l10n.t('Preset connection {0} has no "name".', entry);
    case 'badUrl':
      return vscode.l10n.t('Preset connection {0} needs an http(s) "url" without a user name or password.', entry);
    case 'badAuth':
      return vscode.l10n.t('Preset connection {0} has an unknown "auth": use "authCode", "bearer" or "oauth".', entry);
  }
}
