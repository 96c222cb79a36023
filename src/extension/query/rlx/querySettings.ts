// The user's settings for running queries, read at run time so a change applies to the next run.
import * as vscode from 'vscode';
import type { RlxQueryDefaults } from '../../../core/rlx/document';
import type { ExtensionCatalog } from '../../connections/connectionCatalog';
import type { RlxRunDefaults } from './queryRunner';
import { clampSetting } from '../../shared/settingBounds';

/** What a block without `@limit` gets (`records.rlx.defaultLimit`), and the zone of `@today` (`records.rlx.timeZone`). */
export function rlxQueryDefaults(): RlxQueryDefaults {
  const settings = vscode.workspace.getConfiguration('records.rlx');
  const configured = settings.get<unknown>('defaultLimit');
  const limit = configured === undefined ? undefined : clampSetting('records.rlx.defaultLimit', configured);
  const timeZone = settings.get<string>('timeZone')?.trim();
  return { ...(limit === undefined ? {} : { limit }), ...(timeZone ? { timeZone } : {}) };
}

/** The defaults of a run on `connectionId`, with `@me` from the connection's catalog. */
export function rlxRunDefaults(catalog: ExtensionCatalog, connectionId: string): RlxRunDefaults {
  return { ...rlxQueryDefaults(), currentUser: () => catalog.currentUser(connectionId) };
}
