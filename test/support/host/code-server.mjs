// The tests' editor: code-server (scripts/editor-host/code-server.mjs, the launcher `npm start`
// uses too) with a fresh, throwaway profile and the settings every test editor gets.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileFolders, startCodeServer as startEditor } from '../../../scripts/editor-host/code-server.mjs';

export { assertEditorToolsInstalled, installExtensions } from '../../../scripts/editor-host/code-server.mjs';

/**
 * Settings every test editor gets: no welcome page, no trust prompt, no telemetry or update
 * noise, no Git or chat (tests that need them turn them on). Test settings only: `npm start`'s
 * profile is scripts/editor-host/start-profile.mjs.
 */
export const baseUserSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': 'off',
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  // The chat side bar would take a third of the 1400 px window in every screenshot.
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/** Makes a throwaway editor profile: `{root, userDataDir, extensionsDir, workspaceDir, configFile, dispose()}`. */
export function createEditorProfile({ settings = {} } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'records-editor-'));
  const profile = { ...profileFolders(root), dispose: () => rmSync(root, { recursive: true, force: true }) };
  writeFileSync(join(profile.userDataDir, 'User/settings.json'), JSON.stringify({ ...baseUserSettings, ...settings }, null, 2));
  return profile;
}

/** The tests' editor: on an ephemeral loopback port, workspace trust off. Resolves to `{url, stop()}`. */
export function startCodeServer(profile, options = {}) {
  return startEditor(profile, { ...options, extraArgs: ['--disable-workspace-trust', ...(options.extraArgs ?? [])] });
}
