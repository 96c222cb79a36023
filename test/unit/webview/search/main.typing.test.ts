// The search page itself (the built bundle in headless Chromium): what the user types in the query
// box and the RLX filter stays, every character in place, while answers and the host's scope
// choices land between the keystrokes.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import type { ScopeChoices, SearchHostToView, SearchReply, SearchViewToHost } from '../../../../src/webview/search/protocol';
import { type WebviewHarness, ensureWebviewBundles, hostProtocol, openWebviewHarness } from '../../../../bench/webview-harness';

const root = join(__dirname, '..', '..', '..', '..');
const choices: ScopeChoices = { connections: [{ id: 'c', name: 'Local Sandbox' }], workspaces: [{ alias: 'IT', title: 'IT Operations', apps: [{ alias: 'TASK', caption: 'Tasks' }] }] };
const hit = { id: 'r1', title: 'Replace printer toner', reference: 'IT/TASK2', workspace: 'IT', app: 'TASK', state: 'Open', highlights: [] };

async function open(): Promise<WebviewHarness> {
  return openWebviewHarness({
    root, name: 'search', width: 420, height: 700,
    onEnvelope: hostProtocol({
      onReady: (post) => post({ kind: 'post', message: { type: 'init', recent: [], scope: { connectionId: 'c' }, choices } satisfies SearchHostToView }),
      onRequest: (message: SearchViewToHost): SearchReply | ScopeChoices => (message.type === 'search' ? { ok: true, page: { hits: [hit], totalFound: 1 } } : choices),
    }),
  });
}

/** Types `text` key by key while the host keeps posting its scope choices (as it does when the catalog learns something). */
async function typeWhileHostPosts(harness: WebviewHarness, selector: string, text: string): Promise<void> {
  await harness.page.click(selector);
  let typing = true;
  const posting = (async () => {
    while (typing) {
      await harness.post({ kind: 'post', message: { type: 'choices', choices, scope: { connectionId: 'c' } } satisfies SearchHostToView });
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  })();
  for (const key of text) await harness.page.keyboard.type(key, { delay: 20 });
  typing = false;
  await posting;
}

describe('search page keeps what is typed (Chromium)', function () {
  this.timeout(60_000);

  before(() => {
    ensureWebviewBundles(root, 'search');
  });

  it('keeps every character of the query and of the filter, spaces included, as answers and choices land', async () => {
    const harness = await open();
    try {
      const { page } = harness;
      await page.waitForSelector('#query');
      // Searched as you type: each pause brings an answer while the next keys come.
      const query = 'printer toner on floor 3';
      await typeWhileHostPosts(harness, '#query', query);
      await page.waitForSelector('#results li');
      assert.equal(await page.inputValue('#query'), query);

      // A filter with spaces between its words: the page keeps the filter trimmed, the box what was typed.
      await page.click('details.scope summary');
      const filter = 'state = "open" and priority = 1';
      await typeWhileHostPosts(harness, '#scope-filter', filter);
      assert.equal(await page.inputValue('#scope-filter'), filter, 'no space taken, nothing moved');
      const caret = await page.$eval('#scope-filter', (input) => [(input as HTMLInputElement).selectionStart, (input as HTMLInputElement).selectionEnd]);
      assert.deepEqual(caret, [filter.length, filter.length], 'the caret where the typing left it');
      assert.deepEqual(harness.problems.filter((problem) => !problem.includes('404')), [], 'no error on the page (a missing favicon aside)');
    } finally {
      await harness.close();
    }
  });
});
