// The one reading of a command argument that names an app of a connection: a row of the Records
// view (`{connectionId, ref, …}`, treeNodes.ts) or the flat form other callers pass
// (`{connectionId, workspace, app, …}`). Commands of several groups (editor, pivot, reveal) take
// both; each then checks the fields it needs itself.

export interface CommandArgument {
  /** The argument's own fields. */
  fields: Record<string, unknown>;
  connectionId: string;
  /** Where the app is named: the node's `ref`, or the argument itself when it is flat. */
  ref: Record<string, unknown>;
}

/** The argument's connection and app fields; undefined unless it is an object with a string `connectionId`. */
export function commandArgument(arg: unknown): CommandArgument | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const fields = arg as Record<string, unknown>;
  if (typeof fields.connectionId !== 'string') return undefined;
  const ref = typeof fields.ref === 'object' && fields.ref !== null ? (fields.ref as Record<string, unknown>) : fields;
  return { fields, connectionId: fields.connectionId, ref };
}
