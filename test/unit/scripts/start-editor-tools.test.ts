import * as assert from 'node:assert/strict';
import type { Machine } from '../../../scripts/start-editor-tools.mjs' with { 'resolution-mode': 'import' };

describe('npm start: which machines it installs the editor on by itself', () => {
  let unsupportedReason: (machine: Machine) => string | undefined;
  before(async () => {
    ({ unsupportedReason } = await import('../../../scripts/start-editor-tools.mjs'));
  });

  it('installs on Linux x64 with apt', () => {
    assert.equal(unsupportedReason({ platform: 'linux', arch: 'x64', hasApt: true }), undefined);
  });

  it('says in one sentence what to install instead anywhere else', () => {
    for (const [machine, named] of [
      [{ platform: 'darwin', arch: 'arm64', hasApt: false }, 'darwin-arm64'],
      [{ platform: 'win32', arch: 'x64', hasApt: false }, 'win32-x64'],
      [{ platform: 'linux', arch: 'arm64', hasApt: true }, 'linux-arm64'],
      [{ platform: 'linux', arch: 'x64', hasApt: false }, 'Linux x64 without apt'],
    ] as const) {
      const reason = unsupportedReason(machine);
      assert.ok(reason, `${named} is refused`);
      assert.ok(reason.includes(named), reason);
      assert.match(reason, /install VS Code .*`code` command on your PATH, then run `npm start` again\.$/);
      assert.equal(reason.split('. ').length, 1, `one sentence: ${reason}`);
    }
  });
});
