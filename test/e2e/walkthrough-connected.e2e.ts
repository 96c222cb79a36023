// The walkthrough opened in an editor whose Local Sandbox is already connected (as `npm start`
// connects its sandbox while the editor starts, before anyone opens the walkthrough): its first
// step, "Start the sandbox or add a connection", is shown done, so nobody is led to start a
// second sandbox.
import * as assert from 'node:assert/strict';
import { checkedSteps, openWalkthrough, waitUntilChecked } from './support/walkthrough';
import { useWorkbench } from './support/workbench';

describe('the Get Started walkthrough, opened once a sandbox is connected', () => {
  const workbench = useWorkbench();

  it('shows its first step done', async function () {
    this.timeout(180_000);
    const wb = workbench();
    // Connected before the walkthrough was ever opened in this window: its workspaces are listed.
    await wb.startLocalSandbox();
    await wb.expandRow('Local Sandbox');
    await wb.treeRow('IT Operations').waitFor({ state: 'visible', timeout: 30_000 });

    await openWalkthrough(wb);
    await waitUntilChecked(wb, 'connect', 20_000);
    assert.deepEqual(await checkedSteps(wb), ['connect'], 'only the first step is done');
    await wb.screenshot('walkthrough-connected-first-step-done');
  });
});
