import { parseSearchQuery } from '../../core/search';
import type { SearchParams, SearchResult } from '../../core/contract/types';
import { buildHighlights } from '../search/highlight';
import type { InvertedIndex } from '../search/inverted-index';
import { containsPhrase } from '../search/phrase-match';
import type { SearchSegment } from '../search/searchable-text';
import type { StemFunction } from '../search/stemming';
import { topByScore } from '../search/top-k';
import type { StoredRecord } from '../store/model';
import type { RecordStore } from '../store/record-store';
import type { UserPermissions } from './access';
import { invalidRequest } from './errors';
import { parseFieldSelection } from './field-selection';
import { RecordPresenter } from './record-presenter';
import { compileFilter } from './record-filter';
import { catalogFor, pagingOf, resolveScope } from './scope';

// An exact phrase is stronger evidence than the same words scattered.
const PHRASE_BOOST = 2;

export interface SearchDependencies {
  store: RecordStore;
  index: InvertedIndex;
  stem: StemFunction;
  segmentsOf: (record: StoredRecord) => SearchSegment[];
}

interface Scratch {
  scores: Float64Array;
  touched: number[];
}

function addScores(index: InvertedIndex, stem: string, scratch: Scratch, factor = 1): void {
  index.forEachPosting(stem, (doc, score) => {
    if (scratch.scores[doc] === 0) scratch.touched.push(doc);
    scratch.scores[doc] += factor * score;
  });
}

/** Docs containing every stem (candidates for a phrase; word order is checked afterwards). */
function docsWithAll(index: InvertedIndex, stems: readonly string[]): number[] {
  const seen = new Uint16Array(index.docCount);
  stems.forEach((stem, i) => index.forEachPosting(stem, (doc) => {
    if (seen[doc] === i) seen[doc] = i + 1;
  }));
  const docs: number[] = [];
  for (let doc = 0; doc < seen.length; doc++) if (seen[doc] === stems.length) docs.push(doc);
  return docs;
}

export function searchRecords(deps: SearchDependencies, permissions: UserPermissions, params: SearchParams): SearchResult {
  if (typeof params?.ss !== 'string') throw invalidRequest('Search needs "ss", the text to search for, as a string.');
  const { store, index, stem } = deps;
  const apps = resolveScope(permissions, undefined);
  if (!apps.length) return { data: [], totalFound: 0 };
  const catalog = catalogFor(permissions, apps);
  const inScope = compileFilter<StoredRecord>(params.rlx, (n) => catalog.rlxKind(n), (r, f) => r[f]);
  const { limit, skip } = pagingOf(params);
  const query = parseSearchQuery(params.ss);
  const termStems = query.terms.map(stem);
  const phraseStems = query.phrases.map((p) => p.map(stem));
  const scratch: Scratch = { scores: new Float64Array(index.docCount), touched: [] };
  for (const s of termStems) addScores(index, s, scratch);
  for (const phrase of phraseStems) {
    const phraseScores: Scratch = { scores: new Float64Array(index.docCount), touched: [] };
    for (const s of phrase) addScores(index, s, phraseScores);
    for (const doc of docsWithAll(index, phrase)) {
      const record = store.get(index.recordOf(doc) ?? '');
      if (!record || !containsPhrase(deps.segmentsOf(record), phrase, stem)) continue;
      if (scratch.scores[doc] === 0) scratch.touched.push(doc);
      scratch.scores[doc] += PHRASE_BOOST * phraseScores.scores[doc];
    }
  }
  const excluded = new Uint8Array(index.docCount);
  for (const s of query.excluded.map(stem)) index.forEachPosting(s, (doc) => (excluded[doc] = 1));
  const excludedPhrases = query.excludedPhrases.map((p) => p.map(stem));
  const hits: { record: StoredRecord; score: number }[] = [];
  for (const doc of scratch.touched) {
    if (excluded[doc]) continue;
    const record = store.get(index.recordOf(doc) ?? '');
    // Search is global: every readable app is in scope, so the record rule is the whole check.
    if (!record || !permissions.canSeeRecord(record)) continue;
    if (!inScope(record)) continue;
    if (excludedPhrases.length && excludedPhrases.some((p) => containsPhrase(deps.segmentsOf(record), p, stem))) continue;
    hits.push({ record, score: scratch.scores[doc] });
  }
  const page = topByScore(hits, skip + limit, (a, b) => b.score - a.score || compareNewestFirst(a.record, b.record)).slice(skip);
  const presenter = new RecordPresenter(store, permissions);
  const selection = parseFieldSelection(undefined, false, catalog);
  const highlightStems = new Set([...termStems, ...phraseStems.flat()]);
  const data = page.map(({ record }) => {
    const shaped = presenter.present(record, { selection, expandRecord: false, skipAncestors: true });
    const app = permissions.directory.findApp(record.project_alias, record.publishing_alias);
    const segments = deps.segmentsOf(record).filter((s) => !app || !permissions.isHidden(app, s.field.split(':')[0]));
    shaped.__highlights = buildHighlights(segments, highlightStems, stem);
    return shaped;
  });
  return { data, totalFound: hits.length };
}

function compareNewestFirst(a: StoredRecord, b: StoredRecord): number {
  return a.update_date < b.update_date ? 1 : a.update_date > b.update_date ? -1 : a.number - b.number;
}
