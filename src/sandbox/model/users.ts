// A user of the sandbox's service with what they may read and do.

export type SandboxRole = 'admin' | 'member' | 'restricted' | 'readonly';

export interface SandboxUser {
  id: string;
  name: string;
  email: string;
  role: SandboxRole;
  /** Fixed, documented `SVC_AUTH_CODE` token of a demo user. */
  token: string;
  timezone: string;
  is_admin: boolean;
}

/** Which workspaces a user may read, and what else limits them. */
export interface UserAccess {
  /** Workspace aliases, or 'all' for admins. */
  workspaces: readonly string[] | 'all';
  /** Fields hidden from the user, keyed `WS/APP`. */
  hiddenFields: Readonly<Record<string, readonly string[]>>;
  /** Record-level rule: records with `c_confidential = "yes"` are invisible. */
  hidesConfidential: boolean;
  canWrite: boolean;
}

export interface ServiceUser extends SandboxUser {
  access: UserAccess;
}

/** Public view of a user (what the transport and the contract know). */
export function publicUser(u: ServiceUser): SandboxUser {
  const { access: _access, ...rest } = u;
  return rest;
}
