// Types of sandbox.mjs for the TypeScript benchmarks.
export interface TestSandboxUser {
  id: string;
  name: string;
  email: string;
  token: string;
  is_admin?: boolean;
  role?: string;
}

export interface TestSandbox {
  url: string;
  adminToken: string;
  users: TestSandboxUser[];
  caPath?: string;
  connectionFile?: string;
  close(): Promise<void>;
}

export declare function startTestSandbox(options?: { connectionFile?: string; records?: number; tls?: boolean }): Promise<TestSandbox | undefined>;
