// What an agent tool answers (language model tool, MCP tool or the tool core itself): a label line
// saying the text comes from the Records Service, then the JSON. Shared by the api, mcp and
// extension-host tests of the agent tools.
import * as assert from 'node:assert/strict';

/** JSON.parse's own type: the tests read the fields they check. */
export type Json = ReturnType<typeof JSON.parse>;

/** The JSON a result carries under its label line. */
export function jsonOf(text: string): Json {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.startsWith('Content from the Records Service'));
  assert.ok(at >= 0, `a labelled result: ${text.slice(0, 300)}`);
  return JSON.parse(lines[at + 1]!);
}
