import type { SandboxUser, ServiceUser, UserAccess } from '../model/users';

export type { UserAccess } from '../model/users';
export { publicUser } from '../model/users';

/** A demo user: a service user with a well-known token (see README.md). */
export type DemoUser = ServiceUser;

function user(
  n: number,
  name: string,
  role: SandboxUser['role'],
  token: string,
  access: Partial<UserAccess> & Pick<UserAccess, 'workspaces'>,
): DemoUser {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const login = name.split(' ')[0].toLowerCase();
  return {
    id,
    name,
    email: `${login}@sandbox.example`,
    role,
    token,
    timezone: n % 2 === 0 ? 'Europe/Berlin' : 'UTC',
    is_admin: role === 'admin',
    access: {
      hiddenFields: {},
      hidesConfidential: false,
      canWrite: role !== 'readonly',
      ...access,
    },
  };
}

/** The fixed demo users; ids and tokens are documented in ./README.md and used by other tests. */
export const DEMO_USERS: readonly DemoUser[] = [
  user(1, 'Ada Admin', 'admin', 'sandbox-admin-token', { workspaces: 'all' }),
  user(2, 'Max Member', 'member', 'sandbox-member-token', { workspaces: ['IT', 'SALES'] }),
  user(3, 'Rita Restricted', 'restricted', 'sandbox-restricted-token', {
    workspaces: ['IT', 'HR'],
    hiddenFields: { 'IT/TASK': ['c_cost'] },
    hidesConfidential: true,
  }),
  user(4, 'Rob Reader', 'readonly', 'sandbox-readonly-token', { workspaces: ['IT', 'SALES'] }),
  user(5, 'Grace Hopper', 'member', 'sandbox-grace-token', { workspaces: ['IT', 'SALES', 'HR'] }),
  user(6, 'Linus Torvalds', 'member', 'sandbox-linus-token', { workspaces: ['IT'] }),
  user(7, 'Margaret Hamilton', 'member', 'sandbox-margaret-token', { workspaces: ['IT', 'HR'] }),
  user(8, 'Alan Turing', 'member', 'sandbox-alan-token', { workspaces: ['SALES', 'HR'] }),
];
