// Types of code-server.mjs for the TypeScript benchmarks.
export declare const baseUserSettings: Record<string, unknown>;

export interface EditorProfile {
  root: string;
  userDataDir: string;
  extensionsDir: string;
  workspaceDir: string;
  configFile: string;
  dispose(): void;
}

export interface RunningEditor {
  url: string;
  stop(): Promise<void>;
}

export declare function assertEditorToolsInstalled(): void;
export declare function createEditorProfile(options?: { settings?: Record<string, unknown> }): EditorProfile;
export declare function openPersistentProfile(root: string, options?: { settings?: Record<string, unknown>; workspaceDir?: string }): Omit<EditorProfile, 'dispose'>;
export declare function installExtensions(profile: Omit<EditorProfile, 'dispose'>, vsixPaths: string[]): Promise<void>;
export declare function startCodeServer(profile: Omit<EditorProfile, 'dispose'>, options?: { logFile?: string; env?: Record<string, string>; timeoutMs?: number }): Promise<RunningEditor>;
