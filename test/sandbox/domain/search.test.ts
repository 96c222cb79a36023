import { strict as assert } from 'node:assert';
import { HOSTILE_TASK_ID, PRINTER_TASK_ID } from '../../../src/sandbox/demoService';
import { ADMIN, rejection, sandboxForSuite } from './support';

describe('sandbox domain: search', () => {
  const sb = sandboxForSuite();

  it('stems: "printer" finds "printers", case-insensitively, best match first', () => {
    const result = sb.service.search(ADMIN, { ss: 'PRINTER' });
    assert.ok(result.totalFound > 1);
    assert.equal(result.data.length, Math.min(10, result.totalFound));
    assert.ok(result.data.some((r) => (r.__highlights ?? []).some((h) => /<em>printers<\/em>/i.test(h))));
    assert.equal(result.data[0].id, PRINTER_TASK_ID, 'title, body and attachment all match');
  });

  it('OR-s keywords', () => {
    const a = sb.service.search(ADMIN, { ss: 'laptop' }).totalFound;
    const b = sb.service.search(ADMIN, { ss: 'firewall' }).totalFound;
    const both = sb.service.search(ADMIN, { ss: 'laptop firewall' }).totalFound;
    assert.ok(both >= Math.max(a, b) && both <= a + b);
  });

  it('matches "phrases" only as consecutive words', () => {
    const phrase = sb.service.search(ADMIN, { ss: '"office printers"', limitRecords: 100 });
    assert.ok(phrase.totalFound > 0);
    const loose = sb.service.search(ADMIN, { ss: 'office printers', limitRecords: 1000 });
    assert.ok(loose.totalFound > phrase.totalFound);
    const reversed = sb.service.search(ADMIN, { ss: '"printers office"' });
    assert.equal(reversed.totalFound, 0);
  });

  it('excludes -words, also combined with a phrase', () => {
    const withToner = sb.service.search(ADMIN, { ss: 'printer', limitRecords: 1000 });
    const withoutToner = sb.service.search(ADMIN, { ss: 'printer -toner', limitRecords: 1000 });
    assert.ok(withoutToner.totalFound < withToner.totalFound);
    assert.ok(!withoutToner.data.some((r) => r.id === PRINTER_TASK_ID));
    const combined = sb.service.search(ADMIN, { ss: '"office printers" -floor', limitRecords: 1000 });
    const floor = new Set(sb.service.search(ADMIN, { ss: 'floor', limitRecords: 1000 }).data.map((r) => r.id));
    assert.ok(combined.totalFound > 0);
    assert.ok(combined.data.every((r) => !floor.has(r.id)));
  });

  it('searches the content and names of attached text files', () => {
    const content = sb.service.search(ADMIN, { ss: 'cardboard' });
    assert.deepEqual(content.data.map((r) => r.id), [PRINTER_TASK_ID]);
    assert.ok(content.data[0].__highlights?.some((h) => h.includes('<em>cardboard</em>')));
    const spec = sb.service.search(ADMIN, { ss: 'stapler' });
    assert.deepEqual(spec.data.map((r) => r.id), [PRINTER_TASK_ID]);
  });

  it('escapes everything in highlights except the <em> marks', () => {
    const result = sb.service.search(ADMIN, { ss: 'hostile markup', rlx: `id = "${HOSTILE_TASK_ID}"` });
    assert.equal(result.totalFound, 1);
    const html = (result.data[0].__highlights ?? []).join('\n');
    assert.match(html, /<em>[Hh]ostile<\/em>/);
    assert.ok(!/<(script|img|a|style|div)\b/i.test(html), html);
    assert.ok(html.includes('&lt;'));
  });

  it('scopes with rlx, pages with skipRecords, and validates input', async () => {
    const scoped = sb.service.search(ADMIN, { ss: 'printer', rlx: 'publishing_alias = "INCIDENT"', limitRecords: 1000 });
    assert.ok(scoped.data.every((r) => r.publishing_alias === 'INCIDENT'));
    const first = sb.service.search(ADMIN, { ss: 'printer', limitRecords: 4 }).data.map((r) => r.id);
    const second = sb.service.search(ADMIN, { ss: 'printer', limitRecords: 2, skipRecords: 2 }).data.map((r) => r.id);
    assert.deepEqual(second, first.slice(2, 4));
    assert.equal((await rejection(() => sb.service.search(ADMIN, { ss: 'x', rlx: 'bad = ' }))).code, 'invalid_filter');
    assert.equal(sb.service.search(ADMIN, { ss: '-printer' }).totalFound, 0);
  });

  it('keeps the index current on writes', async () => {
    await sb.service.batch(ADMIN, [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Calibrate the zyxwv scanner' }]);
    assert.equal(sb.service.search(ADMIN, { ss: 'zyxwv' }).totalFound, 1);
    const [hit] = sb.service.search(ADMIN, { ss: 'zyxwv' }).data;
    await sb.service.batch(ADMIN, [{ transition: 'edit', id: hit.id, title: 'Calibrate the scanner' }]);
    assert.equal(sb.service.search(ADMIN, { ss: 'zyxwv' }).totalFound, 0);
    assert.equal(sb.service.search(ADMIN, { ss: 'calibrate' }).totalFound, 1);
    await sb.service.batch(ADMIN, [{ transition: 'delete', id: hit.id }]);
    assert.equal(sb.service.search(ADMIN, { ss: 'calibrate' }).totalFound, 0);
  });
});
