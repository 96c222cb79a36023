// The Command Palette lists a command only where it applies: every command of the manifest either
// has a palette `when` (a row's command is hidden, an editor's command shows with its editor, the
// last bulk run's commands once there was one) or is meant to work from anywhere and then asks
// for what it needs. A context key a `when` reads is one the extension sets, or VS Code's own.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');

interface Manifest {
  contributes: {
    commands: { command: string; title: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    views: Record<string, { id: string }[]>;
  };
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const palette = new Map((manifest.contributes.menus.commandPalette ?? []).map((entry) => [entry.command, entry.when ?? '']));
const title = (command: string): string => {
  const raw = manifest.contributes.commands.find((entry) => entry.command === command)?.title ?? '';
  return nls[raw.replace(/^%|%$/g, '')] ?? raw;
};

/** Commands offered everywhere, and what each asks for (or does) when run with nothing at hand. */
const ANYWHERE: Record<string, string> = {
  'records.addConnection': 'asks for a name, an address and how to sign in',
  'records.startSandbox': 'starts the local sandbox',
  'records.resetSandbox': 'asks before wiping the sandbox data',
  'records.showLog': 'shows the Records log',
  'records.rlx.newQuery': 'an untitled query (no app yet)',
  'records.rlx.sampleQuery': 'a sample query of the active connection, or says how to get one',
  'records.queries.searchHistory': 'asks for words of a past run',
  'records.queries.clearHistory': 'asks before clearing the history',
  'records.finishPendingUploads': 'offers the interrupted uploads, or says there are none',
};

/** Context keys of VS Code itself that palette `when`s may read. */
const VSCODE_KEYS = new Set(['false', 'editorLangId', 'editorHasSelection', 'resourceExtname', 'resourceScheme', 'resourceFilename', 'notebookType', 'activeWebviewPanelId']);

function sourceText(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? sourceText(path) : path.endsWith('.ts') ? readFileSync(path, 'utf8') : ''))
    .join('\n');
}

describe('The Command Palette: a command shows only where it applies', () => {
  it('every command has a palette `when`, or works from anywhere and asks for what it needs', () => {
    const unexplained = manifest.contributes.commands.map((entry) => entry.command).filter((command) => !palette.get(command) && !(command in ANYWHERE));
    assert.deepEqual(unexplained, [], 'give these a `when` in contributes.menus.commandPalette, or list them here with what they ask for');
    for (const command of Object.keys(ANYWHERE)) assert.ok(manifest.contributes.commands.some((entry) => entry.command === command), `${command} is a command`);
  });

  it('reads only context keys the extension sets, views it declares, or VS Code\'s own keys', () => {
    const source = sourceText(join(root, 'src'));
    const views = new Set(Object.values(manifest.contributes.views).flat().map((view) => view.id));
    for (const [command, when] of palette) {
      // Each clause is `key`, `!key` or `key <op> value`: the key is its first word.
      const keys = when.split(/\|\||&&/).map((clause) => /^\s*!?\s*([\w.]+)/.exec(clause)?.[1] ?? '');
      for (const key of keys) {
        const view = /^view\.(.+)\.visible$/.exec(key);
        if (view) assert.ok(views.has(view[1]!), `${command}: ${key} names a view of this extension`);
        else if (key.startsWith('records.')) assert.ok(source.includes(`'${key}'`), `${command}: the extension sets ${key} somewhere (setContext)`);
        else assert.ok(VSCODE_KEYS.has(key), `${command}: ${key} is one of VS Code's keys`);
      }
    }
  });

  it('shows the last bulk run\'s commands only after a bulk run, and My Work\'s only with My Work', () => {
    assert.equal(palette.get('records.bulk.copyReport'), 'records.bulk.lastRun');
    assert.equal(palette.get('records.bulk.retryFailed'), 'records.bulk.lastRunFailed');
    assert.equal(palette.get('records.bulk.openFailedAsRlx'), 'records.bulk.lastRunFailed');
    assert.equal(palette.get('records.bulk.undo'), 'records.bulk.lastRunUndoable');
    assert.equal(palette.get('records.work.myWork.markSeen'), 'view.records.myWork.visible');
    assert.equal(palette.get('records.work.myWork.refresh'), 'view.records.myWork.visible');
    assert.equal(palette.get('records.work.finish'), 'records.work.hasCurrent');
    for (const command of ['records.copyId', 'records.deleteRecord', 'records.bulk.setField', 'records.openRecordJson']) assert.equal(palette.get(command), 'false', command);
  });

  it('offers an app one way to start a query: no two commands of its menu share a title or do the same thing', () => {
    const appMenu = (manifest.contributes.menus['view/item/context'] ?? []).filter((entry) => /viewItem =~ \/\^app/.test(entry.when ?? '')).map((entry) => entry.command);
    const titles = [...new Set(appMenu)].map(title);
    assert.deepEqual(titles.filter((text, index) => titles.indexOf(text) !== index), [], 'one title per command');
    assert.ok(appMenu.includes('records.rlx.newQuery'));
    assert.ok(!appMenu.includes('records.rlx.openAsRlx'), '"Open as RLX" opened the same new query as "New RLX Query"');
  });
});
