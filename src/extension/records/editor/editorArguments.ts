import type { EditorIdentity } from '../../../webview/editor/protocol';
import { commandArgument } from '../../shared/commandArgument';

/**
 * Reads the argument of `records.openRecordEditor` / `records.newRecord`: a tree node
 * (`{connectionId, ref, record}` or an app node `{connectionId, ref}`), an editor identity
 * (`{connectionId, workspace, app, recordId?}`), or `{connectionId, ref, recordId}` from results.
 */
export function identityFromArgument(arg: unknown): EditorIdentity | undefined {
  const argument = commandArgument(arg);
  if (!argument) return undefined;
  const { fields: a, connectionId, ref } = argument;
  const record = typeof a.record === 'object' && a.record !== null ? (a.record as Record<string, unknown>) : undefined;
  const workspace = ref.workspace ?? record?.project_alias;
  const app = ref.app ?? record?.publishing_alias;
  if (typeof workspace !== 'string' || typeof app !== 'string') return undefined;
  const recordId = record?.id ?? a.recordId;
  const identity: EditorIdentity = { connectionId, workspace, app };
  if (typeof recordId === 'string' && recordId !== '') identity.recordId = recordId;
  return identity;
}

/** The record's number when the argument carries it (a tree node): the tab title needs it. */
export function numberFromArgument(arg: unknown): number | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Record<string, unknown>;
  const record = typeof a.record === 'object' && a.record !== null ? (a.record as Record<string, unknown>) : undefined;
  const number = record?.number ?? a.number;
  return typeof number === 'number' ? number : undefined;
}
