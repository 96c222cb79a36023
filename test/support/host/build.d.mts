// Types of build.mjs for the TypeScript benchmarks.
export declare function packageExtension(options?: { skipBuild?: boolean; fileName?: string }): Promise<string>;
export declare function packageRunnerExtension(options?: { name?: string }): Promise<string>;
export declare function packageStaticExtension(source: string, fileName: string): Promise<string>;
export declare function bundleIntegrationTests(options?: { only?: string[]; exclude?: string[]; name?: string }): Promise<string>;
