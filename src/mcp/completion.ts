// Completion of prompt and resource template arguments (MCP `completion/complete`): workspaces,
// apps and record numbers from the catalog and the service, so a client can offer
// `records://IT/TASK/12.md` or a prompt's app from a list instead of a guess.
import type { CompleteRequest, CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import { referenceText } from '../core/contract/reference';
import type { ToolContext } from '../core/agents';

/** The most values one answer holds (MCP's own limit). */
const MAX_VALUES = 100;

export async function completeArgument(ctx: ToolContext, params: CompleteRequest['params']): Promise<CompleteResult> {
  const { name, value } = params.argument;
  const known = params.context?.arguments ?? {};
  const wanted = value.trim().toLowerCase();
  const workspaces = await ctx.catalog.workspaces(ctx.connectionId);
  const apps = workspaces.flatMap((w) => w.apps.map((a) => ({ workspace: w.alias, app: a.alias })));
  let values: string[] = [];
  if (name === 'workspace') values = workspaces.map((w) => w.alias);
  else if (name === 'app' && params.ref.type === 'ref/resource') values = apps.filter((a) => a.workspace.toLowerCase() === (known.workspace ?? '').toLowerCase()).map((a) => a.app);
  else if (name === 'app') values = apps.map((a) => `${a.workspace}/${a.app}`);
  else if (name === 'number') values = await numbers(ctx, known.workspace, known.app);
  else if (name === 'record') {
    // `IT/TASK12`: once an app is written, its record numbers; before that, the apps.
    const app = apps.find((a) => wanted.startsWith(`${a.workspace}/${a.app}`.toLowerCase()) && /^\d*$/.test(wanted.slice(`${a.workspace}/${a.app}`.length)));
    values = app ? (await numbers(ctx, app.workspace, app.app)).map((n) => referenceText({ ...app, number: n })) : apps.map((a) => `${a.workspace}/${a.app}`);
  }
  const matching = values.filter((v) => v.toLowerCase().startsWith(wanted));
  return { completion: { values: matching.slice(0, MAX_VALUES), total: matching.length, hasMore: matching.length > MAX_VALUES } };
}

/** The numbers of an app's latest records (newest first). */
async function numbers(ctx: ToolContext, workspace: string | undefined, app: string | undefined): Promise<string[]> {
  if (!workspace || !app || !/^[A-Za-z0-9_-]+$/.test(workspace) || !/^[A-Za-z0-9_-]+$/.test(app)) return [];
  const page = await ctx.client.listRecords({ workspace, app }, { listOfFields: 'number', sortBy: 'number desc', limitRecords: MAX_VALUES }, { signal: ctx.signal }).catch(() => undefined);
  return (page?.data ?? []).map((record) => String(record.number ?? '')).filter((n) => n !== '');
}
