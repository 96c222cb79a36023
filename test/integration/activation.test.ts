import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { extensionGlobalStorage, repositoryRoot } from './support/environment';
import { waitUntil } from '../support/waitUntil';

const EXTENSION_ID = 'records-tools.records-service';

interface ManifestCommand {
  command: string;
  title?: string;
}

function contributedCommands(manifest: { contributes?: { commands?: ManifestCommand[] } }): string[] {
  return (manifest.contributes?.commands ?? []).map((c) => c.command).sort();
}

describe('extension activation', () => {
  it('is installed under its published id', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this editor`);
  });

  it('activates without throwing', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('runs the manifest of this repository, not a stale build', () => {
    const installed = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { version: string; contributes?: { commands?: ManifestCommand[] } };
    const repo = JSON.parse(readFileSync(join(repositoryRoot(), 'package.json'), 'utf8')) as typeof installed;
    assert.equal(installed.version, repo.version);
    assert.deepEqual(contributedCommands(installed), contributedCommands(repo));
  });

  it('registers every command its manifest contributes', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    await extension.activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    const declared = contributedCommands(extension.packageJSON as { contributes?: { commands?: ManifestCommand[] } });
    const missing = declared.filter((command) => !registered.has(command));
    assert.deepEqual(missing, [], `declared in package.json but never registered: ${missing.join(', ')}`);
  });

  it('never runs a row\'s command from the Command Palette on whatever happens to be selected in the tree', () => {
    type Menu = { command: string; when?: string };
    const manifest = JSON.parse(readFileSync(join(repositoryRoot(), 'package.json'), 'utf8')) as { contributes: { menus: Record<string, Menu[]> } };
    const menus = manifest.contributes.menus;
    const palette = new Map((menus.commandPalette ?? []).map((entry) => [entry.command, entry.when ?? '']));
    // Without a row these ask (a connection, an app, a record) or act on everything, never on the selection.
    const asks = new Set([
      'records.editConnection', 'records.removeConnection', 'records.selectConnection', 'records.signIn', 'records.signOut',
      'records.renameConnection', 'records.copyConnectionUrl', 'records.showLog', 'records.refresh',
      'records.newRecord', 'records.pivot', 'records.rlx.newQuery', 'records.work.start',
    ]);
    // Shown only where the target is the active editor or panel, which the command reads first.
    const boundToEditor = /^(records\.recordEditorActive|activeWebviewPanelId == records\.\w+)$/;
    const rowCommands = new Set([...(menus['view/item/context'] ?? []), ...(menus['webview/context'] ?? [])].map((entry) => entry.command));
    const exposed = [...rowCommands].filter((command) => !asks.has(command) && palette.get(command) !== 'false' && !boundToEditor.test(palette.get(command) ?? ''));
    assert.deepEqual(exposed, [], `row commands shown in the Command Palette without a picker: ${exposed.join(', ')}`);
    for (const command of ['records.copyId', 'records.deleteRecord', 'records.bulk.setField', 'records.bulk.delete']) assert.equal(palette.get(command), 'false', command);
    assert.equal(palette.get('records.pivot.copyRequest'), 'activeWebviewPanelId == records.pivot');
  });

  it('is marked for the Marketplace as a preview, keeps npm start\'s hook out of Settings and says what a virtual workspace lacks', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      preview?: boolean; categories: string[];
      capabilities: { virtualWorkspaces: { supported: string; description: string } };
      contributes: { configuration: { properties: Record<string, { included?: boolean; default?: unknown }> } | { properties: Record<string, { included?: boolean; default?: unknown }> }[] };
    };
    assert.equal(manifest.preview, true);
    assert.ok(['Notebooks', 'Visualization'].every((category) => manifest.categories.includes(category)), manifest.categories.join(', '));
    assert.equal(manifest.capabilities.virtualWorkspaces.supported, 'limited');
    assert.ok(manifest.capabilities.virtualWorkspaces.description, 'the reason is given');
    const sections = Array.isArray(manifest.contributes.configuration) ? manifest.contributes.configuration : [manifest.contributes.configuration];
    const properties = Object.assign({}, ...sections.map((section) => section.properties)) as Record<string, { included?: boolean; default?: unknown }>;
    assert.equal(properties['records.sandbox.url']?.included, false);
    // Under the 100 MiB request bodies that common proxies and gateways accept.
    assert.equal(properties['records.files.uploadChunkMiB']?.default, 64);
    assert.equal(vscode.workspace.getConfiguration('records.files').get('uploadChunkMiB'), 64);
  });

  it('loads its lazy bundles with require: the bundle runs as a vm.Script, which has no loader for import()', () => {
    const bundle = readFileSync(join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'extension.js'), 'utf8');
    assert.doesNotMatch(bundle, /\bimport\(/);
    assert.match(bundle, /require\("\.\/results\.js"\)/);
  });

  it('takes the API object from the host once per bundle, not once per module (each copy of its ~200 members slowed the start)', () => {
    const dist = join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist');
    const bundles = readdirSync(dist).filter((name) => name.endsWith('.js'));
    const counts = bundles.map((name) => [name, readFileSync(join(dist, name), 'utf8').split('require("vscode")').length - 1] as const);
    const repeated = counts.filter(([, count]) => count > 1);
    assert.deepEqual(repeated, [], `bundles that require vscode more than once: ${repeated.map(([name, count]) => `${name} (${count})`).join(', ')}`);
    assert.ok(counts.some(([name, count]) => name === 'extension.js' && count === 1), 'extension.js requires vscode');
  });

  it('keeps a code cache of its bundle in its global storage once started, for the next start', async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    const dir = join(extensionGlobalStorage(EXTENSION_ID), 'code-cache');
    const caches = (): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => /^extension\.js\..*\.cache$/.test(name)) : []);
    // Saved a few seconds after activation, when the first paint has run.
    await waitUntil(() => `the code cache in ${dir}`, () => caches().length > 0, 20_000, 250);
    assert.equal(caches().length, 1, `one cache in ${dir}`);
  });
});
