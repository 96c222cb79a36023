// records_query: one app, an RLX filter checked with the editor's diagnostics first and its
// values resolved (names, captions, references → ids), one page of rows with a cursor to the
// next, the total matched, the query actually sent (so the user can run it again), and, when
// nothing matched, the condition that emptied the result.
import { isValidRlxFieldName } from '../rlx/quote';
import { fieldKindOf } from '../schema/fieldKind';
import { MAX_RESULT_CHARS, MAX_ROWS, fitRows } from './bounds';
import { type ToolContext, ToolInputError, optionalLimit, optionalString, optionalStringList, requireString } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { explainEmpty } from './emptyResult';
import { type ResolvedValue, describeResolved } from './filterValues';
import { prepareFilter } from './filterInput';
import { type ToolResult, errorResult, labelledResult } from './labelling';
import { readableApp } from './records';
import { describeRlxProblems } from './rlxCheck';
import { recordRow } from './rows';

export async function queryRecords(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const { ref, schema } = await readableApp(ctx, requireString(input, 'app'));
  const written = optionalString(input, 'rlx');
  const fields = optionalStringList(input, 'fields') ?? [];
  const sort = optionalString(input, 'sort');
  const limit = optionalLimit(input, 'limit', MAX_ROWS, 20);
  const app = `${ref.workspace}/${ref.app}`;
  const offset = decodeCursor(optionalString(input, 'cursor'), ['records_query', app, written ?? '', sort ?? '']);
  for (const field of fields) {
    if (!isValidRlxFieldName(field) || !Object.hasOwn(schema.fields ?? {}, field)) throw new ToolInputError(`${app} has no field "${field}". records_describe_app lists its fields.`);
  }
  if (sort !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*( (asc|desc))?$/i.test(sort)) throw new ToolInputError(`"${sort}" is not a sort: write a field and a direction, e.g. "creation_date desc".`);
  let rlx = written;
  let resolved: ResolvedValue[] = [];
  if (written !== undefined) {
    const prepared = await prepareFilter(ctx, ref, schema, written);
    if (prepared.problems) {
      const { problems } = prepared;
      return errorResult(`The RLX filter was not sent: it has ${problems.length} problem${problems.length === 1 ? '' : 's'}. Fix ${problems.length === 1 ? 'it' : 'them'} and call records_query again.\n${describeRlxProblems(problems)}`);
    }
    ({ rlx, resolved } = prepared);
  }
  // Rich texts are sent only when asked for: without this, a description reads as null.
  const loadRichTexts = fields.some((field) => field === 'description' || fieldKindOf(schema.fields![field]!) === 'richtext');
  const listOfFields = ['id', 'number', 'title', 'state', 'project_alias', 'publishing_alias', ...fields].join(',');
  const page = await ctx.client.listRecords(ref, {
    limitRecords: limit,
    listOfFields,
    ...(offset > 0 ? { skipRecords: offset } : {}),
    ...(rlx ? { rlx } : {}),
    ...(sort ? { sortBy: sort } : {}),
    ...(loadRichTexts ? { loadRichTexts: true } : {}),
  }, { signal: ctx.signal });
  // Only the fields asked for can name people (the fixed ones never do): without any, nothing to learn.
  if (fields.length > 0) ctx.catalog.learnPeople(ctx.connectionId, page.data, schema);
  const people = ctx.catalog.people(ctx.connectionId);
  const rows = page.data.map((record) => recordRow(record, schema, people, fields));
  const { kept, json: rowsJson } = fitRows(rows, MAX_RESULT_CHARS - 900);
  const total = page.filteredRecordsCount;
  const end = offset + kept.length;
  // The next page starts after the last row shown (a row cut for size comes first next time).
  const more = page.countsEstimated ? kept.length === page.data.length && page.data.length === limit : end < total;
  const nextCursor = more && kept.length > 0 ? encodeCursor(['records_query', app, written ?? '', sort ?? ''], end) : undefined;
  const countText = page.countsEstimated ? `at least ${total}` : String(total);
  const shownText = kept.length === 0 ? 'none shown' : offset === 0 ? `${kept.length} shown` : `${offset + 1}–${end} shown`;
  const sentences = [`${app}: ${countText} record${total === 1 ? '' : 's'} match${rlx ? '' : ' (no filter)'}, ${shownText}.`];
  const resolvedText = describeResolved(resolved);
  if (resolvedText) sentences.push(resolvedText);
  if (total === 0 && offset === 0 && !page.countsEstimated) {
    const why = await explainEmpty(ctx, ref, rlx, page.unfilteredRecordsCount);
    if (why) sentences.push(why);
  }
  const query = { app, rlx: rlx ?? null, sort: sort ?? null, limit };
  const data = { total, shown: kept.length, query, ...(resolved.length > 0 ? { resolved } : {}), rows: kept, ...(nextCursor ? { nextCursor } : {}) };
  const moreText = nextCursor ? `${Math.max(total - end, 0)} more: call records_query again with the same app, rlx and sort and "cursor": ${JSON.stringify(nextCursor)}, or narrow the filter, or count with records_aggregate.` : undefined;
  return labelledResult(ctx.connectionName, sentences.join(' '), data, moreText, { rows: rowsJson });
}
