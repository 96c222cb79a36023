// The catalog keeps a connection's facts while it reaches the same service as the same kind of
// account with the same pinned workspaces (in any order), and drops them when one of those changes.
import * as assert from 'node:assert/strict';
import type { RecordsClient } from '../../../../src/core/api';
import { type CatalogConnectionInfo, ConnectionCatalog } from '../../../../src/core/catalog/connectionCatalog';
import { useSandbox } from '../../../support/sandbox';

const TASK = { workspace: 'IT', app: 'TASK' };

describe('connection catalog: whose facts are still good', function () {
  this.timeout(30_000);
  const sandbox = useSandbox({ records: 5 });
  let client: RecordsClient;

  before(() => {
    client = sandbox.client();
  });

  it('keeps facts across a reorder of the pins, drops them for another address, kind, issuer or pin', async () => {
    let info: CatalogConnectionInfo = { baseUrl: sandbox.url, authKind: 'authCode', pinnedWorkspaces: ['IT', 'HR'] };
    const catalog = new ConnectionCatalog({ get: () => info, client: () => Promise.resolve(client) });
    const read = async () => {
      await catalog.schema('c1', TASK);
      assert.ok(catalog.knownSchema('c1', TASK));
    };
    await read();
    info = { ...info, pinnedWorkspaces: ['HR', 'IT'] };
    assert.ok(catalog.knownSchema('c1', TASK), 'the same pins in another order');
    info.pinnedWorkspaces!.push('HR');
    assert.equal(catalog.knownSchema('c1', TASK), undefined, 'a pin more (changed in place)');
    for (const change of [{ baseUrl: `${sandbox.url}/` }, { authKind: 'bearer' }, { issuer: 'https://id.example' }, { pinnedWorkspaces: ['IT', 'SALES'] }]) {
      info = { baseUrl: sandbox.url, authKind: 'authCode', pinnedWorkspaces: ['IT', 'HR'] };
      await read();
      info = { ...info, ...change };
      assert.equal(catalog.knownSchema('c1', TASK), undefined, JSON.stringify(change));
    }
    info = { baseUrl: sandbox.url, authKind: 'authCode', issuer: '', pinnedWorkspaces: ['HR', 'IT'] };
    await read();
    info = { baseUrl: sandbox.url, authKind: 'authCode', pinnedWorkspaces: ['IT', 'HR'] };
    assert.ok(catalog.knownSchema('c1', TASK), 'no issuer is an empty one, as in connectionKey');
  });
});
