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

/** Most records one list, search or history answer holds (contract 8: "500 or lower; page instead"). */
export const MAX_LIMIT_RECORDS = 500;

function nonNegativeInteger(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw invalidRequest(`${name} must be a non-negative number; got ${JSON.stringify(value)}.`);
  return Math.floor(n);
}

/**
 * `limitRecords`/`skipRecords` as non-negative integers (numeric strings from loose clients
 * accepted). A larger `limitRecords` is cut to MAX_LIMIT_RECORDS, as a service caps its page
 * size: the counts in the answer still tell how many match, so a client pages for the rest.
 */
export function pagingOf(params: { limitRecords?: unknown; skipRecords?: unknown }, defaultLimit = 10): { limit: number; skip: number } {
  return {
    limit: Math.min(nonNegativeInteger(params.limitRecords, defaultLimit, 'limitRecords'), MAX_LIMIT_RECORDS),
    skip: nonNegativeInteger(params.skipRecords, 0, 'skipRecords'),
  };
}
