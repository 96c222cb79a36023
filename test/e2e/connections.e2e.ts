// Connections as a person uses them in the browser-hosted editor: the welcome actions, the
// Add Connection prompts, and OAuth sign-in through the sandbox's real sign-in page, whose
// redirect comes back through code-server to the extension's URI handler.
import * as assert from 'node:assert/strict';
import { requireSandbox } from './support/environment';
import { answerQuickInput, startPromptingCommand } from './support/quickInput';
import { useWorkbench } from './support/workbench';

describe('connections in the browser-hosted editor', () => {
  const workbench = useWorkbench();

  it('offers the connection actions in the Records view', async () => {
    const wb = workbench();
    await wb.openViewContainer('Records');
    const welcome = wb.welcomeContent();
    // Another spec may already have connected; then the tree shows instead of the welcome.
    // Wait for whichever the view draws first: right after the window opens it may show neither.
    await welcome.or(wb.treeRows().first()).first().waitFor({ state: 'visible', timeout: 30_000 });
    if (await welcome.isVisible()) {
      await welcome.getByRole('button', { name: 'Add Connection…' }).waitFor({ state: 'visible' });
      await welcome.getByRole('button', { name: 'Start Local Sandbox' }).waitFor({ state: 'visible' });
    } else {
      await wb.treeRows().first().waitFor({ state: 'visible' });
    }
    await wb.screenshot('connections-01-records-view');
  });

  it('adds an OAuth connection with the prompts and signs in on the sandbox page', async function () {
    this.timeout(90_000);
    const wb = workbench();
    const sandbox = requireSandbox();
    await startPromptingCommand(wb.page, 'Records: Add Connection…');
    await answerQuickInput(wb.page, /\(1\/4\)/, 'OAuth E2E');
    await answerQuickInput(wb.page, /\(2\/4\)/, sandbox.url);
    const popup = wb.page.context().waitForEvent('page', { timeout: 30_000 });
    await answerQuickInput(wb.page, /\(3\/4\)/, 'OAuth');
    const signInPage = await popup;
    await signInPage.waitForLoadState('domcontentloaded');
    await wb.screenshot('connections-02-signing-in');
    // Same folder and naming as the workbench shots, but of the sign-in tab.
    await signInPage.screenshot({ path: (await wb.screenshot('connections-03-sign-in-page')) });
    await signInPage.getByRole('button', { name: /Ada Admin/ }).waitFor({ state: 'visible' });
    // The page's form posts to an absolute /connect/authorize, which code-server's port proxy
    // (/proxy/<port>/) does not route; login_hint takes the same path the form would.
    const choose = new URL(signInPage.url());
    choose.searchParams.set('login_hint', 'Ada Admin');
    await signInPage.goto(choose.toString());
    const status = wb.page.locator('.part.statusbar').getByText('OAuth E2E: Ada Admin');
    await status.waitFor({ state: 'visible', timeout: 30_000 });
    assert.ok(await status.isVisible());
    await wb.screenshot('connections-04-signed-in');
    await signInPage.close().catch(() => undefined);
  });
});
