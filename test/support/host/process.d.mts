// Types of process.mjs for the TypeScript benchmarks.
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export declare function run(command: string, args: string[], options?: SpawnOptions): Promise<void>;
export declare function stopProcessGroup(child: ChildProcess | undefined, graceMs?: number): Promise<void>;
export declare function seconds(sinceMs: number): string;
