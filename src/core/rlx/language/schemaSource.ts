// What the language features need to know about the service, from whatever cache the host
// keeps. Synchronous on purpose: completion must answer in milliseconds, so the host loads
// schemas ahead (and the features degrade to syntax-only help while a schema is unknown).
import type { FieldDefinition, LookupValue, WorkspaceUser } from '../../contract/types';
import type { RlxScope } from '../document';

/** The signed-in user, when known: a name or e-mail of theirs becomes `@me` in a quick fix. */
export interface RlxSignedInUser {
  id: string;
  name?: string;
  email?: string;
}

export interface RlxScopeSchema {
  /** Field definitions by db name. */
  fields: Readonly<Record<string, FieldDefinition>>;
  /** Lookup values by field db name. */
  lookups: Readonly<Record<string, readonly LookupValue[]>>;
  /** The people who can be named in person fields. */
  users: readonly WorkspaceUser[];
  /** The signed-in user when known: their name or e-mail in a person field becomes `@me`. */
  me?: RlxSignedInUser;
}

export interface RlxWorkspaceAliases {
  alias: string;
  title?: string;
  apps: readonly { alias: string; caption?: string }[];
}

export interface RlxSchemaSource {
  /** The schema for a block's scope, or undefined while it is not known (no field checks then). */
  schemaFor(scope: RlxScope): RlxScopeSchema | undefined;
  /** Workspaces and their apps, or undefined while not known (no `@app` checks then). */
  workspaces(): readonly RlxWorkspaceAliases[] | undefined;
  /** Names of the connections `@connection` may name, or undefined when not known (no checks then). */
  connectionNames?(): readonly string[] | undefined;
}

/** A source that knows nothing: syntax-only features. */
export const EMPTY_RLX_SCHEMA_SOURCE: RlxSchemaSource = {
  schemaFor: () => undefined,
  workspaces: () => undefined,
};
