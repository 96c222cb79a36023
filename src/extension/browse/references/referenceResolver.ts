// Finds the references of a document (once per document version) and resolves them to
// records lazily, in batches: the first reference asked for brings along every unresolved
// reference near it (the visible range of an editor showing it, or the block of lines around
// it), one list request per app with `number in (…)`. Both caches are bounded.
import * as vscode from 'vscode';
import type { RecordsClient } from '../../../core/api';
import type { RecordData } from '../../../core/contract/types';
import { ReferenceMatcher, fetchReferencedRecords, planReferenceLookups, referenceKey, type ReferenceMatch } from '../../../core/references';
import type { RecordReference } from '../../../core/contract/reference';
import { describeError } from '../../connections/errorText';
import type { ReferenceAliasSource } from './aliasSource';
import { BoundedMap } from './boundedMap';

export type Resolution =
  | { kind: 'found'; record: RecordData }
  /** The service returned no such record: it does not exist, or the user may not read it. */
  | { kind: 'missing' }
  | { kind: 'failed'; message: string };

export interface DocumentReference {
  line: number;
  range: vscode.Range;
  match: ReferenceMatch;
}

interface DocumentEntry {
  version: number;
  connectionId: string;
  generation: number;
  references: DocumentReference[];
}

/** Documents whose references are kept (per version); older ones are matched again on demand. */
const MAX_DOCUMENTS = 20;
/** Resolved records kept across documents; enough for a 5,000-reference file and more. */
const MAX_RECORDS = 10_000;
/** Without an editor showing the line, this many lines around it are resolved together. */
export const REFERENCE_BLOCK_LINES = 250;

export interface ReferenceResolverHost {
  aliases: ReferenceAliasSource;
  client: (connectionId: string) => Promise<RecordsClient>;
}

export class ReferenceResolver implements vscode.Disposable {
  private readonly matchers = new Map<string, Promise<ReferenceMatcher>>();
  private readonly documents = new BoundedMap<string, DocumentEntry>(MAX_DOCUMENTS);
  /** `<connection id> <WS/APP12>` → its resolution (shared while in flight). */
  private readonly records = new BoundedMap<string, Promise<Resolution>>(MAX_RECORDS);
  private generation = 0;
  private readonly listener: vscode.Disposable;

  constructor(private readonly host: ReferenceResolverHost) {
    this.listener = host.aliases.onDidChange((connectionId) => this.forget(connectionId));
  }

  /** The matcher of a connection's known aliases (read once, until the aliases change). */
  matcher(connectionId: string): Promise<ReferenceMatcher> {
    let matcher = this.matchers.get(connectionId);
    if (matcher === undefined) {
      matcher = this.host.aliases.aliases(connectionId).then((aliases) => new ReferenceMatcher(aliases));
      matcher.catch(() => this.matchers.delete(connectionId));
      this.matchers.set(connectionId, matcher);
    }
    return matcher;
  }

  /** Every reference of the document, in order; computed once per document version. */
  async references(document: vscode.TextDocument, connectionId: string): Promise<DocumentReference[]> {
    const key = document.uri.toString();
    const cached = this.documents.get(key);
    if (cached && cached.version === document.version && cached.connectionId === connectionId && cached.generation === this.generation) {
      return cached.references;
    }
    const generation = this.generation;
    const matcher = await this.matcher(connectionId);
    const references: DocumentReference[] = [];
    if (!matcher.isEmpty) {
      for (let line = 0; line < document.lineCount; line++) {
        const text = document.lineAt(line).text;
        if (!text.includes('/')) continue;
        for (const match of matcher.find(text)) references.push({ line, match, range: new vscode.Range(line, match.start, line, match.end) });
      }
    }
    this.documents.set(key, { version: document.version, connectionId, generation, references });
    return references;
  }

  /**
   * The record a reference points to. Unresolved references near `around` are fetched in the
   * same requests, so resolving a whole screen (or file) costs one request per app and range.
   */
  async resolve(connectionId: string, reference: RecordReference, around?: { document: vscode.TextDocument; line: number }): Promise<Resolution> {
    const known = this.records.get(this.recordKey(connectionId, reference));
    if (known !== undefined) return known;
    const wanted = new Map<string, RecordReference>([[referenceKey(reference), reference]]);
    if (around) {
      const [from, to] = linesAround(around.document, around.line);
      for (const other of await this.references(around.document, connectionId)) {
        if (other.line < from || other.line >= to) continue;
        if (!this.records.has(this.recordKey(connectionId, other.match))) wanted.set(referenceKey(other.match), other.match);
      }
    }
    // Another resolve may have started some of these while the document was matched.
    const again = this.records.get(this.recordKey(connectionId, reference));
    if (again !== undefined) return again;
    for (const [key, other] of wanted) if (key !== referenceKey(reference) && this.records.has(this.recordKey(connectionId, other))) wanted.delete(key);
    return this.fetch(connectionId, wanted).get(referenceKey(reference))!;
  }

  /** Forgets aliases and records of a connection (all of them for undefined): read again on demand. */
  forget(connectionId?: string): void {
    this.generation++;
    if (connectionId === undefined) this.matchers.clear();
    else this.matchers.delete(connectionId);
    this.records.deleteWhere((key) => connectionId === undefined || key.startsWith(`${connectionId} `));
  }

  dispose(): void {
    this.listener.dispose();
  }

  private fetch(connectionId: string, wanted: Map<string, RecordReference>): Map<string, Promise<Resolution>> {
    const batch = (async () => {
      const client = await this.host.client(connectionId);
      return fetchReferencedRecords((scope, params, options) => client.listRecords(scope, params, options), planReferenceLookups(wanted.values()));
    })();
    const results = new Map<string, Promise<Resolution>>();
    for (const key of wanted.keys()) {
      const recordKey = `${connectionId} ${key}`;
      const resolution = batch.then(
        (found): Resolution => {
          const record = found.get(key);
          return record ? { kind: 'found', record } : { kind: 'missing' };
        },
        (error: unknown): Resolution => {
          // A failure is not remembered: the next hover asks again.
          this.records.delete(recordKey);
          return { kind: 'failed', message: describeError(error) };
        },
      );
      this.records.set(recordKey, resolution);
      results.set(key, resolution);
    }
    return results;
  }

  private recordKey(connectionId: string, reference: RecordReference): string {
    return `${connectionId} ${referenceKey(reference)}`;
  }
}

/** [from, to) lines resolved together with `line`: the screen around it, or its block. */
function linesAround(document: vscode.TextDocument, line: number): [number, number] {
  for (const editor of vscode.window.visibleTextEditors) {
    if (editor.document !== document) continue;
    for (const visible of editor.visibleRanges) {
      if (line < visible.start.line || line > visible.end.line) continue;
      // One screen above and below too, so scrolling a little needs no new request.
      const height = visible.end.line - visible.start.line + 1;
      return [Math.max(0, visible.start.line - height), visible.end.line + height + 1];
    }
  }
  const start = Math.floor(line / REFERENCE_BLOCK_LINES) * REFERENCE_BLOCK_LINES;
  return [start, start + REFERENCE_BLOCK_LINES];
}
