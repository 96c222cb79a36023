import { strict as assert } from 'node:assert';
import { decodeSeed, encodeSeed } from '../../../../src/sandbox/store/seed-file';
import type { SeedData } from '../../../../src/sandbox/store/model';
import { DEMO_SEED } from '../../../../src/sandbox/demo/generate';

const KEY = { version: 'v1', records: 3 };

function seedOf(records: Record<string, unknown>[], history: Record<string, unknown>[] = []): SeedData {
  return { records, history, files: new Map([['uid-1', 'bytes of a file\n']]) } as unknown as SeedData;
}

describe('sandbox store: seed file', () => {
  it('gives back what it stored: values of every JSON kind, nested arrays and objects, key order, files', () => {
    const seed = seedOf([
      { id: 'a', number: 1, amount: -12.5, big: 2 ** 40, flag: true, off: false, none: null, text: 'ünïcødé ✓ "quoted"\n', list: [], files: [{ file_uid: 'uid-1', link_data: { size: 3 } }], z: 'last' },
      { id: 'b', number: 2, text: 'ünïcødé ✓ "quoted"\n', nested: [[1, 'x'], { deep: [null] }] },
      { z: 'keys in another order', id: 'c', number: 3 },
    ], [{ id: 'a', changes: { state: 'open' } }, { id: 'b', changes: {}, comment: '<p>hi</p>' }]);
    const back = decodeSeed(encodeSeed(seed, KEY), KEY);
    assert.notEqual(typeof back, 'string', String(back));
    assert.deepEqual(back, seed);
    assert.deepEqual(Object.keys((back as SeedData).records[0]!), Object.keys(seed.records[0]!));
    assert.deepEqual(Object.keys((back as SeedData).records[2]!), ['z', 'id', 'number']);
  });

  it('gives each record its own arrays and objects, as generated records have', () => {
    const back = decodeSeed(encodeSeed(seedOf([{ id: 'a', list: [] }, { id: 'b', list: [] }]), KEY), KEY) as SeedData;
    assert.notEqual(back.records[0]!.list, back.records[1]!.list);
  });

  it('leaves out keys whose value is undefined, as JSON does', () => {
    const back = decodeSeed(encodeSeed(seedOf([{ id: 'a', gone: undefined, kept: 1 }]), KEY), KEY) as SeedData;
    assert.deepEqual(back.records[0], { id: 'a', kept: 1 });
  });

  it('stores the demo data exactly', () => {
    const demo = DEMO_SEED.generate(300);
    const key = { version: DEMO_SEED.version, records: 300 };
    assert.deepEqual(decodeSeed(encodeSeed(demo, key), key), demo);
  });

  it('refuses a file of another version or size, and a damaged one, saying why', () => {
    const bytes = encodeSeed(seedOf([{ id: 'a', n: 1 }]), KEY);
    assert.equal(decodeSeed(bytes, { ...KEY, version: 'v2' }), 'made by seed version v1 for 3 records');
    assert.equal(decodeSeed(bytes, { ...KEY, records: 4 }), 'made by seed version v1 for 3 records');
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1] ^= 1;
    assert.equal(decodeSeed(flipped, KEY), 'damaged records');
    assert.equal(decodeSeed(bytes.subarray(0, bytes.length - 4), KEY), 'damaged records');
    assert.equal(decodeSeed(bytes.subarray(0, 20), KEY), 'cut short');
    assert.equal(decodeSeed(Buffer.from('{"records":[]}'), KEY), 'not a seed file');
  });

  it('refuses to store what it could not give back: NaN, functions, a key "__proto__"', () => {
    assert.throws(() => encodeSeed(seedOf([{ id: 'a', n: Number.NaN }]), KEY), /NaN/);
    assert.throws(() => encodeSeed(seedOf([{ id: 'a', f: () => 1 }]), KEY), /function/);
    assert.throws(() => encodeSeed(seedOf([JSON.parse('{"id":"a","__proto__":{"x":1}}') as Record<string, unknown>]), KEY), /__proto__/);
  });
});
