import { type ActionEvent, type ViewEntry, makeAction } from '../events.ts';
import { processAction } from './actions.ts';
import { type DraftMessage, type MessagePartsCache, AgentMessagesError } from './draft.ts';
import type { EventTextDigests } from './eventTexts.ts';
import { processObservation } from './observations.ts';
import { type AgentTemplates, renderTemplate } from './templates.ts';

export interface ProcessOptions {
  readonly maxMessageChars: number | null;
  readonly templates: AgentTemplates;
  readonly cache?: MessagePartsCache;
  readonly digests?: EventTextDigests;
}

export function isSystemMessage(entry: ViewEntry): boolean {
  return entry.kind === 'action' && entry.type === 'system';
}

function isUserMessage(entry: ViewEntry | undefined): boolean {
  return entry !== undefined && entry.kind === 'action' && entry.type === 'message' && entry.source === 'user';
}

const fallbacks = new WeakMap<AgentTemplates, ActionEvent | null>();

/**
 * The system prompt a log without a SystemMessageAction gets (`_ensure_system_message`): one event per
 * set of templates, so that consecutive steps see the same one.
 */
function fallbackSystemMessage(templates: AgentTemplates): ActionEvent | null {
  if (fallbacks.has(templates)) return fallbacks.get(templates)!;
  const prompt = renderTemplate(templates, 'system_prompt', { cli_mode: false });
  const event = prompt
    ? makeAction({ id: -1, index: -1, source: 'agent', cause: null, responseId: null, loggedMessage: null }, 'system', {
        content: prompt,
      })
    : null;
  fallbacks.set(templates, event);
  return event;
}

/** `_ensure_system_message` and `_ensure_initial_user_message` on a copy of the view's events. */
export function withSystemAndUser(
  view: readonly ViewEntry[],
  initialUserMessage: ActionEvent,
  templates: AgentTemplates,
): ViewEntry[] {
  const events = [...view];
  if (!events.some(isSystemMessage)) {
    const system = fallbackSystemMessage(templates);
    if (system) events.unshift(system);
  }
  if (events.length === 0) return events;
  if (events.length === 1 || !isUserMessage(events[1])) events.splice(1, 0, initialUserMessage);
  return events;
}

/** `_filter_unmatched_tool_calls`: tool results without their call, and calls without a result, go. */
export function withoutUnmatchedToolCalls(messages: readonly DraftMessage[]): DraftMessage[] {
  const callIds = new Set<string>();
  const resultIds = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant' && message.toolCalls)
      for (const call of message.toolCalls) if (call.id) callIds.add(call.id);
    if (message.role === 'tool' && message.toolCallId) resultIds.add(message.toolCallId);
  }
  const kept: DraftMessage[] = [];
  for (const message of messages) {
    if (message.role === 'tool' && message.toolCallId) {
      if (callIds.has(message.toolCallId)) kept.push(message);
    } else if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length) {
      const matched = message.toolCalls.filter((call) => resultIds.has(call.id));
      if (matched.length === message.toolCalls.length) kept.push(message);
      else if (matched.length) kept.push({ ...message, toolCalls: matched });
    } else {
      kept.push(message);
    }
  }
  return kept;
}

/** `_apply_user_message_formatting`: a user message right after another starts with a blank line. */
export function separateConsecutiveUserMessages(messages: readonly DraftMessage[]): void {
  let previousRole: string | null = null;
  for (const message of messages) {
    if (message.role === 'user' && previousRole === 'user' && message.content.length > 0) {
      const first = message.content.find((part) => part.kind === 'text');
      if (first?.kind === 'text') first.text = `\n\n${first.text}`;
    }
    previousRole = message.role;
  }
}

/**
 * The loop of `ConversationMemory.process_events`, resumable: events go in one after another and the
 * messages come out as OpenHands emits them. Tool calls wait until every call of their LLM response has
 * its result; then the assistant message goes out, followed by the results in the order of the calls.
 */
export class ConversationFold {
  /** Emitted since the last take(), before OpenHands' final filtering and formatting. */
  private emitted: DraftMessage[] = [];
  private readonly pending = new Map<string, DraftMessage>();
  private readonly results = new Map<string, DraftMessage>();
  /** Per pending response, when it was first held: OpenHands goes through them in that order. */
  private readonly heldSince = new Map<string, number>();
  private held = 0;
  /** The pending responses that call each tool call id. */
  private readonly callers = new Map<string, Set<string>>();

  constructor(private readonly options: ProcessOptions) {}

  /** Processes `events[from..]`; `events` is the whole list (recall deduplication reads what came before). */
  feed(events: readonly ViewEntry[], from: number): void {
    for (let index = from; index < events.length; index++) this.step(events, index);
  }

  /**
   * Hands over the messages emitted since the last call, in order, and keeps none: a fold kept along a
   * run (IncrementalMeasure) would otherwise hold every text of its view until the view is condensed.
   */
  take(): DraftMessage[] {
    const emitted = this.emitted;
    this.emitted = [];
    return emitted;
  }

  private step(events: readonly ViewEntry[], index: number): void {
    const event = events[index]!;
    const { emitted: messages, pending, results } = this;
    // OpenHands looks through every pending response after each event. Only one this event held, or one
    // waiting on the result it brought, can have become complete (the others were not complete after
    // the last look, and emitting only takes results away): those are looked at, in the same order. A
    // long view with many calls whose results it masked would otherwise cost its length squared.
    let heldNow: string | null = null;
    let resultNow: string | null = null;
    if (event.kind === 'action') {
      const outcome = processAction(event);
      if ('pending' in outcome) {
        // A later action of the same response replaces the message (as in OpenHands); it stands for both.
        const { responseId, message } = outcome.pending;
        const earlier = pending.get(responseId);
        pending.set(
          responseId,
          earlier ? { ...message, eventIds: [...earlier.eventIds, ...message.eventIds] } : message,
        );
        if (!earlier) this.heldSince.set(responseId, this.held++);
        for (const call of message.toolCalls!) {
          const callers = this.callers.get(call.id);
          if (callers) callers.add(responseId);
          else this.callers.set(call.id, new Set([responseId]));
        }
        heldNow = responseId;
      } else {
        messages.push(...outcome.messages);
      }
    } else {
      const outcome = processObservation(event, { ...this.options, events, index });
      if (outcome.toolResult) {
        results.set(outcome.toolResult.toolCallId!, outcome.toolResult);
        resultNow = outcome.toolResult.toolCallId!;
      }
      messages.push(...outcome.messages);
    }
    if (pending.size === 0 || (heldNow === null && resultNow === null)) return;
    const candidates = new Set<string>(resultNow === null ? [] : (this.callers.get(resultNow) ?? []));
    if (heldNow !== null) candidates.add(heldNow);
    const inOrder = [...candidates]
      .filter((responseId) => pending.has(responseId))
      .sort((a, b) => this.heldSince.get(a)! - this.heldSince.get(b)!);
    for (const responseId of inOrder) {
      const message = pending.get(responseId)!;
      const calls = message.toolCalls!;
      if (!calls.every((call) => results.has(call.id))) continue;
      messages.push(message);
      for (const call of calls) {
        const result = results.get(call.id);
        if (!result)
          throw new AgentMessagesError(
            `tool call ${call.id} appears twice in one LLM response`,
            `KeyError: '${call.id}'`,
          );
        messages.push(result);
        results.delete(call.id);
      }
      pending.delete(responseId);
      this.heldSince.delete(responseId);
      for (const call of calls) {
        const callers = this.callers.get(call.id);
        callers?.delete(responseId);
        if (callers?.size === 0) this.callers.delete(call.id);
      }
    }
  }
}

/** `ConversationMemory.process_events` (OpenHands 156d068): the view's events as the messages of the agent's LLM call. */
export function processEvents(
  view: readonly ViewEntry[],
  initialUserMessage: ActionEvent,
  options: ProcessOptions,
): DraftMessage[] {
  const fold = new ConversationFold(options);
  fold.feed(withSystemAndUser(view, initialUserMessage, options.templates), 0);
  const matched = withoutUnmatchedToolCalls(fold.take());
  separateConsecutiveUserMessages(matched);
  return matched;
}
