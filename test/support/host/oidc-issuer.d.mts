// Types of oidc-issuer.mjs for the TypeScript tests.
export declare const TEST_CLIENT_ID: string;
export declare const TEST_AUDIENCE: string;

export interface TestIssuer {
  url: string;
  provider: unknown;
  counts: { refreshes: number; refreshFailures: number; signIns: number; revocations: number };
  sign(claims?: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>;
  revokeAllGrants(): Promise<void>;
  close(): Promise<void>;
}

export declare function startTestIssuer(options?: { accessTokenSeconds?: number; refreshTokens?: boolean }): Promise<TestIssuer>;
