// records_describe_app: what a model needs to write a correct filter or change for one app:
// fields with kinds, lookup values, people, actions. Long lists are cut, and say so.
import type { AppRef, AppSchema, WorkspaceUser } from '../contract/types';
import { localizedText } from '../text/localizedText';
import { fieldKindOf } from '../schema/fieldKind';
import { type ToolContext, requireString } from './context';
import { type ToolResult, labelledResult } from './labelling';
import { readableSchema, resolveApp } from './records';

const MAX_LOOKUP_VALUES = 30;
const MAX_PEOPLE = 40;

export interface AppDescription {
  app: string;
  fields: { name: string; caption: string; kind: string; readOnly?: true; values?: string[]; moreValues?: number; linksTo?: string }[];
  actions: { action: string; caption: string }[];
  people: { id: string; name: string }[];
  morePeople?: number;
}

export async function describeApp(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const ref = await resolveApp(ctx, requireString(input, 'app'));
  const schema = await readableSchema(ctx, ref);
  const workspaces = await ctx.catalog.workspaces(ctx.connectionId);
  const users = workspaces.find((w) => w.alias === ref.workspace)?.users ?? [];
  const description = appDescription(ref, schema, users);
  const summary = `${description.app}: ${description.fields.length} fields, ${description.actions.length} actions. Use the db names (name) and lookup db values (before "=") in RLX and in changes.`;
  return labelledResult(ctx.connectionName, summary, description);
}

/** The schema as a model reads it; shared with the chat participant's prompt. */
export function appDescription(ref: AppRef, schema: AppSchema, users: readonly WorkspaceUser[], maxValues = MAX_LOOKUP_VALUES): AppDescription {
  const fields = Object.values(schema.fields ?? {}).map((field) => {
    const kind = fieldKindOf(field);
    const values = schema.lookups?.[field.name] ?? [];
    return {
      name: field.name,
      caption: localizedText(field.ed_caption, 'en', field.name),
      kind,
      ...(field.ed_read_only ? { readOnly: true as const } : {}),
      ...(values.length > 0 ? { values: values.slice(0, maxValues).map((v) => (v.caption && v.caption !== v.id ? `${v.id}=${v.caption}` : v.id)) } : {}),
      ...(values.length > maxValues ? { moreValues: values.length - maxValues } : {}),
      ...(field.ed_link_target ? { linksTo: `${field.ed_link_target.workspace}/${field.ed_link_target.app}` } : {}),
    };
  });
  const people = users.filter((u) => u.id).map((u) => ({ id: u.id!, name: u.name }));
  return {
    app: `${ref.workspace}/${ref.app}`,
    fields,
    actions: (schema.transitions ?? []).filter((t) => t.visible !== false).map((t) => ({ action: t.alias, caption: t.caption })),
    people: people.slice(0, MAX_PEOPLE),
    ...(people.length > MAX_PEOPLE ? { morePeople: people.length - MAX_PEOPLE } : {}),
  };
}
