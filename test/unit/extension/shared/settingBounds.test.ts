// What a repository's .vscode/settings.json may do to us: every number setting has bounds (the
// schema's, and the same ones where it is read), and a setting that makes us send requests,
// changes what we write or skips a confirmation cannot come from the workspace unless the user
// trusts it (restrictedConfigurations) or at all (application/machine scope).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NUMBER_SETTINGS, clampSetting } from '../../../../src/extension/shared/settingBounds';

interface SettingSchema {
  type?: string | string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  scope?: string;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, SettingSchema> } | { properties: Record<string, SettingSchema> }[] };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations?: string[] } };
};
const settings = Object.entries(([] as { properties: Record<string, SettingSchema> }[]).concat(manifest.contributes.configuration).reduce<Record<string, SettingSchema>>((all, group) => ({ ...all, ...group.properties }), {}));
const restricted = new Set(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations ?? []);

/**
 * The settings a workspace may set even in Restricted Mode, each with why that is harmless. A new
 * setting is restricted (or application-scoped) unless it is added here with its reason.
 */
const HARMLESS_FROM_A_WORKSPACE: Record<string, string> = {
  'records.queries.history': 'keeps the queries the user runs on this machine; sends nothing',
  'records.rlx.timeZone': 'the zone `@today` is read in, for queries the user runs',
  'records.results.location': 'where the results grid opens',
  'records.work.todoTriggers': 'which comment words offer "Create Record from TODO"; the user still picks, titles and confirms',
  'records.work.notifyNewlyAssigned': 'shows a notification about polls that run anyway',
};

const isNumber = (schema: SettingSchema): boolean => [schema.type].flat().some((t) => t === 'number' || t === 'integer');

describe('settings a workspace can set', () => {
  it('gives every number setting a minimum and a maximum, the same ones (and default) the code clamps to', () => {
    const numbers = settings.filter(([, schema]) => isNumber(schema));
    assert.ok(numbers.length >= 6, 'the number settings were found');
    for (const [name, schema] of numbers) {
      assert.ok(typeof schema.minimum === 'number' && typeof schema.maximum === 'number', `${name} has a minimum and a maximum`);
      const bounds = (NUMBER_SETTINGS as Record<string, { min: number; max: number; default: number; integer: boolean } | undefined>)[name];
      assert.ok(bounds, `${name} is clamped where read (settingBounds.ts)`);
      assert.deepEqual([bounds.min, bounds.max, bounds.default, bounds.integer], [schema.minimum, schema.maximum, schema.default, schema.type === 'integer'], name);
    }
    assert.deepEqual(Object.keys(NUMBER_SETTINGS).sort(), numbers.map(([name]) => name).sort(), 'no bounds for a setting that is gone');
  });

  it('clamps what settings.json holds, whatever was typed there', () => {
    assert.equal(clampSetting('records.work.pollMinutes', 35_792), 1440);
    assert.equal(clampSetting('records.work.pollMinutes', 0.001), 1);
    assert.equal(clampSetting('records.work.pollMinutes', '5'), 5);
    assert.equal(clampSetting('records.tree.autoRefreshSeconds', 1e12), 86_400);
    assert.equal(clampSetting('records.tree.autoRefreshSeconds', Number.NaN), 0);
    assert.equal(clampSetting('records.tree.pageSize', 12.7), 12);
  });

  it('lets a workspace set only settings that send nothing, write nothing and skip no question, unless trusted', () => {
    const open = settings
      .filter(([name, schema]) => !restricted.has(name) && schema.scope !== 'application' && schema.scope !== 'machine')
      .map(([name]) => name)
      .filter((name) => !(name in HARMLESS_FROM_A_WORKSPACE));
    assert.deepEqual(open, [], 'restrict these (capabilities.untrustedWorkspaces.restrictedConfigurations) or say here why a workspace may set them');
    for (const name of [...restricted, ...Object.keys(HARMLESS_FROM_A_WORKSPACE)]) {
      assert.ok(settings.some(([known]) => known === name), `${name} is a setting`);
    }
  });

  it('never lets a workspace turn off a confirmation, even a trusted one', () => {
    assert.equal(settings.find(([name]) => name === 'records.editor.confirmDelete')?.[1].scope, 'application');
  });
});
