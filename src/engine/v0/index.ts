/**
 * OpenHands V0 (All-Hands-AI/OpenHands at 156d068): its condensers, View, ConversationMemory and the
 * replay of V0 logs.
 *
 * Glossary (use these words, not synonyms):
 * - event: one entry of an OpenHands log (an action or an observation), identified by an integer id.
 * - history: the events the agent controller keeps (no null or agent-state events, nothing hidden).
 * - View: what the condenser receives and the agent is shown; `View.from_events` builds it from the
 *   history by dropping forgotten events and inserting the latest summary.
 * - condensation: an action that forgets events (by id list or inclusive range) and may carry a summary.
 * - condenser: turns a View into a View (masking...) or into a condensation (rolling condensers).
 */
export * from './agentCalls.ts';
export * from './condenser.ts';
export * from './config.ts';
export * from './condensers/index.ts';
export * from './events.ts';
export * from './history.ts';
export * from './messages/index.ts';
export * from './replay.ts';
export * from './tokens.ts';
export * from './stepView.ts';
export * from './view.ts';
export { eventMessage, eventPromptText, eventTokenText } from './prompts/eventText.ts';
export { pyJsonDumps } from './prompts/pythonRepr.ts';
export { type MatchingBlock, type Opcode, type OpcodeTag, SequenceMatcher } from './prompts/difflib.ts';
export { DEFAULT_SUMMARY_TEMPLATE } from './prompts/summarizing.ts';
export { DEFAULT_STRUCTURED_TEMPLATE, STATE_SUMMARY_FIELDS, renderStateSummary } from './prompts/structured.ts';
export * from './forgotten.ts';
