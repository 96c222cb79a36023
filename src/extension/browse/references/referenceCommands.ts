// Command ids and arguments shared by the main bundle (which registers the commands) and the
// references bundle (which puts them in links and hovers): ids, argument shapes, command URIs.
import type { RecordData } from '../../../core/contract/types';
import type { RecordReference } from '../../../core/contract/reference';
import { searchHitArgument, toSearchHit } from '../search/searchHits';

export const REFERENCE_COMMANDS = {
  /** Opens a reference whose record was not resolved yet (or was not found). */
  open: 'records.references.open',
  copyLink: 'records.references.copyLink',
  findReferences: 'records.findReferencesToRecord',
} as const;

/** The tree's command that opens a record in the record editor. */
export const OPEN_RECORD_COMMAND = 'records.openRecord';

export interface OpenReferenceArgs {
  connectionId: string;
  reference: RecordReference;
}

/** The argument `records.openRecord` takes (a tree record node's shape), as the search view builds it. */
export function openRecordArgument(connectionId: string, reference: RecordReference, record: RecordData): unknown {
  return searchHitArgument(connectionId, toSearchHit({ ...record, project_alias: reference.workspace, publishing_alias: reference.app, number: reference.number }));
}

/** A `command:` URI, as links and trusted hover actions need. */
export function commandUri(command: string, args: unknown[]): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}
