// Builders the demo apps are written with (fields, system fields, lookups). The model they
// build is ../model/app-model.ts.
import type { FieldDefinition, LocalizedText, LookupValue } from '../../core/contract/types';

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
