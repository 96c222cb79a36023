// records_aggregate: counts (and sums) grouped by one or two fields, through the pivot endpoint.
// Each group carries its value as `{value, caption}` and the RLX that selects it; the filter's
// values are resolved as records_query resolves them, and an empty count says why.
import { isValidRlxFieldName } from '../rlx/quote';
import { MAX_RESULT_CHARS, MAX_ROWS, fitRows, moreText } from './bounds';
import { type ToolContext, ToolInputError, optionalString, optionalStringList, requireString } from './context';
import { explainEmpty } from './emptyResult';
import { type ResolvedValue, describeResolved } from './filterValues';
import { prepareFilter } from './filterInput';
import { groupFilter } from './groupFilter';
import { type ToolResult, errorResult, labelledResult } from './labelling';
import { readableApp } from './records';
import { describeRlxProblems } from './rlxCheck';

const SUFFIX = /__pivotby(hour|day|month|year)$/;

export async function aggregateRecords(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const { ref, schema } = await readableApp(ctx, requireString(input, 'app'));
  const groupBy = optionalStringList(input, 'groupBy') ?? [];
  const sum = optionalString(input, 'sum');
  const written = optionalString(input, 'rlx');
  if (groupBy.length < 1 || groupBy.length > 2) throw new ToolInputError('"groupBy" takes one or two field names.');
  for (const field of [...groupBy, ...(sum ? [sum] : [])]) {
    const base = field.replace(SUFFIX, '');
    if (!isValidRlxFieldName(base) || !Object.hasOwn(schema.fields ?? {}, base)) throw new ToolInputError(`${ref.workspace}/${ref.app} has no field "${base}". records_describe_app lists its fields.`);
  }
  let rlx: string | undefined;
  let resolved: ResolvedValue[] = [];
  if (written !== undefined) {
    const prepared = await prepareFilter(ctx, ref, schema, written);
    if (prepared.problems) return errorResult(`The RLX filter was not sent: fix it and call records_aggregate again.\n${describeRlxProblems(prepared.problems)}`);
    ({ rlx, resolved } = prepared);
  }
  const result = await ctx.client.aggregate(ref, { dimensions4Pivot: groupBy.join(','), ...(sum ? { statsFields: sum } : {}), ...(rlx ? { rlx } : {}) }, { signal: ctx.signal });
  const groups = [...result.data].sort((a, b) => b._count - a._count).map((row) => {
    const group: Record<string, unknown> = {};
    for (const field of groupBy) {
      const value = row[field] ?? null;
      const caption = row[`${field}__resolved`];
      group[field] = value !== null && typeof caption === 'string' && caption !== String(value) ? { value, caption } : value;
    }
    group.count = row._count;
    if (sum) group[sum] = row[sum] ?? null;
    const selects = groupFilter(rlx, groupBy, row);
    if (selects !== undefined) group.rlx = selects;
    return group;
  });
  const { kept, json: groupsJson } = fitRows(groups, MAX_RESULT_CHARS - 700, MAX_ROWS);
  const sentences = [`${ref.workspace}/${ref.app} grouped by ${groupBy.join(' and ')}${sum ? `, sum of ${sum}` : ''}: ${result.filteredRecordsCount} records matched in ${groups.length} groups (largest first). Each group's rlx, run with records_query, lists its records.`];
  const resolvedText = describeResolved(resolved);
  if (resolvedText) sentences.push(resolvedText);
  if (result.filteredRecordsCount === 0) {
    const why = await explainEmpty(ctx, ref, rlx, result.totalRecordsCount);
    if (why) sentences.push(why);
  }
  const data = { matched: result.filteredRecordsCount, total: result.totalRecordsCount, ...(resolved.length > 0 ? { resolved } : {}), groups: kept };
  return labelledResult(ctx.connectionName, sentences.join(' '), data, moreText(groups.length - kept.length, 'a filter (rlx) or one grouping field'), { groups: groupsJson });
}
