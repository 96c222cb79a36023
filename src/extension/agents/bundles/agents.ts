// The agents bundle (dist/agents.js): the language model tools' work, loaded on the first tool
// call (src/extension/agents/registerAgents.ts registers the tools at activation).
export { invokeAgentTool, prepareAgentTool } from '../lmTools';
