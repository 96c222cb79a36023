import { fieldKindOf } from '../../core/schema/fieldKind';
import type { FieldDefinition, LocalizedText, LookupValue } from '../../core/contract/types';

/** An app-defined action: allowed in `from` states, moves to `to` (if any), may set fields. */
export interface ActionDefinition {
  alias: string;
  caption: string;
  visible: boolean;
  from: readonly string[];
  to?: string;
  sets?: Readonly<Record<string, string>>;
}

export interface AppDefinition {
  workspace: string;
  alias: string;
  caption: string;
  position: number;
  schemaId: string;
  fields: Readonly<Record<string, FieldDefinition>>;
  lookups: Readonly<Record<string, readonly LookupValue[]>>;
  actions: readonly ActionDefinition[];
  initialState: string;
  /** Empty apps get no demo records (so discovery of empty tabs matters). */
  seeded: boolean;
}

export interface WorkspaceDefinition {
  alias: string;
  title: string;
  apps: readonly AppDefinition[];
}

/** How the sandbox treats a field's values (filters, validation, display). */
export type ValueKind = 'text' | 'integer' | 'real' | 'datetime' | 'lookup' | 'person' | 'link' | 'richtext' | 'file' | 'filelist';

/** The sandbox's value rules per kind (core/schema/fieldKind.ts, the one reading of the markers). */
export function valueKindOf(def: FieldDefinition): ValueKind {
  const kind = fieldKindOf(def);
  switch (kind) {
    case 'authorinfo':
      return 'person';
    case 'boolean':
    case 'unknown':
      return 'text';
    default:
      return kind;
  }
}

interface FieldOptions {
  caption: LocalizedText;
  type: string;
  fieldType?: string;
  pre?: string;
  post?: string;
  defaultValue?: string;
  help?: LocalizedText;
  readOnly?: boolean;
  grid?: boolean;
  linkTarget?: { workspace: string; app: string };
}

export function field(name: string, o: FieldOptions): FieldDefinition {
  const def: FieldDefinition = {
    name,
    ed_caption: o.caption,
    ed_custom_field_type: o.type,
    field_type: o.fieldType ?? (o.type === 'datetime' ? 'datetime' : 'string'),
    ed_formatting_pre: o.pre ?? '',
    ed_formatting_post: o.post ?? '',
    ed_default_value_expression: o.defaultValue ?? '',
    ed_help_text: o.help ?? '',
    ed_read_only: o.readOnly ?? false,
    ed_in_grid: o.grid ?? false,
  };
  if (o.type === 'file' || o.type === 'filelist') def.ed_control_type = o.type;
  if (o.linkTarget) def.ed_link_target = o.linkTarget;
  return def;
}

/** Fields every app has (contract 2.1). */
export function systemFields(workspace: string, app: string): Record<string, FieldDefinition> {
  const fields = [
    field('id', { caption: 'ID', type: 'text', readOnly: true }),
    field('number', { caption: { en: 'Number', de: 'Nummer' }, type: 'number', fieldType: 'integer', readOnly: true, grid: true }),
    field('title', { caption: { en: 'Title', de: 'Titel' }, type: 'text', grid: true, help: 'A short summary shown in lists.' }),
    field('description', { caption: { en: 'Description', de: 'Beschreibung' }, type: 'richtext' }),
    field('creation_date', { caption: 'Created', type: 'datetime', readOnly: true, grid: true }),
    field('update_date', { caption: 'Updated', type: 'datetime', readOnly: true }),
    field('project_alias', { caption: 'Workspace', type: 'text', readOnly: true }),
    field('publishing_alias', { caption: 'App', type: 'text', readOnly: true }),
    field('state', { caption: { en: 'State', de: 'Status' }, type: 'lookup', readOnly: false, grid: true }),
    field('priority', { caption: { en: 'Priority', de: 'Priorität' }, type: 'lookup', grid: true, defaultValue: 'normal' }),
    field('keeper_id', { caption: { en: 'Assignee', de: 'Bearbeiter' }, type: 'person', grid: true }),
    field('created_by_account_id', { caption: 'Created by', type: 'authorinfo', readOnly: true }),
    field('update_account_id', { caption: 'Updated by', type: 'authorinfo', readOnly: true }),
    field('parent_id', { caption: { en: 'Parent', de: 'Übergeordnet' }, type: 'lookup_link_to_entity', linkTarget: { workspace, app } }),
    field('attachments', { caption: { en: 'Attachments', de: 'Anhänge' }, type: 'filelist' }),
  ];
  return Object.fromEntries(fields.map((f) => [f.name, f]));
}

export function lookup(...pairs: [string, string][]): LookupValue[] {
  return pairs.map(([id, caption]) => ({ id, caption }));
}
