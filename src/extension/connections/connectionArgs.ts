// Commands are invoked from the palette (no argument), from tree items (a node) and from tests
// and scripts (an id or an options object): accept all of them.
import type { AuthKind } from './connectionInfo';
import { isAuthKind } from './connectionRules';

/** The connection id carried by a command argument, whatever its shape. */
export function connectionIdFromArg(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as Record<string, unknown>;
  if (typeof o.connectionId === 'string') return o.connectionId;
  const connection = o.connection as Record<string, unknown> | undefined;
  if (typeof connection === 'object' && connection !== null && typeof connection.id === 'string') return connection.id;
  return undefined;
}

/** Prefilled answers for "Add Connection"; any missing one is asked for. */
export interface AddConnectionArgs {
  name?: string;
  baseUrl?: string;
  authKind?: AuthKind;
  /** OAuth: the issuer to sign in at when the service does not advertise it. */
  issuer?: string;
  token?: string;
  /** Skip the token step (sign in later). */
  skipSignIn?: boolean;
  /** Make it the active connection (default true). */
  select?: boolean;
}

export function addConnectionArgs(arg: unknown): AddConnectionArgs {
  if (typeof arg !== 'object' || arg === null) return {};
  const o = arg as Record<string, unknown>;
  return {
    name: typeof o.name === 'string' ? o.name : undefined,
    baseUrl: typeof o.baseUrl === 'string' ? o.baseUrl : undefined,
    authKind: isAuthKind(o.authKind) ? o.authKind : undefined,
    issuer: typeof o.issuer === 'string' ? o.issuer : undefined,
    token: typeof o.token === 'string' ? o.token : undefined,
    skipSignIn: o.skipSignIn === true,
    select: o.select !== false,
  };
}

/** Options of "Sign In" after the connection argument. */
export interface SignInArgs {
  token?: string;
  loginHint?: string;
}

export function signInArgs(arg: unknown): SignInArgs {
  if (typeof arg !== 'object' || arg === null) return {};
  const o = arg as Record<string, unknown>;
  return {
    token: typeof o.token === 'string' ? o.token : undefined,
    loginHint: typeof o.loginHint === 'string' ? o.loginHint : undefined,
  };
}
