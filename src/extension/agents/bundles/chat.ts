// The `@records` chat participant's work (dist/chat.js), loaded on its first request or button
// (src/extension/agents/registerAgents.ts creates the participant at activation).
export { handleChatRequest } from '../chat/chatParticipant';
export { openProposedQuery } from '../chat/proposedQuery';
