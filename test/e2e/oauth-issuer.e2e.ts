// Sign-in against an identity provider nobody here wrote, as a person does it in the browser:
// panva's oidc-provider (OpenID Certified) is the issuer, a sandbox started with --oidc-issuer
// trusts it. The provider's own login and consent pages are filled in in Chromium; after the
// provider revokes the grant and the access token runs out, the extension asks to sign in again.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/api';
import type { TestIssuer } from '../support/host/oidc-issuer.mjs' with { 'resolution-mode': 'import' };
import { removeConnection } from './support/connections';
import { answerQuickInput, startPromptingCommand } from './support/quickInput';
import { useWorkbench } from './support/workbench';

const ACCESS_TOKEN_SECONDS = 8;

/**
 * code-server forwards the loopback URLs it opens through its port proxy (`/proxy/<port>/`),
 * where the provider's cookies and absolute form actions part ways. On the same machine the
 * browser reaches the provider directly, as it would reach a real one: such requests are
 * redirected there before they leave the browser.
 */
async function reachIssuerDirectly(page: Page, issuerUrl: string): Promise<void> {
  const marker = `/proxy/${new URL(issuerUrl).port}/`;
  await page.context().route(
    (url) => url.pathname.includes(marker),
    (route) => {
      const proxied = new URL(route.request().url());
      const path = proxied.pathname.slice(proxied.pathname.indexOf(marker) + marker.length - 1);
      return route.fulfill({ status: 302, headers: { location: `${issuerUrl}${path}${proxied.search}` } });
    },
  );
}

describe('OAuth sign-in through an external OpenID Provider (oidc-provider)', () => {
  const workbench = useWorkbench();
  let issuer: TestIssuer;
  let sandbox: RunningSandbox;
  let dataDir: string;

  before(async () => {
    const { startTestIssuer } = await import('../support/host/oidc-issuer.mjs');
    issuer = await startTestIssuer({ accessTokenSeconds: ACCESS_TOKEN_SECONDS });
    dataDir = mkdtempSync(join(tmpdir(), 'records-e2e-oidc-'));
    sandbox = await startSandbox({ dataDir, port: 0, records: 50, oidcIssuer: issuer.url });
  });
  after(async () => {
    await sandbox?.close();
    await issuer?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in on the provider\'s login and consent pages and reads the tree', async function () {
    this.timeout(120_000);
    const wb = workbench();
    await wb.openViewContainer('Records');
    await reachIssuerDirectly(wb.page, issuer.url);
    await startPromptingCommand(wb.page, 'Records: Add Connection…');
    await answerQuickInput(wb.page, /\(1\/4\)/, 'OIDC E2E');
    await answerQuickInput(wb.page, /\(2\/4\)/, sandbox.url);
    const popup = wb.page.context().waitForEvent('page', { timeout: 30_000 });
    await answerQuickInput(wb.page, /\(3\/4\)/, 'OAuth');
    const tab = await popup;
    await tab.waitForLoadState('domcontentloaded');
    const login = tab.locator('input[name="login"]');
    await login.waitFor({ state: 'visible' });
    await login.fill('ada');
    await tab.locator('input[name="password"]').fill('any password');
    await tab.screenshot({ path: await wb.screenshot('oidc-01-provider-login') });
    await tab.getByRole('button', { name: 'Sign-in' }).click();
    const allow = tab.getByRole('button', { name: 'Continue' });
    await allow.waitFor({ state: 'visible' }).catch(async (error: unknown) => {
      throw new Error(`No consent page at ${tab.url()}: ${(await tab.textContent('body'))?.slice(0, 300)}`, { cause: error });
    });
    await tab.screenshot({ path: await wb.screenshot('oidc-02-provider-consent') });
    await allow.click();
    const status = wb.page.locator('.part.statusbar').getByText('OIDC E2E: Ada Admin');
    await status.waitFor({ state: 'visible', timeout: 30_000 });
    await tab.close().catch(() => undefined);
    await wb.expandRow(/OIDC E2E/);
    await wb.treeRow('IT Operations').waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(issuer.counts.signIns, 1, 'one authorization code redeemed at the provider');
    await wb.screenshot('oidc-03-signed-in-tree');
  });

  it('asks to sign in again once the provider revoked the grant and the token ran out', async function () {
    this.timeout(120_000);
    const wb = workbench();
    await issuer.revokeAllGrants();
    // The extension refreshes a fifth of the lifetime before expiry: wait until then, then read.
    await new Promise((resolve) => setTimeout(resolve, ACCESS_TOKEN_SECONDS * 1000));
    await wb.runCommand('Records: Refresh');
    const prompt = await wb.waitForNotification(/Your sign-in to OIDC E2E has ended/, 30_000);
    await prompt.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
    await wb.page.locator('.part.statusbar').getByText('OIDC E2E: signed out').waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(issuer.counts.refreshFailures >= 1, true, 'the refresh was refused at the provider');
    await wb.screenshot('oidc-04-asked-to-sign-in-again');
    await removeConnection(wb, 'OIDC E2E');
    await wb.page.locator('.part.statusbar').getByText('OIDC E2E').waitFor({ state: 'hidden' });
  });
});
