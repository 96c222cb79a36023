/** Structural equality of JSON values; key order does not matter, and null equals a missing value. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!sameValue(ao[k], bo[k])) return false;
  return true;
}

/** The fields whose edited value differs from the loaded one: what a save must send, and nothing else. */
export function changedFields(loaded: Readonly<Record<string, unknown>>, edited: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(edited)) {
    if (!sameValue(loaded[name], value)) changes[name] = value;
  }
  return changes;
}

/** What happened on the server between loading the record and saving it. */
export interface ConflictReport {
  /** Fields the server changed since the editor loaded the record. */
  changedOnServer: string[];
  /** Of those, the ones the user also changed (merging would overwrite the server's value). */
  overlapping: string[];
}

/** Compares the values the editor loaded with the server's current values. */
export function detectConflict(
  loaded: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
  localChanges: Readonly<Record<string, unknown>>,
): ConflictReport {
  const names = new Set([...Object.keys(loaded), ...Object.keys(current)]);
  const changedOnServer = [...names].filter((n) => !sameValue(loaded[n], current[n]));
  const overlapping = changedOnServer.filter((n) => n in localChanges && !sameValue(localChanges[n], current[n]));
  return { changedOnServer, overlapping };
}

/**
 * Merge: the server's current values, with the user's changes on top. Returns the new form values
 * and the changes still to send (a local change equal to the server value is no longer a change).
 */
export function mergeChanges(
  current: Readonly<Record<string, unknown>>,
  localChanges: Readonly<Record<string, unknown>>,
): { values: Record<string, unknown>; changes: Record<string, unknown> } {
  const values = { ...current, ...localChanges };
  return { values, changes: changedFields(current, values) };
}
