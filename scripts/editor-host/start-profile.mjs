// What `npm start`'s editor profile holds: a newcomer's editor, with everything on that the
// extension can show (Git for Start Work, chat and the MCP server for the agent features,
// workspace trust asked the way VS Code asks it), auto-save off as in desktop VS Code, and no
// telemetry or update checks (the editor is a local tool). Test-only settings live in the tests.
import { existsSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Written once, into a new profile: the user's own changes win afterwards. */
export const startDefaults = {
  'files.autoSave': 'off',
  // VS Code's own question, in a dialog on the first window: trust the workspace folder, or
  // browse it in Restricted Mode. A trusted folder stays trusted (the browser keeps the answer
  // for the editor's address); Restricted Mode asks again on the next start. (The browser-hosted
  // editor's default shows only a banner, which a newcomer easily misses.)
  'security.workspace.trust.startupPrompt': 'always',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': 'off',
};

/**
 * Earlier `npm start`s wrote the tests' settings into the profile; these turned Git, chat and
 * workspace trust off. Dropped once, when all three are still there as written.
 */
export const formerTestSettings = {
  'git.enabled': false,
  'chat.disableAIFeatures': true,
  'security.workspace.trust.enabled': false,
};

export function withoutFormerTestSettings(settings) {
  const all = Object.entries(formerTestSettings).every(([key, value]) => settings[key] === value);
  if (!all) return settings;
  const kept = { ...settings };
  for (const key of Object.keys(formerTestSettings)) delete kept[key];
  return kept;
}

const README = `# Records Service: your workspace

A folder of your own for trying the extension: \`npm start\` opens it every time and never
deletes anything in it. It is a Git repository, so **Records: Start Work** can make a branch for
a record. Save queries here as \`.rlx\` files; the Records view on the left lists the sandbox's
demo workspaces.
`;

/**
 * Prepares a new workspace folder: a README and, when Git is installed, a repository with one
 * commit (Start Work needs a repository). A folder that has files already is left as it is.
 * Returns what it did, for the status line.
 */
export function prepareWorkspace(dir) {
  const done = [];
  const readme = join(dir, 'README.md');
  if (!existsSync(readme) && !existsSync(join(dir, '.git'))) {
    writeFileSync(readme, README);
    done.push('README.md');
  }
  if (!existsSync(join(dir, '.git'))) {
    const git = (...args) => spawnSync('git', ['-c', 'user.name=Records Service', '-c', 'user.email=records@localhost', '-c', 'init.defaultBranch=main', ...args], { cwd: dir, stdio: 'ignore' });
    if (git('init', '-q').status === 0) {
      git('add', '-A');
      git('commit', '-q', '-m', 'A workspace to try the Records Service extension');
      done.push('a Git repository');
    }
  }
  return done;
}
