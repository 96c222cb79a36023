// Types of scripts/export-names.mjs for its unit test.
export const SHARED_NAMES: Record<string, string>;
export function exportedNames(dir?: string): Map<string, string[]>;
export function duplicateNames(dir?: string): string[];
