import type { RecordChangeListener } from '../store/record-store';
import type { StoredRecord } from '../store/model';
import type { SearchSegment } from './searchable-text';
import { type StemFunction, stemTokens } from './stemming';

const K1 = 1.2;
const B = 0.75;
const TEXT_CACHE_LIMIT = 20_000;

/** Growable Int32 list: postings of small integers at 4 bytes each instead of 8-byte slots. */
class IntList {
  data = new Int32Array(4);
  length = 0;

  push2(a: number, b: number): void {
    if (this.length + 2 > this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = a;
    this.data[this.length++] = b;
  }

  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, Math.max(this.length, 2));
  }
}

interface TextTerms {
  stems: string[];
  counts: number[];
  length: number;
}

/**
 * Inverted index over stems. Postings are flat `[doc, weightedTf, …]` Int32 lists. A changed
 * record gets a new doc number and its old one is marked dead, so updates never rewrite
 * postings; dead entries are skipped on query.
 */
export class InvertedIndex implements RecordChangeListener {
  private readonly postings = new Map<string, IntList>();
  private readonly docRecord: (string | undefined)[] = [];
  private readonly docLength: number[] = [];
  private readonly docOfRecord = new Map<string, number>();
  private totalLength = 0;
  // Titles and sentences repeat a lot (templates, copied text): tokenize each distinct text once.
  private readonly textCache = new Map<string, TextTerms>();

  constructor(
    private readonly stem: StemFunction,
    private readonly segmentsOf: (record: StoredRecord) => SearchSegment[],
  ) {}

  recordPut(record: StoredRecord): void {
    this.remove(record.id);
    this.add(record);
  }

  recordDeleted(record: StoredRecord): void {
    this.remove(record.id);
  }

  /** Drops the tokenization cache once bulk indexing is over (it pays off only for repeated texts). */
  releaseCaches(): void {
    this.textCache.clear();
    // Lists grow by doubling: give back the unused tail of each (about a third of the postings'
    // memory at 100,000 records). A list that grows again doubles from its exact size.
    for (const list of this.postings.values()) list.trim();
  }

  has(recordId: string): boolean {
    return this.docOfRecord.has(recordId);
  }

  /** Re-reads a record's text (e.g. once attached file bytes are in place). */
  refresh(record: StoredRecord): void {
    this.recordPut(record);
  }

  private termsOf(text: string): TextTerms {
    const cached = this.textCache.get(text);
    if (cached) return cached;
    const counts = new Map<string, number>();
    const tokens = stemTokens(text, this.stem);
    for (const t of tokens) counts.set(t.stem, (counts.get(t.stem) ?? 0) + 1);
    const terms = { stems: [...counts.keys()], counts: [...counts.values()], length: tokens.length };
    if (this.textCache.size >= TEXT_CACHE_LIMIT) this.textCache.clear();
    this.textCache.set(text, terms);
    return terms;
  }

  private add(record: StoredRecord): void {
    const doc = this.docRecord.length;
    const tf = new Map<string, number>();
    let length = 0;
    for (const segment of this.segmentsOf(record)) {
      const terms = this.termsOf(segment.text);
      for (let i = 0; i < terms.stems.length; i++) tf.set(terms.stems[i], (tf.get(terms.stems[i]) ?? 0) + terms.counts[i] * segment.boost);
      length += terms.length;
    }
    this.docRecord.push(record.id);
    this.docLength.push(length);
    this.docOfRecord.set(record.id, doc);
    this.totalLength += length;
    for (const [stem, count] of tf) {
      let list = this.postings.get(stem);
      if (!list) this.postings.set(stem, (list = new IntList()));
      list.push2(doc, count);
    }
  }

  private remove(recordId: string): void {
    const doc = this.docOfRecord.get(recordId);
    if (doc === undefined) return;
    this.docOfRecord.delete(recordId);
    this.docRecord[doc] = undefined;
    this.totalLength -= this.docLength[doc];
  }

  /** Upper bound of doc numbers, for per-query scratch arrays indexed by doc. */
  get docCount(): number {
    return this.docRecord.length;
  }

  recordOf(doc: number): string | undefined {
    return this.docRecord[doc];
  }

  /** Calls `visit` for every live doc containing the stem, with its BM25 score for it. */
  forEachPosting(stem: string, visit: (doc: number, score: number) => void): void {
    const list = this.postings.get(stem);
    if (!list) return;
    const { data, length } = list;
    const alive = this.docOfRecord.size || 1;
    let df = 0;
    for (let i = 0; i < length; i += 2) if (this.docRecord[data[i]] !== undefined) df++;
    const idf = Math.log(1 + (alive - df + 0.5) / (df + 0.5));
    const avg = this.totalLength / alive || 1;
    for (let i = 0; i < length; i += 2) {
      const doc = data[i];
      if (this.docRecord[doc] === undefined) continue;
      const tf = data[i + 1];
      visit(doc, (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.docLength[doc]) / avg)));
    }
  }
}
