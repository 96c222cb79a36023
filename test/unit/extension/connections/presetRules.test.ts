import * as assert from 'node:assert/strict';
import { planPresets } from '../../../../src/extension/connections/presetRules';

describe('preset connection rules', () => {
  it('adds presets the list does not have, with normalized addresses and authCode by default', () => {
    const plan = planPresets(
      [
        { name: ' Staging ', url: 'https://staging.example.com/api/' },
        { name: 'Production', url: 'https://records.example.com', auth: 'oauth' },
      ],
      [],
      [],
    );
    assert.deepEqual(plan.add, [
      { name: 'Staging', baseUrl: 'https://staging.example.com', authKind: 'authCode' },
      { name: 'Production', baseUrl: 'https://records.example.com', authKind: 'oauth' },
    ]);
    assert.deepEqual(plan.problems, []);
  });

  it('skips an address already configured or removed by the user, and a duplicate in the setting', () => {
    const plan = planPresets(
      [
        { name: 'Same service, other name', url: 'https://records.example.com/' },
        { name: 'Removed', url: 'https://old.example.com' },
        { name: 'New', url: 'https://new.example.com' },
        { name: 'New again', url: 'https://new.example.com/api' },
      ],
      [{ baseUrl: 'https://records.example.com' }],
      ['https://old.example.com'],
    );
    assert.deepEqual(plan.add.map((preset) => preset.name), ['New']);
  });

  it('names every entry it cannot use and never adds it', () => {
    const plan = planPresets(
      [
        'https://x.example.com',
        { url: 'https://noname.example.com' },
        { name: 'Creds', url: 'https://user:pw@example.com' },
        { name: 'Ftp', url: 'ftp://example.com' },
        { name: 'Kind', url: 'https://kind.example.com', auth: 'password' },
        { name: 'Proto', url: 'https://proto.example.com', ['__proto__']: { auth: 'x' } },
      ],
      [],
      [],
    );
    assert.deepEqual(plan.problems, [
      { index: 0, reason: 'notObject' },
      { index: 1, reason: 'noName' },
      { index: 2, name: 'Creds', reason: 'badUrl' },
      { index: 3, name: 'Ftp', reason: 'badUrl' },
      { index: 4, name: 'Kind', reason: 'badAuth' },
    ]);
    assert.deepEqual(plan.add.map((preset) => preset.name), ['Proto']);
  });

  it('reports a setting that is not a list, and treats an unset one as empty', () => {
    assert.deepEqual(planPresets({ name: 'x' }, [], []).problems, [{ index: -1, reason: 'notList' }]);
    assert.deepEqual(planPresets(undefined, [], []), { add: [], problems: [] });
  });
});
