// The seed records of a data folder, stored once when the folder is new (`seed.bin`), so a later
// start loads them instead of generating them again (generating 100,000 demo records was about
// 40% of a start). The file is a cache of what the seed source would make: a missing, damaged or
// outdated one (another source version or record count) is regenerated, never an error.
//
// Layout: "RSEED1\n", the header's byte length (uint32 LE), the header (JSON: version, records,
// crc32 of the rest, shapes, values, files), zero padding to a multiple of 4, then an int32 stream.
// Each distinct primitive value (string, number, boolean, null) is stored once in `values`, and
// each distinct key list once in `shapes`; the stream holds the records and the history as
// indexes, so it loads without parsing text, and repeated texts are one string in memory.
// A value in the stream is one of:
//   n >= 0        values[n]
//   -1, k, …      an array of k values
//   -2 - s, …     an object with the keys of shapes[s], then one value per key
// Like the journal, it holds JSON data: keys whose value is undefined are left out.
import * as fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { writeFileAtomically } from './atomic-file';
import type { SeedData, StoredHistoryEntry, StoredRecord } from './model';

const MAGIC = 'RSEED1\n';
const ARRAY = -1;
const FIRST_SHAPE = -2;

export interface SeedFileKey {
  /** The seed source's version: a file of another version is outdated. */
  version: string;
  /** The record count the seed was made for. */
  records: number;
}

interface Header extends SeedFileKey {
  crc: number;
  shapes: string[][];
  values: (string | number | boolean | null)[];
  files: [string, string][];
}

type Primitive = string | number | boolean | null;

/** Growing int32 storage, without a JavaScript array of millions of numbers on the way. */
class IntStream {
  private data = new Int32Array(1 << 16);
  length = 0;

  push(...items: number[]): void {
    for (const item of items) {
      if (this.length === this.data.length) {
        const bigger = new Int32Array(this.data.length * 2);
        bigger.set(this.data);
        this.data = bigger;
      }
      this.data[this.length++] = item;
    }
  }

  bytes(): Buffer {
    return Buffer.from(this.data.buffer, 0, this.length * 4);
  }
}

class Encoder {
  readonly stream = new IntStream();
  readonly values: Primitive[] = [];
  readonly shapes: string[][] = [];
  private readonly valueIndex = new Map<Primitive, number>();
  private readonly shapeIndex = new Map<string, number>();

  value(v: unknown): void {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`The seed holds ${v}, which JSON cannot keep.`);
      let i = this.valueIndex.get(v);
      if (i === undefined) {
        i = this.values.push(v) - 1;
        this.valueIndex.set(v, i);
      }
      this.stream.push(i);
    } else if (Array.isArray(v)) {
      this.stream.push(ARRAY, v.length);
      for (const item of v) this.value(item ?? null);
    } else if (typeof v === 'object') {
      const keys: string[] = [];
      for (const k in v) if (Object.hasOwn(v, k) && (v as Record<string, unknown>)[k] !== undefined) keys.push(k);
      // Assigning it on load would set the prototype instead; no seed has a reason to hold it.
      if (keys.includes('__proto__')) throw new Error('The seed holds a key "__proto__".');
      const shapeKey = keys.join('\0');
      let s = this.shapeIndex.get(shapeKey);
      if (s === undefined) {
        s = this.shapes.push(keys) - 1;
        this.shapeIndex.set(shapeKey, s);
      }
      this.stream.push(FIRST_SHAPE - s);
      for (const k of keys) this.value((v as Record<string, unknown>)[k]);
    } else {
      throw new Error(`The seed holds a ${typeof v}, which JSON cannot keep.`);
    }
  }
}

export function encodeSeed(seed: SeedData, key: SeedFileKey): Buffer {
  const encoder = new Encoder();
  encoder.stream.push(seed.records.length);
  for (const r of seed.records) encoder.value(r);
  encoder.stream.push(seed.history.length);
  for (const h of seed.history) encoder.value(h);
  const stream = encoder.stream.bytes();
  const header = Buffer.from(JSON.stringify({
    version: key.version, records: key.records, crc: crc32(stream), shapes: encoder.shapes, values: encoder.values, files: [...seed.files],
  } satisfies Header));
  const start = MAGIC.length + 4 + header.length;
  const padding = Buffer.alloc((4 - (start % 4)) % 4);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  return Buffer.concat([Buffer.from(MAGIC), length, header, padding, stream]);
}

class Decoder {
  private at = 0;
  /**
   * One object per shape with its keys in order: a record starts as a spread copy of it, which
   * V8 lays out like an object literal (properties inside the object). Built key by key, 100,000
   * records took about half as much memory again.
   */
  private readonly templates: Record<string, unknown>[];

  constructor(
    private readonly stream: Int32Array,
    private readonly values: readonly Primitive[],
    private readonly shapes: readonly (readonly string[])[],
  ) {
    this.templates = shapes.map((keys) => {
      const template: Record<string, unknown> = {};
      for (const k of keys) template[k] = null;
      return template;
    });
  }

  count(): number {
    const n = this.stream[this.at++];
    if (n === undefined || n < 0) throw new Error('bad count');
    return n;
  }

  value(): unknown {
    const t = this.stream[this.at++];
    if (t === undefined) throw new Error('the stream ends early');
    if (t >= 0) return this.primitive(t);
    if (t === ARRAY) {
      const n = this.count();
      const items: unknown[] = [];
      for (let i = 0; i < n; i++) items.push(this.value());
      return items;
    }
    const s = FIRST_SHAPE - t;
    const keys = this.shapes[s];
    if (!keys) throw new Error('bad shape index');
    const object = { ...this.templates[s] };
    // Most values are primitives: read those here rather than through value() (a third of a start).
    for (const k of keys) {
      const v = this.stream[this.at];
      if (v !== undefined && v >= 0) {
        this.at++;
        object[k] = this.primitive(v);
      } else object[k] = this.value();
    }
    return object;
  }

  private primitive(index: number): Primitive {
    if (index >= this.values.length) throw new Error('bad value index');
    return this.values[index]!;
  }

  get done(): boolean {
    return this.at === this.stream.length;
  }
}

/** The seed in `bytes`, or why it cannot be used (damaged, or made for another key). */
export function decodeSeed(bytes: Buffer, key: SeedFileKey): SeedData | string {
  if (bytes.toString('latin1', 0, MAGIC.length) !== MAGIC || bytes.length < MAGIC.length + 4) return 'not a seed file';
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  const headerEnd = MAGIC.length + 4 + headerLength;
  if (headerEnd > bytes.length) return 'cut short';
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', MAGIC.length + 4, headerEnd)) as Header;
  } catch {
    return 'damaged header';
  }
  if (header.version !== key.version || header.records !== key.records) return `made by seed version ${header.version} for ${header.records} records`;
  const start = headerEnd + ((4 - (headerEnd % 4)) % 4);
  const body = bytes.subarray(start);
  if (body.length % 4 !== 0 || crc32(body) !== header.crc) return 'damaged records';
  // An Int32Array needs a 4-byte aligned offset into its buffer; a pooled Buffer may not have one.
  const aligned = (body.byteOffset % 4 === 0 ? body : Buffer.from(body));
  const stream = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
  try {
    const decoder = new Decoder(stream, header.values, header.shapes);
    const records: StoredRecord[] = [];
    for (let n = decoder.count(); n > 0; n--) records.push(decoder.value() as StoredRecord);
    const history: StoredHistoryEntry[] = [];
    for (let n = decoder.count(); n > 0; n--) history.push(decoder.value() as StoredHistoryEntry);
    if (!decoder.done) return 'damaged records';
    return { records, history, files: new Map(header.files) };
  } catch (error) {
    return `damaged records (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** The stored seed, or why there is none to use (no file, damaged, outdated). */
export function readSeedFile(filePath: string, key: SeedFileKey): SeedData | string {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(filePath);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'none stored' : `unreadable (${(error as Error).message})`;
  }
  return decodeSeed(bytes, key);
}

export function writeSeedFile(filePath: string, seed: SeedData, key: SeedFileKey): Promise<void> {
  return writeFileAtomically(filePath, encodeSeed(seed, key));
}
