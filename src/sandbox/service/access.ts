import type { FieldDefinition } from '../../core/contract/types';
import type { AppDefinition } from '../model/app-model';
import type { ServiceDirectory } from '../model/directory';
import type { UserAccess } from '../model/users';
import type { StoredRecord } from '../store/model';
import type { SandboxUser } from './contract';

const NO_ACCESS: UserAccess = { workspaces: [], hiddenFields: {}, hidesConfidential: true, canWrite: false };

/** What one signed-in user may see and do; built per request from the service's directory. */
export class UserPermissions {
  readonly access: UserAccess;

  constructor(
    readonly user: SandboxUser,
    /** The workspaces, apps and users the service serves. */
    readonly directory: ServiceDirectory,
  ) {
    this.access = directory.findUser(user.id)?.access ?? NO_ACCESS;
  }

  canReadWorkspace(workspace: string): boolean {
    return this.access.workspaces === 'all' || this.access.workspaces.includes(workspace);
  }

  get canWrite(): boolean {
    return this.access.canWrite;
  }

  /** Apps of the scope the user can read (one app, or every readable app when scope is undefined). */
  readableApps(scope?: { workspace: string; app: string }): AppDefinition[] {
    return this.directory.apps.filter((a) => this.canReadWorkspace(a.workspace) && (!scope || (a.workspace === scope.workspace && a.alias === scope.app)));
  }

  isHidden(app: AppDefinition, field: string): boolean {
    return this.access.hiddenFields[`${app.workspace}/${app.alias}`]?.includes(field) ?? false;
  }

  visibleFields(app: AppDefinition): FieldDefinition[] {
    return Object.values(app.fields).filter((f) => !this.isHidden(app, f.name));
  }

  canSeeRecord(record: StoredRecord): boolean {
    if (!this.canReadWorkspace(record.project_alias)) return false;
    return !(this.access.hidesConfidential && record.c_confidential === 'yes');
  }
}
