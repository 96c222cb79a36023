import * as assert from 'node:assert/strict';
import type { DiscoveredWorkspace } from '../../../../src/core/api';
import { appPickItems } from '../../../../src/extension/shared/appPickItems';

const workspaces = [
  { alias: 'IT', title: 'IT Operations', users: [], apps: [{ alias: 'TASK', caption: 'Tasks' }, { alias: 'INCIDENT', caption: 'Incidents' }] },
  { alias: 'SALES', title: 'Sales', users: [], apps: [{ alias: 'DEAL', caption: '' }] },
] as unknown as DiscoveredWorkspace[];

describe('the app pick list', () => {
  it('shows each app by its caption, then its reference and its workspace\'s title (what typing finds)', () => {
    assert.deepEqual(appPickItems(workspaces).map(({ label, description }) => [label, description]), [
      ['Tasks', 'IT/TASK · IT Operations'],
      ['Incidents', 'IT/INCIDENT · IT Operations'],
      // An app without a caption is shown by its alias.
      ['DEAL', 'SALES/DEAL · Sales'],
    ]);
  });

  it('puts the app picked last time first, saying so, and leaves the others in order', () => {
    const items = appPickItems(workspaces, { first: { workspace: 'SALES', app: 'DEAL' }, firstNote: 'last used here' });
    assert.deepEqual(items.map((i) => `${i.workspace}/${i.app}`), ['SALES/DEAL', 'IT/TASK', 'IT/INCIDENT']);
    assert.equal(items[0]!.description, 'SALES/DEAL · Sales · last used here');
    assert.equal(items[1]!.description, 'IT/TASK · IT Operations');
  });

  it('changes nothing for a remembered app that is gone', () => {
    const items = appPickItems(workspaces, { first: { workspace: 'HR', app: 'LEAVE' }, firstNote: 'last used here' });
    assert.deepEqual(items.map((i) => i.app), ['TASK', 'INCIDENT', 'DEAL']);
    assert.ok(items.every((i) => !i.description?.includes('last used')));
  });
});
