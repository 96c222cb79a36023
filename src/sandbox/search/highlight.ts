import { escapeHtml } from '../../core/text/escapeHtml';
import type { SearchSegment } from './searchable-text';
import { type StemFunction, stemTokens } from './stemming';

const CONTEXT_CHARS = 60;
const MAX_SNIPPETS = 3;

/**
 * HTML snippets around matched words: each match wrapped in `<em>`, every other character
 * escaped, so a client can insert them without trusting the record's content.
 */
export function buildHighlights(segments: readonly SearchSegment[], stems: ReadonlySet<string>, stem: StemFunction): string[] {
  const snippets: string[] = [];
  for (const segment of segments) {
    if (snippets.length >= MAX_SNIPPETS) break;
    const matches = stemTokens(segment.text, stem).filter((t) => stems.has(t.stem));
    if (!matches.length) continue;
    const from = Math.max(0, matches[0].start - CONTEXT_CHARS);
    const to = Math.min(segment.text.length, matches[0].end + CONTEXT_CHARS * 2);
    let html = from > 0 ? '…' : '';
    let cursor = from;
    for (const m of matches) {
      if (m.start < cursor || m.end > to) continue;
      html += `${escapeHtml(segment.text.slice(cursor, m.start))}<em>${escapeHtml(segment.text.slice(m.start, m.end))}</em>`;
      cursor = m.end;
    }
    html += escapeHtml(segment.text.slice(cursor, to)) + (to < segment.text.length ? '…' : '');
    snippets.push(html.replace(/\s+/g, ' ').trim());
  }
  return snippets;
}
