import type { RlxFieldKind } from '../../core/rlx';
import type { FieldDefinition } from '../../core/contract/types';
import { type AppDefinition, type ValueKind, valueKindOf } from '../model/app-model';
import type { UserPermissions } from './access';

export function rlxKindOf(kind: ValueKind): RlxFieldKind {
  switch (kind) {
    case 'integer':
    case 'real':
      return 'number';
    case 'datetime':
      return 'datetime';
    case 'file':
    case 'filelist':
      return 'list';
    default:
      return 'string';
  }
}

/** The fields a user can use in one scope: one app, or the union over every readable app. */
export class FieldCatalog {
  private readonly fields = new Map<string, FieldDefinition>();

  constructor(readonly apps: readonly AppDefinition[], permissions: UserPermissions) {
    for (const app of apps) {
      for (const def of permissions.visibleFields(app)) if (!this.fields.has(def.name)) this.fields.set(def.name, def);
    }
  }

  get(name: string): FieldDefinition | undefined {
    return this.fields.get(name);
  }

  has(name: string): boolean {
    return this.fields.has(name);
  }

  valueKind(name: string): ValueKind | undefined {
    const def = this.fields.get(name);
    return def && valueKindOf(def);
  }

  rlxKind(name: string): RlxFieldKind | undefined {
    const kind = this.valueKind(name);
    return kind && rlxKindOf(kind);
  }

  all(): FieldDefinition[] {
    return [...this.fields.values()];
  }
}
