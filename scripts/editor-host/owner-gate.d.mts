// Types of owner-gate.mjs for the tests.
export declare const KEY_PARAM: string;
export declare const GATE_PROBE_PATH: string;
export declare function makeKey(): string;
export declare function startOwnerGate(options: { port: number; socket: string; key?: string }): Promise<{ port: number; url: string; openUrl: string; close(): Promise<void> }>;
export declare function refusal(req: import("node:http").IncomingMessage, gate: { hosts: string[]; key: string }): { status: number; reason: string } | undefined;
export declare function gateAnswersAt(port: number): Promise<boolean>;
