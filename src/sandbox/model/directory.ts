// What a sandbox serves: its workspaces with their apps, and its users. The service layer is
// given one (SandboxServiceOptions.directory) by whoever starts it; the demo's is
// ../demo/directory.ts.
import type { AppDefinition, WorkspaceDefinition } from './app-model';
import type { ServiceUser } from './users';

export interface ServiceDirectory {
  readonly workspaces: readonly WorkspaceDefinition[];
  readonly apps: readonly AppDefinition[];
  readonly users: readonly ServiceUser[];
  findApp(workspace: string, app: string): AppDefinition | undefined;
  findUser(id: string): ServiceUser | undefined;
}

export function createDirectory(workspaces: readonly WorkspaceDefinition[], users: readonly ServiceUser[]): ServiceDirectory {
  const apps = workspaces.flatMap((workspace) => workspace.apps);
  const byRef = new Map(apps.map((app) => [`${app.workspace}/${app.alias}`, app]));
  const byId = new Map(users.map((user) => [user.id, user]));
  return {
    workspaces,
    apps,
    users,
    findApp: (workspace, app) => byRef.get(`${workspace}/${app}`),
    findUser: (id) => byId.get(id),
  };
}
