// The MCP server's Node flags are one list (src/mcp/nodeFlags.ts): VS Code starts the server with
// it, and so must `npm run mcp` and the configuration docs/agents.md tells people to copy. A flag
// this Node no longer knows would stop the server before its first line, so each is tried here.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MCP_NODE_FLAGS } from '../../../src/mcp/nodeFlags';

const root = join(__dirname, '../../..');

describe('MCP server Node flags', () => {
  it('are the flags of `npm run mcp`', () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    assert.ok(scripts.mcp?.includes(`node ${MCP_NODE_FLAGS.join(' ')} dist/mcp.js`), `npm run mcp: ${scripts.mcp}`);
  });

  it('are the flags of the configuration docs/agents.md shows', () => {
    const docs = readFileSync(join(root, 'docs/agents.md'), 'utf8');
    const args = /"args": (\[[^\]]*\])/.exec(docs)?.[1];
    assert.ok(args, 'docs/agents.md shows an "args" list');
    const shown = JSON.parse(args) as string[];
    assert.deepEqual(shown.slice(0, MCP_NODE_FLAGS.length), [...MCP_NODE_FLAGS]);
    assert.match(shown[MCP_NODE_FLAGS.length] ?? '', /dist\/mcp\.js$/);
  });

  it('are each accepted by this Node', () => {
    const run = spawnSync(process.execPath, [...MCP_NODE_FLAGS, '-e', 'process.stdout.write("up")'], { encoding: 'utf8' });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, 'up');
    assert.equal(run.status, 0);
  });
});
