// The My Work view against the sandbox of this run, signed in as a member (Max, IT and SALES):
// it lists exactly the records assigned to him that are not finished, grouped by state; a change
// someone else makes meanwhile shows in the view's badge after one poll; and a storm of 429s
// neither piles polls up nor keeps the pace (the next poll waits longer each time).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordData } from '../../src/core/contract/types';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { stateCategory } from '../../src/extension/browse/tree/model/stateStyle';
import { resolvedValue } from '../../src/core/records/recordText';
import type { MyWorkNode, MyWorkView } from '../../src/extension/work/myWorkView';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { sandboxConnection } from './support/environment';
import { adminPost } from './support/sandboxTruth';
import { waitUntil } from '../support/waitUntil';
import { connectSandbox } from '../support/connectSandbox';

describe('work: the My Work view', function () {
  this.timeout(120_000);
  let api: RecordsExtensionApi;
  let relay: FaultRelay;
  let connectionId: string;
  let rows: MyWorkView;
  const max = () => sandboxConnection().users.find((u) => u.name === 'Max Member')!;

  /** What the sandbox itself says is Max's open work, read as its admin. */
  async function truth(): Promise<RecordData[]> {
    const page = (await adminPost('/api/tickets/list?withTechnicalData=true', {
      limitRecords: 5000,
      rlx: `keeper_id = "${max().id}" AND (project_alias = "IT" OR project_alias = "SALES")`,
    })) as { data: RecordData[] };
    return page.data.filter((r) => !['done', 'failed'].includes(stateCategory(r.state)));
  }

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    relay = await startFaultRelay(sandboxConnection().url);
    connectionId = (await connectSandbox('My Work tests', { baseUrl: relay.url, token: max().token, select: true })).id;
    const feature = await api.work.feature();
    await vscode.commands.executeCommand('records.myWork.focus');
    rows = feature.myWork({ view: api.work.myWorkView, refresh: () => undefined });
    await rows.getChildren();
    if (rows.model.connection !== connectionId) await rows.model.load();
    await waitUntil('My Work to load', () => rows.model.isLoaded && rows.model.connection === connectionId);
  });

  after(async () => {
    await api.connections.remove(connectionId);
    await relay?.close();
  });

  it('lists exactly the records assigned to me that are not done, grouped by state', async () => {
    const expected = await truth();
    assert.ok(expected.length > 0, 'Max has open work in the sandbox');
    const groups = (await rows.getChildren()) as Extract<MyWorkNode, { kind: 'state' }>[];
    const listed = (await Promise.all(groups.map((g) => rows.getChildren(g)))).flat() as Extract<MyWorkNode, { kind: 'myWorkRecord' }>[];
    assert.deepEqual(listed.map((n) => n.record.id).sort(), expected.map((r) => r.id).sort());
    for (const group of groups) {
      assert.equal(group.kind, 'state');
      for (const entry of group.entries) assert.equal(resolvedValue(entry.record, 'state') ?? entry.record.state, group.caption);
      const item = rows.getTreeItem(group);
      assert.equal(item.description, String(group.entries.length));
    }
    const states = new Set(groups.map((g) => g.caption));
    assert.equal(states.size, groups.length, 'one group per state');
    assert.equal(api.work.myWorkView.badge, undefined, 'nothing changed since the first look');
  });

  it('shows a change someone else made in the badge after one poll, and marks the row', async () => {
    const [record] = await truth();
    const listBefore = relay.count('POST', /tickets\/list/);
    await adminPost('/api/tickets/multi', [{ transition: 'edit', id: record!.id, title: `${record!.title ?? ''} (edited by Ada)` }]);
    await rows.poller.pollNow();
    assert.equal(relay.count('POST', /tickets\/list/) - listBefore, 2, 'one request per workspace (IT, SALES)');
    await waitUntil('the badge', () => api.work.myWorkView.badge?.value === 1);
    const groups = await rows.getChildren();
    const listed = (await Promise.all(groups.map((g) => rows.getChildren(g)))).flat() as Extract<MyWorkNode, { kind: 'myWorkRecord' }>[];
    const row = listed.find((n) => n.record.id === record!.id)!;
    assert.match(String(rows.getTreeItem(row).description), /changed/);
    assert.match(String(rows.getTreeItem(row).label), /edited by Ada/);
    await vscode.commands.executeCommand('records.work.myWork.markSeen');
    await waitUntil('the badge to clear', () => api.work.myWorkView.badge === undefined);
  });

  it('does not pile polls up in a storm of 429s, and waits longer after each', async () => {
    const interval = rows.poller.currentDelayMs;
    relay.inject((method, path) => method === 'POST' && /tickets\/list/.test(path), ...Array.from({ length: 8 }, () => ({ kind: 'status' as const, status: 429 })));
    const before = relay.count('POST', /tickets\/list/);
    // Asked five times while the first is under way: one poll.
    const polls = [rows.poller.pollNow(), rows.poller.pollNow(), rows.poller.pollNow(), rows.poller.pollNow(), rows.poller.pollNow()];
    assert.equal(new Set(polls).size, 1);
    await Promise.all(polls);
    // The client retries a read three times on 429 (1 s, 2 s, 4 s) before the poll gives up.
    const firstStorm = relay.count('POST', /tickets\/list/) - before;
    assert.equal(firstStorm, 4, 'one poll: its first request and the client\'s own three retries');
    assert.equal(rows.poller.currentDelayMs, interval * 2);
    await rows.poller.pollNow();
    assert.equal(relay.count('POST', /tickets\/list/) - before, 8);
    assert.equal(rows.poller.currentDelayMs, interval * 4);
    // The storm is over: one request per workspace, and the pace returns to the interval.
    await rows.poller.pollNow();
    assert.equal(relay.count('POST', /tickets\/list/) - before, 10);
    assert.equal(rows.poller.currentDelayMs, interval);
    assert.equal(rows.poller.inFlight, false);
  });
});
