/**
 * The OpenHands Agent SDK ("V1") condenser engine, pure like the V0 one beside it.
 *
 * Glossary (SDK terms):
 * - event: one SDK event, identified by a string id and tagged by `kind` (the SDK's class name).
 * - View: the LLM-convertible events the agent is shown; condensations apply to it in log order,
 *   every summary (`<condensation id>-summary`) stays until a later condensation forgets it.
 * - manipulation indices: where the view may be cut without separating an action from its
 *   observation, a batch, or an extended-thinking tool loop (the four View properties).
 * - rules: which SDK version's semantics apply: `1.43.1` (pinned) or `2025-09` (older logs).
 * - step: one LLM call of the agent; the condenser runs just before it.
 * - agent messages: what the agent's LLM received for a step's view (`sdkAgentMessages`): the events as
 *   SDK `Message`s (observations as their tool renders them), serialized by `to_chat_dict` under a
 *   profile (anthropic: prompt-cache breakpoints; openai: none).
 */
export * from './agentMessages.ts';
export { type ChatSerialization, type SdkChatMessage, toChatDict } from './chatDict.ts';
export * from './agentCalls.ts';
export * from './condenser.ts';
export * from './config.ts';
export {
  SDK_CONDENSERS,
  SDK_CONDENSER_KINDS,
  type SdkCondenserDefinition,
  sdkCondenserDefinition,
} from './condensers/index.ts';
export * from './contextWindow.ts';
export * from './errors.ts';
export * from './events.ts';
export { eventString } from './eventText.ts';
export { LegacySummarizingCondenser, type LegacySummarizingSettings } from './legacySummarizing.ts';
export { LegacyViewTracker, withoutUnmatchedToolCalls } from './legacyView.ts';
export * from './llmMessage.ts';
export * from './llmSummarizing.ts';
export * from './log.ts';
export { ManipulationIndices } from './manipulationIndices.ts';
export * from './messages.ts';
export * from './observation.ts';
export { summarizingPromptParts } from './prompt.ts';
export * from './properties.ts';
export * from './replay.ts';
export { sha256Hex } from './sha256.ts';
export * from './ruleDates.ts';
export { TRUNCATE_NOTICE, codePointLength, maybeTruncate } from './text.ts';
export {
  DEFAULT_TEXT_CONTENT_LIMIT,
  SDK_TRUNCATE_NOTICE,
  pythonLineCount,
  pythonPathJoin,
  sdkMaybeTruncate,
} from './truncation.ts';
export * from './tokens.ts';
export { sdkTraceViewItem } from './traceItem.ts';
export * from './tracker.ts';
export * from './view.ts';
