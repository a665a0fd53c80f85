import { OpenHandsFailure } from '../core/index.ts';
import type { ActionEvent, ContentPart, MessageRole, ToolCall, ViewEvent } from './events.ts';

/** An LLM message as the SDK builds it from events (`to_llm_message`), before any provider format. */
export interface SdkLlmMessage {
  readonly role: MessageRole;
  readonly content: readonly ContentPart[];
  readonly toolCalls: readonly ToolCall[] | null;
  readonly toolCallId: string | null;
  readonly name: string | null;
}

function text(value: string): ContentPart {
  return { type: 'text', text: value };
}

function message(
  role: MessageRole,
  content: readonly ContentPart[],
  extra: Partial<SdkLlmMessage> = {},
): SdkLlmMessage {
  return { role, content, toolCalls: null, toolCallId: null, name: null, ...extra };
}

/** `event.to_llm_message()`. */
export function toLlmMessage(event: ViewEvent): SdkLlmMessage {
  switch (event.kind) {
    case 'SystemPromptEvent':
      return message(
        'system',
        event.dynamicContext === null
          ? [text(event.systemPrompt)]
          : [text(event.systemPrompt), text(event.dynamicContext)],
      );
    case 'MessageEvent':
      return message(event.role, [...event.content, ...event.extendedContent]);
    case 'ActionEvent':
      return message('assistant', event.thought.map(text), { toolCalls: [event.toolCall] });
    case 'ObservationEvent':
      return message('tool', [...event.content, ...event.extendedContent], {
        name: event.toolName,
        toolCallId: event.toolCallId,
      });
    case 'UserRejectObservation':
      return message('tool', [text(`Action rejected: ${event.rejectionReason}`)], {
        name: event.toolName,
        toolCallId: event.toolCallId,
      });
    case 'AgentErrorEvent':
      return message('tool', [text(event.error)], { name: event.toolName, toolCallId: event.toolCallId });
    case 'CondensationSummaryEvent':
      return message('user', [text(event.summary)]);
  }
}

function isPlainUser(msg: SdkLlmMessage): boolean {
  return msg.role === 'user' && msg.toolCalls === null && msg.toolCallId === null && msg.name === null;
}

/**
 * Where the run of adjacent actions of `events[start]`'s LLM response ends (exclusive): the actions
 * `events_to_messages` folds into one assistant message. Only the first may carry a thought.
 */
export function actionBatchEnd(events: readonly ViewEvent[], start: number): number {
  const first = events[start]!;
  if (first.kind !== 'ActionEvent') return start + 1;
  let end = start + 1;
  for (; end < events.length; end++) {
    const following = events[end]!;
    if (following.kind !== 'ActionEvent' || following.responseId !== first.responseId) break;
    if (following.thought.length > 0) {
      throw new OpenHandsFailure(
        `action ${following.id} is not the first of its LLM response but carries a thought`,
        'AssertionError: Expected empty thought for multi-action events',
      );
    }
  }
  return end;
}

/**
 * `events_to_messages`: adjacent actions of one LLM response become one assistant message (the first
 * one's thought, every tool call), and adjacent plain user messages are merged into one.
 */
export function eventsToMessages(events: readonly ViewEvent[]): SdkLlmMessage[] {
  const messages: SdkLlmMessage[] = [];
  for (let i = 0; i < events.length;) {
    const event = events[i]!;
    const end = actionBatchEnd(events, i);
    let next: SdkLlmMessage;
    if (event.kind === 'ActionEvent') {
      const calls: ToolCall[] = [];
      for (let k = i; k < end; k++) calls.push((events[k] as ActionEvent).toolCall);
      next = message('assistant', event.thought.map(text), { toolCalls: calls });
    } else {
      next = toLlmMessage(event);
    }
    i = end;
    const previous = messages[messages.length - 1];
    if (previous && isPlainUser(previous) && isPlainUser(next)) {
      messages[messages.length - 1] = { ...previous, content: [...previous.content, ...next.content] };
    } else {
      messages.push(next);
    }
  }
  return messages;
}
