// Entry of dist/connectionCommands.js: what the connection commands do (prompts, rules), loaded
// when one of them first runs. Registered at activation by src/extension/connections/connectionCommands.ts.
export { ConnectionCommands } from '../connectionCommandHandlers';
