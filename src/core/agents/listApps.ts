// records_list_apps: the workspaces and apps this connection can read, with record counts and
// the signed-in user's role in each workspace, so an agent learns the apps from an answer
// instead of from an error. Everything comes from the catalog (the one home of these facts).
import { MAX_RESULT_CHARS, fitRows } from './bounds';
import type { ToolContext } from './context';
import { type ToolResult, labelledResult } from './labelling';

export async function listApps(ctx: ToolContext, _input: Record<string, unknown>): Promise<ToolResult> {
  const [workspaces, me] = await Promise.all([
    ctx.catalog.workspaces(ctx.connectionId),
    ctx.catalog.currentUser(ctx.connectionId, { signal: ctx.signal }),
  ]);
  const rows = workspaces.map((workspace) => {
    const member = workspace.users.find((user) => user.id !== undefined && user.id.toLowerCase() === me.id.toLowerCase());
    return {
      workspace: workspace.alias,
      title: workspace.title,
      // The role the workspace gives the signed-in user; what it allows is the service's rule.
      yourRole: me.is_admin === true ? 'admin' : (member?.role ?? null),
      apps: workspace.apps.map((app) => ({ app: `${workspace.alias}/${app.alias}`, caption: app.caption, records: app.count })),
    };
  });
  const { kept, omitted, json: workspacesJson } = fitRows(rows, MAX_RESULT_CHARS - 700, 200);
  const apps = rows.reduce((sum, row) => sum + row.apps.length, 0);
  const summary = `Signed in as ${me.name}${me.is_admin === true ? ' (admin)' : ''}: ${rows.length} workspace${rows.length === 1 ? '' : 's'} with ${apps} app${apps === 1 ? '' : 's'} you can read. "records" counts the records you can read; use the app as WORKSPACE/APP in the other tools.`;
  return labelledResult(ctx.connectionName, summary, { signedInAs: { id: me.id, name: me.name, admin: me.is_admin === true }, workspaces: kept }, omitted > 0 ? `${omitted} more workspaces not shown (the answer is bounded): name an app you know as WORKSPACE/APP in records_describe_app.` : undefined, { workspaces: workspacesJson });
}
