// The bounds of every number setting, as package.json declares them (a manifest test keeps the
// two equal). The schema's minimum and maximum only make the Settings editor complain: a value
// typed into settings.json, or set by a workspace, arrives as written. So every reader clamps
// here, and a timer built from the value goes through timerDelay as well.

interface NumberBounds {
  min: number;
  max: number;
  default: number;
  /** Whole numbers only (`"type": "integer"`). */
  integer: boolean;
}

export const NUMBER_SETTINGS = {
  'records.tree.pageSize': { min: 1, max: 500, default: 50, integer: true },
  'records.tree.autoRefreshSeconds': { min: 0, max: 86_400, default: 0, integer: true },
  'records.files.uploadChunkMiB': { min: 1, max: 4096, default: 64, integer: true },
  'records.rlx.liveCount.delayMs': { min: 100, max: 10_000, default: 500, integer: true },
  'records.rlx.defaultLimit': { min: 1, max: 10_000, default: 100, integer: true },
  'records.work.pollMinutes': { min: 1, max: 1440, default: 5, integer: false },
} as const satisfies Record<string, NumberBounds>;

export type NumberSettingName = keyof typeof NUMBER_SETTINGS;

/** The value of a number setting as we use it: in its bounds, its default when not a number. */
export function clampSetting(name: NumberSettingName, value: unknown): number {
  const bounds: NumberBounds = NUMBER_SETTINGS[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) return bounds.default;
  const n = bounds.integer ? Math.floor(value) : value;
  return Math.min(bounds.max, Math.max(bounds.min, n));
}
