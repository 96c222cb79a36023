// The `records.references.*` settings, read where they are used so a change applies at once.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';

export const REFERENCES_SECTION = 'records.references';

export interface ReferenceSettings {
  enabled: boolean;
  /** Language ids where typing `WS/APP` offers records. */
  completionLanguages: string[];
  /** `https://…/{workspace}/{app}/{number}` (also `{id}`); empty: no "Open in Browser". */
  webUrlTemplate: string;
}

export function referenceSettings(): ReferenceSettings {
  const config = vscode.workspace.getConfiguration(REFERENCES_SECTION);
  const languages = config.get<unknown>('completionLanguages');
  return {
    enabled: config.get<boolean>('enabled', true) !== false,
    completionLanguages: Array.isArray(languages) ? languages.filter((l): l is string => typeof l === 'string' && l !== '') : ['markdown', 'plaintext', 'scminput'],
    webUrlTemplate: (config.get<string>('webUrlTemplate', '') ?? '').trim(),
  };
}

/**
 * The connection that resolves references: the one named (or with the id) in
 * `records.references.connection`, else the active one.
 */
export function referenceConnectionId(connections: ConnectionManager): string | undefined {
  const wanted = (vscode.workspace.getConfiguration(REFERENCES_SECTION).get<string>('connection', '') ?? '').trim();
  if (wanted) {
    const chosen = connections.list().find((c) => c.id === wanted) ?? connections.list().find((c) => c.name === wanted);
    if (chosen) return chosen.id;
  }
  return connections.activeId;
}
