// records_search: full-text search, one hit per row with its best highlighted snippet.
import { rlxAnd, rlxEquals } from '../rlx/quote';
import { stripTags } from '../records/historyView';
import { recordReference } from '../records/recordText';
import { MAX_RESULT_CHARS, MAX_ROWS, clipText, fitRows, moreText } from './bounds';
import { type ToolContext, ToolInputError, optionalLimit, optionalString, requireString } from './context';
import { type ToolResult, labelledResult } from './labelling';
import { resolveApp } from './records';

export async function searchRecords(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const query = requireString(input, 'query');
  const limit = optionalLimit(input, 'limit', MAX_ROWS, 20);
  const appText = optionalString(input, 'app');
  const workspace = optionalString(input, 'workspace');
  let rlx: string | undefined;
  if (appText !== undefined) {
    const ref = await resolveApp(ctx, appText);
    rlx = rlxAnd(rlxEquals('project_alias', ref.workspace), rlxEquals('publishing_alias', ref.app));
  } else if (workspace !== undefined) {
    if (!/^[A-Za-z0-9_-]+$/.test(workspace)) throw new ToolInputError(`"${workspace}" is not a workspace alias.`);
    rlx = rlxEquals('project_alias', workspace);
  }
  const result = await ctx.client.search({ ss: query, limitRecords: limit, ...(rlx ? { rlx } : {}) }, { signal: ctx.signal });
  const hits = result.data.map((record) => {
    const snippet = record.__highlights?.[0];
    return {
      reference: recordReference(record),
      title: clipText(String(record.title ?? ''), 300),
      state: record._renderobj?.state__resolved ?? record.state ?? null,
      // Highlights mark matches with <em>: shown as **word** so no HTML reaches the model.
      snippet: snippet === undefined ? null : clipText(stripTags(snippet.replace(/<\/?em>/gi, '**')), 300),
    };
  });
  const { kept, omitted } = fitRows(hits, MAX_RESULT_CHARS - 700);
  const notShown = result.totalFound - kept.length;
  const summary = `Search ${JSON.stringify(query)}${rlx ? ` in ${appText ?? workspace}` : ''}: ${result.totalFound} found, ${kept.length} shown (best first).`;
  return labelledResult(ctx.connectionName, summary, { totalFound: result.totalFound, hits: kept }, moreText(Math.max(notShown, omitted), 'more precise words, a "phrase", -exclusions, or an app'));
}
