// The pivot page itself (the built bundle in headless Chromium): what the user types in its RLX
// filter stays, every character in place and the keyboard in the box, while answers land, while
// the host sends its settings again (a page that met its host again), and while a choice changes.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import type { PivotConfig, PivotHostToView, PivotRunReply } from '../../../../src/webview/pivot/protocol';
import { type WebviewHarness, ensureWebviewBundles, hostProtocol, openWebviewHarness } from '../../../../bench/webview-harness';

const root = join(__dirname, '..', '..', '..', '..');
const init = (config: PivotConfig): PivotHostToView => ({
  type: 'init',
  target: { connectionId: 'c', workspace: 'IT', app: 'TASK' },
  title: 'Pivot: IT/TASK',
  fields: [{ name: 'state', caption: 'State', kind: 'other' }, { name: 'c_amount', caption: 'Amount', kind: 'number' }],
  config,
  run: true,
});
const hostConfig: PivotConfig = { dimensions: [{ field: 'state' }], measure: 'count', chart: 'auto' };

describe('pivot page keeps what is typed (Chromium)', function () {
  this.timeout(60_000);
  let runs = 0;

  async function open(): Promise<WebviewHarness> {
    return openWebviewHarness({
      root, name: 'pivot', width: 900, height: 700,
      onEnvelope: hostProtocol({
        onReady: (post) => post({ kind: 'post', message: init(hostConfig) }),
        onRequest: (): PivotRunReply => {
          runs += 1;
          return { ok: true, result: { rows: [{ state: 'open', _count: 3 }, { state: 'closed', _count: 2 }], filteredRecordsCount: 5, totalRecordsCount: 5 } };
        },
      }),
    });
  }

  before(() => {
    ensureWebviewBundles(root, 'pivot');
  });

  it('keeps the filter being typed, half-written or not, as answers and the host\'s settings land', async () => {
    const harness = await open();
    try {
      const { page } = harness;
      await page.waitForSelector('#filter');
      await page.waitForSelector('table');
      await page.click('#filter');
      // Key by key; between them the host sends its settings again (they do not have the filter) and
      // the pivot's answers land (each pause in a valid filter runs it).
      const filter = 'state = "open" and c_amount > 10';
      for (const [index, key] of [...filter].entries()) {
        await page.keyboard.type(key, { delay: 20 });
        if (index % 5 === 0) await harness.post({ kind: 'post', message: init(hostConfig) });
      }
      await page.waitForFunction(() => document.querySelector('.summary')?.textContent !== 'Computing…');
      assert.equal(await page.inputValue('#filter'), filter, 'every character in place');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'filter', 'the keyboard still in the filter');
      assert.ok(runs > 1, 'answers landed while typing');

      // A choice changed while the filter is half-written: the choices are drawn again, the filter stays as typed.
      const halfWritten = `${filter} and state = "`;
      await page.keyboard.type(' and state = "', { delay: 10 });
      await page.selectOption('#stats', 'c_amount');
      await page.waitForSelector('#measure');
      assert.equal(await page.inputValue('#filter'), halfWritten);
      assert.equal(await page.getAttribute('#filter', 'aria-invalid'), 'true', 'still said to be incomplete');
      assert.deepEqual(harness.problems.filter((problem) => !problem.includes('404')), [], 'no error on the page (a missing favicon aside)');
    } finally {
      await harness.close();
    }
  });
});
