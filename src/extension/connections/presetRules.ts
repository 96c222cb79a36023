// Pure rules for `records.presetConnections` (no vscode), so they can be unit-tested in Node.
// A preset carries a name, an address and an auth kind, never a secret: the token is asked for
// at sign-in and kept in SecretStorage like any other connection's.
import type { AuthKind, ConnectionInfo } from './connectionInfo';
import { baseUrlProblem, isAuthKind, normalizeBaseUrl } from './connectionRules';

export interface ConnectionPreset {
  name: string;
  baseUrl: string;
  authKind: AuthKind;
}

export interface PresetPlan {
  /** Presets to add now, in the order the setting lists them. */
  add: ConnectionPreset[];
  /** Entries that cannot be used (the caller words them for the user). */
  problems: PresetProblem[];
}

export interface PresetProblem {
  /** Position in the setting's list; -1 when the setting itself is not a list. */
  index: number;
  name?: string;
  reason: 'notList' | 'notObject' | 'noName' | 'badUrl' | 'badAuth';
}

/**
 * What the setting asks for that the connection list does not have yet. A preset is matched
 * by address (the same service under another name is not added twice); one the user removed
 * after it was added (`dismissed`, by address) stays removed.
 */
export function planPresets(setting: unknown, existing: readonly Pick<ConnectionInfo, 'baseUrl'>[], dismissed: readonly string[]): PresetPlan {
  const plan: PresetPlan = { add: [], problems: [] };
  if (!Array.isArray(setting)) {
    if (setting !== undefined && setting !== null) plan.problems.push({ index: -1, reason: 'notList' });
    return plan;
  }
  const known = new Set(existing.map((connection) => connection.baseUrl));
  const gone = new Set(dismissed);
  setting.forEach((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null) {
      plan.problems.push({ index, reason: 'notObject' });
      return;
    }
    const { name, url, auth } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '') {
      plan.problems.push({ index, reason: 'noName' });
      return;
    }
    if (typeof url !== 'string' || baseUrlProblem(url) !== undefined) {
      plan.problems.push({ index, name: name.trim(), reason: 'badUrl' });
      return;
    }
    if (auth !== undefined && !isAuthKind(auth)) {
      plan.problems.push({ index, name: name.trim(), reason: 'badAuth' });
      return;
    }
    const baseUrl = normalizeBaseUrl(url);
    if (known.has(baseUrl) || gone.has(baseUrl)) return;
    known.add(baseUrl);
    plan.add.push({ name: name.trim(), baseUrl, authKind: auth ?? 'authCode' });
  });
  return plan;
}
