// Types of scripts/feature-bundles.mjs for the benchmark and the unit tests.
export const FEATURE_BUNDLES: string;
export function isFeatureBundle(path: string): boolean;
export function featureBundles(root?: string): Record<string, string>;
