import { type ChatMessage, type ChatProfile, type ContentPart, EPHEMERAL } from '../../core/index.ts';
import { type DraftMessage, AgentMessagesError } from './draft.ts';

/** The flags `format_messages_for_llm` sets per profile: function calling is on in both, vision in neither. */
export const PROFILE_FLAGS: Readonly<
  Record<ChatProfile, { readonly cacheEnabled: boolean; readonly visionEnabled: boolean }>
> = {
  anthropic: { cacheEnabled: true, visionEnabled: false },
  openai: { cacheEnabled: false, visionEnabled: false },
};

function markLastPart(message: DraftMessage): void {
  const last = message.content[message.content.length - 1];
  if (!last)
    throw new AgentMessagesError(
      `a ${message.role} message has no content to mark for prompt caching`,
      'IndexError: list index out of range',
    );
  last.cachePrompt = true;
}

/** `ConversationMemory.apply_prompt_caching`: the system message and the last user or tool message. */
export function applyPromptCaching(messages: readonly DraftMessage[]): void {
  if (messages[0]?.role === 'system') markLastPart(messages[0]);
  for (let k = messages.length - 1; k >= 0; k--) {
    const message = messages[k]!;
    if (message.role === 'user' || message.role === 'tool') {
      markLastPart(message);
      break;
    }
  }
}

/**
 * `Message._list_serializer` with the profile's flags. A tool message's cache marker moves from its
 * parts to the message (as OpenHands does for litellm); images go when vision is off, even marked ones.
 */
export function serializeMessage(message: DraftMessage, profile: ChatProfile): ChatMessage {
  const { visionEnabled } = PROFILE_FLAGS[profile];
  const content: ContentPart[] = [];
  let toolCacheMarker = false;
  for (const part of message.content) {
    const markOnPart = part.cachePrompt && message.role !== 'tool';
    if (part.cachePrompt && message.role === 'tool') toolCacheMarker = true;
    if (part.kind === 'text') {
      content.push(
        markOnPart ? { type: 'text', text: part.text, cache_control: EPHEMERAL } : { type: 'text', text: part.text },
      );
    } else if (visionEnabled) {
      part.urls.forEach((url, k) => {
        const last = k === part.urls.length - 1;
        content.push(
          markOnPart && last
            ? { type: 'image_url', image_url: { url }, cache_control: EPHEMERAL }
            : { type: 'image_url', image_url: { url } },
        );
      });
    }
  }
  return {
    content,
    role: message.role,
    ...(toolCacheMarker ? { cache_control: EPHEMERAL } : {}),
    ...(message.toolCalls !== null ? { tool_calls: message.toolCalls } : {}),
    ...(message.toolCallId !== null ? { tool_call_id: message.toolCallId, name: message.name ?? '' } : {}),
  };
}
