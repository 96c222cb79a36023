// The sandbox's domain model: what an app, a workspace and an action are, and how a field's
// values are treated. The service layer works on these; the demo data (../demo) is one set of them.
import { fieldKindOf } from '../../core/schema/fieldKind';
import type { FieldDefinition, LookupValue } from '../../core/contract/types';

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

