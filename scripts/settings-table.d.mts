// Types of scripts/settings-table.mjs for its unit test.
export const START: string;
export const END: string;
export function settingsTable(manifest: object, nls: Record<string, string>): string;
export function withTable(readme: string, table: string): string;
export function currentTable(): string;
