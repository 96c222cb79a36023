// Types of chromium.mjs for the TypeScript benchmarks.
import type { Browser } from 'playwright-core';

export declare const chromiumArgs: string[];
export declare const viewport: { width: number; height: number };
export declare function launchChromium(): Promise<Browser>;
