// Every alias goes through encodeURIComponent: aliases come from users and servers. "." and
// ".." are refused: encodeURIComponent leaves them as they are, and /api/w/../a/../tickets/list
// may be normalised by the service (or a proxy) into another list than the one named.
import { type AppRef } from '../contract/types';
import { RecordsApiError } from './errors';

/** True for a path segment that a URL resolver would remove or climb with: `.`, `..`, or nothing. */
export function isDotSegment(part: string): boolean {
  return part === '' || part === '.' || part === '..';
}

function segment(part: string, what: string): string {
  if (isDotSegment(part)) {
    throw new RecordsApiError(`"${part}" is not a valid ${what}. Check the ${what} in the query or link, then try again.`, { code: 'invalid_alias' });
  }
  return encodeURIComponent(part);
}

export function listPath(scope: AppRef | undefined): string {
  return scope ? `/api/w/${segment(scope.workspace, 'workspace alias')}/a/${segment(scope.app, 'app alias')}/tickets/list` : '/api/tickets/list';
}

export function schemaPath(ref: AppRef): string {
  return `/api/schema/${segment(ref.workspace, 'workspace alias')}!${segment(ref.app, 'app alias')}`;
}

export function workspacePath(alias: string): string {
  return `/api/projects/${segment(alias, 'workspace alias')}`;
}

export function downloadPath(fileUid: string): string {
  return `/api/download/${segment(fileUid, 'file id')}`;
}

export const CURRENT_USER_PATH = '/api/common';
export const SEARCH_PATH = '/api/tickets/search';
export const HISTORY_PATH = '/api/tickets/history';
export const BATCH_PATH = '/api/tickets/multi';
