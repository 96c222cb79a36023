import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { DEMO_DATA_VERSION, generateDemoData, iso } from '../../../src/sandbox/demo/generate';
import { topByScore } from '../../../src/sandbox/search/top-k';
import { FIRST_TASK_ID, HOSTILE_TASK_ID } from '../../../src/sandbox/demoService';
import { toStoredRichText } from '../../../src/sandbox/service/rich-text';
import { ADMIN, openSandbox } from './support';

describe('sandbox domain: demo data and helpers', () => {
  it('carries the hostile markup in every text place of its record, the last task of a small data set', async () => {
    const sb = await openSandbox({ records: 50 });
    try {
      const [r] = sb.service.list(ADMIN, { workspace: 'IT', app: 'TASK' }, { rlx: `id = "${HOSTILE_TASK_ID}"`, loadRichTexts: true }).data;
      assert.equal(r.number, 20, 'the last of 20 tasks');
      for (const value of [r.title, r.description, r.c_notes, r.c_external_ref]) {
        assert.match(String(value), /<script>alert\(1\)<\/script>/);
        assert.match(String(value), /onerror=alert\(1\)/);
        assert.match(String(value), /javascript:alert\(1\)/);
        assert.match(String(value), /<style>body\{display:none\}<\/style>/);
        assert.match(String(value), /position:fixed;inset:0/);
      }
      const comments = sb.service.history(ADMIN, { rlx: `id = "${HOSTILE_TASK_ID}"` }).filter((h) => h.comment?.includes('<script>'));
      assert.equal(comments.length, 2);
    } finally {
      await sb.service.close();
      fs.rmSync(sb.dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the hostile record out of the first screen: IT/TASK100, with an everyday IT/TASK1, nothing else moved', () => {
    const data = generateDemoData(2000);
    const task = (number: number) => data.records.find((r) => r.publishing_alias === 'TASK' && r.number === number);
    assert.equal(task(100)?.id, HOSTILE_TASK_ID);
    assert.equal(task(1)?.id, FIRST_TASK_ID);
    assert.doesNotMatch(String(task(1)?.title), /hostile|</i);
    assert.equal(task(2)?.title, 'Replace printer toner on floor 3');
  });

  it('names its data by DEMO_DATA_VERSION: data folders keep stored demo data while it stays the same', () => {
    // Data folders store the demo data of their first start and load it while DEMO_DATA_VERSION
    // is unchanged. When this fails, the generated data changed: give DEMO_DATA_VERSION a new
    // value (so existing folders generate theirs again) and record the new fingerprints here.
    const fingerprints: Record<string, Record<number, string>> = {
      '2026-12-06': {
        50: '5ef4ce99499f5f38205b2b7fbdb7845db0e97b2c454422d48c5c8a723161cf34',
        2000: '28edb30ee0c1f6343c7fc225918a89ee368f5aae399059967037ad26bccfefa0',
      },
    };
    for (const records of [50, 2000]) {
      const data = generateDemoData(records);
      const fingerprint = createHash('sha256').update(JSON.stringify({ records: data.records, history: data.history, files: [...data.files] })).digest('hex');
      assert.equal(fingerprint, fingerprints[DEMO_DATA_VERSION]?.[records], `the demo data of ${records} records is not what DEMO_DATA_VERSION ${DEMO_DATA_VERSION} names`);
    }
  });

  it('scales: counts per app follow the shares, and history explains every state', () => {
    const data = generateDemoData(1000);
    const count = (app: string) => data.records.filter((r) => r.publishing_alias === app).length;
    assert.deepEqual(['TASK', 'INCIDENT', 'DEAL', 'ACCOUNT', 'HIRING', 'EMPTY'].map(count), [400, 200, 150, 100, 150, 0]);
    const lastState = new Map<string, unknown>();
    for (const h of data.history) if ('state' in h.changes) lastState.set(h.id, h.changes.state);
    for (const r of data.records) assert.equal(lastState.get(r.id), r.state, `${r.publishing_alias} #${r.number}`);
    assert.ok(data.records.every((r) => r.creation_date < '2026-11-01' && r.creation_date >= '2024-11-01'));
  });

  it('descriptions fit their app: no sentence is shared between tasks, deals, accounts and hiring', () => {
    const data = generateDemoData(1000);
    // IT tasks and incidents are the same kind of work; every other app has its own words.
    const kind = (app: string) => (app === 'INCIDENT' ? 'TASK' : app);
    const usedBy = new Map<string, Set<string>>();
    for (const r of data.records) {
      if (r.id === HOSTILE_TASK_ID) continue;
      const sentences = String(r.description).replace(/<\/?p>/g, ' ').split(/(?<=\.)\s+/).map((t) => t.trim()).filter(Boolean);
      assert.ok(sentences.length >= 2, `${r.publishing_alias} #${r.number}: ${String(r.description)}`);
      for (const sentence of sentences) usedBy.set(sentence, (usedBy.get(sentence) ?? new Set()).add(kind(String(r.publishing_alias))));
    }
    const shared = [...usedBy].filter(([, apps]) => apps.size > 1).map(([sentence, apps]) => `${sentence} (${[...apps].join(', ')})`);
    assert.deepEqual(shared, []);
    const hiring = data.records.filter((r) => r.publishing_alias === 'HIRING').map((r) => String(r.description));
    assert.ok(hiring.length > 0 && hiring.every((text) => !/latency|printer|backup|customer|quote/i.test(text)), 'hiring talks about candidates and roles');
    assert.ok(hiring.some((text) => /candidate/i.test(text)));
  });

  it('rich text: markdown is converted and any raw HTML is escaped', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const html = toStoredRichText(text);
      // Only the tags the converter itself emits can appear.
      const tags = html.match(/<\/?[a-z]+/g) ?? [];
      return tags.every((t) => /^<\/?(p|strong|em|a|br)$/.test(t));
    }));
    assert.equal(toStoredRichText('a\n\nb'), '<p>a</p><p>b</p>');
    assert.equal(toStoredRichText('[x](mailto:a@b.example)'), '<p><a href="mailto:a@b.example">x</a></p>');
  });

  it('formats timestamps exactly like Date#toISOString', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 4102444800000 }), (ms) => iso(ms) === new Date(ms).toISOString()));
  });

  it('topByScore returns the same page as a full sort', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.integer({ min: 0, max: 30 }), (values, count) => {
      const items = values.map((v, i) => ({ v, i }));
      const cmp = (a: { v: number; i: number }, b: { v: number; i: number }) => b.v - a.v || a.i - b.i;
      assert.deepEqual(topByScore(items, count, cmp), [...items].sort(cmp).slice(0, count));
    }));
  });
});
