import type { AppRef, AppSchema, CurrentUser, Workspace } from '../../core/contract/types';
import type { UserPermissions } from './access';
import type { SandboxUser } from './contract';
import { notFound } from './errors';

export function describeCurrentUser(user: SandboxUser): CurrentUser {
  return { id: user.id, name: user.name, email: user.email, timezone: user.timezone, is_admin: user.is_admin };
}

/** Contract 2.3; `{}` for a workspace the user cannot read, 404 for one that does not exist. */
export function describeWorkspace(permissions: UserPermissions, alias: string): Workspace {
  const ws = permissions.directory.workspaces.find((w) => w.alias === alias);
  if (!ws) throw notFound(`There is no workspace "${alias}". Check the alias (e.g. IT, SALES, HR).`);
  if (!permissions.canReadWorkspace(alias)) return {};
  const members = permissions.directory.users.filter((u) => u.access.workspaces === 'all' || u.access.workspaces.includes(alias));
  return {
    alias: ws.alias,
    title: ws.title,
    tabs: ws.apps.map((a) => ({ process_alias: a.alias, resolved_caption: a.caption, position: a.position })),
    workspace_users: members.map((u) => ({ id: u.id, name: u.name, role: u.role })),
  };
}

/** Contract 2.4 without the fields the user cannot read. */
export function describeSchema(permissions: UserPermissions, ref: AppRef): AppSchema {
  const app = permissions.directory.findApp(ref.workspace, ref.app);
  if (!app) throw notFound(`There is no app "${ref.app}" in workspace "${ref.workspace}". Check both aliases.`);
  if (!permissions.canReadWorkspace(app.workspace)) return {};
  const fields = Object.fromEntries(permissions.visibleFields(app).map((f) => [f.name, { ...f }]));
  const lookups = Object.fromEntries(Object.entries(app.lookups).filter(([name]) => Object.hasOwn(fields, name)).map(([name, values]) => [name, values.map((v) => ({ ...v }))]));
  return {
    id: app.schemaId,
    fields,
    lookups,
    transitions: app.actions.map((a) => ({ alias: a.alias, caption: a.caption, visible: a.visible })),
  };
}
