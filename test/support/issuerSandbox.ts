// A sandbox that trusts an external OpenID Provider (--oidc-issuer) for the calling `describe`:
// panva's oidc-provider (test/support/host/oidc-issuer.mjs) started first, since the sandbox is
// told its URL, then the sandbox; after the tests the sandbox goes first, then the provider. Both
// objects are filled in by the `before` hook, so read them only inside hooks and tests.
import type { TestIssuer, startTestIssuer } from './host/oidc-issuer.mjs' with { 'resolution-mode': 'import' };
import { startTestSandbox, type TestSandbox } from './sandbox';

export function useIssuerSandbox(issuerOptions?: Parameters<typeof startTestIssuer>[0]): { issuer: TestIssuer; sandbox: TestSandbox } {
  const issuer = {} as TestIssuer;
  const sandbox = {} as TestSandbox;
  before(async () => {
    const { startTestIssuer: start } = await import('./host/oidc-issuer.mjs');
    Object.assign(issuer, await start(issuerOptions));
    Object.assign(sandbox, await startTestSandbox({ oidcIssuer: issuer.url }));
  });
  after(async () => {
    await sandbox.dispose?.();
    await issuer.close?.();
  });
  return { issuer, sandbox };
}
