// Types of sandbox.mjs for the TypeScript benchmarks.
export interface BundledSandboxUser {
  id: string;
  name: string;
  email: string;
  token: string;
  is_admin?: boolean;
  role?: string;
}

export interface BundledSandbox {
  url: string;
  adminToken: string;
  users: BundledSandboxUser[];
  caPath?: string;
  connectionFile?: string;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

export declare function startBundledSandbox(options?: { connectionFile?: string; records?: number; tls?: boolean }): Promise<BundledSandbox | undefined>;
