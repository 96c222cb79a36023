// A tool's `rlx` argument made ready to send, the same way for every tool that takes one
// (records_query, records_aggregate): checked with the `.rlx` diagnostics against the app's
// schema and people, its values resolved to ids, its placeholders expanded. Each tool words its
// own refusal, so the problems come back rather than a finished message.
import type { AppRef, AppSchema } from '../contract/types';
import type { RlxScopeSchema } from '../rlx/language';
import type { ToolContext } from './context';
import { filterCheck } from './filterCheckOnDemand';
import { type ResolvedValue, currentUserOrNone, resolveFilterValues, resolveFindings, valueScope } from './filterValues';
import { type RlxProblem, checkRlxFilter } from './rlxCheck';

export type PreparedFilter = { problems: RlxProblem[] } | { problems?: undefined; rlx: string; resolved: ResolvedValue[] };

/** `written` checked (errors only refuse it), resolved and expanded; throws ToolInputError for a value that cannot be resolved. */
export async function prepareFilter(ctx: ToolContext, ref: AppRef, schema: AppSchema, written: string): Promise<PreparedFilter> {
  // Read already on most calls (the app was found in them): taken without waiting a turn.
  const workspaces = ctx.catalog.knownWorkspaces(ctx.connectionId, { kept: false }) ?? (await ctx.catalog.workspaces(ctx.connectionId));
  const users = workspaces.find((w) => w.alias === ref.workspace)?.users ?? [];
  // Parsed and walked once: the check finds the values to resolve as it goes, so it is given what
  // they resolve against (no schema: nothing to check them with). A filter the check read under a
  // header (a title, a comment line) is walked again by resolveFilterValues.
  let scope: RlxScopeSchema | undefined;
  if (schema.fields) scope = valueScope(ctx, schema, users, ctx.catalog.knownUser(ctx.connectionId) ?? (await currentUserOrNone(ctx)));
  const checked = checkRlxFilter(written, ref, scope, { errorsOnly: true });
  const { problems } = checked;
  if (problems.length > 0) return { problems };
  const values = checked.findings ? await resolveFindings(ctx, written, checked.findings) : await resolveFilterValues(ctx, schema, users, written, checked.parsed);
  return { rlx: await filterToSend(ctx, values.rlx), resolved: values.resolved };
}

/** The filter as the service takes it: placeholders (`@me`, `@today`) replaced for the signed-in user. */
export async function filterToSend(ctx: ToolContext, written: string): Promise<string> {
  if (filterCheck().findRlxPlaceholders(written).length === 0) return written;
  const user = await ctx.catalog.currentUser(ctx.connectionId, { signal: ctx.signal });
  return filterCheck().expandRlxPlaceholders(written, { userId: user.id, now: new Date(), timeZone: user.timezone ?? 'UTC' }).text;
}
