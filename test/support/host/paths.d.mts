// Types of paths.mjs for the TypeScript benchmarks.
export declare const repoRoot: string;
export declare const toolsDir: string;
export declare const node24Bin: string;
export declare const codeServerBin: string;
export declare const chromiumPath: string;
export declare const outDir: string;
export declare const resultsDir: string;
export declare const extensionId: string;
