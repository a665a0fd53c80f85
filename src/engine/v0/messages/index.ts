/**
 * The last mile of V0: the chat messages OpenHands' CodeActAgent built from the view a condenser handed
 * it (spec/agent-messages.md §1). Templates reach it through the `AgentTemplates` port.
 */
export {
  type AgentMessageOptions,
  type AgentRequest,
  AgentMessagesError,
  DEFAULT_MAX_MESSAGE_CHARS,
  buildAgentRequest,
} from './agentMessages.ts';
export { AGENT_TEMPLATE_FILES, type AgentTemplateName, type AgentTemplates } from './templates.ts';
export { type MessagePartsCache, newMessagePartsCache } from './draft.ts';
export { IncrementalMeasure } from './incrementalMeasure.ts';
export { eventTextDigests } from './eventTexts.ts';
