import { type ChatMessage, type ChatThinkingBlock, EPHEMERAL } from '../core/index.ts';
import type { ThinkingBlock } from './events.ts';
import type { SdkMessage } from './llmMessage.ts';
import { SdkMessagesUnavailable } from './errors.ts';
import { DEFAULT_TEXT_CONTENT_LIMIT, sdkMaybeTruncate } from './truncation.ts';

/**
 * `Message.to_chat_dict` (openhands-sdk `llm/message.py`): one message as the SDK hands it to its
 * chat-completions client. Keys are written in the order the SDK writes them.
 */

/**
 * What `to_chat_dict` returns: a chat message, except that an assistant tool-call turn with no text
 * has no `content` key at all (`_remove_content_if_empty`), which the shared ChatMessage cannot say.
 */
export type SdkChatMessage = ChatMessage;

/** The keyword flags of `to_chat_dict`; `LLM._to_chat_dicts` derives them from the model. */
export interface ChatSerialization {
  readonly cacheEnabled: boolean;
  readonly visionEnabled: boolean;
  readonly functionCallingEnabled: boolean;
  readonly forceStringSerializer: boolean;
  readonly sendReasoningContent: boolean;
}

/** Python's `str.isspace()` characters (JavaScript's `\s` differs: it lacks \x1c-\x1f and \x85, has \ufeff). */
// eslint-disable-next-line no-control-regex -- Python counts these separators as whitespace / line breaks.
const PYTHON_BLANK = /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** `text.strip() == ""`. */
function isBlank(text: string): boolean {
  return PYTHON_BLANK.test(text);
}

/** `_maybe_truncate_tool_text`: only tool results are clipped at serialization. */
function toolText(text: string): string {
  return sdkMaybeTruncate(text, DEFAULT_TEXT_CONTENT_LIMIT);
}

/** `ThinkingBlock.model_dump()`: a missing signature stays as null. */
function thinkingBlockDict(block: ThinkingBlock): ChatThinkingBlock {
  return block.type === 'thinking'
    ? { type: 'thinking', thinking: block.thinking, signature: block.signature }
    : { type: 'redacted_thinking', data: block.data };
}

type MessageDict = Record<string, unknown>;

/** `TextContent.to_llm_dict` / `ImageContent.to_llm_dict`: an image gives one part per URL, the marker on the last. */
function partDicts(part: SdkMessage['content'][number]): Record<string, unknown>[] {
  if (part.type === 'text')
    return [
      part.cachePrompt
        ? { type: 'text', text: part.text, cache_control: EPHEMERAL }
        : { type: 'text', text: part.text },
    ];
  const images: Record<string, unknown>[] = part.urls.map((url) => ({ type: 'image_url', image_url: { url } }));
  if (part.cachePrompt && images.length > 0) images[images.length - 1]!.cache_control = EPHEMERAL;
  return images;
}

/** `_list_serializer`: content as parts; a tool message's cache marker moves up to the message. */
function listSerialized(message: SdkMessage, visionEnabled: boolean): MessageDict {
  const content: Record<string, unknown>[] = [];
  let toolMessageCached = false;
  const thinkingBlocks = message.role === 'assistant' ? message.thinkingBlocks.map(thinkingBlockDict) : [];
  for (const part of message.content) {
    const dicts = partDicts(part);
    if (message.role === 'tool') {
      for (const dict of dicts)
        if (dict.type === 'text' && typeof dict.text === 'string') dict.text = toolText(dict.text);
      // litellm wants a tool result's cache marker on the message (litellm issue 6422).
      if (part.cachePrompt) {
        toolMessageCached = true;
        for (const dict of dicts) delete dict.cache_control;
      }
    }
    if (part.type !== 'image' || visionEnabled) content.push(...dicts);
  }
  const dict: MessageDict = { content, role: message.role };
  if (toolMessageCached) dict.cache_control = EPHEMERAL;
  if (thinkingBlocks.length > 0) dict.thinking_blocks = thinkingBlocks;
  return dict;
}

/** `_string_serializer`: the texts joined by newlines, for providers that take no parts. */
function stringSerialized(message: SdkMessage): MessageDict {
  const joined = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  return { content: message.role === 'tool' ? toolText(joined) : joined, role: message.role };
}

/** `_remove_content_if_empty`: an assistant tool-call turn drops blank texts, and `content` when nothing is left. */
function removeContentIfEmpty(dict: MessageDict): void {
  const content = dict.content;
  if (typeof content === 'string') {
    if (isBlank(content)) delete dict.content;
    return;
  }
  if (!Array.isArray(content)) return;
  const kept = (content as Record<string, unknown>[]).filter(
    (item) => !(item.type === 'text' && typeof item.text === 'string' && isBlank(item.text)),
  );
  if (kept.length > 0) dict.content = kept;
  else delete dict.content;
}

export function toChatDict(message: SdkMessage, flags: ChatSerialization): SdkChatMessage {
  const listed =
    !flags.forceStringSerializer && (flags.cacheEnabled || flags.visionEnabled || flags.functionCallingEnabled);
  const dict = listed ? listSerialized(message, flags.visionEnabled) : stringSerialized(message);
  if (message.role === 'assistant' && message.toolCalls !== null && message.toolCalls.length > 0) {
    dict.tool_calls = message.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
    removeContentIfEmpty(dict);
  } else if (message.role === 'assistant' && Array.isArray(dict.content) && dict.content.length === 0) {
    // `_normalize_empty_assistant_content`: an empty plain assistant turn says "".
    dict.content = '';
  }
  if (message.role === 'tool' && message.toolCallId !== null) {
    if (message.name === null)
      throw new SdkMessagesUnavailable(
        `a tool message answering ${message.toolCallId} has no tool name (AssertionError: name is required when tool_call_id is not None)`,
      );
    dict.tool_call_id = message.toolCallId;
    dict.name = message.name;
  }
  if (flags.sendReasoningContent && message.reasoningContent) dict.reasoning_content = message.reasoningContent;
  return dict as unknown as SdkChatMessage;
}
