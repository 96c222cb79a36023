// Types of scripts/layers.mjs for its unit test.
export const EXTENSION_GROUPS: Record<string, string[]>;
export const SANDBOX_LAYERS: Record<string, string[]>;
export const ENTRY: string;
export function extensionGroupOf(file: string): string | undefined;
export function sandboxLayerOf(file: string): string | undefined;
export function layerProblem(from: string, to: string): string | undefined;
export function layerProblems(srcDir?: string): string[];
export function readmeGaps(base?: string): string[];
