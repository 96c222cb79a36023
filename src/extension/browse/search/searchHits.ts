// Search records → the few fields the search view shows. Pure, so it is unit-tested.
import type { RecordData } from '../../../core/contract/types';
import type { SearchHit } from '../../../webview/search/protocol';
import { parseReference, recordReference } from '../../../core/contract/reference';
import { resolvedValue } from '../../../core/records/recordText';

export function toSearchHit(record: RecordData): SearchHit {
  const workspace = typeof record.project_alias === 'string' ? record.project_alias : '';
  const app = typeof record.publishing_alias === 'string' ? record.publishing_alias : '';
  const highlights = Array.isArray(record.__highlights) ? record.__highlights.filter((item): item is string => typeof item === 'string').slice(0, 3) : [];
  return {
    id: record.id,
    title: typeof record.title === 'string' ? record.title : '',
    reference: recordReference(record),
    workspace,
    app,
    state: resolvedValue(record, 'state'),
    highlights,
  };
}

/**
 * The argument `records.openRecord` takes (the tree's record node shape: kind, connectionId,
 * ref, record), built from a search hit; the record editor's command accepts the same shape.
 */
export function searchHitArgument(connectionId: string, hit: SearchHit): { kind: 'record'; id: string; connectionId: string; ref: { workspace: string; app: string }; record: RecordData } {
  return {
    kind: 'record',
    id: `search:${connectionId}:${hit.id}`,
    connectionId,
    ref: { workspace: hit.workspace, app: hit.app },
    record: { id: hit.id, title: hit.title, project_alias: hit.workspace, publishing_alias: hit.app, ...numberOf(hit) },
  };
}

function numberOf(hit: SearchHit): { number?: number } {
  const reference = parseReference(hit.reference, () => [hit.app]);
  return reference ? { number: reference.number } : {};
}
