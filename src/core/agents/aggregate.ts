// records_aggregate: counts (and sums) grouped by one or two fields, through the pivot endpoint.
import { isValidRlxFieldName } from '../rlx/quote';
import { MAX_RESULT_CHARS, MAX_ROWS, fitRows, moreText } from './bounds';
import { type ToolContext, ToolInputError, optionalString, optionalStringList, requireString } from './context';
import { type ToolResult, errorResult, labelledResult } from './labelling';
import { readableSchema, resolveApp } from './records';
import { checkRlx, describeRlxProblems } from './rlxCheck';

const SUFFIX = /__pivotby(hour|day|month|year)$/;

export async function aggregateRecords(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const ref = await resolveApp(ctx, requireString(input, 'app'));
  const groupBy = optionalStringList(input, 'groupBy') ?? [];
  const sum = optionalString(input, 'sum');
  const rlx = optionalString(input, 'rlx');
  if (groupBy.length < 1 || groupBy.length > 2) throw new ToolInputError('"groupBy" takes one or two field names.');
  const schema = await readableSchema(ctx, ref);
  for (const field of [...groupBy, ...(sum ? [sum] : [])]) {
    const base = field.replace(SUFFIX, '');
    if (!isValidRlxFieldName(base) || !Object.hasOwn(schema.fields ?? {}, base)) throw new ToolInputError(`${ref.workspace}/${ref.app} has no field "${base}". records_describe_app lists its fields.`);
  }
  if (rlx !== undefined) {
    const problems = checkRlx(rlx, ref, schema).filter((p) => p.severity === 'error');
    if (problems.length > 0) return errorResult(`The RLX filter was not sent: fix it and call records_aggregate again.\n${describeRlxProblems(problems)}`);
  }
  const result = await ctx.client.aggregate(ref, { dimensions4Pivot: groupBy.join(','), ...(sum ? { statsFields: sum } : {}), ...(rlx ? { rlx } : {}) }, { signal: ctx.signal });
  const groups = [...result.data].sort((a, b) => b._count - a._count).map((row) => {
    const group: Record<string, unknown> = {};
    for (const field of groupBy) group[field] = row[`${field}__resolved`] ?? row[field] ?? null;
    group.count = row._count;
    if (sum) group[sum] = row[sum] ?? null;
    return group;
  });
  const { kept } = fitRows(groups, MAX_RESULT_CHARS - 700, MAX_ROWS);
  const summary = `${ref.workspace}/${ref.app} grouped by ${groupBy.join(' and ')}${sum ? `, sum of ${sum}` : ''}: ${result.filteredRecordsCount} records matched in ${groups.length} groups (largest first).`;
  return labelledResult(ctx.connectionName, summary, { matched: result.filteredRecordsCount, total: result.totalRecordsCount, groups: kept }, moreText(groups.length - kept.length, 'a filter (rlx) or one grouping field'));
}
