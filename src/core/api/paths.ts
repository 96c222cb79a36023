// Every alias goes through encodeURIComponent: aliases come from users and servers.
import { type AppRef } from '../contract/types';

const encode = encodeURIComponent;

export function listPath(scope: AppRef | undefined): string {
  return scope ? `/api/w/${encode(scope.workspace)}/a/${encode(scope.app)}/tickets/list` : '/api/tickets/list';
}

export function schemaPath(ref: AppRef): string {
  return `/api/schema/${encode(ref.workspace)}!${encode(ref.app)}`;
}

export function workspacePath(alias: string): string {
  return `/api/projects/${encode(alias)}`;
}

export function downloadPath(fileUid: string): string {
  return `/api/download/${encode(fileUid)}`;
}

export const CURRENT_USER_PATH = '/api/common';
export const SEARCH_PATH = '/api/tickets/search';
export const HISTORY_PATH = '/api/tickets/history';
export const BATCH_PATH = '/api/tickets/multi';
