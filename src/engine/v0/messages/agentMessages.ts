import type { ChatMessage, ChatProfile } from '../../core/index.ts';
import type { ActionEvent, ViewEntry } from '../events.ts';
import { processEvents } from './conversationMemory.ts';
import { type MessagePartsCache, AgentMessagesError } from './draft.ts';
import { PROFILE_FLAGS, applyPromptCaching, serializeMessage } from './serialize.ts';
import type { AgentTemplates } from './templates.ts';

/** `LLMConfig.max_message_chars`'s default. */
export const DEFAULT_MAX_MESSAGE_CHARS = 30000;

export interface AgentMessageOptions {
  readonly profile: ChatProfile;
  readonly templates: AgentTemplates;
  /** Longer observation texts are cut in the middle; null keeps them whole. */
  readonly maxMessageChars?: number | null;
  /** Remembers each event's message texts across steps (one cache per set of options). */
  readonly cache?: MessagePartsCache;
}

/** The messages of one agent LLM call, and for each the ids of the log events it was made from. */
export interface AgentRequest {
  readonly messages: readonly ChatMessage[];
  readonly eventIds: readonly (readonly number[])[];
}

/**
 * What OpenHands' CodeActAgent (156d068) sent its LLM for a view: ConversationMemory's messages, the
 * prompt-caching marks of the profile, serialized as `format_messages_for_llm` does. Throws an
 * AgentMessagesError (one line) where OpenHands would raise or the log lacks what is needed.
 */
export function buildAgentRequest(
  view: readonly ViewEntry[],
  initialUserMessage: ActionEvent | null,
  options: AgentMessageOptions,
): AgentRequest {
  if (initialUserMessage === null) {
    throw new AgentMessagesError(
      "the history holds no user message yet, so OpenHands' agent has no initial user message",
      'ValueError: Initial user message not found in history. Please report this issue.',
    );
  }
  const drafts = processEvents(view, initialUserMessage, {
    maxMessageChars: options.maxMessageChars === undefined ? DEFAULT_MAX_MESSAGE_CHARS : options.maxMessageChars,
    templates: options.templates,
    cache: options.cache,
  });
  if (PROFILE_FLAGS[options.profile].cacheEnabled) applyPromptCaching(drafts);
  return {
    messages: drafts.map((message) => serializeMessage(message, options.profile)),
    eventIds: drafts.map((message) => message.eventIds),
  };
}

export { AgentMessagesError };
