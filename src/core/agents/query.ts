// records_query: one app, an RLX filter checked with the editor's diagnostics first, rows and
// the total matched, and the query actually sent (so the user can run it again).
import { findRlxPlaceholders, expandRlxPlaceholders } from '../rlx/placeholders';
import { isValidRlxFieldName } from '../rlx/quote';
import { MAX_RESULT_CHARS, MAX_ROWS, fitRows, moreText } from './bounds';
import { type ToolContext, ToolInputError, optionalLimit, optionalString, optionalStringList, requireString } from './context';
import { type ToolResult, errorResult, labelledResult } from './labelling';
import { readableSchema, resolveApp } from './records';
import { checkRlx, describeRlxProblems } from './rlxCheck';
import { recordRow } from './rows';

export async function queryRecords(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const ref = await resolveApp(ctx, requireString(input, 'app'));
  const written = optionalString(input, 'rlx');
  const fields = optionalStringList(input, 'fields') ?? [];
  const sort = optionalString(input, 'sort');
  const limit = optionalLimit(input, 'limit', MAX_ROWS, 20);
  const schema = await readableSchema(ctx, ref);
  for (const field of fields) {
    if (!isValidRlxFieldName(field) || !Object.hasOwn(schema.fields ?? {}, field)) throw new ToolInputError(`${ref.workspace}/${ref.app} has no field "${field}". records_describe_app lists its fields.`);
  }
  if (sort !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*( (asc|desc))?$/i.test(sort)) throw new ToolInputError(`"${sort}" is not a sort: write a field and a direction, e.g. "creation_date desc".`);
  let rlx = written;
  if (written !== undefined) {
    const workspaces = await ctx.catalog.workspaces(ctx.connectionId);
    const users = workspaces.find((w) => w.alias === ref.workspace)?.users ?? [];
    const problems = checkRlx(written, ref, schema, users).filter((p) => p.severity === 'error');
    if (problems.length > 0) {
      return errorResult(`The RLX filter was not sent: it has ${problems.length} problem${problems.length === 1 ? '' : 's'}. Fix ${problems.length === 1 ? 'it' : 'them'} and call records_query again.\n${describeRlxProblems(problems)}`);
    }
    rlx = await filterToSend(ctx, written);
  }
  const listOfFields = ['id', 'number', 'title', 'state', 'project_alias', 'publishing_alias', ...fields].join(',');
  const page = await ctx.client.listRecords(ref, { limitRecords: limit, listOfFields, ...(rlx ? { rlx } : {}), ...(sort ? { sortBy: sort } : {}) }, { signal: ctx.signal });
  ctx.catalog.learnPeople(ctx.connectionId, page.data, schema);
  const people = ctx.catalog.people(ctx.connectionId);
  const rows = page.data.map((record) => recordRow(record, schema, people, fields));
  const { kept } = fitRows(rows, MAX_RESULT_CHARS - 900);
  const total = page.filteredRecordsCount;
  const countText = page.countsEstimated ? `at least ${total}` : String(total);
  const summary = `${ref.workspace}/${ref.app}: ${countText} record${total === 1 ? '' : 's'} match${rlx ? '' : ' (no filter)'}, ${kept.length} shown.`;
  const query = { app: `${ref.workspace}/${ref.app}`, rlx: rlx ?? null, sort: sort ?? null, limit };
  return labelledResult(ctx.connectionName, summary, { total, shown: kept.length, query, rows: kept }, moreText(total - kept.length, 'a stricter rlx filter, fewer fields, or records_aggregate to count'));
}

/** The filter as the service takes it: placeholders (`@me`, `@today`) replaced for the signed-in user. */
export async function filterToSend(ctx: ToolContext, written: string): Promise<string> {
  if (findRlxPlaceholders(written).length === 0) return written;
  const user = await ctx.catalog.currentUser(ctx.connectionId, { signal: ctx.signal });
  return expandRlxPlaceholders(written, { userId: user.id, now: new Date(), timeZone: user.timezone ?? 'UTC' }).text;
}
