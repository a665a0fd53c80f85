/**
 * Event builders for the SDK engine tests, mirroring the SDK's own test fixtures (`message_event`,
 * `create_action_event`, `create_observation_event`...) with explicit ids.
 */
import { type LlmAnswer, type LlmRequest, runSync, sdk } from '../../../src/engine/index.ts';

type SdkEvent = sdk.SdkEvent;
type ViewEvent = sdk.ViewEvent;

const base = (id: string, source: sdk.SdkSource = 'environment') => ({ id, index: -1, source, parentId: null });

export function msg(id: string, text = `Event ${id}`, source: sdk.SdkSource = 'user'): sdk.MessageEvent {
  return {
    ...base(id, source),
    kind: 'MessageEvent',
    role: source === 'agent' ? 'assistant' : 'user',
    content: [{ type: 'text', text }],
    extendedContent: [],
    responseId: null,
    activatedSkills: [],
    thinkingBlockCount: 0,
  };
}

/** `count` user messages with ids `${prefix}0`, `${prefix}1`... */
export function messages(count: number, prefix = 'm', text?: (i: number) => string): sdk.MessageEvent[] {
  return Array.from({ length: count }, (_, i) => msg(`${prefix}${i}`, text ? text(i) : `Event ${i}`));
}

export interface ActionOptions {
  readonly response: string;
  readonly call: string;
  readonly thinking?: boolean;
  readonly thought?: string[];
  readonly actionKind?: string | null;
  readonly toolName?: string;
}

/** `create_action_event`: thought "Test thought", an MCPToolAction, the tool call as given. */
export function action(id: string, options: ActionOptions): sdk.ActionEvent {
  const toolName = options.toolName ?? 'test_tool';
  return {
    ...base(id, 'agent'),
    kind: 'ActionEvent',
    thought: options.thought ?? ['Test thought'],
    thinkingBlockCount: options.thinking ? 1 : 0,
    actionKind: options.actionKind === undefined ? 'MCPToolAction' : options.actionKind,
    toolName,
    toolCallId: options.call,
    toolCall: { id: options.call, name: toolName, arguments: '{}' },
    responseId: options.response,
  };
}

/** `create_observation_event`: "Success" from test_tool, answering `call`. */
export function obs(id: string, call: string, content = 'Success'): sdk.ObservationEvent {
  return {
    ...base(id),
    kind: 'ObservationEvent',
    toolName: 'test_tool',
    toolCallId: call,
    content: [{ type: 'text', text: content }],
    extendedContent: [],
    actionId: 'action_event_id',
  };
}

export function agentError(id: string, call: string, error = 'Tool failed'): sdk.AgentErrorEvent {
  return { ...base(id, 'agent'), kind: 'AgentErrorEvent', toolName: 'test_tool', toolCallId: call, error };
}

export function reject(id: string, call: string, reason = 'User rejected the action'): sdk.UserRejectObservation {
  return {
    ...base(id),
    kind: 'UserRejectObservation',
    toolName: 'test_tool',
    toolCallId: call,
    rejectionReason: reason,
    actionId: 'action_event_id',
  };
}

export function systemPrompt(
  id: string,
  tools: unknown[] = [],
  text = 'You are OpenHands agent',
): sdk.SystemPromptEvent {
  return { ...base(id, 'agent'), kind: 'SystemPromptEvent', systemPrompt: text, tools, dynamicContext: null };
}

export function cond(
  id: string,
  forgotten: string[],
  summary: string | null = null,
  offset: number | null = null,
): sdk.Condensation {
  return {
    ...base(id),
    kind: 'Condensation',
    forgottenEventIds: forgotten,
    summary,
    summaryOffset: offset,
    llmResponseId: `${id}-response`,
  };
}

export function request(id: string): sdk.CondensationRequest {
  return { ...base(id), kind: 'CondensationRequest' };
}

/** `ConversationStateUpdateEvent(key="k", value="v")`: not LLM-convertible. */
export function stateUpdate(id: string): sdk.OtherEvent {
  return { ...base(id), kind: 'OtherEvent', sdkKind: 'ConversationStateUpdateEvent' };
}

export function ids(events: readonly SdkEvent[]): string[] {
  return events.map((event) => event.id);
}

/** Ids of a view, with each summary shown as `S:<text>`. */
export function shown(events: readonly ViewEvent[]): string[] {
  return events.map((event) => (event.kind === 'CondensationSummaryEvent' ? `S:${event.summary}` : event.id));
}

export function viewOf(events: readonly SdkEvent[]): sdk.SdkView {
  return sdk.sdkViewFromEvents(events);
}

/** The SDK tests' mock summarizer: always "Summary of forgotten events". */
export const SUMMARY = 'Summary of forgotten events';

export interface Condensed {
  readonly result: sdk.SdkCondenseResult;
  readonly requests: LlmRequest[];
}

/** Runs a condenser, answering each LLM request with `answer` (which may throw, as a model error). */
export function condense(
  condenser: sdk.SdkCondenser,
  view: sdk.SdkView,
  agentLlm: sdk.AgentLlm | null = null,
  answer: (request: LlmRequest, call: number) => LlmAnswer = () => ({ content: SUMMARY }),
): Condensed {
  const requests: LlmRequest[] = [];
  const result = runSync(condenser.condense(view, agentLlm), (request, call) => {
    requests.push(request);
    return answer(request, call);
  });
  return { result, requests };
}

export function draftOf(result: sdk.SdkCondenseResult): sdk.CondensationDraft {
  if (!sdk.isCondensationDraft(result)) throw new Error('expected a condensation, got a view');
  return result;
}

/** The SDK tests' "char mock": all text of the messages (after events_to_messages), integer-divided by 4. */
export function charMockLlm(maxInputTokens: number | null = null, calls?: sdk.TokenCountRequest[]): sdk.AgentLlm {
  return {
    maxInputTokens,
    countTokens(request) {
      calls?.push(request);
      let chars = 0;
      for (const message of request.messages)
        for (const part of message.content) if (part.type === 'text') chars += part.text.length;
      return Math.floor(chars / 4);
    },
  };
}

/** An agent LLM whose `get_token_count` always returns `count`. */
export function fixedCountLlm(count: number, maxInputTokens: number | null = null): sdk.AgentLlm {
  return { maxInputTokens, countTokens: () => count };
}

export function summarizer(settings: Partial<sdk.LlmSummarizingSettings> = {}): sdk.LlmSummarizingCondenser {
  const config = sdk.parseSdkCondenserConfig({
    kind: 'LLMSummarizingCondenser',
    ...settings,
  }) as sdk.LlmSummarizingSettings;
  return new sdk.LlmSummarizingCondenser(config);
}
