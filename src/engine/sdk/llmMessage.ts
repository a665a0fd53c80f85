import type { ActionEvent, ContentPart, MessageRole, ThinkingBlock, ToolCall, ViewEvent } from './events.ts';
import { actionBatchEnd } from './messages.ts';
import { observationLlmContent } from './observation.ts';

/**
 * The SDK's `Message` (openhands-sdk `llm/message.py`) as the agent builds it from its view, before
 * any provider format: `event.to_llm_message()` and `LLMConvertibleEvent.events_to_messages`
 * (`event/base.py`, `event/llm_convertible/*.py`). Unlike `SdkLlmMessage` (what the condensers count
 * and summarize), observations here read as their tool renders them.
 */
export interface SdkMessage {
  readonly role: MessageRole;
  readonly content: readonly ContentPart[];
  readonly toolCalls: readonly ToolCall[] | null;
  readonly toolCallId: string | null;
  readonly name: string | null;
  readonly reasoningContent: string | null;
  readonly thinkingBlocks: readonly ThinkingBlock[];
}

function text(value: string): ContentPart {
  return { type: 'text', text: value, cachePrompt: false };
}

function sdkMessage(role: MessageRole, content: readonly ContentPart[], extra: Partial<SdkMessage> = {}): SdkMessage {
  return {
    role,
    content,
    toolCalls: null,
    toolCallId: null,
    name: null,
    reasoningContent: null,
    thinkingBlocks: [],
    ...extra,
  };
}

function toolResult(
  content: readonly ContentPart[],
  event: { readonly toolName: string; readonly toolCallId: string },
): SdkMessage {
  return sdkMessage('tool', content, { name: event.toolName, toolCallId: event.toolCallId });
}

/** `ActionEvent.to_llm_message`, or `_combine_action_events` for a batch: the first action speaks for all. */
function assistantTurn(batch: readonly ActionEvent[]): SdkMessage {
  const first = batch[0]!;
  return sdkMessage('assistant', first.thought.map(text), {
    toolCalls: batch.map((action) => action.toolCall),
    reasoningContent: first.reasoningContent ?? null,
    thinkingBlocks: first.thinkingBlocks ?? [],
  });
}

/** `event.to_llm_message()`. */
export function llmMessageOf(event: ViewEvent): SdkMessage {
  switch (event.kind) {
    case 'SystemPromptEvent':
      return sdkMessage(
        'system',
        event.dynamicContext === null
          ? [text(event.systemPrompt)]
          : [text(event.systemPrompt), text(event.dynamicContext)],
      );
    case 'MessageEvent':
      return sdkMessage(event.role, [...event.content, ...event.extendedContent], {
        toolCalls: event.toolCalls ?? null,
        toolCallId: event.toolCallId ?? null,
        name: event.name ?? null,
        reasoningContent: event.reasoningContent ?? null,
        thinkingBlocks: event.thinkingBlocks ?? [],
      });
    case 'ActionEvent':
      return assistantTurn([event]);
    case 'ObservationEvent':
      return toolResult([...observationLlmContent(event), ...event.extendedContent], event);
    case 'UserRejectObservation':
      return toolResult([text(`Action rejected: ${event.rejectionReason}`)], event);
    case 'AgentErrorEvent':
      return toolResult([text(event.error)], event);
    case 'CondensationSummaryEvent':
      return sdkMessage('user', [text(event.summary)]);
  }
}

/** `_is_plain_user_message`: a user turn with no tool-call metadata, safe to coalesce. */
function isPlainUser(message: SdkMessage): boolean {
  return message.role === 'user' && message.toolCalls === null && message.toolCallId === null && message.name === null;
}

/**
 * `events_to_messages`: adjacent actions of one LLM response become one assistant message, and a
 * plain user message that follows another is merged into it (its content appended).
 */
export function llmMessagesOf(events: readonly ViewEvent[]): SdkMessage[] {
  const messages: SdkMessage[] = [];
  for (let i = 0; i < events.length;) {
    const event = events[i]!;
    const end = actionBatchEnd(events, i);
    const next =
      event.kind === 'ActionEvent' ? assistantTurn(events.slice(i, end) as ActionEvent[]) : llmMessageOf(event);
    i = end;
    const previous = messages[messages.length - 1];
    if (previous && isPlainUser(previous) && isPlainUser(next))
      messages[messages.length - 1] = { ...previous, content: [...previous.content, ...next.content] };
    else messages.push(next);
  }
  return messages;
}
