// The global-state keys that follow Settings Sync. `setKeysForSync` replaces the whole set, so
// every synced key is listed here, in one call. None of them holds a secret.
export const SYNCED_STATE_KEYS = {
  /** The connection list (names, addresses, kinds; tokens live in the keychain). */
  connections: 'records.connections',
  /** Saved RLX queries (name, connection id, text). */
  savedQueries: 'records.savedQueries',
} as const;

export const ALL_SYNCED_STATE_KEYS: readonly string[] = Object.values(SYNCED_STATE_KEYS);
