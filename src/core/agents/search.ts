// records_search: full-text search, one hit per row with its best highlighted snippet, paged
// with a cursor. The contract's search takes no offset, so a page after the first asks for the
// hits up to its end and keeps the last ones: deep pages cost more, and stop at SEARCH_DEPTH.
import { rlxAnd, rlxEquals } from '../rlx/quote';
import { stripTags } from '../records/historyView';
import { recordReference } from '../contract/reference';
import { MAX_RESULT_CHARS, MAX_ROWS, clipText, fitRows } from './bounds';
import { type ToolContext, ToolInputError, optionalLimit, optionalString, requireString } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { type ToolResult, labelledResult } from './labelling';
import { resolveApp } from './records';

/** The deepest hit a cursor reaches: the contract's advice for one request (≤ 500 records). */
export const SEARCH_DEPTH = 500;

export async function searchRecords(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const query = requireString(input, 'query');
  const limit = optionalLimit(input, 'limit', MAX_ROWS, 20);
  const appText = optionalString(input, 'app');
  const workspace = optionalString(input, 'workspace');
  const key = ['records_search', query, appText ?? '', workspace ?? ''];
  const offset = decodeCursor(optionalString(input, 'cursor'), key);
  let rlx: string | undefined;
  if (appText !== undefined) {
    const ref = await resolveApp(ctx, appText);
    rlx = rlxAnd(rlxEquals('project_alias', ref.workspace), rlxEquals('publishing_alias', ref.app));
  } else if (workspace !== undefined) {
    if (!/^[A-Za-z0-9_-]+$/.test(workspace)) throw new ToolInputError(`"${workspace}" is not a workspace alias.`);
    rlx = rlxEquals('project_alias', workspace);
  }
  const wanted = Math.min(offset + limit, SEARCH_DEPTH);
  const result = await ctx.client.search({ ss: query, limitRecords: wanted, ...(rlx ? { rlx } : {}) }, { signal: ctx.signal });
  const hits = result.data.slice(offset, wanted).map((record) => {
    const snippet = record.__highlights?.[0];
    const state = typeof record.state === 'string' ? record.state : null;
    const caption = record._renderobj?.state__resolved;
    return {
      reference: recordReference(record),
      title: clipText(String(record.title ?? ''), 300),
      state: state !== null && typeof caption === 'string' ? { value: state, caption } : state,
      // Highlights mark matches with <em>: shown as **word** so no HTML reaches the model.
      snippet: snippet === undefined ? null : clipText(stripTags(snippet.replace(/<\/?em>/gi, '**')), 300),
    };
  });
  const { kept, json: hitsJson } = fitRows(hits, MAX_RESULT_CHARS - 700);
  const end = offset + kept.length;
  const reachable = Math.min(result.totalFound, SEARCH_DEPTH);
  const nextCursor = kept.length > 0 && end < reachable ? encodeCursor(key, end) : undefined;
  const shown = kept.length === 0 ? 'none shown' : offset === 0 ? `${kept.length} shown` : `${offset + 1}–${end} shown`;
  const summary = `Search ${JSON.stringify(query)}${rlx ? ` in ${appText ?? workspace}` : ''}: ${result.totalFound} found, ${shown} (best first).`;
  const more = nextCursor
    ? `${reachable - end} more${result.totalFound > SEARCH_DEPTH ? ` within the best ${SEARCH_DEPTH}` : ''}: call records_search again with the same query, app and workspace and "cursor": ${JSON.stringify(nextCursor)}, or narrow it with more precise words, a "phrase", -exclusions, or an app.`
    : result.totalFound > end ? `${result.totalFound - end} more beyond the best ${SEARCH_DEPTH}: narrow the search with more precise words, a "phrase", -exclusions, or an app.` : undefined;
  return labelledResult(ctx.connectionName, summary, { totalFound: result.totalFound, hits: kept, ...(nextCursor ? { nextCursor } : {}) }, more, { hits: hitsJson });
}
