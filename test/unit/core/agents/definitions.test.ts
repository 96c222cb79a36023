// The tools a model sees in VS Code (package.json's languageModelTools) are the ones the MCP
// server lists (core/agents/definitions.ts): same names, descriptions and input schemas.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_TOOLS } from '../../../../src/core/agents';

interface ManifestTool {
  name: string;
  modelDescription: string;
  inputSchema: unknown;
  when?: string;
  toolReferenceName?: string;
  canBeReferencedInPrompt?: boolean;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { languageModelTools: ManifestTool[]; configuration: { properties: Record<string, unknown> } } };

describe('agent tool definitions', () => {
  it('package.json contributes every tool with the same description and input schema', () => {
    const contributed = manifest.contributes.languageModelTools;
    assert.deepEqual(contributed.map((t) => t.name), AGENT_TOOLS.map((t) => t.name));
    for (const tool of AGENT_TOOLS) {
      const entry = contributed.find((t) => t.name === tool.name)!;
      assert.equal(entry.modelDescription, tool.description, tool.name);
      assert.deepEqual(entry.inputSchema, tool.inputSchema, tool.name);
      assert.ok(entry.canBeReferencedInPrompt && entry.toolReferenceName, `${tool.name} can be named with #`);
    }
  });

  it('hides exactly the write tools when writes are turned off', () => {
    for (const tool of AGENT_TOOLS) {
      const entry = manifest.contributes.languageModelTools.find((t) => t.name === tool.name)!;
      assert.equal(entry.when, tool.writes ? 'config.records.agents.writeTools' : undefined, tool.name);
    }
    assert.ok(manifest.contributes.configuration.properties['records.agents.writeTools']);
  });

  it('annotates reads as read-only and writes as not', () => {
    for (const tool of AGENT_TOOLS) {
      assert.equal(tool.annotations.readOnlyHint, !tool.writes, tool.name);
      for (const required of tool.inputSchema.required ?? []) assert.ok(required in tool.inputSchema.properties, `${tool.name}.${required}`);
    }
  });
});
