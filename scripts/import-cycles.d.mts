// Types of scripts/import-cycles.mjs for its unit test.
export const root: string;
export function importGraph(dir: string): Map<string, string[]>;
export function importCycles(graph: Map<string, string[]>): string[][];
