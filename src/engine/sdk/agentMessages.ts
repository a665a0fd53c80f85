import type { ChatProfile, ChatTool } from '../core/index.ts';
import { OpenHandsFailure } from '../core/index.ts';
import { type ChatSerialization, type SdkChatMessage, toChatDict } from './chatDict.ts';
import type { ContentPart, SdkEvent, SystemPromptEvent, ViewEvent } from './events.ts';
import { type SdkMessage, llmMessagesOf } from './llmMessage.ts';
import { SdkMessagesUnavailable } from './errors.ts';

/**
 * What the SDK agent's LLM receives at a step, from the step's view (SDK 1.43.1): `Agent.step` turns
 * the view into messages (`prepare_llm_messages`), stands in for images a model without vision cannot
 * read, and `LLM.format_messages_for_llm` marks the prompt-cache breakpoints (`_apply_prompt_caching`)
 * and serializes each message (`to_chat_dict`).
 */

/**
 * The flags each profile stands for (spec/agent-messages.md §1): Anthropic models get the prompt-cache
 * breakpoints; both call tools natively and see no images.
 */
export const SDK_CHAT_PROFILES: Readonly<Record<ChatProfile, ChatSerialization>> = {
  anthropic: {
    cacheEnabled: true,
    visionEnabled: false,
    functionCallingEnabled: true,
    forceStringSerializer: false,
    sendReasoningContent: false,
  },
  openai: {
    cacheEnabled: false,
    visionEnabled: false,
    functionCallingEnabled: true,
    forceStringSerializer: false,
    sendReasoningContent: false,
  },
};

/** `VISION_INSPECT_TOOL_NAME`: the tool a model without vision may ask about the user's images. */
export const VISION_INSPECT_TOOL_NAME = 'inspect_image_with_vision';

export interface SdkAgentMessageOptions {
  /** The agent's tool names (`sdkRecordedToolNames`); they decide what happens to the user's images. */
  readonly toolNames?: readonly string[];
}

function withCachePrompt(part: ContentPart, cachePrompt: boolean): ContentPart {
  return { ...part, cachePrompt };
}

/**
 * `LLM._apply_prompt_caching`: marks the system prompt's first block (and unmarks a second, dynamic
 * one, so it stays out of the cross-conversation prefix), then the last block of the last user or tool
 * message. Works on copies, as the SDK works on a deep copy.
 */
export function applyPromptCaching(messages: readonly SdkMessage[]): SdkMessage[] {
  const marked = [...messages];
  const system = marked[0];
  if (system && system.role === 'system' && system.content.length > 0) {
    const content = [...system.content];
    content[0] = withCachePrompt(content[0]!, true);
    if (content.length >= 2) content[1] = withCachePrompt(content[1]!, false);
    marked[0] = { ...system, content };
  }
  for (let i = marked.length - 1; i >= 0; i--) {
    const message = marked[i]!;
    if (message.role !== 'user' && message.role !== 'tool') continue;
    if (message.content.length === 0) {
      throw new SdkMessagesUnavailable(
        `the last ${message.role} message has no content to mark for prompt caching (IndexError in _apply_prompt_caching)`,
      );
    }
    const content = [...message.content];
    content[content.length - 1] = withCachePrompt(content[content.length - 1]!, true);
    marked[i] = { ...message, content };
    break;
  }
  return marked;
}

function hasImage(message: SdkMessage): boolean {
  return message.content.some((part) => part.type === 'image');
}

/** `_latest_user_message_contains_image`. */
function latestUserMessageHasImage(messages: readonly SdkMessage[]): boolean {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user') return hasImage(messages[i]!);
  return false;
}

/** `_replace_latest_user_images_with_references`: each image URL becomes a note naming its index for the vision tool. */
function replaceLatestUserImages(messages: readonly SdkMessage[]): SdkMessage[] {
  const rewritten = [...messages];
  for (let i = rewritten.length - 1; i >= 0; i--) {
    const message = rewritten[i]!;
    if (message.role !== 'user' || !hasImage(message)) continue;
    let imageIndex = 0;
    const content: ContentPart[] = [];
    for (const part of message.content) {
      if (part.type !== 'image') {
        content.push(part);
        continue;
      }
      for (let k = 0; k < part.urls.length; k++, imageIndex++) {
        content.push({
          type: 'text',
          text: `[Image ${imageIndex} is attached to the latest user message. Use the ${VISION_INSPECT_TOOL_NAME} tool with image_index=${imageIndex} to inspect it.]`,
          cachePrompt: false,
        });
      }
    }
    rewritten[i] = { ...message, content };
    break;
  }
  return rewritten;
}

/**
 * The chat messages the SDK agent's LLM received for this view, as `format_messages_for_llm` returns
 * them under the profile's flags. Throws SdkMessagesUnavailable (one line) where the SDK would build
 * none: an observation it cannot read, an assertion of its own, or no LLM call at all.
 */
export function sdkAgentMessages(
  events: readonly ViewEvent[],
  profile: ChatProfile,
  options: SdkAgentMessageOptions = {},
): SdkChatMessage[] {
  const flags = SDK_CHAT_PROFILES[profile];
  let messages: SdkMessage[];
  try {
    messages = llmMessagesOf(events);
  } catch (error) {
    if (error instanceof OpenHandsFailure) throw new SdkMessagesUnavailable(`${error.message} (${error.pythonError})`);
    throw error;
  }
  if (!flags.visionEnabled && latestUserMessageHasImage(messages)) {
    if (!(options.toolNames ?? []).includes(VISION_INSPECT_TOOL_NAME)) {
      throw new SdkMessagesUnavailable(
        `the latest user message has an image and a model without vision has no ${VISION_INSPECT_TOOL_NAME} tool, so the SDK agent answers without calling its LLM`,
      );
    }
    messages = replaceLatestUserImages(messages);
  }
  if (flags.cacheEnabled) messages = applyPromptCaching(messages);
  return messages.map((message) => toChatDict(message, flags));
}

/** The log's first system prompt: the agent's tools (the SDK counts tokens with the same one). */
function firstSystemPrompt(events: readonly SdkEvent[]): SystemPromptEvent | null {
  for (const event of events) if (event.kind === 'SystemPromptEvent') return event;
  return null;
}

/**
 * The request's `tools` as the SDK sent them (chat-completions function tools), when the log recorded
 * them so (2025 SDKs); null when it did not (no system prompt, or 2026 ToolDefinitions, which leave
 * out the parameter schemas). An empty list: the agent had no tools, and the request carried none.
 */
export function sdkRecordedTools(events: readonly SdkEvent[]): readonly ChatTool[] | null {
  return firstSystemPrompt(events)?.chatTools ?? null;
}

/** The agent's tool names, as far as the log's system prompt records them. */
export function sdkRecordedToolNames(events: readonly SdkEvent[]): readonly string[] {
  return firstSystemPrompt(events)?.toolNames ?? [];
}
