import type { AppRef } from '../../core/contract/types';
import type { AppDefinition } from '../model/app-model';
import type { StoredRecord } from '../store/model';
import type { RecordStore } from '../store/record-store';
import type { UserPermissions } from './access';
import { invalidRequest, notFound } from './errors';
import { FieldCatalog } from './field-catalog';

/** The readable apps of a request's scope; an unknown app is 404, an unreadable one is empty. */
export function resolveScope(permissions: UserPermissions, scope: AppRef | undefined): AppDefinition[] {
  if (scope && !permissions.directory.findApp(scope.workspace, scope.app)) {
    throw notFound(`There is no app "${scope.app}" in workspace "${scope.workspace}". Check both aliases.`);
  }
  return permissions.readableApps(scope);
}

export function catalogFor(permissions: UserPermissions, apps: readonly AppDefinition[]): FieldCatalog {
  return new FieldCatalog(apps, permissions);
}

export function* visibleRecords(store: RecordStore, permissions: UserPermissions, apps: readonly AppDefinition[]): Generator<StoredRecord> {
  for (const app of apps) {
    for (const record of store.inApp(app.workspace, app.alias)) if (permissions.canSeeRecord(record)) yield record;
  }
}

function nonNegativeInteger(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw invalidRequest(`${name} must be a non-negative number; got ${JSON.stringify(value)}.`);
  return Math.floor(n);
}

/** `limitRecords`/`skipRecords` as non-negative integers (numeric strings from loose clients accepted). */
export function pagingOf(params: { limitRecords?: unknown; skipRecords?: unknown }, defaultLimit = 10): { limit: number; skip: number } {
  return {
    limit: nonNegativeInteger(params.limitRecords, defaultLimit, 'limitRecords'),
    skip: nonNegativeInteger(params.skipRecords, 0, 'skipRecords'),
  };
}
