// The `@records` chat participant's work (dist/chat.js), loaded on its first request or button
// (src/extension/agents/registerAgents.ts creates the participant at activation).
export { handleChatRequest } from '../agents/chat/chatParticipant';
export { openProposedQuery } from '../agents/chat/proposedQuery';
export type { ProposedQuery } from '../agents/chat/chatQuery';
