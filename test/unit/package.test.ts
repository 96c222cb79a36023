// package.json as the editor reads it: every localized string has its text, and the walkthrough's
// steps are wired to what the extension really does (src/extension/shared/walkthroughKeys.ts).
import * as assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { WALKTHROUGH_CONTEXT, WALKTHROUGH_CONTEXT_VALUES } from '../../src/extension/shared/walkthroughKeys';

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: {
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    walkthroughs: { id: string; title: string; description: string; steps: WalkthroughStep[] }[];
  };
};
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { svg?: string; markdown?: string; image?: string; altText?: string };
  completionEvents: string[];
}

// Theme colours every theme sets to something visible on the editor background; not, say,
// --vscode-button-background, which high contrast themes leave transparent.
const THEME_COLOURS = new Set([
  '--vscode-foreground', '--vscode-descriptionForeground', '--vscode-editor-background', '--vscode-sideBar-background',
  '--vscode-panel-border', '--vscode-textLink-foreground', '--vscode-charts-green',
]);

/** Every `%key%` placeholder anywhere in the manifest. */
function placeholders(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    const match = /^%(.+)%$/.exec(value);
    if (match) found.push(match[1]);
  } else if (Array.isArray(value)) {
    value.forEach((item) => placeholders(item, found));
  } else if (value !== null && typeof value === 'object') {
    Object.values(value).forEach((item) => placeholders(item, found));
  }
  return found;
}

function localized(value: string): string {
  const match = /^%(.+)%$/.exec(value);
  assert.ok(match, `${value} goes through package.nls.json`);
  const text = nls[match[1]];
  assert.ok(text, `package.nls.json has ${match[1]}`);
  return text;
}

describe('package.json', () => {
  it('has a text in package.nls.json for every localized string', () => {
    const missing = placeholders(manifest).filter((key) => !(key in nls));
    assert.deepEqual(missing, []);
  });

  describe('the Get Started walkthrough', () => {
    const [walkthrough] = manifest.contributes.walkthroughs;

    it('walks a newcomer from a connection to an attached file, in that order', () => {
      assert.equal(manifest.contributes.walkthroughs.length, 1);
      assert.deepEqual(walkthrough.steps.map((step) => step.id), ['connect', 'browse', 'openRecord', 'runQuery', 'notebook', 'attachFile']);
      localized(walkthrough.title);
      localized(walkthrough.description);
    });

    it('checks a step off by a context key the extension sets when the thing happened, each key used once', () => {
      const known = new Set<string>(['records.hasConnections', ...Object.values(WALKTHROUGH_CONTEXT)]);
      const used = walkthrough.steps.flatMap((step) => {
        assert.ok(step.completionEvents.length > 0, `${step.id} completes by doing it`);
        return step.completionEvents.map((event) => {
          const key = /^onContext:([\w.]+)(?: == \w+)?$/.exec(event)?.[1];
          assert.ok(key !== undefined && known.has(key), `${step.id}: ${event} is a key our code sets`);
          return key;
        });
      });
      assert.deepEqual([...new Set(used)].sort(), [...known].sort());
    });

    it('listens for each value a step\'s key takes in turn (an announcement spoilt by the registration is followed by one that counts)', () => {
      for (const key of Object.values(WALKTHROUGH_CONTEXT)) {
        const step = walkthrough.steps.find((candidate) => candidate.completionEvents.some((event) => event.startsWith(`onContext:${key} `)));
        assert.ok(step, `a step listens for ${key}`);
        for (const value of WALKTHROUGH_CONTEXT_VALUES) assert.ok(step.completionEvents.includes(`onContext:${key} == ${value}`), `${step.id} listens for ${key} == ${value}`);
      }
    });

    it('gives each step a button that runs a command this extension declares (or shows its view)', () => {
      const commands = new Set(manifest.contributes.commands.map((c) => c.command));
      const views = new Set(Object.values(manifest.contributes.views).flat().map((view) => `${view.id}.focus`));
      for (const step of walkthrough.steps) {
        localized(step.title);
        const description = localized(step.description);
        // A line holding only a link is drawn as a button.
        const buttons = description.split('\n').filter((line) => /^\[[^\]]+\]\(command:[^)]+\)$/.test(line));
        assert.ok(buttons.length > 0, `${step.id} has a button`);
        for (const link of description.matchAll(/\(command:(?:toSide:)?([\w.]+)[^)]*\)/g)) {
          assert.ok(commands.has(link[1]) || views.has(link[1]), `${step.id}: ${link[1]} is declared`);
        }
      }
    });

    it('shows a small picture per step, coloured only by the theme, with a text alternative', () => {
      for (const step of walkthrough.steps) {
        const path = step.media.svg ?? '';
        assert.ok(path.startsWith('media/walkthrough/'), `${step.id} has an svg under media/walkthrough/`);
        localized(step.media.altText ?? '');
        assert.ok(statSync(join(root, path)).size < 4096, `${path} stays small`);
        const svg = readFileSync(join(root, path), 'utf8');
        const colours = [...svg.matchAll(/(?:fill|stroke)="([^"]*)"/g)].map((m) => m[1]);
        assert.ok(colours.length > 0, path);
        const fixed = colours.filter((colour) => colour !== 'none' && !THEME_COLOURS.has(/^var\((--vscode-[\w-]+), #[0-9a-f]{3,6}\)$/i.exec(colour)?.[1] ?? ''));
        assert.deepEqual(fixed, [], `${path} takes its colours from the theme`);
      }
    });
  });
});
