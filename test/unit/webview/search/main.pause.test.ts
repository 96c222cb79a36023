// The search page's typing pause (the built bundle in headless Chromium, its clock stopped so
// that only the test moves time): a keystroke after a quiet moment asks the host at once; the
// keystrokes of a burst ask once, for what the burst ends with, after the pause.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ScopeChoices, SearchHostToView, SearchReply, SearchViewToHost } from '../../../../src/webview/search/protocol';
import { type WebviewHarness, hostProtocol, openWebviewHarness } from '../../../../bench/webview-harness';

const root = join(__dirname, '..', '..', '..', '..');
const choices: ScopeChoices = { connections: [{ id: 'c', name: 'Local Sandbox' }], workspaces: [] };
const hit = { id: 'r1', title: 'Replace printer toner', reference: 'IT/TASK2', workspace: 'IT', app: 'TASK', state: 'Open', highlights: [] };

describe('search page: the typing pause (Chromium)', function () {
  this.timeout(60_000);
  let harness: WebviewHarness;
  const asked: string[] = [];

  before(async () => {
    if (!existsSync(join(root, 'dist', 'webview', 'search.js'))) execFileSync(process.execPath, ['esbuild.mjs', '--only=webview'], { cwd: root });
    harness = await openWebviewHarness({
      root, name: 'search', width: 420, height: 700,
      onEnvelope: hostProtocol({
        onReady: (post) => post({ kind: 'post', message: { type: 'init', recent: [], scope: { connectionId: 'c' }, choices } satisfies SearchHostToView }),
        onRequest: (message: SearchViewToHost): SearchReply | ScopeChoices => {
          if (message.type !== 'search') return choices;
          asked.push(message.query);
          return { ok: true, page: { hits: [hit], totalFound: 1 } };
        },
      }),
    });
    await harness.page.waitForSelector('#query');
    await harness.page.clock.install();
    await harness.page.clock.pauseAt(Date.now() + 60_000);
  });
  after(() => harness?.close());

  /** What the host was asked, once `count` searches came (real time passes; the page's clock does not). */
  async function askedOnce(count: number): Promise<string[]> {
    for (let i = 0; i < 100 && asked.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    // A little longer: a search that should not come has its chance to.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return [...asked];
  }

  it('searches at once for a keystroke after a quiet moment, with no time passing', async () => {
    await harness.page.focus('#query');
    await harness.page.keyboard.type('p');
    assert.deepEqual(await askedOnce(1), ['p']);
    await harness.page.waitForSelector('#results li');
  });

  it('asks once for a burst of keystrokes, for what it ends with, after the pause', async () => {
    await harness.page.keyboard.type('rin');
    assert.deepEqual(await askedOnce(2), ['p'], 'the burst waits for its pause');
    await harness.page.clock.runFor(75);
    assert.deepEqual(await askedOnce(2), ['p', 'prin']);
  });

  it('searches at once again after the next quiet moment', async () => {
    await harness.page.clock.runFor(1000);
    await harness.page.keyboard.type('t');
    assert.deepEqual(await askedOnce(3), ['p', 'prin', 'print']);
    assert.deepEqual(harness.problems.filter((problem) => !problem.includes('404')), [], 'no error on the page (a missing favicon aside)');
  });
});
