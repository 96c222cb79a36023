// The Records view that the first start shows (src/extension/browse/tree/firstStartReveal.ts)
// arrives a moment after the window opens, when the user may already be typing in a prompt.
// Shown the way the first start shows it, the view opens without taking the keyboard focus, so
// that prompt stays open.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { showRecordsViewKeepingFocus } from '../../src/extension/browse/tree/registerTree';
import { openPrompt } from './support/openPrompt';
import { waitUntil } from '../support/waitUntil';

describe('tree: the Records view shown on the first start', function () {
  this.timeout(30_000);

  it('opens the view and leaves a prompt the user is typing in open', async () => {
    const api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitUntil('the Records view is hidden', () => !api.tree.view.visible);
    const prompt = openPrompt();
    try {
      assert.equal(await prompt.closedAfterAMoment(), false, 'the prompt is open before the view is shown');
      await showRecordsViewKeepingFocus();
      await waitUntil('the Records view is shown', () => api.tree.view.visible);
      assert.equal(await prompt.closedAfterAMoment(), false, 'the prompt stayed open');
    } finally {
      prompt.dispose();
    }
  });
});
